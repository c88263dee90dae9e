"""Xiangqi (Chinese chess) as a PettingZoo AEC environment.

``env(**settings)`` takes the crate's settings as keyword arguments. ``player_0`` is Red.
Actions are from-to ids, ``from * 90 + to`` with squares ``file + 9 * rank`` (``a0`` = 0).
Observations are 15 planes of 10 × 9 flattened (``obs.reshape(15, 10, 9)``): the observing
seat's general, advisors, elephants, horses, chariots, cannons, soldiers, the opponent's in
the same order, then ones when the observing seat is to move; never flipped.
"""

from __future__ import annotations

from typing import Any

PLANES = 15
SHAPE = (PLANES, 10, 9)


def env(render_mode: str | None = None, **settings: Any):
    """The AEC environment (see the module documentation)."""
    from parlor._aec import ParlorEnv

    return ParlorEnv("xiangqi", settings, render_mode)


raw_env = env
