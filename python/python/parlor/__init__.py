"""parlor: exact, native-speed environments for Dou Dizhu, Hearts, Xiangqi, Gomoku and Klondike.

The native layer (:class:`Table`, :class:`VectorEnv`, :func:`random_playouts`) needs only numpy.
The PettingZoo environments (``parlor.doudizhu.env()``, ``parlor.hearts.env()``,
``parlor.xiangqi.env()``, ``parlor.gomoku.env()``) and the Gymnasium environment
(``parlor.klondike.env()``) also need ``pettingzoo`` and ``gymnasium``
(``pip install parlor[envs]``).
"""

from __future__ import annotations

import json
from typing import Any

from parlor._native import GAMES, Table, VectorEnv, default_settings
from parlor._native import random_playouts as _random_playouts

__all__ = [
    "GAMES",
    "Table",
    "VectorEnv",
    "default_settings",
    "random_playouts",
    "settings_json",
    "table",
    "vector_env",
]


def settings_json(settings: dict[str, Any]) -> str:
    """Settings given as keyword arguments, as the JSON the native layer reads."""
    return json.dumps(settings)


def table(game: str, seed: int = 0, *, action_ids: str = "native", **settings: Any) -> Table:
    """One game called ``game`` with settings as keyword arguments, dealt from ``seed``;
    ``action_ids`` names the id order (``"native"``, or ``"rlcard"`` for Dou Dizhu)."""
    return Table(game, settings_json(settings), seed, action_ids)


def vector_env(
    game: str,
    n: int,
    *,
    observations: bool = True,
    max_steps: int = 0,
    action_ids: str = "native",
    **settings: Any,
) -> VectorEnv:
    """``n`` games of ``game`` stepped together in Rust (see :class:`VectorEnv`)."""
    return VectorEnv(game, n, settings_json(settings), observations, max_steps, action_ids)


def random_playouts(game: str, n: int, seed: int = 0, max_steps: int = 100_000, **settings: Any):
    """Plays ``n`` uniformly random games in Rust: ``(returns, steps)`` as numpy arrays of
    shape ``(n, num_seats)`` and ``(n,)``; reproducible from ``seed``."""
    return _random_playouts(game, n, settings_json(settings), seed, max_steps)
