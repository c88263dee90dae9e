#!/usr/bin/env python3
"""Evaluation and training across processes (and machines) with Ray: an evolution strategy
for a linear Hearts policy, each candidate scored by Ray workers that play batches of hands in
parlor's vector environment.

The policy reads OpenSpiel's ``information_state_tensor`` (5,088 floats) and plays the legal
card with the highest score (``tensor @ weights``, 5,088 × 52) in seat 0; seats 1–3 play
uniformly random legal cards. Each iteration the driver sends ``2 × pairs`` antithetic
perturbations of the weights to the workers (``ray.put`` once, then task arguments), every
worker plays ``hands`` one-hand games per candidate in a ``parlor.VectorEnv`` (stepped in
Rust, GIL released) and returns seat 0's mean return (minus the points it took), and the
driver moves the weights toward the better candidates.

Run it (a virtualenv of its own with ray, never a dependency of the package)::

    python3 -m venv /work/scratch/rayenv
    /work/scratch/rayenv/bin/pip install "ray[rllib]" torch pettingzoo gymnasium numpy
    /work/scratch/rayenv/bin/pip install ./python
    /work/scratch/rayenv/bin/python python/examples/ray_selfplay.py --workers 2 --iterations 5

On a cluster start Ray there (``ray start --head`` and ``ray start --address=HEAD:6379`` on
the others) and pass ``--address auto``: the workers spread over every machine's cores.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import ray

import parlor

OBSERVATION = 5088
CARDS = 52


def play_hands(weights: np.ndarray | None, hands: int, seed: int, batch: int = 256) -> tuple[float, int]:
    """Seat 0's mean return over ``hands`` one-hand games (``weights=None``: random play),
    and the steps taken."""
    env = parlor.vector_env("hearts", batch, max_hands=1)
    env.reset(seed=seed)
    actions = np.zeros(batch, dtype=np.int64)
    total, finished, steps = 0.0, 0, 0
    while finished < hands:
        env.sample(actions)
        if weights is not None:
            mine = np.flatnonzero(env.seat == 0)
            scores = env.observations[mine] @ weights
            scores[env.action_mask[mine] == 0] = -np.inf
            actions[mine] = scores.argmax(axis=1)
        env.step(actions)
        steps += batch
        done = np.flatnonzero(env.done)
        total += float(env.rewards[done, 0].sum())
        finished += len(done)
    return total / finished, steps


@ray.remote
def evaluate(weights: np.ndarray | None, noise: np.ndarray | None, sign: float, sigma: float,
             hands: int, seed: int) -> tuple[float, int]:
    """A Ray task: seat 0's mean return with ``weights + sign * sigma * noise``."""
    candidate = weights if noise is None else weights + sign * sigma * noise
    return play_hands(candidate, hands, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--address", default=None, help="a Ray cluster (default: start one here)")
    parser.add_argument("--workers", type=int, default=2, help="CPUs for a local Ray")
    parser.add_argument("--iterations", type=int, default=5)
    parser.add_argument("--pairs", type=int, default=4, help="antithetic pairs per iteration")
    parser.add_argument("--hands", type=int, default=2000, help="hands per candidate")
    parser.add_argument("--sigma", type=float, default=0.05)
    parser.add_argument("--rate", type=float, default=0.02)
    args = parser.parse_args()
    if args.address:
        ray.init(address=args.address)
    else:
        ray.init(num_cpus=args.workers)
    rng = np.random.default_rng(0)
    weights = np.zeros((OBSERVATION, CARDS), dtype=np.float32)
    baseline = ray.get([evaluate.remote(None, None, 0.0, 0.0, args.hands, 1000 + k) for k in range(args.pairs)])
    print(f"random play in seat 0: {np.mean([r for r, _ in baseline]):.3f} points per hand (negated)")
    for iteration in range(args.iterations):
        start = time.perf_counter()
        noises = [rng.standard_normal(weights.shape).astype(np.float32) for _ in range(args.pairs)]
        shared = ray.put(weights)
        seed = 10_000 * (iteration + 1)
        tasks = [
            evaluate.remote(shared, noise, sign, args.sigma, args.hands, seed + k)
            for k, noise in enumerate(noises)
            for sign in (1.0, -1.0)
        ]
        results = ray.get(tasks)
        scores = np.array([r for r, _ in results]).reshape(args.pairs, 2)
        steps = sum(s for _, s in results)
        elapsed = time.perf_counter() - start
        advantage = scores[:, 0] - scores[:, 1]
        step = sum(a * n for a, n in zip(advantage, noises)) / (args.pairs * args.sigma)
        weights = weights + args.rate * step
        print(
            f"iteration {iteration + 1}: candidates {scores.mean():.3f} points per hand, "
            f"{steps:,} steps in {elapsed:.1f} s ({steps / elapsed:,.0f} steps/s over the workers)"
        )
    final = ray.get([evaluate.remote(weights, None, 0.0, 0.0, args.hands, 99_000 + k) for k in range(args.pairs)])
    print(f"trained policy in seat 0: {np.mean([r for r, _ in final]):.3f} points per hand (negated)")


if __name__ == "__main__":
    main()
