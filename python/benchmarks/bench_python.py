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

Every rate is given per second of wall time and per CPU second (every
thread of this process, or of the sngsim and bot processes for the
protocol-1 reference): on a shared machine the second says what the code
costs, the first what the machine let it have.
"""

from __future__ import annotations

import argparse
import os
import resource
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


def cpu_seconds() -> float:
    """CPU seconds of this process and of its waited-for children."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(action) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of action()."""
    start, cpu = time.perf_counter(), cpu_seconds()
    action()
    return time.perf_counter() - start, cpu_seconds() - cpu


def in_process(bot: type, tournaments: int, threads: int, out: Path) -> tuple[float, float]:
    bot.decisions = 0
    wall, cpu = timed(lambda: sngsim.run(six_seats({"strategy": "mine"}, tournaments), bots={"mine": bot},
                                         threads=threads, progress=False, out=out, force=True))
    return bot.decisions / wall, bot.decisions / cpu


def protocol_1(binary: Path, tournaments: int, threads: int, out: Path,
               decisions_per_tournament: float) -> tuple[float, float]:
    config = {**six_seats({"strategy": "process", "label": "call",
                           "command": [sys.executable, str(ROOT / "python" / "examples" / "call_bot.py")],
                           "env": {"SNGSIM_BOT_MAX_PROTOCOL": "1"}}, tournaments)}
    import json

    path = out.with_suffix(".json")
    path.write_text(json.dumps(config))
    wall, cpu = timed(lambda: subprocess.run([str(binary), "run", str(path), "-t", str(threads), "-q", "-f", "-o",
                                              str(out)], check=True, stdout=subprocess.DEVNULL))
    return decisions_per_tournament * tournaments / wall, decisions_per_tournament * tournaments / cpu


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
        per_tournament.append(CountingCallBot.decisions / n)  # read before the next run resets it
        batches.append(in_process(BatchCallBot, n, t, scratch / "batch"))
        numpys.append(in_process(NumpyCallBot, n, t, scratch / "numpy"))
        process.append(protocol_1(Path(args.binary), max(n // 10, 100), t, scratch / "process",
                                  statistics.median(per_tournament)))
    cli, python = [], []
    quickstart = ROOT / "configs" / "quickstart.yaml"
    for _ in range(args.runs):
        cli.append(timed(lambda: subprocess.run([args.binary, "run", str(quickstart), "-t", str(t), "-q", "-f", "-o",
                                                 str(scratch / "cli")], check=True, stdout=subprocess.DEVNULL))[0])
        python.append(timed(lambda: sngsim.run(quickstart, threads=t, progress=False, out=scratch / "py",
                                               force=True))[0])

    def med(runs: list, part: int | None = None) -> float:
        return statistics.median(run if part is None else run[part] for run in runs)

    def line(name: str, runs: list, note: str = "") -> None:
        print(f"  {name:<30}{med(runs, 0):12,.0f}{med(runs, 1):14,.0f}   {note}")

    print(f"{args.runs} runs in turn, {t} threads, medians (sngsim {sngsim.version}):")
    print(f"  {'decisions':<30}{'per second':>12}{'per CPU s':>14}")
    line("in-process always-call bot", calls)
    line("protocol-1 process bot", process, f"(in process: x{med(calls, 0) / med(process, 0):.1f} per second, "
                                            f"x{med(calls, 1) / med(process, 1):.1f} per CPU second)")
    line("in-process decide_batch", batches, "(objects, not read)")
    line("in-process numpy batch", numpys, "(242 float32 + mask per row)")
    print(f"  quickstart: sngsim run {med(cli):.3f} s, sngsim.run {med(python):.3f} s "
          f"(ratio {med(python) / med(cli):.3f})")


if __name__ == "__main__":
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    main()
