"""The ecosystem's own conformance tests: PettingZoo's api_test on every AEC environment,
Gymnasium's check_env on Klondike."""

from __future__ import annotations

import importlib

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

import parlor.klondike
from conftest import AEC_GAMES


@pytest.mark.parametrize(("game", "settings"), AEC_GAMES)
def test_pettingzoo_api(game, settings):
    env = importlib.import_module(f"parlor.{game}").env(**settings)
    api_test(env, num_cycles=300)


@pytest.mark.parametrize("game", ["doudizhu", "hearts", "xiangqi", "gomoku"])
def test_render_is_text(game):
    env = importlib.import_module(f"parlor.{game}").env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text


@pytest.mark.parametrize("settings", [{}, {"draw": 3}])
def test_gymnasium_check_env(settings):
    check_env(parlor.klondike.env(**settings), skip_render_check=False)
