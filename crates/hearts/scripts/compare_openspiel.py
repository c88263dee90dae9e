#!/usr/bin/env python3
"""Random full Hearts hands with passing: parlor's `hearts bench` against OpenSpiel's C++
`hearts` game driven through pyspiel, in the same run, one thread each.

    python3 -m venv /tmp/os && /tmp/os/bin/pip install open_spiel
    cargo build --release --example hearts
    /tmp/os/bin/python crates/hearts/scripts/compare_openspiel.py \
        $CARGO_TARGET_DIR/release/examples/hearts --hands 1000000 --os-hands 5000

OpenSpiel's random playout: chance nodes (pass direction, deal) sample their outcome,
players pick uniformly among legal actions (three pass actions each, then the 52 plays).
Both wall time and on-CPU time (process_time) are reported: on a shared, loaded machine the
CPU figure is the fairer one.
"""
import argparse
import random
import re
import subprocess
import time

import pyspiel


def openspiel_hands(n, seed):
    game = pyspiel.load_game("hearts")
    rng = random.Random(seed)
    total = [0.0] * 4
    wall = time.perf_counter()
    cpu = time.process_time()
    for _ in range(n):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        for i, r in enumerate(state.returns()):
            total[i] += r
    return n, time.perf_counter() - wall, time.process_time() - cpu, total


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary", help="path to the release `hearts` example")
    parser.add_argument("--hands", type=int, default=1_000_000)
    parser.add_argument("--os-hands", type=int, default=5_000)
    args = parser.parse_args()

    out = subprocess.run([args.binary, "bench", "--hands", str(args.hands)], check=True,
                         capture_output=True, text=True).stdout
    print(out, end="")
    wall_rate = float(re.search(r"wall time.*?([0-9.]+) hands/s", out).group(1))
    cpu_match = re.search(r"cpu time.*?([0-9.]+) hands/s", out)
    cpu_rate = float(cpu_match.group(1)) if cpu_match else None

    n, wall, cpu, total = openspiel_hands(args.os_hands, 42)
    print(f"openspiel (pyspiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else ''}) "
          f"hearts: {n} random hands with passing, one thread")
    print(f"  wall time  {wall:9.3f} s  {n / wall:12.0f} hands/s")
    print(f"  cpu time   {cpu:9.3f} s  {n / cpu:12.0f} hands/s")
    print(f"  mean returns {[round(t / n, 2) for t in total]}")
    print(f"ratio parlor/openspiel: wall {wall_rate / (n / wall):.1f}x", end="")
    if cpu_rate:
        print(f", cpu {cpu_rate / (n / cpu):.1f}x")
    else:
        print()


if __name__ == "__main__":
    main()
