"""The encodings against their originals: arrays cached by the cross-check scripts in
python/scripts (DouZero's get_obs, OpenSpiel's information_state_tensor, RLCard's action
ids), replayed here without the peers; and the board planes on known positions."""

from __future__ import annotations

import hashlib
import json
import pathlib

import numpy as np
import pytest

import parlor
import parlor.doudizhu
import parlor.gomoku
import parlor.hearts
import parlor.xiangqi
from parlor.doudizhu import X_FARMER, douzero_action, douzero_obs, role

DATA = pathlib.Path(__file__).parent / "data"


def replay(data, game: str):
    """Yields (game index, table, seat) at each recorded decision, replaying the recorded
    actions on parlor's own game."""
    settings = json.loads(str(data["settings"]))
    starts = np.concatenate([[0], np.cumsum(data["lengths"])])
    for index, seed in enumerate(data["seeds"]):
        table = parlor.table(game, int(seed), **settings[index])
        for action in data["actions"][starts[index] : starts[index + 1]]:
            seat = table.to_act()
            yield index, table, seat
            table.play(seat, int(action))


def test_douzero_observations_match_cached_arrays():
    # Source: python/scripts/crosscheck_douzero.py against douzero 1.1.0's env.get_obs.
    data = np.load(DATA / "douzero.npz")
    row = 0
    checked = 0
    for index, table, seat in replay(data, "doudizhu"):
        view = json.loads(table.view())
        if view["phase"] != "playing":
            continue
        assert (data["game"][row], data["seat"][row]) == (index, seat)
        position = role(view["landlord"], seat)
        x, z = douzero_obs(table.observe(seat), position)
        assert np.array_equal(x, data["x"][row][: len(x)]), (index, row)
        assert np.array_equal(z.reshape(-1), data["z"][row]), (index, row)
        row += 1
        checked += 1
    assert checked == len(data["seat"]) > 500


def test_openspiel_hearts_tensors_match_cached_arrays():
    # Source: python/scripts/crosscheck_openspiel.py against open_spiel's hearts.
    data = np.load(DATA / "openspiel_hearts.npz")
    tensors = np.unpackbits(data["tensor"], axis=1)[:, : parlor.hearts.TENSOR_SIZE]
    row = 0
    for index, table, seat in replay(data, "hearts"):
        assert (data["game"][row], data["seat"][row]) == (index, seat)
        assert np.array_equal(table.observe(seat), tensors[row]), (index, row)
        row += 1
    assert row == len(data["seat"]) > 500


def test_rlcard_action_space():
    # Source: python/scripts/crosscheck_rlcard.py against rlcard 1.2.0's action_space.txt:
    # the same 27,472 actions; the ids agree below 1,480 and for pass (the crate numbers the
    # larger airplanes in its own order).
    data = json.loads((DATA / "rlcard_actions.json").read_text())
    table = parlor.table("doudizhu")
    assert table.num_actions == data["size"] + 6, "RLCard's actions, then the six bids"
    texts = sorted(table.action_text(i) for i in range(data["size"]))
    assert hashlib.sha256("\n".join(texts).encode()).hexdigest() == data["sha256_sorted_texts"]
    for text, action in data["ids"].items():
        assert table.action_text(action) == text


def test_rlcard_permutation():
    # RLCard's numbering of every 97th of its ids (from crosscheck_rlcard.py), the other ids
    # missing: rlcard_ids maps parlor's ids of those actions to them, the rest to -1.
    data = json.loads((DATA / "rlcard_actions.json").read_text())["rlcard_ids_sample"]
    to_rlcard = parlor.doudizhu.rlcard_ids(data)
    table = parlor.table("doudizhu")
    assert sorted(to_rlcard[to_rlcard >= 0].tolist()) == sorted(data.values())
    for action in np.flatnonzero(to_rlcard >= 0):
        assert data[table.action_text(int(action))] == to_rlcard[action]
    assert any(to_rlcard[i] != i for i in np.flatnonzero(to_rlcard >= 0)), "orders differ"


def test_douzero_action_features():
    features = douzero_action("33344455")
    assert features[:3].tolist() == [1, 1, 1] and features[3] == 0
    assert features[4:7].tolist() == [1, 1, 1] and features[8:10].tolist() == [1, 1]
    assert douzero_action("BR")[52:].tolist() == [1, 1]
    assert not douzero_action("pass").any()


def test_xiangqi_planes_of_the_start_position():
    table = parlor.table("xiangqi")
    red = table.observe(0).reshape(parlor.xiangqi.SHAPE)
    black = table.observe(1).reshape(parlor.xiangqi.SHAPE)
    # Red's chariots on a0 and i0 (rank 0), its general on e0; Black's general on e9.
    assert red[4, 0, 0] == red[4, 0, 8] == 1 and red[4].sum() == 2
    assert red[0, 0, 4] == 1 and red[7, 9, 4] == 1
    assert black[0, 9, 4] == 1 and black[7, 0, 4] == 1
    assert red[:14].sum() == black[:14].sum() == 32
    assert red[14].all() and not black[14].any()


def test_gomoku_planes_follow_the_stones():
    table = parlor.table("gomoku", width=9, height=9)
    h5 = table.parse(0, "h5")
    table.play(0, h5)
    first = table.observe(0).reshape(parlor.gomoku.PLANES, 9, 9)
    second = table.observe(1).reshape(parlor.gomoku.PLANES, 9, 9)
    assert first[0, 4, 7] == 1 and first[0].sum() == 1 and first[1].sum() == 0
    assert second[1, 4, 7] == 1 and second[0].sum() == 0
    assert first[3].all() and not second[3].any()


@pytest.mark.parametrize("game", parlor.GAMES)
def test_observations_fit_their_space(game):
    table = parlor.table(game, 3)
    for seat in range(table.num_seats):
        observation = table.observe(seat)
        assert observation.shape == (table.observation_len,)
        assert observation.dtype == np.float32
        assert ((observation == 0) | (observation == 1)).all()
    assert X_FARMER == 430
