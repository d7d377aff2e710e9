"""Bots of the kit's shape for the tests."""

from __future__ import annotations

import os

import numpy as np

from sngsim_bot import Action, Bot


class CallBot(Bot):
    def decide(self, obs):
        return Action.call()


class RaisingBot(Bot):
    """Raises an exception every tenth hand; else calls."""

    def decide(self, obs):
        if obs.hand % 10 == 0:
            raise RuntimeError(f"a bug in hand {obs.hand}")
        return Action.call()


class BatchBot(Bot):
    """decide_batch once per batch: shoves with a pair, else checks or folds,
    drawing on nothing but the observation (so any batch gives the same)."""

    batches: list[int] = []

    @classmethod
    def decide_batch(cls, observations):
        cls.batches.append(len(observations))
        actions = []
        for obs in observations:
            if obs.hole[0][0] == obs.hole[1][0] and obs.legal.can_raise:
                actions.append(Action.raise_to(obs.legal.max_raise_to))
            elif obs.legal.can_check:
                actions.append(Action.check())
            else:
                actions.append(Action.fold())
        return actions


class SlowBot(Bot):
    """Calls, after a little numpy work: a run of it takes a while."""

    def decide(self, obs):
        np.linalg.svd(np.ones((20, 20)))
        return Action.call()


PID = os.getpid()


class NumpyCallBot(Bot):
    """The numpy batch form: check/call (index 1) for every row."""

    batch_format = "numpy"
    shapes: list[tuple] = []

    @classmethod
    def decide_batch(cls, batch):
        cls.shapes.append((batch["observation"].shape, batch["observation"].dtype.name, batch["action_mask"].shape,
                           bool(batch["action_mask"][:, 1].all())))
        return np.ones(len(batch["observation"]), dtype=np.int64)


class NumpyFoldBot(Bot):
    """Index 0 (fold) everywhere: illegal where checking is free."""

    batch_format = "numpy"

    @classmethod
    def decide_batch(cls, batch):
        return np.zeros(len(batch["seat"]), dtype=np.int64)


class ReadingCallBot(Bot):
    """Calls, noting what it saw as it decides."""

    seen: list[tuple] = []

    def decide(self, obs):
        ReadingCallBot.seen.append(seen_in(obs))
        return Action.call()


class KeepingCallBot(Bot):
    """Calls, keeping every observation unread, to read after the run."""

    kept: list = []

    def decide(self, obs):
        KeepingCallBot.kept.append(obs)
        return Action.call()


class KeepingBatchBot(Bot):
    """Calls from decide_batch, keeping its lists of observations unread."""

    kept: list = []

    @classmethod
    def decide_batch(cls, observations):
        cls.kept.append(observations)
        return [Action.call()] * len(observations)


def seen_in(obs) -> tuple:
    return (obs.tournament, obs.seat, obs.hand, obs.street, tuple(obs.hole), tuple(obs.stacks), obs.pot,
            len(obs.history))
