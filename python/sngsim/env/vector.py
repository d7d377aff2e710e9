"""N sit-and-go tables stepped at once, in the shape of Gymnasium's vector API.

    venv = SitAndGoVectorEnv(256, opponents=["calling_station", "maniac"])
    obs, infos = venv.reset(seed=1)
    while training:
        actions = policy(obs["observation"], obs["action_mask"])   # int array, one per table
        obs, rewards, terminations, truncations, infos = venv.step(actions)

Every table seats one learner. Observations are a dict of arrays,
``observation`` float32[N, 242] and ``action_mask`` int8[N, 3 + F], the same
encoding and mask as sit_and_go_v0 (docs/environment.md). A table whose
sit-and-go ended reports its reward and ``terminations[t] = True`` and starts
its next one in the same step (Gymnasium's same-step autoreset): its row of
``obs`` is already the new tournament's first decision, and
``infos["place"][t]`` (with ``infos["_place"][t]`` True) is the finished
tournament's place. Truncation never happens (the hand cap is a rule that
ends the tournament with places), so ``truncations`` is all False.

Table t plays tournaments t, t + N, t + 2N, ... of the seed: exactly the
tournaments ``sit_and_go_v0`` plays after ``reset(seed)`` and t, t + N, ...
further ``reset()`` calls, so the two agree step for step. Needs numpy only;
with gymnasium importable it is a ``gymnasium.vector.VectorEnv`` with spaces.
"""

from __future__ import annotations

import secrets
from typing import Any, Mapping, Sequence

import numpy as np

from sngsim import _env
from sngsim.env._config import OBSERVATION_SIZE, table_config

try:  # Gymnasium is optional: without it the class has the same methods.
    import gymnasium
    from gymnasium import spaces

    _Base: type = gymnasium.vector.VectorEnv
except ImportError:  # pragma: no cover - exercised where gymnasium is absent
    gymnasium = None
    _Base = object


class SitAndGoVectorEnv(_Base):  # type: ignore[misc, valid-type]
    def __init__(
        self,
        num_envs: int,
        players: int = 6,
        stack: int = 1000,
        blinds: str = "normal",
        opponents: Sequence[str | Mapping[str, Any]] = ("calling_station",),
        reward: str = "icm",
        raise_fractions: Sequence[float] = (0.5, 1.0),
        payouts: Sequence[int] | None = None,
        config: Mapping[str, Any] | None = None,
        play_out: bool = False,
        threads: int = 1,
        copy: bool = True,
    ) -> None:
        text = table_config(players, stack, blinds, opponents, payouts, config)
        self._tables = _env.Tables(text, num_envs, 1, list(raise_fractions), reward, play_out)
        self.num_envs = num_envs
        self.threads = threads
        self.copy = copy  # False: the returned arrays are overwritten by the next step
        actions = self._tables.num_actions
        self._obs = np.zeros((num_envs, OBSERVATION_SIZE), np.float32)
        self._mask = np.zeros((num_envs, actions), np.int8)
        self._rewards = np.zeros(num_envs, np.float32)
        self._terminated = np.zeros(num_envs, np.uint8)
        self._places = np.zeros(num_envs, np.int32)
        self._truncated = np.zeros(num_envs, bool)
        self._started = False
        self.metadata = {"autoreset_mode": _same_step()}
        if gymnasium is not None:
            self.single_observation_space = spaces.Dict(
                {
                    "observation": spaces.Box(0.0, np.inf, (OBSERVATION_SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            self.single_action_space = spaces.Discrete(actions)
            self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, num_envs)
            self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[dict[str, np.ndarray], dict]:
        self._tables.reset(int(seed) if seed is not None else secrets.randbits(63))
        for t in range(self.num_envs):
            while self._tables.acting_learner(t) < 0:  # over before the learner acted: skipped, as step skips it
                self._tables.next_tournament(t)
        self._tables.encode_all(self._obs, self._mask)
        self._started = True
        return self._observations(), {}

    def step(
        self, actions: np.ndarray
    ) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, np.ndarray]]:
        if not self._started:
            raise RuntimeError("reset() the environment before step()")
        actions = np.ascontiguousarray(actions, dtype=np.int32)
        self._tables.step_all(
            actions, self._obs, self._mask, self._rewards, self._terminated, self._places, self.threads
        )
        terminated = self._terminated.astype(bool)
        infos: dict[str, np.ndarray] = {}
        if terminated.any():
            # The finished tournaments' records (every seat's place, final
            # chips and label) are kept by the tables until their next end.
            records = np.empty(self.num_envs, object)
            ended = np.flatnonzero(terminated)
            for t, record in zip(ended.tolist(), self._tables.records(ended)):
                records[t] = record
            infos = {"place": self._places / 2.0, "_place": terminated, "record": records, "_record": terminated}
        rewards = self._rewards.astype(np.float64)
        return self._observations(), rewards, terminated, self._truncated.copy(), infos

    def close(self, **kwargs: Any) -> None:
        pass

    def _observations(self) -> dict[str, np.ndarray]:
        if self.copy:
            return {"observation": self._obs.copy(), "action_mask": self._mask.copy()}
        return {"observation": self._obs, "action_mask": self._mask}


def _same_step() -> Any:
    if gymnasium is None:
        return "same_step"
    mode = getattr(gymnasium.vector, "AutoresetMode", None)
    return mode.SAME_STEP if mode is not None else "same_step"
