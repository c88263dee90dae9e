"""The PettingZoo parallel environment over any multi-seat parlor game: every seat that may
act now acts in one step (all four at once while Hearts seats pass), the others wait."""

from __future__ import annotations

from typing import Any

import numpy as np

from parlor._aec import TableEnv  # first: it says what to install when pettingzoo is missing

from pettingzoo import ParallelEnv


class ParlorParallelEnv(TableEnv, ParallelEnv):
    """A parlor game as a PettingZoo parallel environment.

    Each step takes an action from every agent whose seat may act now (its ``action_mask``
    has ones); the actions of the others are ignored (their masks are all zero). The
    actions are checked first: if one is illegal (or missing), ``ValueError`` names it and
    nothing is played. Rewards are the game's returns on the step that ends it; then every
    agent terminates and ``agents`` empties. ``reset(seed=s)`` reproduces the same deal.
    """

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        return {agent: self.observe(agent) for agent in self.agents}

    def reset(self, seed: int | None = None, options: dict | None = None):
        self._deal(seed)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]):
        plays = []
        for seat in self.table.acting():
            agent = self.possible_agents[seat]
            if actions.get(agent) is None:
                raise ValueError(f"{agent} must act: give an action id")
            action = int(actions[agent])
            if action not in self.table.legal_ids(seat):
                text = self.table.action_text(action) if 0 <= action < self.table.num_actions else "no action"
                raise ValueError(f"{agent}: action {action} ({text}) is not legal now; nothing was played")
            plays.append((seat, action))
        for seat, action in plays:
            self.table.play(seat, action)
        returns = self.table.returns()
        over = returns is not None
        agents = self.agents
        rewards = {a: float(returns[self._seat[a]]) if over else 0.0 for a in agents}
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, False)
        infos = {agent: {} for agent in agents}
        observations = self._observations()
        if over:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos
