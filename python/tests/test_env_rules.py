"""The environments' contract: seeding reproduces games, illegal actions raise ValueError and
change nothing, masks equal the legal actions, settings are checked."""

from __future__ import annotations

import importlib
import random

import numpy as np
import pytest

import parlor
import parlor.doudizhu
import parlor.klondike
from conftest import AEC_GAMES, random_game


def run_episode(env, seed: int, max_steps: int = 400):
    """Observations, rewards and actions of one seeded episode with seeded random actions."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    trace = []
    for agent in env.agent_iter(max_iter=max_steps):
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            action = None
        else:
            action = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        trace.append((agent, observation["observation"].copy(), reward, action))
        env.step(action)
    return trace


@pytest.mark.parametrize(("game", "settings"), AEC_GAMES)
def test_seeding_reproduces_games(game, settings):
    module = importlib.import_module(f"parlor.{game}")
    first = run_episode(module.env(**settings), seed=7)
    again = run_episode(module.env(**settings), seed=7)
    assert len(first) == len(again)
    for a, b in zip(first, again):
        assert a[0] == b[0] and a[2] == b[2] and a[3] == b[3]
        assert np.array_equal(a[1], b[1])


@pytest.mark.parametrize("game", ["doudizhu", "hearts"])
def test_different_seeds_deal_differently(game):
    module = importlib.import_module(f"parlor.{game}")
    env = module.env()
    env.reset(seed=1)
    first = env.observe(env.agent_selection)["observation"].copy()
    env.reset(seed=2)
    assert not np.array_equal(first, env.observe(env.agent_selection)["observation"])


@pytest.mark.parametrize(("game", "settings"), AEC_GAMES)
def test_illegal_action_raises_and_changes_nothing(game, settings):
    env = importlib.import_module(f"parlor.{game}").env(**settings)
    env.reset(seed=3)
    for _ in range(5):
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[-1]))
        agent = env.agent_selection
        mask = env.observe(agent)["action_mask"]
        before = {a: env.observe(a)["observation"].copy() for a in env.agents}
        view = env.table.view()
        illegal = int(np.flatnonzero(mask == 0)[0])
        with pytest.raises(ValueError) as error:
            env.step(illegal)
        assert str(error.value), "the error carries the game's message"
        with pytest.raises(ValueError):
            env.step(env.table.num_actions + 5)
        assert env.agent_selection == agent
        assert env.table.view() == view
        for a in env.agents:
            assert np.array_equal(before[a], env.observe(a)["observation"])


@pytest.mark.parametrize(("game", "settings"), AEC_GAMES)
def test_masks_equal_legal_actions(game, settings):
    table, _ = random_game(game, 11, steps=30, **settings)
    for seat in range(table.num_seats):
        legal = table.legal_ids(seat)
        mask = table.action_mask(seat)
        assert np.flatnonzero(mask).tolist() == legal
        for action in legal[:20]:
            assert table.parse(seat, table.action_text(action)) == action


def test_not_your_turn_is_a_value_error():
    table = parlor.table("xiangqi")
    with pytest.raises(ValueError, match="not seat 1's turn"):
        table.play(1, table.legal_ids(0)[0])


def test_settings_are_keyword_arguments_and_checked():
    env = parlor.doudizhu.env(rules="douzero", bidding="rob")
    assert env.settings == {"rules": "douzero", "bidding": "rob"}
    with pytest.raises(ValueError, match="no setting"):
        parlor.doudizhu.env(biding="rob")
    with pytest.raises(ValueError):
        parlor.doudizhu.env(rules="no such rules")
    with pytest.raises(ValueError, match="unknown game"):
        parlor.table("chess")


def test_klondike_illegal_action_raises_and_changes_nothing():
    env = parlor.klondike.env()
    observation, info = env.reset(seed=5)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(ValueError):
        env.step(illegal)
    assert np.array_equal(env.table.observe(0), observation)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    env.step(legal)


def test_klondike_seeding_reproduces_games():
    def trace(seed):
        env = parlor.klondike.env(max_steps=200)
        observation, info = env.reset(seed=seed)
        env.action_space.seed(seed)
        seen = [observation]
        for _ in range(200):
            observation, reward, terminated, truncated, info = env.step(env.action_space.sample())
            seen.append(observation)
            if terminated or truncated:
                break
        return np.array(seen)

    assert np.array_equal(trace(9), trace(9))
    assert not np.array_equal(trace(9)[0], trace(10)[0])


@pytest.mark.parametrize("game", parlor.GAMES)
def test_observe_into_writes_what_observe_returns(game):
    table = parlor.table(game, seed=5)
    rng = random.Random(5)
    out = np.full(table.observation_len, 7.0, dtype=np.float32)
    for _ in range(40):
        seat = table.to_act()
        if seat is None:
            break
        table.observe_into(seat, out)
        assert np.array_equal(out, table.observe(seat))
        table.play(seat, rng.choice(table.legal_ids(seat)))


def test_observe_into_refuses_a_wrong_buffer_and_leaves_it():
    table = parlor.table("hearts", seed=1)
    short = np.full(table.observation_len - 1, 3.0, dtype=np.float32)
    with pytest.raises(ValueError, match="elements"):
        table.observe_into(0, short)
    assert (short == 3.0).all()
    strided = np.full(2 * table.observation_len, 3.0, dtype=np.float32)[::2]
    with pytest.raises(ValueError):
        table.observe_into(0, strided)
    assert (strided == 3.0).all()
    with pytest.raises(ValueError):
        table.observe_into(9, np.zeros(table.observation_len, dtype=np.float32))
