"""The cross-checks' record of what they compared, saved for pytest to replay without peers:
per game its settings, seed and actions; per decision the game, the seat to act and the
peer's arrays (given by each script)."""

from __future__ import annotations

import json
import pathlib

import numpy as np


class Records:
    """Games and decisions collected by a cross-check."""

    def __init__(self) -> None:
        self.settings: list[dict] = []
        self.seeds: list[int] = []
        self.actions: list[list[int]] = []
        self.game: list[int] = []
        self.seat: list[int] = []

    def add(self, settings: dict, seed: int, actions: list[int], seats: list[int]) -> None:
        """One game: its settings, seed and actions, and the seat of each recorded decision."""
        self.game.extend([len(self.seeds)] * len(seats))
        self.settings.append(settings)
        self.seeds.append(seed)
        self.actions.append(actions)
        self.seat.extend(seats)

    def save(self, path: pathlib.Path, **arrays: np.ndarray) -> None:
        """Writes the record and the peer's `arrays` (one row per decision) to `path`."""
        path.parent.mkdir(parents=True, exist_ok=True)
        np.savez_compressed(
            path,
            settings=json.dumps(self.settings),
            seeds=np.array(self.seeds, dtype=np.uint64),
            actions=np.array([a for game in self.actions for a in game], dtype=np.int64),
            lengths=np.array([len(game) for game in self.actions], dtype=np.int64),
            game=np.array(self.game, dtype=np.int32),
            seat=np.array(self.seat, dtype=np.int8),
            **arrays,
        )
