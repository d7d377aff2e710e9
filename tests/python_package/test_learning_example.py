"""python/examples/learn_sit_and_go.py: it trains on the vector env,
evaluates the policy as an in-process bot in sngsim.run, and its table
reproduces from its command on any thread count (README)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import SOURCE

EXAMPLE = SOURCE / "python" / "examples" / "learn_sit_and_go.py"


def learn(threads: int) -> list[str]:
    pytest.importorskip("sngsim._env", reason="the environments' module (sngsim._env) is not built")
    done = subprocess.run([sys.executable, str(EXAMPLE), "--iterations", "3", "--tables", "16", "--horizon", "8",
                           "--eval-tournaments", "300", "--threads", str(threads)],
                          capture_output=True, text=True, check=True, timeout=300)
    return done.stdout.splitlines()


def test_the_learning_example_evaluates_its_policy_in_sngsim_run_and_reproduces() -> None:
    one, two = learn(1), learn(2)
    assert any(line.startswith("sngsim.run: 300 tournaments") and "in process" in line for line in two)
    # Apart from the lines with the thread count and the seconds: the same.
    table = [line for line in two if not line.startswith(("training", "trained", "sngsim.run"))]
    assert table == [line for line in one if not line.startswith(("training", "trained", "sngsim.run"))]
    assert table[0].split() == ["label", "entries", "ROI%", "95%", "CI"]
    assert sorted(line.split()[0] for line in table[1:]) == ["calling_station", "maniac", "policy"]
