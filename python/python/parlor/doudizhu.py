"""Dou Dizhu (斗地主) as a PettingZoo AEC environment, with DouZero's observation arrays and
RLCard's action ids.

``env(**settings)`` takes the crate's settings as keyword arguments (``rules``, ``bidding``,
``cap``), e.g. ``parlor.doudizhu.env(rules="douzero", bidding="rob")``. Agents
``player_0``…``player_2`` are the seats; the deal and the first bidder come from the seed.

Actions are the game interface's ids: the 27,471 plays and pass of RLCard's action space
first (pass is 27,471 under the default rules), then the bids ``pass, 1, 2, 3, call, rob``.
The plays are RLCard's, numbered by the crate's documented order, which equals RLCard's
below 1,480 (singles through the two-trio airplane with singles) and for pass.
``env(action_ids="rlcard")`` speaks RLCard's own ids for all 27,472 (``action_space.txt`` of
``rlcard`` 1.2.0; the bids keep their ids after them), for models trained in RLCard; it needs
RLCard's rules (the default ``rules``).
Observations are DouZero's ``x`` and ``z`` (``get_obs`` in ``douzero/env/env.py``) in one
float32 vector: ``x`` in ``[:430]`` (the landlord's 319 values, zero-padded), ``z`` in
``[430:]`` (5 × 162); :func:`douzero_obs` splits it. During the auction only the hand is set.
"""

from __future__ import annotations

from typing import Any

import numpy as np

X_LANDLORD = 319
X_FARMER = 430
Z_SHAPE = (5, 162)
ROLES = ("landlord", "landlord_down", "landlord_up")

_COLUMN = {rank: i for i, rank in enumerate("3456789TJQKA2")}


def env(render_mode: str | None = None, action_ids: str = "native", **settings: Any):
    """The AEC environment (see the module documentation); ``action_ids`` is ``"native"``
    or ``"rlcard"``."""
    from parlor._aec import ParlorEnv

    return ParlorEnv("doudizhu", settings, render_mode, action_ids)


raw_env = env


def role(landlord: int | None, seat: int) -> str | None:
    """DouZero's position of ``seat`` once ``landlord`` is known: ``landlord``,
    ``landlord_down`` (plays after the landlord) or ``landlord_up``."""
    if landlord is None:
        return None
    return ROLES[(seat - landlord) % 3]


def douzero_obs(observation: np.ndarray, role_name: str) -> tuple[np.ndarray, np.ndarray]:
    """DouZero's ``x_no_action`` and ``z`` (as ``get_obs`` returns them) from an observation
    of the seat playing ``role_name``."""
    width = X_LANDLORD if role_name == "landlord" else X_FARMER
    return observation[:width], observation[X_FARMER:].reshape(Z_SHAPE)


def douzero_action(text: str) -> np.ndarray:
    """DouZero's 54-vector of a move given as text (``"33344455"``, ``"BR"``, ``"pass"``):
    the action features DouZero appends to ``x`` for each legal move."""
    out = np.zeros(54, dtype=np.float32)
    if text.strip().lower() == "pass":
        return out
    copies: dict[str, int] = {}
    for rank in text.strip().upper().split("/")[0]:
        copies[rank] = copies.get(rank, 0) + 1
    for rank, n in copies.items():
        if rank == "B":
            out[52] = 1
        elif rank == "R":
            out[53] = 1
        else:
            column = _COLUMN[rank]
            out[4 * column : 4 * column + n] = 1
    return out
