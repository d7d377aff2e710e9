#!/usr/bin/env python3
"""Steps per second of the learning environments (docs/environment.md, "Speed").

    PYTHONPATH=build/python:PETTINGZOO_DIR:GYMNASIUM_DIR /usr/bin/python3 scripts/bench_env.py [--repeats 5]

(PETTINGZOO_DIR and GYMNASIUM_DIR hold the pettingzoo and gymnasium
packages, as for tests/python/env_pytest.sh; without them only the vector
env is measured.)

Each measurement is repeated and its median printed; the runs of every
subject are interleaved (A B C A B C ...) so that a busy machine slows all of
them alike, and each is quoted as a ratio to a reference taken in the same
minutes: PettingZoo's own example AEC env with an action mask in its
observations (pettingzoo/test/example_envs/generated_agents_env_action_mask_obs_v0,
pure Python; its classic games import pygame) stepped by the same
random-legal-action loop, for the AEC env; the vector
env on one thread, for the threaded vector env.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np

from sngsim.env import SitAndGoVectorEnv


def aec_steps_per_second(make_env, seconds: float, seed: int) -> float:
    """Random legal actions through agent_iter()/last()/step(), new episodes
    as needed. The action is drawn with the standard library's random: numpy's
    Generator.integers and np.flatnonzero cost more per call than a step of
    the environment does, and would be most of what is measured."""
    env = make_env()
    rng = random.Random(seed)
    steps = 0
    env.reset(seed=seed)
    start, cpu = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while True:
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = obs["action_mask"].nonzero()[0].tolist()
            env.step(legal[rng.randrange(len(legal))] if legal else 0)
            steps += 1
        if time.perf_counter() > deadline:
            return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu)
        env.reset()


def vector_steps_per_second(tables: int, threads: int, seconds: float, seed: int) -> float:
    venv = SitAndGoVectorEnv(tables, opponents=["calling_station", "maniac", "tag"], threads=threads, copy=False)
    rng = np.random.default_rng(seed)
    obs, _ = venv.reset(seed=seed)
    mask = obs["action_mask"]
    steps = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        actions = (rng.random(mask.shape, np.float32) * mask).argmax(axis=1).astype(np.int32)
        obs, *_ = venv.step(actions)
        mask = obs["action_mask"]
        steps += tables
    return steps / (time.perf_counter() - start), steps / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="per measurement")
    parser.add_argument("--tables", type=int, default=1024, help="vector env tables")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()

    subjects: dict[str, object] = {}
    try:
        from pettingzoo.test.example_envs import generated_agents_env_action_mask_obs_v0 as reference_env

        from sngsim.env import sit_and_go_v0

        subjects["AEC sit_and_go_v0, 6 players, 1 learner"] = lambda r: aec_steps_per_second(
            lambda: sit_and_go_v0.raw_env(opponents=["calling_station", "maniac", "tag"]), args.seconds, r
        )
        subjects["AEC reference: PettingZoo's example env"] = lambda r: aec_steps_per_second(
            reference_env.raw_env, args.seconds, r
        )
    except ImportError as error:
        print(f"AEC env not measured: {error} (put PettingZoo and Gymnasium on PYTHONPATH)")
    subjects[f"vector env, {args.tables} tables, 1 thread"] = lambda r: vector_steps_per_second(
        args.tables, 1, args.seconds, r
    )
    subjects[f"vector env, {args.tables} tables, {args.threads} threads"] = lambda r: vector_steps_per_second(
        args.tables, args.threads, args.seconds, r
    )

    results: dict[str, list[tuple[float, float]]] = {name: [] for name in subjects}
    for repeat in range(args.repeats):
        for name, measure in subjects.items():
            results[name].append(measure(repeat))
    # Wall-clock steps/s, and steps per CPU second of this process (all its
    # threads): on a shared machine the second says what the code costs.
    medians = {name: statistics.median(v[0] for v in values) for name, values in results.items()}
    cpu_medians = {name: statistics.median(v[1] for v in values) for name, values in results.items()}
    print(f"{'subject':<48}{'steps/s':>12}{'per CPU s':>12}  runs (steps/s)")
    for name, median in medians.items():
        runs = " ".join(f"{v[0]:,.0f}" for v in results[name])
        print(f"{name:<48}{median:>12,.0f}{cpu_medians[name]:>12,.0f}  {runs}")
    aec, reference = "AEC sit_and_go_v0, 6 players, 1 learner", "AEC reference: PettingZoo's example env"
    if aec in medians:
        print(f"AEC env / PettingZoo's example env: {medians[aec] / medians[reference]:.2f}")
    one, many = list(medians)[-2:]
    print(f"vector env, {args.threads} threads / 1 thread: {medians[many] / medians[one]:.2f}")

if __name__ == "__main__":
    main()
