#!/usr/bin/env python3
"""Speed of the sngsim package (issue 34, "Speed"): medians of runs taken
in turn with their reference, never a timed test.

    PYTHONPATH=build/python /usr/bin/python3 python/benchmarks/bench_python.py [--runs 5]

1. An always-call Python bot in process: six seats of it, decisions/s,
   against the same bot as a process speaking protocol 1 (the kit's
   python/examples/call_bot.py with SNGSIM_BOT_MAX_PROTOCOL=1).
2. A batched policy: decide_batch answering every question of a batch at
   once, given observation objects (not read: the floor of that path) or
   numpy arrays (batch_format = "numpy").
3. sngsim.run of configs/quickstart.yaml against `sngsim run` of it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import sngsim
from sngsim_bot import Action, Bot

ROOT = Path(__file__).resolve().parents[2]
CALL = Action.call()


class CountingCallBot(Bot):
    decisions = 0

    def decide(self, obs):
        CountingCallBot.decisions += 1
        return CALL


class NumpyCallBot(Bot):
    """The numpy batch form: one array operation per batch."""

    batch_format = "numpy"
    decisions = 0

    @classmethod
    def decide_batch(cls, batch):
        mask = batch["action_mask"]
        cls.decisions += len(mask)
        return np.ones(len(mask), dtype=np.int64)


class BatchCallBot(Bot):
    decisions = 0

    @classmethod
    def decide_batch(cls, observations):
        cls.decisions += len(observations)
        return [CALL] * len(observations)


def six_seats(strategy: dict, tournaments: int) -> dict:
    return {"name": "bench-python", "seed": 3, "tournaments": tournaments, "table": {"players": 6},
            "bots": {"tables_in_flight": 256}, "lineup": [{**strategy, "count": 6}]}


def timed(action) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def in_process(bot: type, tournaments: int, threads: int, out: Path) -> float:
    bot.decisions = 0
    seconds = timed(lambda: sngsim.run(six_seats({"strategy": "mine"}, tournaments), bots={"mine": bot},
                                       threads=threads, progress=False, out=out, force=True))
    return bot.decisions / seconds


def protocol_1(binary: Path, tournaments: int, threads: int, out: Path, decisions_per_tournament: float) -> float:
    config = {**six_seats({"strategy": "process", "label": "call",
                           "command": [sys.executable, str(ROOT / "python" / "examples" / "call_bot.py")],
                           "env": {"SNGSIM_BOT_MAX_PROTOCOL": "1"}}, tournaments)}
    import json

    path = out.with_suffix(".json")
    path.write_text(json.dumps(config))
    seconds = timed(lambda: subprocess.run([str(binary), "run", str(path), "-t", str(threads), "-q", "-f", "-o",
                                            str(out)], check=True, stdout=subprocess.DEVNULL))
    return decisions_per_tournament * tournaments / seconds


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--tournaments", type=int, default=4000)
    parser.add_argument("--binary", default=str(ROOT / "build" / "sngsim"))
    args = parser.parse_args()
    scratch = Path(tempfile.mkdtemp(prefix="sngsim-bench-python-"))
    n, t = args.tournaments, args.threads

    calls, batches, numpys, process, per_tournament = [], [], [], [], []
    for _ in range(args.runs):
        calls.append(in_process(CountingCallBot, n, t, scratch / "call"))
        per_tournament.append(CountingCallBot.decisions / n)
        batches.append(in_process(BatchCallBot, n, t, scratch / "batch"))
        numpys.append(in_process(NumpyCallBot, n, t, scratch / "numpy"))
        process.append(protocol_1(Path(args.binary), max(n // 10, 100), t, scratch / "process",
                                  statistics.median(per_tournament)))
    cli, python = [], []
    quickstart = ROOT / "configs" / "quickstart.yaml"
    for _ in range(args.runs):
        cli.append(timed(lambda: subprocess.run([args.binary, "run", str(quickstart), "-t", str(t), "-q", "-f", "-o",
                                                 str(scratch / "cli")], check=True, stdout=subprocess.DEVNULL)))
        python.append(timed(lambda: sngsim.run(quickstart, threads=t, progress=False, out=scratch / "py",
                                               force=True)))
    med = statistics.median
    print(f"{args.runs} runs in turn, {t} threads, medians (sngsim {sngsim.version}):")
    print(f"  in-process always-call bot:   {med(calls):12,.0f} decisions/s")
    print(f"  protocol-1 process bot:       {med(process):12,.0f} decisions/s   (in process: x{med(calls) / med(process):.1f})")
    print(f"  in-process decide_batch:      {med(batches):12,.0f} decisions/s   (objects, not read)")
    print(f"  in-process numpy batch:       {med(numpys):12,.0f} decisions/s   (242 float32 + mask per row)")
    print(f"  quickstart: sngsim run {med(cli):.3f} s, sngsim.run {med(python):.3f} s "
          f"(ratio {med(python) / med(cli):.3f})")


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    main()
