#!/usr/bin/env python3
"""Learns to beat calling stations and maniacs at six-max sit-and-gos, with
numpy alone, then measures it.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/learn_sit_and_go.py

Training: REINFORCE with a small two-layer policy (242 -> 32 -> 5, masked
softmax) on sngsim.env.SitAndGoVectorEnv, 256 tables at once, rewarded by the
chips each hand wins or loses (reward="chips", lower variance than the
tournament's result), returns discounted per decision. A fixed number of
updates, so the same command gives the same policy on any machine and
thread count. Evaluation: the greedy policy plays as an in-process bot
(batch_format = "numpy", docs/python.md) in `sngsim.run` of fresh
tournaments (another seed) against the lineup it trained with, and the table
is the run's own: each label's ROI with its 95% interval (prize in buy-ins
less the buy-in, fees apart; docs/statistics.md).
"""

from __future__ import annotations

import argparse
import math
import os
import time

# The policy's matrices are small: BLAS threads would only wait for each
# other (and for the environment's threads) on two cores.
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import numpy as np  # noqa: E402

import sngsim  # noqa: E402
from sngsim.env import SitAndGoVectorEnv  # noqa: E402
from sngsim_bot import Bot  # noqa: E402


class Policy:
    """Two layers, tanh hidden units, logits masked to the legal actions."""

    def __init__(self, inputs: int, hidden: int, actions: int, rng: np.random.Generator) -> None:
        self.params = {
            "w1": rng.normal(0, 1 / math.sqrt(inputs), (inputs, hidden)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": np.zeros((hidden, actions), np.float32),
            "b2": np.zeros(actions, np.float32),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.steps = 0

    def forward(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(x @ self.params["w1"] + self.params["b1"])
        logits = h @ self.params["w2"] + self.params["b2"]
        logits = np.where(mask > 0, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        return h, p

    def sample(self, x: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
        _, p = self.forward(x, mask)
        u = rng.random((len(p), 1))
        return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1).astype(np.int32)

    def greedy(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The likeliest legal action of each row. In float64, so that a
        row's choice does not hang on the rounding of a batch's float32
        matrix product (sngsim.run batches vary with threads and timing)."""
        w = {k: v.astype(np.float64) for k, v in self.params.items()}
        h = np.tanh(x.astype(np.float64) @ w["w1"] + w["b1"])
        logits = np.where(mask > 0, h @ w["w2"] + w["b2"], -np.inf)
        return logits.argmax(axis=1).astype(np.int32)

    def update(self, x, mask, actions, advantages, lr: float, entropy: float) -> None:
        h, p = self.forward(x, mask)
        n = len(x)
        # d(-log p[a] * A - entropy * H)/d logits
        grad = p.copy()
        grad[np.arange(n), actions] -= 1.0
        grad *= advantages[:, None]
        logp = np.log(np.maximum(p, 1e-12))
        h_p = -(p * logp).sum(axis=1, keepdims=True)
        grad += entropy * p * (logp + h_p) * (mask > 0)
        grad /= n
        grads = {"w2": h.T @ grad, "b2": grad.sum(axis=0)}
        dh = (grad @ self.params["w2"].T) * (1 - h * h)
        grads["w1"] = x.T @ dh
        grads["b1"] = dh.sum(axis=0)
        self.steps += 1
        for k, g in grads.items():  # Adam
            m, v = self.moments[k]
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            self.params[k] -= (lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)


def train(args, table_kwargs) -> Policy:
    rng = np.random.default_rng(args.seed)
    venv = SitAndGoVectorEnv(args.tables, reward="chips", threads=args.threads, copy=False, **table_kwargs)
    obs, _ = venv.reset(seed=args.seed)
    policy = Policy(obs["observation"].shape[1], args.hidden, obs["action_mask"].shape[1], rng)
    start = time.monotonic()
    finished = 0
    for iteration in range(1, args.iterations + 1):
        xs, masks, actions, rewards, dones = [], [], [], [], []
        for _ in range(args.horizon):
            x, m = obs["observation"].copy(), obs["action_mask"].copy()
            a = policy.sample(x, m, rng)
            obs, r, terminated, _, _ = venv.step(a)
            xs.append(x)
            masks.append(m)
            actions.append(a)
            rewards.append(r)
            dones.append(terminated)
            finished += int(terminated.sum())
        returns = np.zeros((args.horizon, args.tables))
        g = np.zeros(args.tables)
        for t in reversed(range(args.horizon)):
            g = rewards[t] + args.gamma * g * (1 - dones[t])
            returns[t] = g
        adv = returns.reshape(-1)
        adv = (adv - adv.mean()) / (adv.std() + 1e-8)
        policy.update(
            np.concatenate(xs), np.concatenate(masks), np.concatenate(actions), adv.astype(np.float32),
            args.lr, args.entropy,
        )
        if iteration % 50 == 0:
            print(f"  iteration {iteration}: {finished:,} tournaments, {time.monotonic() - start:.0f} s", flush=True)
    print(f"trained {args.iterations} iterations ({args.iterations * args.horizon * args.tables:,} decisions, "
          f"{finished:,} tournaments) in {time.monotonic() - start:.0f} s")
    return policy


def policy_bot(policy: Policy) -> type[Bot]:
    """The greedy policy as an in-process bot asked whole batches of arrays."""

    class PolicyBot(Bot):
        batch_format = "numpy"

        @classmethod
        def decide_batch(cls, batch):  # type: ignore[override]
            return policy.greedy(batch["observation"], batch["action_mask"])

    return PolicyBot


def evaluate(policy: Policy, args, table_kwargs) -> sngsim.Results:
    """sngsim.run of the training table: the learner's seat is the policy,
    the others the opponents in the order the environment seats them
    (docs/environment.md: they fill the seats the learner leaves, repeated)."""
    players = table_kwargs["players"]
    opponents = [{"strategy": o} for o in args.opponents]
    lineup = [{"strategy": "policy", "label": "policy"}] + [opponents[i % len(opponents)] for i in range(players - 1)]
    config = {
        "name": "learn-sit-and-go",
        "table": {"players": players, "stack": table_kwargs["stack"], "blinds": table_kwargs["blinds"]},
        "lineup": lineup,
    }
    return sngsim.run(config, tournaments=args.eval_tournaments, seed=args.seed + 1_000_003, threads=args.threads,
                      bots={"policy": policy_bot(policy)}, progress=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--iterations", type=int, default=100, help="policy updates (of tables x horizon decisions)")
    parser.add_argument("--tables", type=int, default=256)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--horizon", type=int, default=32, help="decisions per table per update")
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--lr", type=float, default=3e-3)
    parser.add_argument("--gamma", type=float, default=0.9, help="discount per decision")
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval-tournaments", type=int, default=20000)
    parser.add_argument("--opponents", nargs="+", default=["calling_station", "maniac"])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    table_kwargs = dict(players=6, stack=1000, blinds="normal", opponents=args.opponents)

    print(f"training against {', '.join(args.opponents)}: {args.iterations} iterations, "
          f"{args.tables} tables, {args.threads} threads")
    policy = train(args, table_kwargs)
    start = time.monotonic()
    results = evaluate(policy, args, table_kwargs)
    print(f"sngsim.run: {args.eval_tournaments:,} tournaments (seed {args.seed + 1_000_003}), the policy in process, "
          f"in {time.monotonic() - start:.0f} s")
    print(f"{'label':<18}{'entries':>9}{'ROI%':>9}  95% CI")
    for player in sorted(results.cells[0].players, key=lambda p: -(p.roi or 0.0)):
        lo, hi = player.roi_ci95.lo, player.roi_ci95.hi
        print(f"{player.label:<18}{player.entries:>9}{100 * player.roi:>+9.1f}  [{100 * lo:+.1f}, {100 * hi:+.1f}]")


if __name__ == "__main__":
    main()
