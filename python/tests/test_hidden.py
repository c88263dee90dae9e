"""No observation of a seat contains another seat's hidden cards, over many random games."""

from __future__ import annotations

import json
import random

import numpy as np

import parlor

RANKS = "3456789TJQKA2"


def douzero_cards(vector: np.ndarray) -> dict[str, int]:
    """The multiset of ranks a DouZero 54-vector holds."""
    out = {rank: int(vector[4 * i : 4 * i + 4].sum()) for i, rank in enumerate(RANKS)}
    out["B"], out["R"] = int(vector[52]), int(vector[53])
    return out


def rank_counts(text: str) -> dict[str, int]:
    counts = {rank: 0 for rank in RANKS + "BR"}
    for rank in text:
        counts[rank] += 1
    return counts


def test_doudizhu_observations_hold_only_the_own_hand():
    rng = random.Random(1)
    for seed in range(15):
        table = parlor.table("doudizhu", seed)
        while not table.is_over():
            for seat in range(3):
                view = json.loads(table.view(seat))
                hand = rank_counts(view["hand_counts"])
                observation = table.observe(seat)
                assert douzero_cards(observation[:54]) == hand
                if view["phase"] == "bidding":
                    assert not observation[54:].any(), "nothing but the hand during bidding"
            seat = table.to_act()
            table.play(seat, rng.choice(table.legal_ids(seat)))


def test_doudizhu_other_cards_are_the_public_complement():
    # DouZero's "other hand cards" is the deck less the seat's hand and every card played in
    # public: the union of the two other hands, never one of them.
    rng = random.Random(3)
    deck = rank_counts("3333444455556666777788889999TTTTJJJJQQQQKKKKAAAA2222BR")
    for seed in range(10):
        table = parlor.table("doudizhu", seed)
        while not table.is_over():
            public = json.loads(table.view())
            played = rank_counts("")
            for turn in public["history"]:
                action = turn["action"]
                if isinstance(action, dict) and "play" in action:
                    for card in action["play"]["cards"]:
                        played[card[0]] += 1
            if public["phase"] == "playing":
                for seat in range(3):
                    hand = rank_counts(json.loads(table.view(seat))["hand_counts"])
                    other = {r: deck[r] - hand[r] - played[r] for r in deck}
                    assert douzero_cards(table.observe(seat)[54:108]) == other
            seat = table.to_act()
            table.play(seat, rng.choice(table.legal_ids(seat)))


def test_hearts_observations_hold_no_card_of_another_hand():
    rng = random.Random(2)
    for seed in range(12):
        table = parlor.table("hearts", seed, max_hands=1)
        while not table.is_over():
            hands = [set(table.parse(s, c) for c in json.loads(table.view(s))["hand"]) for s in range(4)]
            for seat in range(4):
                observation = table.observe(seat)
                private = observation[4 : 4 + 4 * 52].reshape(4, 52)
                passed = set(np.flatnonzero(private[1]).tolist())
                known = set(np.flatnonzero(private.any(axis=0)).tolist())
                for other in range(4):
                    if other != seat:
                        # Only the cards this seat passed may sit in another hand.
                        assert not (hands[other] - passed) & known, (seed, seat, other)
            seat = table.to_act()
            table.play(seat, rng.choice(table.legal_ids(seat)))
