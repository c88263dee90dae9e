#!/usr/bin/env python3
"""Training through RLlib's PettingZoo wrapper: PPO on parlor's Hearts AEC environment, one
policy shared by the four seats (self-play), with RLlib's action-masking module.

``parlor.hearts.env(max_hands=1)`` is wrapped by ``ray.rllib.env.wrappers.pettingzoo_env.
PettingZooEnv``; the only adaptation is the key RLlib's ``ActionMaskingTorchRLModule`` reads
(``observations`` for parlor's ``observation``). RLlib's env check is off: it steps random
actions without the mask, which the game refuses. Each iteration prints the mean episode
return (RLlib sums the four seats: −26 points a hand, less when a moon is shot) and the
environment steps sampled and trained per second.

Run it (a virtualenv of its own with ray[rllib] and torch, never a dependency of the package)::

    python3 -m venv /work/scratch/rayenv
    /work/scratch/rayenv/bin/pip install "ray[rllib]" torch pettingzoo gymnasium numpy
    /work/scratch/rayenv/bin/pip install ./python
    /work/scratch/rayenv/bin/python python/examples/rllib_hearts.py --runners 2 --iterations 3
"""

from __future__ import annotations

import argparse
import time

import gymnasium
from pettingzoo.utils import BaseWrapper
from ray.rllib.algorithms.ppo import PPOConfig
from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
from ray.rllib.core.rl_module.rl_module import RLModuleSpec
from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv
from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
from ray.tune.registry import register_env

import parlor.hearts


class MaskKeys(BaseWrapper):
    """parlor's ``{"observation", "action_mask"}`` as ``{"observations", "action_mask"}``."""

    def __init__(self, env):
        super().__init__(env)
        inner = env.observation_space(env.possible_agents[0])
        self._space = gymnasium.spaces.Dict(
            {"observations": inner["observation"], "action_mask": inner["action_mask"]}
        )

    def observation_space(self, agent):
        return self._space

    def observe(self, agent):
        observation = self.env.observe(agent)
        return {"observations": observation["observation"], "action_mask": observation["action_mask"]}


def make_env(_config):
    return PettingZooEnv(MaskKeys(parlor.hearts.env(max_hands=1)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runners", type=int, default=2, help="env runner processes")
    parser.add_argument("--iterations", type=int, default=3)
    parser.add_argument("--batch", type=int, default=4000, help="env steps per iteration")
    args = parser.parse_args()
    register_env("parlor_hearts", make_env)
    config = (
        PPOConfig()
        .environment("parlor_hearts", disable_env_checking=True)
        # A loaded machine may need longer than RLlib's default minute for one batch.
        .env_runners(num_env_runners=args.runners, sample_timeout_s=600)
        .multi_agent(
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, episode, **kwargs: "shared",
        )
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(
                rl_module_specs={
                    "shared": RLModuleSpec(
                        module_class=ActionMaskingTorchRLModule,
                        model_config={"head_fcnet_hiddens": [128, 128]},
                    )
                }
            )
        )
        .training(train_batch_size_per_learner=args.batch, minibatch_size=500, num_epochs=2)
    )
    algo = config.build_algo()
    for iteration in range(args.iterations):
        start = time.perf_counter()
        result = algo.train()
        elapsed = time.perf_counter() - start
        runners = result["env_runners"]
        steps = runners.get("num_env_steps_sampled", args.batch)
        print(
            f"iteration {iteration + 1}: episode return mean {runners.get('episode_return_mean', float('nan')):.2f}, "
            f"{steps:,} env steps in {elapsed:.1f} s ({steps / elapsed:,.0f} steps/s sampled and trained)"
        )
    algo.stop()


if __name__ == "__main__":
    main()
