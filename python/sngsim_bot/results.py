"""Reads a sngsim results folder (summary.json, defined in
docs/output-format.md) as plain objects, and as pandas DataFrames when
pandas is installed.

    from sngsim_bot import results
    run = results.load("results/python-bot")
    for cell in run.cells:
        for player in cell.players:
            print(cell.index, player.label, player.mean_place, player.win_rate, player.faults)
    mine = run.cells[0].paired("my-bot", "tag")   # my-bot less tag, paired
    vpip = run.cells[0].player("my-bot").style["vpip"]  # run --style only
    print(vpip.value, vpip.ci95, vpip.acts, vpip.opportunities)
    print(mine.roi.estimate, mine.roi.ci95, mine.roi.adjusted_ci95, mine.verdict)
    frame = run.players_frame()     # needs pandas
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Interval:
    """A 95% interval, [lo, hi]."""

    lo: float
    hi: float


def _interval(value: Any) -> Interval | None:
    return Interval(float(value[0]), float(value[1])) if value else None


@dataclass
class Adjusted:
    """A label's luck-adjusted estimate of one metric (adjust_luck only)."""

    estimate: float | None
    ci95: Interval | None
    mean_luck: float | None = None


@dataclass
class Difference:
    """One metric of a label less another's: the paired estimate and 95%
    interval, and with adjust_luck the luck-adjusted ones."""

    estimate: float | None
    ci95: Interval | None
    adjusted_estimate: float | None = None
    adjusted_ci95: Interval | None = None

    def flipped(self) -> Difference:
        def flip(i: Interval | None) -> Interval | None:
            return Interval(-i.hi, -i.lo) if i else None

        def negate(x: float | None) -> float | None:
            return -x if x is not None else None

        return Difference(negate(self.estimate), flip(self.ci95), negate(self.adjusted_estimate),
                          flip(self.adjusted_ci95))


@dataclass
class Paired:
    """`label` less `baseline` in one cell (summary.json's paired[], oriented).
    ROI and win rate are fractions (0.01 = one point), mean place in places."""

    label: str
    baseline: str
    groups: int
    roi: Difference
    mean_place: Difference
    win_rate: Difference

    @property
    def verdict(self) -> str:
        """"better", "worse" or "not separated yet" on the most precise 95%
        interval (adjusted ROI, ROI, adjusted mean place, mean place), as the
        console and paired.csv say (docs/config-reference.md); "unknown"
        without one."""
        for interval, good in ((self.roi.adjusted_ci95, 1), (self.roi.ci95, 1),
                               (self.mean_place.adjusted_ci95, -1), (self.mean_place.ci95, -1)):
            if interval is None:
                continue
            lo, hi = (interval.lo, interval.hi) if good > 0 else (-interval.hi, -interval.lo)
            return "better" if lo > 0 else "worse" if hi < 0 else "not separated yet"
        return "unknown"


@dataclass(frozen=True)
class StyleStat:
    """One playing-style statistic of a label (`run --style`; definitions in
    docs/statistics.md, "Playing style"): `value` is acts / opportunities (a
    fraction; for aggression_factor_* bets and raises per call), `ci95` its
    95% interval with units as clusters."""

    value: float | None
    ci95: Interval | None
    acts: int
    opportunities: int
    units: int


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
    mean_place_ci95: Interval | None = None
    win_rate_ci95: Interval | None = None
    itm_rate_ci95: Interval | None = None
    roi_ci95: Interval | None = None
    # adjust_luck only: per metric (mean_place, win_rate, itm_rate, roi).
    luck_adjusted: dict[str, Adjusted] = field(default_factory=dict)
    # style_stats only: by statistic name (vpip, pfr, three_bet, ...).
    style: dict[str, StyleStat] = field(default_factory=dict)
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

    def paired(self, label: str, baseline: str) -> Paired:
        """`label` less `baseline`, paired (KeyError for a label the cell lacks
        or a cash cell, which keeps no pairs)."""
        for entry in self.raw.get("paired", []):
            if {entry["a"], entry["b"]} != {label, baseline} or label == baseline:
                continue
            differences = {metric: _difference(entry, metric) for metric in ("roi", "mean_place", "win_rate")}
            if entry["a"] != label:
                differences = {metric: d.flipped() for metric, d in differences.items()}
            return Paired(label=label, baseline=baseline, groups=entry.get("groups", 0), **differences)
        raise KeyError(f"{label} less {baseline}")


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

    def players_frame(self) -> Any:
        """One row per (cell, label): a pandas DataFrame."""
        pandas: Any = importlib.import_module("pandas")  # optional: only this method needs it

        rows = []
        for cell in self.cells:
            for p in cell.players:
                row: dict[str, Any] = {"cell": cell.index, **{f"param:{k}": v for k, v in cell.params.items()}}
                row.update(label=p.label, entries=p.entries, mean_place=p.mean_place, win_rate=p.win_rate,
                           itm_rate=p.itm_rate, roi=p.roi, faults=p.faults, timeouts=p.timeouts,
                           time_bank_used_s=p.time_bank_used_s)
                rows.append(row)
        return pandas.DataFrame(rows)


def _difference(entry: dict[str, Any], metric: str) -> Difference:
    raw = entry.get(f"{metric}_diff") or {}
    adjusted = entry.get(f"{metric}_diff_adjusted") or {}
    return Difference(estimate=raw.get("estimate"), ci95=_interval(raw.get("ci95_paired")),
                      adjusted_estimate=adjusted.get("estimate"), adjusted_ci95=_interval(adjusted.get("ci95_paired")))


def _player(label: str, data: dict[str, Any]) -> Player:
    adjusted = {metric: Adjusted(estimate=value.get("estimate"), ci95=_interval(value.get("ci95")),
                                 mean_luck=value.get("mean_luck"))
                for metric, value in (data.get("luck_adjusted") or {}).items()}
    return Player(label=label, entries=data.get("entries", data.get("sessions", 0)), faults=data.get("faults", 0),
                  mean_place=data.get("mean_place"), win_rate=data.get("win_rate"), itm_rate=data.get("itm_rate"),
                  roi=data.get("roi"), places=data.get("places", []),
                  faults_by_reason=data.get("faults_by_reason", {}), timeouts=data.get("timeouts"),
                  time_bank_used_s=data.get("time_bank_used_s"),
                  mean_place_ci95=_interval(data.get("mean_place_ci95")),
                  win_rate_ci95=_interval(data.get("win_rate_ci95")), itm_rate_ci95=_interval(data.get("itm_rate_ci95")),
                  roi_ci95=_interval(data.get("roi_ci95")), luck_adjusted=adjusted, raw=data)


def parse(summary: dict[str, Any]) -> Results:
    """Results from summary.json already read as a dict."""
    cells = []
    for cell in summary["cells"]:
        players = [_player(label, cell["players"][label]) for label in cell.get("labels", cell["players"])]
        for row in cell.get("style", []):
            for player in players:
                if player.label == row["label"]:
                    player.style[row["statistic"]] = StyleStat(
                        value=row["value"], ci95=_interval(row["ci95"]), acts=row["acts"],
                        opportunities=row["opportunities"], units=row["units"])
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
