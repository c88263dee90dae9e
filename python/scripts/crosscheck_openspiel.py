#!/usr/bin/env python3
"""Cross-checks parlor's Hearts observations and action ids against OpenSpiel's ``hearts``
(through ``pyspiel``), element for element, on random hands, and writes the expected tensors
to ``python/tests/data`` so pytest needs no peer.

Run in a virtualenv of its own (never a dependency of the package)::

    python3 -m venv target/peers && target/peers/bin/pip install numpy open_spiel
    target/peers/bin/pip install ./python
    target/peers/bin/python python/scripts/crosscheck_openspiel.py --hands 30

Each hand: parlor deals one hand from a seed under OpenSpiel's default rules (each pass
direction in turn, and the jack of diamonds rule once in five hands); OpenSpiel gets
the same pass direction and deal through its chance actions (card ``i`` of the deal goes to
seat ``i % 4``); then both take the same random actions (OpenSpiel card ids, chosen among
parlor's legal ids, which must equal OpenSpiel's ``legal_actions``), and at every decision
the acting seat's ``information_state_tensor`` must equal parlor's observation.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random

import numpy as np
import pyspiel

import parlor
from records import Records

DATA = pathlib.Path(__file__).resolve().parents[1] / "tests" / "data" / "openspiel_hearts.npz"
# OpenSpiel's defaults (hearts.cc's parameter specification: the queen of spades breaks
# hearts), one hand; each pass direction; and the jack of diamonds rule (`jd_bonus`).
BASE = {"max_hands": 1, "queen_breaks_hearts": True}
VARIANTS = [
    ({**BASE}, {}),
    ({**BASE, "pass_schedule": {"fixed": "right"}}, {}),
    ({**BASE, "pass_schedule": {"fixed": "across"}}, {}),
    ({**BASE, "pass_schedule": "no_passing"}, {}),
    ({**BASE, "jack_of_diamonds": True}, {"jd_bonus": True}),
]
DIRECTION = {"hold": 0, "left": 1, "across": 2, "right": 3}


def play_hand(seed: int, rng: random.Random, settings: dict, params: dict):
    table = parlor.table("hearts", seed, **settings)
    state = pyspiel.load_game("hearts", params).new_initial_state()
    view = json.loads(table.view(0))
    state.apply_action(DIRECTION[view["direction"]])
    hands = [sorted(table.parse(s, c) for c in json.loads(table.view(s))["hand"]) for s in range(4)]
    for i in range(52):
        state.apply_action(hands[i % 4][i // 4])
    actions, seats, tensors = [], [], []
    while not table.is_over():
        seat = table.to_act()
        assert state.current_player() == seat, (seed, len(actions), "players differ")
        legal = table.legal_ids(seat)
        assert legal == sorted(state.legal_actions()), (seed, len(actions), "legal ids differ")
        expected = np.array(state.information_state_tensor(seat), dtype=np.float32)
        assert np.array_equal(table.observe(seat), expected), (seed, len(actions), seat)
        seats.append(seat)
        tensors.append(expected)
        action = rng.choice(legal)
        table.play(seat, action)
        state.apply_action(action)
        actions.append(action)
    assert state.is_terminal()
    return actions, seats, tensors


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--out", type=pathlib.Path, default=DATA)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    records, tensors = Records(), []
    for game in range(args.hands):
        ours, theirs = VARIANTS[game % len(VARIANTS)]
        seed = rng.randrange(2**63)
        played, seats, seen = play_hand(seed, rng, ours, theirs)
        records.add(ours, seed, played, seats)
        tensors.extend(seen)
    records.save(args.out, tensor=np.packbits(np.array(tensors, dtype=np.uint8), axis=1))
    print(f"{args.hands} hands, {len(records.seat)} tensors equal to OpenSpiel's; wrote {args.out}")


if __name__ == "__main__":
    main()
