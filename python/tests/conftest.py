"""Helpers shared by the tests: random legal play through a Table."""

from __future__ import annotations

import random

import parlor

# Every multi-seat game with settings worth testing, as (game, settings).
AEC_GAMES = [
    ("doudizhu", {}),
    ("doudizhu", {"rules": "douzero", "bidding": "rob"}),
    ("doudizhu", {"action_ids": "rlcard"}),
    ("hearts", {}),
    ("hearts", {"max_hands": 1}),
    ("xiangqi", {}),
    ("gomoku", {}),
    ("gomoku", {"rule": "renju", "width": 9, "height": 9}),
]


def random_game(game: str, seed: int, steps: int = 10_000, **settings):
    """A table after up to ``steps`` random legal actions (chosen with ``seed``), and the
    actions taken."""
    rng = random.Random(seed)
    table = parlor.table(game, seed, **settings)
    actions = []
    for _ in range(steps):
        seat = table.to_act()
        if seat is None:
            break
        action = rng.choice(table.legal_ids(seat))
        table.play(seat, action)
        actions.append((seat, action))
    return table, actions
