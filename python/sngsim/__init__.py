"""sngsim in Python: run experiments, get typed results and DataFrames,
seat Python bots in process (docs/python.md).

    import sngsim
    results = sngsim.run("configs/quickstart.yaml", tournaments=2000, seed=7)
    frames = results.to_pandas()          # players, places, paired

Built by scripts/python.sh into build/python (PYTHONPATH=build/python).
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from typing import Any, Callable, Mapping

from sngsim import _core
from sngsim._core import ConfigError, InvariantViolation, SessionError
from sngsim.results import Frames, Results, parse
from sngsim_bot import Action, Bot, Observation

__all__ = ["run", "Results", "Frames", "ConfigError", "SessionError", "InvariantViolation", "Action", "Bot",
           "Observation", "version"]

version: str = _core.version


def _value_text(value: Any) -> str:
    """A --set value as YAML text (JSON is YAML)."""
    return json.dumps(value)


class _ProgressBar:
    """tournaments done / total on stderr, redrawn in place."""

    def __init__(self) -> None:
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        width = 30
        filled = width * done // max(total, 1)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} tournaments")
        sys.stderr.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()


def run(config: str | os.PathLike[str] | Mapping[str, Any], *, tournaments: int | None = None,
        seed: int | None = None, threads: int | None = None, set: Mapping[str, Any] | None = None,  # noqa: A002
        bots: Mapping[str, Any] | None = None, progress: bool | Callable[[int, int], None] = True,
        out: str | os.PathLike[str] | None = None, force: bool = False, checkpoint: str | None = None,
        baseline: str | None = None, check: bool = False) -> Results:
    """Runs an experiment as `sngsim run` does and returns its results.

    config: an experiment file's path, or a dict of the YAML's shape.
    tournaments, seed: as -n and -s; set: {"table.stack": 2000} as --set.
    threads: runner threads (default: every core); results do not depend on it.
    bots: {"name": BotClass}: `strategy: name` in the lineup plays that
        class of the kit's Bot shape in this process.
    progress: a bar on stderr (True), none (False), or a callable(done, total).
    out: the results folder (default: a new temporary folder); force: replace it.
    checkpoint, baseline, check: as --checkpoint, --baseline, --check.

    Raises ConfigError (a ValueError) with the CLI's message, file:line:column
    included; SessionError for a bad folder, shard or bot set-up. Ctrl-C stops
    the run and returns the tournaments finished so far (results.partial)."""
    overrides = [f"{key}={_value_text(value)}" for key, value in (set or {}).items()]
    if tournaments is not None:
        overrides.append(f"tournaments={int(tournaments)}")
    if seed is not None:
        overrides.append(f"seed={int(seed)}")
    if isinstance(config, Mapping):
        path, text, display_name = "", json.dumps(config, indent=2) + "\n", "<dict>"
    else:
        path, text, display_name = os.fspath(config), "", ""
    if out is None:
        out = os.path.join(tempfile.mkdtemp(prefix="sngsim-"), "results")
    bar = _ProgressBar() if progress is True else None
    callback = bar if bar is not None else (progress if callable(progress) else None)
    try:
        summary, partial, folder = _core.run(path, text, display_name, overrides, int(threads or 0), os.fspath(out),
                                             force, checkpoint or "", baseline or "", check, dict(bots or {}),
                                             callback)
    finally:
        if bar is not None:
            bar.finish()
    if summary is None:  # an MPI rank other than 0
        return parse({"name": "", "seed": 0, "cells": []})
    results = parse(json.loads(summary), partial=partial, folder=folder)
    if partial:
        print(f"Stopped early: partial results ({results.tournaments_done} tournaments) in {folder}/",
              file=sys.stderr)
    return results
