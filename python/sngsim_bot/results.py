"""Reads a sngsim results folder (summary.json, defined in
docs/output-format.md) as plain objects, and as pandas DataFrames when
pandas is installed.

    from sngsim_bot import results
    run = results.load("results/python-bot")
    for cell in run.cells:
        for player in cell.players:
            print(cell.index, player.label, player.mean_place, player.win_rate, player.faults)
    frame = run.players_frame()     # needs pandas
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass
class Player:
    label: str
    entries: int
    faults: int
    mean_place: float | None
    win_rate: float | None
    itm_rate: float | None
    roi: float | None
    places: list[float | None]
    faults_by_reason: dict[str, int] = field(default_factory=dict)
    timeouts: int | None = None  # labels under the clock (process bots) only
    time_bank_used_s: float | None = None
    raw: dict[str, Any] = field(default_factory=dict, repr=False)


@dataclass
class Cell:
    index: int
    format: str
    params: dict[str, str]
    tournaments: int
    players: list[Player]
    raw: dict[str, Any] = field(default_factory=dict, repr=False)

    def player(self, label: str) -> Player:
        for player in self.players:
            if player.label == label:
                return player
        raise KeyError(label)


@dataclass
class Results:
    name: str
    seed: int
    tournaments_done: int
    provenance: dict[str, Any]
    cells: list[Cell]
    raw: dict[str, Any] = field(default_factory=dict, repr=False)

    @property
    def timing_dependent(self) -> bool:
        return bool(self.provenance.get("timing_dependent", False))

    def players_frame(self):
        """One row per (cell, label): a pandas DataFrame."""
        import pandas  # optional: only this method needs it

        rows = []
        for cell in self.cells:
            for p in cell.players:
                row = {"cell": cell.index, **{f"param:{k}": v for k, v in cell.params.items()}}
                row.update(label=p.label, entries=p.entries, mean_place=p.mean_place, win_rate=p.win_rate,
                           itm_rate=p.itm_rate, roi=p.roi, faults=p.faults, timeouts=p.timeouts,
                           time_bank_used_s=p.time_bank_used_s)
                rows.append(row)
        return pandas.DataFrame(rows)


def _player(label: str, data: dict[str, Any]) -> Player:
    return Player(label=label, entries=data.get("entries", data.get("sessions", 0)), faults=data.get("faults", 0),
                  mean_place=data.get("mean_place"), win_rate=data.get("win_rate"), itm_rate=data.get("itm_rate"),
                  roi=data.get("roi"), places=data.get("places", []),
                  faults_by_reason=data.get("faults_by_reason", {}), timeouts=data.get("timeouts"),
                  time_bank_used_s=data.get("time_bank_used_s"), raw=data)


def parse(summary: dict[str, Any]) -> Results:
    """Results from summary.json already read as a dict."""
    cells = []
    for cell in summary["cells"]:
        players = [_player(label, cell["players"][label]) for label in cell.get("labels", cell["players"])]
        cells.append(Cell(index=cell["index"], format=cell.get("format", "sit-and-go"), params=cell.get("params", {}),
                          tournaments=cell["tournaments"], players=players, raw=cell))
    return Results(name=summary["name"], seed=summary["seed"], tournaments_done=summary.get("tournaments_done", 0),
                   provenance=summary.get("provenance", {}), cells=cells, raw=summary)


def load(folder: str | Path) -> Results:
    """Results of a folder written by `sngsim run` (or its summary.json)."""
    path = Path(folder)
    if path.is_dir():
        path = path / "summary.json"
    with open(path, encoding="utf-8") as stream:
        return parse(json.load(stream))
