"""The vector environment: arrays written in place, games equal to single Tables dealt from
the same seeds, auto-reset, illegal actions refused as a whole; random playouts."""

from __future__ import annotations

import numpy as np
import pytest

import parlor


def random_actions(env: parlor.VectorEnv, rng: np.random.Generator) -> np.ndarray:
    mask = env.action_mask
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask], dtype=np.int64)


# Settings under which random games end within the test's steps.
SHORT = {"hearts": {"max_hands": 1}}


@pytest.mark.parametrize("game", parlor.GAMES)
def test_vector_games_equal_single_tables(game):
    settings = SHORT.get(game, {})
    env = parlor.vector_env(game, 4, max_steps=300, **settings)
    arrays = [env.observations, env.action_mask, env.rewards, env.done, env.seat]
    env.reset(seed=5)
    tables = [parlor.table(game, int(seed), **settings) for seed in env.deal_seed]
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        actions = random_actions(env, rng)
        for i, table in enumerate(tables):
            seat = table.to_act()
            assert env.seat[i] == seat
            assert np.array_equal(env.action_mask[i], table.action_mask(seat))
            assert np.array_equal(env.observations[i], table.observe(seat))
            table.play(seat, int(actions[i]))
        env.step(actions)
        for i, table in enumerate(tables):
            if env.done[i]:
                finished += 1
                assert np.allclose(env.rewards[i], table.returns())
            if env.done[i] or env.truncated[i]:
                tables[i] = parlor.table(game, int(env.deal_seed[i]), **settings)
            else:
                assert not env.rewards[i].any()
    # The same arrays, rewritten in place: no copies.
    assert all(a is b for a, b in zip(arrays, [env.observations, env.action_mask, env.rewards, env.done, env.seat]))
    if game != "klondike":
        assert finished > 0


def test_vector_env_refuses_an_illegal_action_and_plays_nothing():
    env = parlor.vector_env("hearts", 3)
    env.reset(seed=1)
    before = env.observations.copy()
    actions = random_actions(env, np.random.default_rng(1))
    actions[2] = int(np.flatnonzero(env.action_mask[2] == 0)[0])
    with pytest.raises(ValueError, match="game 2"):
        env.step(actions)
    assert np.array_equal(before, env.observations)
    with pytest.raises(ValueError, match="expected 3 actions"):
        env.step(actions[:2])


def test_masks_only_vector_env_has_no_observations():
    env = parlor.vector_env("doudizhu", 8, observations=False)
    env.reset(seed=2)
    assert env.observations is None
    assert env.action_mask.shape == (8, env.num_actions)
    assert (env.action_mask.sum(axis=1) > 0).all()


@pytest.mark.parametrize("game", parlor.GAMES)
def test_random_playouts_reproduce(game):
    returns, steps = parlor.random_playouts(game, 20, seed=3, max_steps=2000)
    again, steps_again = parlor.random_playouts(game, 20, seed=3, max_steps=2000)
    assert returns.shape == (20, parlor.table(game).num_seats)
    assert np.array_equal(returns, again) and np.array_equal(steps, steps_again)
    assert (steps > 0).all()
