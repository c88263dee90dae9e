"""Klondike solitaire as a Gymnasium environment.

``env(**rules)`` takes the crate's rules as keyword arguments (``draw``, ``passes``,
``scoring``). Actions are the game interface's fixed move ids (591); ``info["action_mask"]``
marks the legal ones, and ``action_space.sample()`` draws a legal move. An illegal action
raises ``ValueError`` and changes nothing. The episode terminates when the game is won or no
move is left (reward: the game's return, the score or 1 for a win), and is truncated after
``max_steps`` actions. Observations (662 floats) hold only what lies face up.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlor import settings_json
from parlor._native import Table

try:
    import gymnasium
    from gymnasium import spaces
except ImportError as error:  # pragma: no cover - exercised only without the extras
    raise ImportError(
        "parlor.klondike needs gymnasium: pip install 'parlor[envs]'"
    ) from error


class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask draws one of the moves legal now."""

    def __init__(self, n: int, env: KlondikeEnv, seed: int | None = None):
        super().__init__(n, seed=seed)
        self._env = env

    def sample(self, mask: np.ndarray | None = None, probability: np.ndarray | None = None):
        if mask is None and probability is None and self._env.mask is not None:
            mask = self._env.mask
        return super().sample(mask=mask, probability=probability)


class KlondikeEnv(gymnasium.Env):
    """Klondike (see the module documentation)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, render_mode: str | None = None, max_steps: int = 1000, **rules: Any):
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.table = Table("klondike", settings_json(rules), 0)
        self.observation_space = spaces.Box(0.0, 1.0, (self.table.observation_len,), np.float32)
        self.mask: np.ndarray | None = None
        self.action_space = LegalDiscrete(self.table.num_actions, self)
        self._steps = 0

    def _observe(self) -> tuple[np.ndarray, dict[str, Any]]:
        self.mask = self.table.action_mask(0)
        return self.table.observe(0), {"action_mask": self.mask}

    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        self.table.reset(int(self.np_random.integers(0, 2**63)))
        self._steps = 0
        return self._observe()

    def step(self, action: int):
        self.table.play(0, int(action))
        self._steps += 1
        returns = self.table.returns()
        terminated = returns is not None
        truncated = not terminated and self._steps >= self.max_steps
        reward = float(returns[0]) if terminated else 0.0
        observation, info = self._observe()
        return observation, reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return self.table.render()
        return None


def env(render_mode: str | None = None, max_steps: int = 1000, **rules: Any) -> KlondikeEnv:
    """The Gymnasium environment (see the module documentation)."""
    return KlondikeEnv(render_mode, max_steps, **rules)
