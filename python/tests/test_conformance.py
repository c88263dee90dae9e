"""The ecosystem's own conformance tests: PettingZoo's api_test on every AEC environment and
parallel_api_test on Hearts' parallel one, Gymnasium's check_env on Klondike; and the parallel
environment's contract (seeding, passing together, illegal actions)."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

import parlor.hearts
import parlor.klondike
from conftest import AEC_GAMES


@pytest.mark.parametrize(("game", "settings"), AEC_GAMES)
def test_pettingzoo_api(game, settings):
    env = importlib.import_module(f"parlor.{game}").env(**settings)
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("settings", [{}, {"max_hands": 1}])
def test_pettingzoo_parallel_api_hearts(settings):
    parallel_api_test(parlor.hearts.parallel_env(**settings), num_cycles=300)


def play_parallel(env, seed):
    """Random legal actions through the parallel env from ``reset(seed)``: the observations."""
    observations, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    seen = []
    while env.agents:
        seen.append(np.concatenate([observations[a]["observation"] for a in env.agents]))
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for a, o in observations.items()
            if o["action_mask"].any()
        }
        observations, *_ = env.step(actions)
    return seen


def test_parallel_hearts_reproduces_from_a_seed():
    first = play_parallel(parlor.hearts.parallel_env(max_hands=1), 11)
    again = play_parallel(parlor.hearts.parallel_env(max_hands=1), 11)
    other = play_parallel(parlor.hearts.parallel_env(max_hands=1), 12)
    assert len(first) == len(again) and all(np.array_equal(a, b) for a, b in zip(first, again))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other))


def test_parallel_hearts_passes_together_then_plays_in_turn():
    env = parlor.hearts.parallel_env(max_hands=1)
    observations, _ = env.reset(seed=4)
    acting = [sum(o["action_mask"].any() for o in observations.values())]
    rng = np.random.default_rng(4)
    while env.agents:
        actions = {
            a: int(rng.choice(np.flatnonzero(o["action_mask"])))
            for a, o in observations.items()
            if o["action_mask"].any()
        }
        observations, rewards, terminations, *_ = env.step(actions)
        acting.append(sum(o["action_mask"].any() for o in observations.values()))
    assert acting[:3] == [4, 4, 4], "three picks, all four seats at once"
    assert set(acting[3:-1]) == {1}, "then one seat at a time"
    assert all(terminations.values()) and sum(rewards.values()) != 0


def test_parallel_illegal_action_changes_nothing():
    env = parlor.hearts.parallel_env(max_hands=1)
    observations, _ = env.reset(seed=2)
    actions = {a: int(np.flatnonzero(o["action_mask"])[0]) for a, o in observations.items()}
    held = [card for card in range(52) if not observations["player_1"]["action_mask"][card]]
    before = env.table.view()
    with pytest.raises(ValueError, match="player_1.*not legal"):
        env.step({**actions, "player_1": held[0]})
    with pytest.raises(ValueError, match="player_2 must act"):
        env.step({a: x for a, x in actions.items() if a != "player_2"})
    assert env.table.view() == before
    env.step(actions)


@pytest.mark.parametrize("game", ["doudizhu", "hearts", "xiangqi", "gomoku"])
def test_render_is_text(game):
    env = importlib.import_module(f"parlor.{game}").env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text


@pytest.mark.parametrize("settings", [{}, {"draw": 3}])
def test_gymnasium_check_env(settings):
    check_env(parlor.klondike.env(**settings), skip_render_check=False)
