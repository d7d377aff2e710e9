"""Shared set-up of the sngsim package's tests: the binary to compare
with, the source tree's configs, and the example bots."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(os.environ.get("SNGSIM_SOURCE_DIR", Path(__file__).resolve().parents[2]))
BINARY = Path(os.environ.get("SNGSIM_BINARY", SOURCE / "build" / "sngsim"))
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))  # the test bots (bots_for_tests.py)
sys.path.insert(0, str(SOURCE / "python" / "examples"))


@pytest.fixture
def source() -> Path:
    return SOURCE


def cli_summary(config: str | Path, out: Path, *args: str) -> dict:
    """summary.json of `sngsim run CONFIG ARGS -q -f -o OUT`."""
    subprocess.run([str(BINARY), "run", str(config), *args, "-q", "-f", "-o", str(out)], check=True,
                   stdout=subprocess.DEVNULL)
    return json.loads((out / "summary.json").read_text())


def without_timing(summary: dict, *also: str) -> dict:
    """The summary without what depends on the machine and the run's shape:
    wall time, threads, decision times (and the provenance keys `also`
    names)."""
    copy = json.loads(json.dumps(summary))
    for key in ("wall_seconds", "threads", "tournaments_per_second", *also):
        copy.get("provenance", {}).pop(key, None)
    # Decision times are the machine's; their counts are the seed's.
    for times in copy.get("provenance", {}).get("decision_times", []):
        for key in ("mean_ms", "p50_ms", "p99_ms", "total_s"):
            times.pop(key, None)
    return copy
