"""The PettingZoo AEC environment over any multi-seat parlor game (one class for all)."""

from __future__ import annotations

from typing import Any

import numpy as np

from parlor import settings_json
from parlor._native import Table

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
except ImportError as error:  # pragma: no cover - exercised only without the extras
    raise ImportError(
        "parlor's PettingZoo environments need pettingzoo and gymnasium: "
        "pip install 'parlor[envs]'"
    ) from error


class ParlorEnv(AECEnv):
    """A parlor game as a PettingZoo AEC environment.

    Agents are ``player_0`` … ``player_{n-1}`` (seat order). ``observe(agent)`` gives
    ``{"observation": float32 array, "action_mask": int8 array}``; actions are the game's
    dense ids. ``rewards`` are the game's returns, paid when it ends. An illegal action
    raises ``ValueError`` with the game's reason and changes nothing. ``reset(seed=s)``
    reproduces the same deal and, with the same actions, the same game.
    """

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(self, game: str, settings: dict[str, Any], render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.settings = dict(settings)
        self.table = Table(game, settings_json(self.settings), 0)
        self.metadata = {**self.metadata, "name": f"parlor_{game}_v0"}
        self.possible_agents = [f"player_{i}" for i in range(self.table.num_seats)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        size = self.table.num_actions
        observation = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.table.observation_len,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            }
        )
        self.observation_spaces = {agent: observation for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(size) for agent in self.possible_agents}
        self._rng = np.random.default_rng()
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        """The seat index of ``agent``."""
        return self._seat[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.table.reset(int(self._rng.integers(0, 2**63)))
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.table.to_act()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        return {"observation": self.table.observe(seat), "action_mask": self.table.action_mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: give an action id")
        self.table.play(self._seat[agent], int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        returns = self.table.returns()
        if returns is not None:
            for a in self.agents:
                self.rewards[a] = float(returns[self._seat[a]])
                self.terminations[a] = True
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
