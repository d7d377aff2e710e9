"""sit_and_go_v0 judged by PettingZoo's own tests, and the vector environment
against it step for step (needs the PettingZoo and Gymnasium sources on
PYTHONPATH: tests/python/env_pytest.sh --yardsticks)."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from sngsim.env import SitAndGoVectorEnv, sit_and_go_v0


@pytest.mark.parametrize("learners,reward", [(1, "icm"), (2, "chips"), (3, "place")])
def test_pettingzoo_api_test(learners, reward):
    env = sit_and_go_v0.env(players=6, opponents=["tag", "maniac"], learners=learners, reward=reward)
    api_test(env, num_cycles=2000)


def test_pettingzoo_seed_test():
    seed_test(lambda: sit_and_go_v0.env(players=4, opponents=["calling_station", "rock"], learners=2), num_cycles=500)


def test_an_episode_is_a_whole_sit_and_go_with_a_place_for_every_learner():
    env = sit_and_go_v0.env(players=6, opponents=["maniac", "calling_station"], learners=2, reward="place")
    env.reset(seed=4)
    total = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        total[agent] += reward
        if terminated:
            places = info["place"]
            assert 1 <= places <= 6
            assert total[agent] == pytest.approx(1.0 - 2.0 * (places - 1) / 5)
            assert info["hands"] <= 120
            env.step(None)
            continue
        mask = obs["action_mask"]
        env.step(int(np.flatnonzero(mask)[-1]))  # the largest legal raise, else call
    assert env.agents == []


def test_an_illegal_action_raises():
    env = sit_and_go_v0.env(opponents=["calling_station"])
    env.reset(seed=1)
    obs, *_ = env.last()
    illegal = np.flatnonzero(obs["action_mask"] == 0)
    with pytest.raises(ValueError, match="not legal"):
        env.step(int(illegal[0]) if len(illegal) else 17)


def action_of(observation, mask, step):
    """A deterministic policy of the observation alone, mixing every action."""
    legal = np.flatnonzero(mask)
    return int(legal[(int(observation.sum() * 1000) + step) % len(legal)])


def test_vector_env_equals_the_aec_env_step_for_step():
    tables, steps = 3, 400
    kwargs = dict(players=5, opponents=["tag", "calling_station", "maniac"], reward="chips")
    venv = SitAndGoVectorEnv(tables, **kwargs)
    obs, _ = venv.reset(seed=21)
    vector_trace = [[] for _ in range(tables)]  # per table: (obs, mask, reward after, terminated)
    for step in range(steps):
        actions = np.array(
            [action_of(obs["observation"][t], obs["action_mask"][t], step) for t in range(tables)], np.int32
        )
        before = obs
        obs, rewards, terminated, _, _ = venv.step(actions)
        for t in range(tables):
            vector_trace[t].append(
                (before["observation"][t], before["action_mask"][t], actions[t], rewards[t], terminated[t])
            )
    # Table t plays tournaments t, t + N, ...: the AEC env reaches them by
    # reset(seed) and further reset() calls.
    for t in range(tables):
        env = sit_and_go_v0.env(**kwargs)
        env.reset(seed=21)
        for _ in range(t):
            env.reset()
        for i, (o, m, a, r, done) in enumerate(vector_trace[t]):
            got, *_ = env.last()
            assert np.array_equal(got["observation"], o), f"table {t} step {i}"
            assert np.array_equal(got["action_mask"], m), f"table {t} step {i}"
            env.step(int(a))
            reward = env.rewards["player_0"]
            assert np.float32(reward) == r, f"table {t} step {i}"
            assert env.terminations["player_0"] == bool(done)
            if done:
                for _ in range(tables - 1):
                    env.reset()
                env.reset()
