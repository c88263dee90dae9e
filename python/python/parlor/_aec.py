"""The PettingZoo AEC environment over any multi-seat parlor game (one class for all), and
what it shares with the parallel environment (``_parallel.py``)."""

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


class TableEnv:
    """A parlor table with PettingZoo's agents and spaces: what the AEC and the parallel
    environment share. Agents are ``player_0`` … ``player_{n-1}`` (seat order)."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"]}

    def __init__(
        self,
        game: str,
        settings: dict[str, Any],
        render_mode: str | None = None,
        action_ids: str = "native",
    ):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.settings = dict(settings)
        self.table = Table(game, settings_json(self.settings), 0, action_ids)
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

    def _deal(self, seed: int | None) -> None:
        """A new game: from ``seed``, or from the generator the last seed started."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.table.reset(int(self._rng.integers(0, 2**63)))
        self.agents = self.possible_agents[:]

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def seat(self, agent: str) -> int:
        """The seat index of ``agent``."""
        return self._seat[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        observation, mask = self.table.observe_with_mask(self._seat[agent])
        return {"observation": observation, "action_mask": mask}

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


class ParlorEnv(TableEnv, AECEnv):
    """A parlor game as a PettingZoo AEC environment.

    ``observe(agent)`` gives ``{"observation": float32 array, "action_mask": int8 array}``;
    actions are the game's dense ids (or a peer's, with ``action_ids``). ``rewards`` are the
    game's returns, paid when it ends. An illegal action raises ``ValueError`` with the
    game's reason and changes nothing. ``reset(seed=s)`` reproduces the same deal and, with
    the same actions, the same game.
    """

    metadata = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._deal(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        seat = self.table.to_act()
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents:
            self.agent_selection = self.agents[0]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: give an action id")
        self.table.play(self._seat[agent], int(action))
        self._cumulative_rewards[agent] = 0.0
        returns = self.table.returns()
        if returns is not None:
            # Rewards are paid only here, so before this step they were all zero (set by
            # reset) and need no rewriting or accumulating on the steps before.
            self.rewards = {a: float(returns[self._seat[a]]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()
