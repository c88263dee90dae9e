"""Hearts as a PettingZoo AEC environment with OpenSpiel's information state tensor and
action ids.

``env(**settings)`` takes the crate's settings as keyword arguments (``max_hands=1`` plays
one hand, as OpenSpiel's ``hearts`` does; ``target``, ``jack_of_diamonds``, …). Agents
``player_0``…``player_3`` are North, East, South, West. Every action is a card, with
OpenSpiel's id ``rank * 4 + suit`` (2♣ = 0, Q♠ = 43, A♠ = 51). Passing picks three cards one
at a time; seats pass in seat order, as in OpenSpiel. Observations are OpenSpiel's
``information_state_tensor`` (5088 floats) of the hand in progress.

``parallel_env(**settings)`` is the same game through PettingZoo's parallel API: the four
seats pick their passes together (one card each per step, three steps), then one seat acts
per step (the others' masks are all zero and their actions ignored).
"""

from __future__ import annotations

from typing import Any

TENSOR_SIZE = 5088


def env(render_mode: str | None = None, **settings: Any):
    """The AEC environment (see the module documentation)."""
    from parlor._aec import ParlorEnv

    return ParlorEnv("hearts", settings, render_mode)


raw_env = env


def parallel_env(render_mode: str | None = None, **settings: Any):
    """The parallel environment (see the module documentation)."""
    from parlor._parallel import ParlorParallelEnv

    return ParlorParallelEnv("hearts", settings, render_mode)
