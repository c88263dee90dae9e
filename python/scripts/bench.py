#!/usr/bin/env python3
"""Environment steps per second, side by side in one run, with the same uniformly random
policy: parlor's single-step PettingZoo API and its batch API against RLCard's Dou Dizhu env,
DouZero's env and OpenSpiel's Hearts through pyspiel; parlor's single-step figures for
Xiangqi and Gomoku, which have no peer here.

Run in a virtualenv of its own with the peers (never dependencies of the package)::

    python3 -m venv target/peers
    target/peers/bin/pip install numpy rlcard open_spiel pettingzoo gymnasium
    target/peers/bin/pip install --no-deps douzero==1.1.0
    target/peers/bin/pip install ./python
    target/peers/bin/python python/scripts/bench.py --seconds 5

A step is one action of a player (bids, plays and passes; Hearts' pass picks and plays);
chance actions (OpenSpiel's deal) are applied inside the peer's loop but not counted. Each
figure is steps per CPU second of this process (``time.process_time``), which is fairer than
wall time on a shared machine; the rows take their time in turns (``--slices``), so that a
change in the load during the run reaches every row alike.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np


def interleave(sections, seconds: float, slices: int) -> dict:
    """Times every row ``(key, name, run)`` of ``sections`` (``run()`` plays some steps and
    returns their number) for ``seconds`` of CPU time in all, taken in ``slices`` turns
    round-robin with the other rows, so that a change in the machine's load reaches every row
    alike and the ratios stay comparable; prints each section and returns steps per CPU second
    by key."""
    rows = [row for _, section in sections for row in section]
    steps = dict.fromkeys((key for key, _, _ in rows), 0)
    spent = dict.fromkeys(steps, 0.0)
    for _ in range(slices):
        for key, _, run in rows:
            start = time.process_time()
            while time.process_time() - start < seconds / slices:
                steps[key] += run()
            spent[key] += time.process_time() - start
    rates = {key: steps[key] / spent[key] for key in steps}
    for title, section in sections:
        print(title)
        for key, name, _ in section:
            print(f"{name:<58} {rates[key]:>14,.0f} steps/s")
    return rates


def parlor_aec(game: str, policy: str, **settings):
    """The PettingZoo loop (``last`` builds the observation and the mask each step). The
    policy draws from the mask (``"mask"``: ``np.flatnonzero`` of the int8 mask, as a
    learner's masked sampling does; ``"bool"``: of the mask viewed as bool, which numpy scans
    about ten times faster) or from the table's list of legal ids (``"ids"``)."""
    import importlib

    env = importlib.import_module(f"parlor.{game}").env(**settings)
    rng = random.Random(1)
    env.reset(seed=1)

    def episode() -> int:
        env.reset()
        steps = 0
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            if policy == "mask":
                action = rng.choice(np.flatnonzero(observation["action_mask"]))
            elif policy == "bool":
                action = rng.choice(np.flatnonzero(observation["action_mask"].view(np.bool_)))
            else:
                action = rng.choice(env.table.legal_ids(env.seat(agent)))
            env.step(action)
            steps += 1
        return steps

    return episode


def parlor_table(game: str, observe: str = "", **settings):
    """The native Table without the PettingZoo layer: legal ids as a list; with `observe`, the
    acting seat's observation is read at each decision (what a learner needs, as OpenSpiel's
    tensor and RLCard's state are): ``"fresh"`` a new array each time (``observe``),
    ``"into"`` one buffer reused (``observe_into``)."""
    import parlor

    table = parlor.table(game, **settings)
    buffer = np.zeros(table.observation_len, dtype=np.float32)
    rng = random.Random(1)
    seed = [0]

    def episode() -> int:
        seed[0] += 1
        table.reset(seed[0])
        steps = 0
        while (seat := table.to_act()) is not None:
            if observe == "fresh":
                table.observe(seat)
            elif observe == "into":
                table.observe_into(seat, buffer)
            table.play(seat, rng.choice(table.legal_ids(seat)))
            steps += 1
        return steps

    return episode


def parlor_batch(game: str, n: int, observations: bool, **settings):
    import parlor

    env = parlor.vector_env(game, n, observations=observations, **settings)
    env.reset(seed=1)
    actions = np.zeros(n, dtype=np.int64)

    def rounds() -> int:
        for _ in range(20):
            env.sample(actions)
            env.step(actions)
        return 20 * n

    return rounds


def rlcard_doudizhu():
    import rlcard

    env = rlcard.make("doudizhu", config={"seed": 1})
    rng = random.Random(1)

    def episode() -> int:
        state, _ = env.reset()
        steps = 0
        while not env.is_over():
            action = rng.choice(list(state["legal_actions"].keys()))
            state, _ = env.step(action)
            steps += 1
        return steps

    return episode


def douzero_env():
    from douzero.env.env import Env

    env = Env("adp")
    rng = random.Random(1)
    np.random.seed(1)

    def episode() -> int:
        env.reset()
        steps, done = 0, False
        while not done:
            _, _, done, _ = env.step(rng.choice(env.infoset.legal_actions))
            steps += 1
        return steps

    return episode


def openspiel_hearts(observe: bool):
    """OpenSpiel's hearts; with `observe`, the acting seat's information_state_tensor is read
    at each decision (what a learner needs)."""
    import pyspiel

    game = pyspiel.load_game("hearts")
    rng = random.Random(1)

    def episode() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                if observe:
                    state.information_state_tensor()
                state.apply_action(rng.choice(state.legal_actions()))
                steps += 1
        return steps

    return episode


def breakdown(game: str, seconds: float, **settings) -> None:
    """Where a step of the PettingZoo loop goes: microseconds per decision of each part,
    timed inline (CPU time of this process, ``time.process_time``, around each call) over
    random games."""
    import importlib

    env = importlib.import_module(f"parlor.{game}").env(**settings)
    table = env.table
    rng = random.Random(1)
    env.reset(seed=1)
    parts = {
        "env.last() (observe: tensor + mask, one native call)": lambda agent, seat, obs: env.last(),
        "table.observe (tensor alone)": lambda agent, seat, obs: table.observe(seat),
        "table.action_mask (mask alone)": lambda agent, seat, obs: table.action_mask(seat),
        "table.legal_ids": lambda agent, seat, obs: table.legal_ids(seat),
        "policy: np.flatnonzero(mask) + rng.choice": lambda agent, seat, obs: rng.choice(
            np.flatnonzero(obs["action_mask"])
        ),
    }
    spent = dict.fromkeys(parts, 0.0)
    spent["env.step(action)"] = 0.0
    decisions = 0
    begin = time.process_time()
    while time.process_time() - begin < seconds:
        env.reset()
        for agent in env.agent_iter():
            observation, _, termination, truncation, _ = env.last()
            if termination or truncation:
                env.step(None)
                continue
            seat = env.seat(agent)
            for name, part in parts.items():
                start = time.process_time()
                part(agent, seat, observation)
                spent[name] += time.process_time() - start
            action = rng.choice(table.legal_ids(seat))
            start = time.process_time()
            env.step(action)
            spent["env.step(action)"] += time.process_time() - start
            decisions += 1
    print(f"{game}: microseconds per decision ({decisions:,} decisions of random games)")
    for name, total in spent.items():
        print(f"  {name:<56} {total / decisions * 1e6:8.2f}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per row, in all")
    parser.add_argument("--slices", type=int, default=5, help="turns each row's time is cut into")
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--breakdown", action="store_true", help="only time the parts of an AEC step")
    args = parser.parse_args()
    s, n = args.seconds, args.batch
    if args.breakdown:
        breakdown("doudizhu", s)
        breakdown("hearts", s, max_hands=1)
        return
    dou_dizhu = [
        ("rlcard", "RLCard doudizhu env (env.step)", rlcard_doudizhu()),
        ("douzero", "DouZero Env('adp') (env.step, obs built each step)", douzero_env()),
        ("dz_aec", "parlor.doudizhu AEC env (last + step), policy on the mask", parlor_aec("doudizhu", "mask")),
        ("dz_aec_bool", "parlor.doudizhu AEC env, policy on the mask as bool", parlor_aec("doudizhu", "bool")),
        ("dz_aec_ids", "parlor.doudizhu AEC env (last + step), policy on legal_ids", parlor_aec("doudizhu", "ids")),
        ("dz_table", "parlor Table doudizhu (legal_ids + play)", parlor_table("doudizhu")),
        ("dz_table_obs", "parlor Table doudizhu (observe + legal_ids + play)", parlor_table("doudizhu", "fresh")),
        ("dz_table_into", "parlor Table doudizhu (observe_into + legal_ids + play)", parlor_table("doudizhu", "into")),
        ("dz_batch_mask", f"parlor VectorEnv doudizhu x{n}, masks only", parlor_batch("doudizhu", n, False)),
        (
            "dz_batch_obs",
            f"parlor VectorEnv doudizhu x{n}, DouZero observations",
            parlor_batch("doudizhu", n, True, rules="douzero"),
        ),
    ]
    hearts = [
        ("openspiel", "OpenSpiel hearts via pyspiel (apply_action)", openspiel_hearts(observe=False)),
        ("openspiel_obs", "OpenSpiel hearts + information_state_tensor", openspiel_hearts(observe=True)),
        (
            "h_aec",
            "parlor.hearts AEC env (last + step), policy on the mask",
            parlor_aec("hearts", "mask", max_hands=1),
        ),
        ("h_table", "parlor Table hearts (legal_ids + play)", parlor_table("hearts", max_hands=1)),
        (
            "h_table_obs",
            "parlor Table hearts (observe + legal_ids + play)",
            parlor_table("hearts", "fresh", max_hands=1),
        ),
        (
            "h_table_into",
            "parlor Table hearts (observe_into + legal_ids + play)",
            parlor_table("hearts", "into", max_hands=1),
        ),
        (
            "h_batch_obs",
            f"parlor VectorEnv hearts x{n}, OpenSpiel tensors",
            parlor_batch("hearts", n, True, max_hands=1),
        ),
    ]
    boards = []
    for game, key in [("xiangqi", "x"), ("gomoku", "g")]:
        boards.append((f"{key}_table", f"parlor Table {game} (legal_ids + play)", parlor_table(game)))
        boards.append(
            (f"{key}_table_into", f"parlor Table {game} (observe_into + legal_ids + play)", parlor_table(game, "into"))
        )
    rates = interleave(
        [
            ("Dou Dizhu (RLCard's rules, bidding on for parlor; RLCard and DouZero start at play)", dou_dizhu),
            ("Hearts (one hand with passing)", hearts),
            ("Xiangqi and Gomoku (no peer here: parlor's own single-step figures)", boards),
        ],
        s,
        args.slices,
    )
    print("Ratios")
    for ours, theirs in [
        ("dz_aec", "rlcard"),
        ("dz_aec_bool", "rlcard"),
        ("dz_aec_ids", "rlcard"),
        ("dz_aec_ids", "douzero"),
        ("dz_table", "rlcard"),
        ("dz_table_obs", "rlcard"),
        ("dz_table_into", "rlcard"),
        ("dz_batch_obs", "douzero"),
        ("h_aec", "openspiel_obs"),
        ("h_table", "openspiel"),
        ("h_table_obs", "openspiel_obs"),
        ("h_table_into", "openspiel_obs"),
        ("h_batch_obs", "openspiel_obs"),
    ]:
        print(f"  {ours} / {theirs}: {rates[ours] / rates[theirs]:,.1f}x")


if __name__ == "__main__":
    main()
