"""The vector environment and the C++ tables it drives (numpy only)."""

import numpy as np
import pytest

from sngsim import _env
from sngsim.env import OBSERVATION_SIZE, SitAndGoVectorEnv, table_config


def random_legal(rng, mask):
    """One legal action per row of `mask`, uniformly."""
    scores = rng.random(mask.shape) * mask
    return scores.argmax(axis=1).astype(np.int32)


def play(venv, seed, steps, action_seed=7):
    rng = np.random.default_rng(action_seed)
    obs, _ = venv.reset(seed=seed)
    trace = []
    for _ in range(steps):
        actions = random_legal(rng, obs["action_mask"])
        obs, rewards, terminated, truncated, infos = venv.step(actions)
        trace.append((obs["observation"].copy(), obs["action_mask"].copy(), rewards.copy(), terminated.copy()))
    return trace


def test_shapes_and_masks():
    venv = SitAndGoVectorEnv(4, opponents=["calling_station", "maniac"])
    obs, infos = venv.reset(seed=3)
    assert obs["observation"].shape == (4, OBSERVATION_SIZE)
    assert obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (4, 5)
    assert obs["action_mask"].dtype == np.int8
    assert (obs["action_mask"][:, 1] == 1).all()  # check/call is always legal
    assert infos == {}


def test_same_seed_same_trajectory_and_threads_do_not_matter():
    a = play(SitAndGoVectorEnv(8, opponents=["tag", "maniac"]), seed=11, steps=300)
    b = play(SitAndGoVectorEnv(8, opponents=["tag", "maniac"], threads=2), seed=11, steps=300)
    for (oa, ma, ra, ta), (ob, mb, rb, tb) in zip(a, b):
        assert np.array_equal(oa, ob) and np.array_equal(ma, mb)
        assert np.array_equal(ra, rb) and np.array_equal(ta, tb)
    c = play(SitAndGoVectorEnv(8, opponents=["tag", "maniac"]), seed=12, steps=50)
    assert any(not np.array_equal(x[0], y[0]) for x, y in zip(a, c))


@pytest.mark.parametrize("hand_cap", [120, 30])
def test_icm_rewards_are_the_prize_in_buy_ins_and_sum_to_zero_over_the_field(hand_cap):
    # 65/35 for 6 players: first 6 * 0.65 - 1, second 6 * 0.35 - 1, the rest
    # -1; a tournament the hand cap ends values its survivors by ICM.
    table = {"players": 6, "stack": 1000, "blinds": "normal", "hand_cap": hand_cap}
    venv = SitAndGoVectorEnv(
        16, opponents=["calling_station", "rock"], payouts=[65, 35], config={"table": table}, play_out=True
    )
    rng = np.random.default_rng(1)
    obs, _ = venv.reset(seed=5)
    by_place = {1.0: 6 * 0.65 - 1, 2.0: 6 * 0.35 - 1, 3.0: -1.0, 4.0: -1.0, 5.0: -1.0, 6.0: -1.0}
    finished = capped = 0
    while finished < 200:
        obs, rewards, terminated, _, infos = venv.step(random_legal(rng, obs["action_mask"]))
        for t in np.flatnonzero(terminated):
            record = infos["record"][t]
            seat = record["learner_seats"][0]
            assert record["labels"][seat] == "learner_0"
            assert rewards[t] == np.float32(record["roi"][seat])
            assert record["complete"]
            assert sum(record["roi"]) == pytest.approx(0.0, abs=1e-9)
            if record["capped"]:
                capped += 1
                assert record["hands"] == hand_cap
                survivors = [r for r, chips in zip(record["roi"], record["final_chips"]) if chips > 0]
                assert len(set(survivors)) > 1 or len(survivors) == 1
            else:
                for place, roi in zip(record["places"], record["roi"]):
                    if record["places"].count(place) == 1:  # shared places pay the mean of theirs (R22)
                        assert roi == pytest.approx(by_place[place])
            finished += 1
    assert (capped > 0) == (hand_cap == 30)


def test_chip_rewards_sum_to_the_chip_change_and_place_rewards_span_minus_one_to_one():
    venv = SitAndGoVectorEnv(4, players=3, opponents=["calling_station"], reward="chips")
    rng = np.random.default_rng(2)
    obs, _ = venv.reset(seed=9)
    total = np.zeros(4)
    done = []
    for _ in range(5000):
        obs, rewards, terminated, _, infos = venv.step(random_legal(rng, obs["action_mask"]))
        total += rewards
        for t in np.flatnonzero(terminated):
            done.append((infos["place"][t], total[t]))
            total[t] = 0.0
    assert done
    for place, chips in done:
        if place == 3.0:
            assert chips == pytest.approx(-1.0)  # busted: lost the starting stack
    venv = SitAndGoVectorEnv(4, players=3, opponents=["calling_station"], reward="place")
    obs, _ = venv.reset(seed=9)
    for _ in range(5000):
        obs, rewards, terminated, _, infos = venv.step(random_legal(rng, obs["action_mask"]))
        for t in np.flatnonzero(terminated):
            assert rewards[t] == pytest.approx(1.0 - (infos["place"][t] - 1.0))  # 3 players: 1, 0, -1
        assert (rewards[~terminated] == 0).all()


def test_an_illegal_action_raises_and_moves_nothing():
    venv = SitAndGoVectorEnv(2, opponents=["calling_station"])
    obs, _ = venv.reset(seed=1)
    before = obs["observation"].copy()
    illegal = np.where(obs["action_mask"][0] == 0)[0]
    bad = np.array([illegal[0] if len(illegal) else 99, 1], np.int32)
    with pytest.raises(ValueError, match="not legal"):
        venv.step(bad)
    venv.copy = True
    with pytest.raises(ValueError):
        venv.step(np.array([1, 1, 1], np.int32))
    obs2, *_ = venv.step(np.array([1, 1], np.int32))
    assert obs2["observation"].shape == before.shape


def test_bad_configuration_is_a_value_error_naming_the_place():
    with pytest.raises(ValueError, match="learners"):
        _env.Tables(table_config(players=3), 1, 4)
    with pytest.raises(ValueError, match="reward"):
        _env.Tables(table_config(), 1, 1, [0.5], "money")
    with pytest.raises(ValueError, match="<environment>"):
        _env.Tables(table_config(opponents=["no_such_bot"]), 1, 1)
    with pytest.raises(ValueError, match="raise fractions"):
        _env.Tables(table_config(), 1, 1, [0.0])


def test_without_play_out_the_episode_ends_when_the_learner_is_out_with_the_same_result():
    kwargs = dict(players=6, opponents=["tag", "maniac", "calling_station"], reward="icm")
    results = []
    for play_out in (False, True):
        venv = SitAndGoVectorEnv(4, play_out=play_out, **kwargs)
        rng = np.random.default_rng(3)
        obs, _ = venv.reset(seed=8)
        trace, ends = [], []
        while len(ends) < 40:
            actions = random_legal(rng, obs["action_mask"])
            obs, rewards, terminated, _, infos = venv.step(actions)
            trace.append((obs["observation"].copy(), rewards.copy(), terminated.copy()))
            for t in np.flatnonzero(terminated):
                record = infos["record"][t]
                seat = record["learner_seats"][0]
                ends.append((record["tournament"], record["places"][seat], rewards[t], record["hands"], record["complete"]))
        results.append((trace, ends))
    (short_trace, short_ends), (full_trace, full_ends) = results
    # The learner sees and earns exactly the same either way.
    for a, b in zip(short_trace, full_trace):
        assert all(np.array_equal(x, y) for x, y in zip(a, b))
    for short, full in zip(short_ends, full_ends):
        assert short[:3] == full[:3]
        assert short[3] <= full[3]
        assert full[4]
    assert any(not short[4] and short[3] < full[3] for short, full in zip(short_ends, full_ends))
