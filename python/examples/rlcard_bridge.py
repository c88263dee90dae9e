"""Parlor's Dou Dizhu planning bot against RLCard's rule agent (``doudizhu-rule-v1``).

Duplicate play over RLCard's own game: every deal (``env.seed(seed)``, RLCard's landlord is
always its player 0) is played twice, once with parlor's planner as the landlord against two
rule agents and once with the planner as both farmers against a rule-agent landlord. The
planner sees only its seat's view: the raw observation's own hand, card counts, landlord and
trace (never ``others_hand``), through ``parlor._native.doudizhu_planner_play``.

Setup, outside the checkout::

    python3 -m venv /work/scratch/rlcardenv
    /work/scratch/rlcardenv/bin/pip install rlcard maturin
    cd python && /work/scratch/rlcardenv/bin/maturin develop --release

Run::

    /work/scratch/rlcardenv/bin/python python/examples/rlcard_bridge.py --deals 2000 --seed 1
"""

import argparse
import math
import time

import rlcard
from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1

from parlor import _native


def planner_action(raw, seed):
    """The planner's move from the seat's own part of RLCard's raw observation."""
    action = _native.doudizhu_planner_play(
        raw["current_hand"],
        raw["self"],
        raw["landlord"],
        list(raw["num_cards_left"]),
        [(seat, played) for seat, played in raw["trace"]],
        seed,
    )
    if action not in raw["actions"]:
        raise ValueError(f"planner chose {action!r}, RLCard allows {raw['actions']}")
    return action


def play(env, rule, seed, planner_seats):
    """One deal; returns whether the landlord won and the planner's time per decision."""
    env.seed(seed)
    state, seat = env.reset()
    spent, decisions = 0.0, 0
    while not env.is_over():
        if seat in planner_seats:
            start = time.perf_counter()
            action = planner_action(state["raw_obs"], seed)
            spent += time.perf_counter() - start
            decisions += 1
        else:
            action = rule.step(state)
        state, seat = env.step(action, raw_action=True)
    return env.get_payoffs()[0] > 0, spent, decisions


def interval(wins, n):
    """The win rate and its 95% half-width (normal approximation)."""
    p = wins / n
    return 100 * p, 100 * 1.96 * math.sqrt(p * (1 - p) / n)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    env = rlcard.make("doudizhu")
    rule = DouDizhuRuleAgentV1()
    landlord_wins = farmer_wins = 0
    spent, decisions = 0.0, 0
    for deal in range(args.deals):
        seed = args.seed * 1_000_003 + deal
        won, s, d = play(env, rule, seed, {0})
        landlord_wins += won
        spent, decisions = spent + s, decisions + d
        won, s, d = play(env, rule, seed, {1, 2})
        farmer_wins += not won
        spent, decisions = spent + s, decisions + d
    n = args.deals
    print(f"parlor planner vs rlcard doudizhu-rule-v1: {n} duplicate deals, seed {args.seed}")
    print("  as landlord  wins {:.1f}% ± {:.1f}".format(*interval(landlord_wins, n)))
    print("  as farmers   wins {:.1f}% ± {:.1f}".format(*interval(farmer_wins, n)))
    print(f"  planner {1000 * spent / max(decisions, 1):.2f} ms per decision ({decisions} decisions)")


if __name__ == "__main__":
    main()
