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


def rlcard_data():
    # Source: python/scripts/crosscheck_rlcard.py against rlcard 1.2.0's action_space.txt.
    return json.loads((DATA / "rlcard_actions.json").read_text())


def test_rlcard_ids_name_every_action_as_rlcard_does():
    # The checksum covers RLCard's whole table in its id order: equal texts id for id.
    data = rlcard_data()
    table = parlor.table("doudizhu", action_ids="rlcard")
    assert table.num_actions == data["size"] + 6, "RLCard's actions, then the six bids"
    texts = [table.action_text(i) for i in range(data["size"])]
    assert hashlib.sha256("\n".join(texts).encode()).hexdigest() == data["sha256_texts_in_rlcard_order"]
    for action, text in data["sample"].items():
        assert table.action_text(int(action)) == text
    native = parlor.table("doudizhu")
    agree = data["native_ids_agree_below"]
    assert [native.action_text(i) for i in range(agree)] == texts[:agree]
    assert native.action_text(agree) != texts[agree], "the orders differ from here on"


def test_rlcard_ids_play_the_same_game_as_native_ids():
    # The same deal and the same choices by text: legal sets, results and bids agree.
    native = parlor.table("doudizhu", 5)
    rlcard = parlor.table("doudizhu", 5, action_ids="rlcard")
    rng = np.random.default_rng(5)
    while (seat := native.to_act()) is not None:
        legal = native.legal_ids(seat)
        mapped = rlcard.legal_ids(seat)
        assert sorted(native.action_text(i) for i in legal) == sorted(rlcard.action_text(i) for i in mapped)
        assert rlcard.action_mask(seat).sum() == len(mapped)
        text = native.action_text(int(rng.choice(legal)))
        native.play(seat, native.parse(seat, text))
        rlcard.play(seat, rlcard.parse(seat, text))
    assert native.returns() == rlcard.returns()


def test_rlcard_ids_in_the_vector_env():
    # Each game of the batch in lockstep with a Table of its deal: the same RLCard ids legal.
    env = parlor.vector_env("doudizhu", 4, observations=False, action_ids="rlcard")
    env.reset(seed=3)
    tables = [parlor.table("doudizhu", int(seed), action_ids="rlcard") for seed in env.deal_seed]
    actions = np.zeros(4, dtype=np.int64)
    for _ in range(40):
        for i, table in enumerate(tables):
            assert np.flatnonzero(env.action_mask[i]).tolist() == table.legal_ids(int(env.seat[i]))
        env.sample(actions)
        for i, table in enumerate(tables):
            table.play(int(env.seat[i]), int(actions[i]))
        env.step(actions)
        for i in np.flatnonzero(env.done):
            assert env.rewards[i].tolist() == tables[i].returns()
            tables[i] = parlor.table("doudizhu", int(env.deal_seed[i]), action_ids="rlcard")


def test_rlcard_ids_refused_where_they_do_not_fit():
    with pytest.raises(ValueError, match="needs RLCard's rules"):
        parlor.table("doudizhu", rules="douzero", action_ids="rlcard")
    with pytest.raises(ValueError, match="no action id order"):
        parlor.table("hearts", action_ids="rlcard")
    with pytest.raises(ValueError, match="no action id order"):
        parlor.vector_env("doudizhu", 2, action_ids="openspiel")


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
