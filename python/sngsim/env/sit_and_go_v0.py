"""A PettingZoo AEC environment: one whole sit-and-go per episode.

    from sngsim.env import sit_and_go_v0
    env = sit_and_go_v0.env(players=6, stack=1000, blinds="normal",
                            opponents=["calling_station", "maniac"], reward="icm")
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated else policy(obs["observation"], obs["action_mask"])
        env.step(action)

The agents ``player_0`` .. ``player_{learners-1}`` are the seats that learn;
the other seats are the ``opponents`` (built-in or plug-in bots), played in
C++ between the learners' turns. An episode is one sit-and-go (rising blinds,
the hand cap, busts, places); every agent is terminated when it ends, and a
learner that busts earlier simply is not asked again. ``observe()`` gives
``{"observation": float32[242], "action_mask": int8[3 + len(raise_fractions)]}``
(docs/environment.md gives every index and the actions). Rewards: ``"icm"``
(at the end, prize in buy-ins less the buy-in, capped tournaments by ICM),
``"place"`` (at the end, 1 first .. -1 last) or ``"chips"`` (after each
hand, the chip change over the starting stack).

``reset(seed=s)`` plays tournament 0 of seed s (the tournament ``sngsim run``
with seed s plays first, with the learners seated in place of lineup
entrants); each later ``reset()`` without a seed plays the next tournament
of that seed. An action the mask forbids raises ValueError.
"""

from __future__ import annotations

import secrets
from typing import Any, Mapping, Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from sngsim import _env
from sngsim.env._config import OBSERVATION_SIZE, table_config


def env(**kwargs: Any) -> "raw_env":
    """The environment (no PettingZoo wrappers: masked actions already raise)."""
    return raw_env(**kwargs)


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's naming
    metadata = {"name": "sit_and_go_v0", "render_modes": [], "is_parallelizable": False}

    def __init__(
        self,
        players: int = 6,
        stack: int = 1000,
        blinds: str = "normal",
        opponents: Sequence[str | Mapping[str, Any]] = ("calling_station",),
        reward: str = "icm",
        learners: int = 1,
        raise_fractions: Sequence[float] = (0.5, 1.0),
        payouts: Sequence[int] | None = None,
        config: Mapping[str, Any] | None = None,
        play_out: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None:
            raise ValueError("sit_and_go_v0 renders nothing; hand histories come from `sngsim run`")
        self.render_mode = None
        text = table_config(players, stack, blinds, opponents, payouts, config)
        self._tables = _env.Tables(text, 1, learners, list(raise_fractions), reward, play_out)
        self.possible_agents = [f"player_{k}" for k in range(learners)]
        self._index_of = {agent: k for k, agent in enumerate(self.possible_agents)}
        self._actions = self._tables.num_actions
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, np.inf, (OBSERVATION_SIZE,), np.float32),
                "action_mask": spaces.Box(0, 1, (self._actions,), np.int8),
            }
        )
        action_space = spaces.Discrete(self._actions)
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: action_space for a in self.possible_agents}
        # Each learner's last observation (its mask zero unless it is to act).
        self._observations = np.zeros((learners, OBSERVATION_SIZE), np.float32)
        self._masks = np.zeros((learners, self._actions), np.int8)
        self._rewards = np.zeros(learners, np.float64)
        self._seeded = False
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None or not self._seeded:
            self._tables.reset(int(seed) if seed is not None else secrets.randbits(63))
            self._seeded = True
        else:
            self._tables.next_tournament(0)
        # A tournament over before any learner acts (blinds that cover whole
        # stacks) is no episode: the next one is.
        while self._tables.acting_learner(0) < 0:
            self._tables.next_tournament(0)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._observations.fill(0.0)
        self._masks.fill(0)
        self._skip_agent_selection = None
        # Chips won or lost before the first decision are paid with the
        # reward of the first step.
        self._after_reset()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        k = self._index_of[agent]
        return {"observation": self._observations[k].copy(), "action_mask": self._masks[k].copy()}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for terminated agents")
        acting = self._tables.step_observe(0, int(action), self._observations, self._masks, self._rewards)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict(zip(self.agents, self._rewards.tolist()))
        if acting >= 0:
            self.agent_selection = self.possible_agents[acting]
        else:
            self._tournament_over()
        self._accumulate_rewards()

    def close(self) -> None:
        pass

    def render(self) -> None:
        return None

    def _after_reset(self) -> None:
        acting = self._tables.acting_learner(0)
        self.agent_selection = self.possible_agents[acting]
        self._tables.encode(0, self._observations[acting], self._masks[acting])

    def _tournament_over(self) -> None:
        record = self._tables.record(0)
        for k, agent in enumerate(self.agents):
            self.terminations[agent] = True
            seat = record["learner_seats"][k]
            self.infos[agent] = {
                "place": record["places"][seat],
                "final_chips": record["final_chips"][seat],
                "hands": record["hands"],
                "capped": record["capped"],
                "tournament": record["tournament"],
            }
        self.agent_selection = self.agents[0]
