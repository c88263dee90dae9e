"""Gomoku (five in a row: freestyle, standard, renju, caro) as a PettingZoo AEC environment.

``env(**settings)`` takes the crate's settings as keyword arguments (``rule``, ``width``,
``height``, ``opening``, …). ``player_0`` moves first (Black unless an opening swaps).
Actions are the points ``y * width + x`` (``a1`` = 0), then the opening's choices when an
opening rule is set. Observations are 4 planes of ``height × width`` flattened: the
observing seat's stones, the opponent's, Black's forbidden points (renju), and ones when the
observing seat holds Black.
"""

from __future__ import annotations

from typing import Any

PLANES = 4


def env(render_mode: str | None = None, **settings: Any):
    """The AEC environment (see the module documentation)."""
    from parlor._aec import ParlorEnv

    return ParlorEnv("gomoku", settings, render_mode)


raw_env = env
