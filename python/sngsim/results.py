"""Typed results of sngsim.run(): the summary.json the CLI writes, read by
the kit's reader (sngsim_bot.results), with tidy pandas DataFrames."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sngsim_bot import results as _reader
from sngsim_bot.results import Adjusted, Cell, Difference, Interval, Paired, Player  # noqa: F401 - re-exported

_METRICS = ("mean_place", "win_rate", "itm_rate", "roi")
_DIFFERENCES = ("roi", "mean_place", "win_rate")


@dataclass
class Frames:
    """Tidy tables: one row per observation, as pandas likes them.

    players: (cell, params..., label, metric, estimate, ci95_lo, ci95_hi,
    adjusted, adjusted_ci95_lo, adjusted_ci95_hi) for mean_place, win_rate,
    itm_rate and roi, plus entries and faults per (cell, label).
    places: (cell, params..., label, place, share).
    paired: (cell, params..., a, b, groups, metric, estimate, ci95_lo,
    ci95_hi, adjusted, adjusted_ci95_lo, adjusted_ci95_hi): a less b."""

    players: Any
    places: Any
    paired: Any


class Results(_reader.Results):
    """What `sngsim run` writes into summary.json, as typed objects:
    `cells[i].players` (label, entries, mean_place, win_rate, itm_rate, roi
    with their 95% intervals and luck-adjusted figures), `cells[i].paired(a,
    b)` (paired differences), `provenance`; `partial` after Ctrl-C;
    `folder` the results folder; `summary` the document itself."""

    partial: bool = False
    folder: str | None = None

    @property
    def summary(self) -> dict[str, Any]:
        return self.raw

    def to_pandas(self) -> Frames:
        import pandas

        players, places, paired = [], [], []
        for cell in self.cells:
            key = {"cell": cell.index, **{f"param:{k}": v for k, v in cell.params.items()}}
            for p in cell.players:
                for metric in _METRICS:
                    ci = getattr(p, f"{metric}_ci95")
                    adjusted = p.luck_adjusted.get(metric)
                    players.append({**key, "label": p.label, "entries": p.entries, "faults": p.faults,
                                    "metric": metric, "estimate": getattr(p, metric),
                                    "ci95_lo": ci.lo if ci else None, "ci95_hi": ci.hi if ci else None,
                                    "adjusted": adjusted.estimate if adjusted else None,
                                    "adjusted_ci95_lo": adjusted.ci95.lo if adjusted and adjusted.ci95 else None,
                                    "adjusted_ci95_hi": adjusted.ci95.hi if adjusted and adjusted.ci95 else None})
                for place, share in enumerate(p.places, start=1):
                    places.append({**key, "label": p.label, "place": place, "share": share})
            for entry in cell.raw.get("paired", []):
                pair = cell.paired(entry["a"], entry["b"])
                for metric in _DIFFERENCES:
                    d: Difference = getattr(pair, metric)
                    paired.append({**key, "a": pair.label, "b": pair.baseline, "groups": pair.groups,
                                   "metric": metric, "estimate": d.estimate,
                                   "ci95_lo": d.ci95.lo if d.ci95 else None, "ci95_hi": d.ci95.hi if d.ci95 else None,
                                   "adjusted": d.adjusted_estimate,
                                   "adjusted_ci95_lo": d.adjusted_ci95.lo if d.adjusted_ci95 else None,
                                   "adjusted_ci95_hi": d.adjusted_ci95.hi if d.adjusted_ci95 else None})
        return Frames(players=pandas.DataFrame(players), places=pandas.DataFrame(places),
                      paired=pandas.DataFrame(paired))


def parse(summary: dict[str, Any], *, partial: bool = False, folder: str | None = None) -> Results:
    read = _reader.parse(summary)
    results = Results(name=read.name, seed=read.seed, tournaments_done=read.tournaments_done,
                      provenance=read.provenance, cells=read.cells, raw=read.raw)
    results.partial = partial
    results.folder = folder
    return results
