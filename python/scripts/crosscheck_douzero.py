#!/usr/bin/env python3
"""Cross-checks parlor's Dou Dizhu observations against DouZero's ``get_obs``, element for
element, on random games, and writes the expected arrays to ``python/tests/data`` so pytest
needs no peer.

Run in a virtualenv of its own (never a dependency of the package)::

    python3 -m venv target/peers && target/peers/bin/pip install numpy
    target/peers/bin/pip install --no-deps douzero==1.1.0   # env.py needs only numpy
    target/peers/bin/pip install ./python
    target/peers/bin/python python/scripts/crosscheck_douzero.py --games 30

Each game: parlor deals from a seed under DouZero's rules and plays a random auction (both
auction modes in turn);
DouZero's ``GameEnv`` gets the same hands (the landlord's 20, the bottom cards) through
``card_play_init``; then both play the same random moves (chosen among parlor's legal moves,
each of which must be legal in DouZero too), and at every turn DouZero's ``x_no_action`` and
``z`` must equal parlor's observation of the seat to act.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random

import numpy as np
from douzero.env.env import DummyAgent, get_obs
from douzero.env.game import GameEnv

import parlor
from records import Records
from parlor.doudizhu import douzero_obs, role

DATA = pathlib.Path(__file__).resolve().parents[1] / "tests" / "data" / "douzero.npz"
# DouZero's rules (the crate's `douzero` preset), under both auctions in turn.
VARIANTS = [{"rules": "douzero"}, {"rules": "douzero", "bidding": "rob"}]
# DouZero's card ints: 3..14 for 3..A, 17 for 2, 20 and 30 for the jokers.
DOUZERO_RANK = {**{r: 3 + i for i, r in enumerate("3456789TJQKA")}, "2": 17, "B": 20, "R": 30}


def douzero_cards(text: str) -> list[int]:
    """A move or hand in parlor's rank text (``"33344455"``, ``"pass"``) as DouZero's list;
    a card's first letter is its rank (``BJ``/``RJ`` the jokers)."""
    if text.strip().lower() == "pass":
        return []
    return sorted(DOUZERO_RANK[c] for c in text.split("/")[0])


def hand_text(table: parlor.Table, seat: int) -> str:
    """The seat's hand in rank text, read from its own view."""
    return json.loads(table.view(seat))["hand_counts"]


def play_game(seed: int, rng: random.Random, settings: dict):
    table = parlor.table("doudizhu", seed, **settings)
    actions: list[int] = []
    while json.loads(table.view())["phase"] == "bidding":
        seat = table.to_act()
        action = rng.choice(table.legal_ids(seat))
        table.play(seat, action)
        actions.append(action)
    view = json.loads(table.view())
    landlord = view["landlord"]
    positions = {role(landlord, s): s for s in range(3)}
    players = {p: DummyAgent(p) for p in ("landlord", "landlord_up", "landlord_down")}
    env = GameEnv(players)
    deal = {p: douzero_cards(hand_text(table, s)) for p, s in positions.items()}
    bottom = json.loads(table.view(landlord))["bottom"]
    deal["three_landlord_cards"] = douzero_cards("".join(card[0] for card in bottom))
    env.card_play_init(deal)
    seats, xs, zs = [], [], []
    while not table.is_over():
        seat = table.to_act()
        infoset = env.game_infoset
        assert infoset.player_position == role(landlord, seat), (seed, infoset.player_position)
        expected = get_obs(infoset)
        x, z = douzero_obs(table.observe(seat), infoset.player_position)
        assert np.array_equal(x, expected["x_no_action"]), (seed, len(actions), "x")
        assert np.array_equal(z, expected["z"]), (seed, len(actions), "z")
        seats.append(seat)
        xs.append(np.pad(expected["x_no_action"], (0, parlor.doudizhu.X_FARMER - len(x))))
        zs.append(expected["z"].reshape(-1))
        action = rng.choice(table.legal_ids(seat))
        move = douzero_cards(table.action_text(action))
        legal = {tuple(sorted(m)) for m in infoset.legal_actions}
        ours = {tuple(douzero_cards(table.action_text(a))) for a in table.legal_ids(seat)}
        assert ours == legal, (seed, len(actions), "legal moves differ", ours ^ legal)
        players[infoset.player_position].set_action(move)
        env.step()
        table.play(seat, action)
        actions.append(action)
    return actions, seats, xs, zs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--out", type=pathlib.Path, default=DATA)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    records, xs, zs = Records(), [], []
    for game in range(args.games):
        settings = VARIANTS[game % len(VARIANTS)]
        seed = rng.randrange(2**63)
        played, seats, x, z = play_game(seed, rng, settings)
        records.add(settings, seed, played, seats)
        xs.extend(x)
        zs.extend(z)
    records.save(args.out, x=np.array(xs, dtype=np.int8), z=np.array(zs, dtype=np.int8))
    print(f"{args.games} games, {len(records.seat)} observations equal to DouZero's; wrote {args.out}")


if __name__ == "__main__":
    main()
