#!/usr/bin/env python3
"""Plots and a self-contained HTML report of one `sngsim run` results folder.

Usage:  scripts/report.py RESULTS_DIR [--max-cells N]
        (or `sngsim report RESULTS_DIR`, which runs this script)

Reads RESULTS_DIR/summary.json (docs/output-format.md; checked against
docs/summary.schema.json before anything is drawn), RESULTS_DIR/paired.csv
(when there) and RESULTS_DIR/config.yaml, and writes

  RESULTS_DIR/report/*.png   the plots, one file per figure
  RESULTS_DIR/report.html    one page holding every plot as a base64 data
                             URI, the numbers as tables and the provenance;
                             it loads nothing else and works on its own

The figures:
  compare_<i>.png   cell i, first on the page: every label against the
                    baseline (compare.baseline or run --baseline), or every
                    pair without one, from RESULTS_DIR/paired.csv: the ROI
                    difference (the mean place's without a prize) with its
                    95% paired interval, raw and luck-adjusted, the verdict
                    in the label. Only with paired.csv and a pair.
  hands_<k>.png     tournament length: the hands-per-tournament histogram of
                    every cell of overlay group k, overlaid, the hand cap
                    marked. A group is the cells whose matrix parameters are
                    equal except the blinds key (a key named `blinds` or
                    ending in `.blinds`), so turbo and normal share a plot.
                    Without a blinds key in the matrix each cell is its own
                    group. k counts from 1 in the order of the groups' first
                    cells; every cell is in exactly one group.
  survival_<k>.png  players left against hand number, one curve per cell of
                    group k (the same groups).
  places_<i>.png    cell i: share of each finishing place per label, stacked,
                    with the mean place and its 95% interval written above.
  rates_<i>.png     cell i: win rate and ROI per label with 95% whiskers,
                    each panel sorted by its own value (best at the top),
                    a label keeping its colour in both.
  h2h_<i>.png       cell i: head-to-head heatmap, P(row finishes above
                    column), the fraction written in each square; only for
                    cells with two labels or more.
  capped.png        the fraction of tournaments the hand cap ended, with
                    its 95% interval, against the hands per blind level: a
                    line per group of cells equal in every matrix parameter
                    but the blind speed (the blinds key or hands_per_level);
                    only when the cells have two speeds or more and the
                    cap ended a tournament in at least one of them.
  headline_<key>.png  the headline of each matrix key (with two or more
                    values among the cells): mean tournament length with its
                    95% interval against the key's values, a line per
                    combination of the other keys' values; when another key
                    is the blinds key with two values, a lower panel gives
                    the ratio of the second schedule's mean to the first's
                    (turbo / normal, say) for each line.
  adjusted_<i>.png  cell i, only when it was run with adjust_luck: ROI per
                    label, raw and luck-adjusted side by side with 95%
                    whiskers, what the adjustment removed made visible.
The per-cell figures are drawn for the first --max-cells cells (default 12,
0 = all); the tables cover every cell.

Each <img> in the page carries data-file (its PNG's name) and data-cells (the
comma-separated cell indices it shows), so a test can check the page against
the folder.

The output is deterministic: fixed figure sizes, DPI and fonts, and no
software or date metadata in the PNGs, so the same summary gives the same
bytes.

Exit codes: 0 written; 1 the report could not be made (matplotlib missing,
an unwritable folder); 2 bad input (no such folder, no summary.json, or one
that is not valid JSON or does not match docs/summary.schema.json).

Dependencies: Python 3, Debian's python3-matplotlib and python3-jsonschema
(scripts/setup.sh installs them). Without jsonschema, or without the schema
file (a copy of this script outside the source tree), the report says that
summary.json was not validated and goes on. Debian installs both packages
for /usr/bin/python3; when the python3 first on PATH (pyenv, a virtualenv)
lacks one of them, the script runs itself again with /usr/bin/python3.

"""

import argparse
import base64
import html
import json
import math
import os
import pathlib
import sys
import textwrap
import urllib.parse

EXIT_FAILURE = 1
EXIT_BAD_INPUT = 2

DEFAULT_MAX_CELLS = 12
MAX_COMPARED = 15  # rows of a compare_<i>.png: the first ones of paired.csv
DPI = 100
# Figure sizes in inches at DPI: 900x500 px and 700x600 px.
WIDE = (9.0, 5.0)
SQUARE = (7.0, 6.0)
HIST_BINS = 60  # at most this many bins between 0 and the hand cap
FIGURE_PREFIXES = ("compare_", "hands_", "survival_", "places_", "rates_", "h2h_", "capped", "headline_", "adjusted_")
DEBIAN_PYTHON = "/usr/bin/python3"
SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), os.pardir, "docs", "summary.schema.json")
REEXEC_GUARD = "SNGSIM_REPORT_REEXEC"


class BadInput(Exception):
    """The results folder cannot be reported on; the message says why."""


def fail(code, message):
    print(f"sngsim report: {message}", file=sys.stderr)
    sys.exit(code)


# ---------------------------------------------------------------- input


def load_summary(results_dir):
    """The parsed summary.json of results_dir; raises BadInput."""
    if not os.path.isdir(results_dir):
        raise BadInput(f"{results_dir}: no such folder (expected the output folder of `sngsim run`)")
    path = os.path.join(results_dir, "summary.json")
    if not os.path.isfile(path):
        raise BadInput(f"{path}: not found; is {results_dir} the output folder of `sngsim run`?")
    try:
        with open(path, encoding="utf-8") as f:
            summary = json.load(f)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise BadInput(f"{path}: not valid JSON: {error}") from None
    if not isinstance(summary, dict) or not str(summary.get("format", "")).startswith("sngsim-summary/"):
        raise BadInput(f"{path}: not an sngsim summary (no \"format\": \"sngsim-summary/...\")")
    cells = summary.get("cells")
    if not isinstance(cells, list) or not cells:
        raise BadInput(f"{path}: has no cells")
    required = ("params", "labels", "seats", "hand_cap", "hands", "survival", "players", "head_to_head")
    for i, cell in enumerate(cells):
        cell_format = cell.get("format", "sit-and-go") if isinstance(cell, dict) else None
        if cell_format not in (None, "sit-and-go"):
            # Shoot-out and cash cells have their own tables (shootout.csv,
            # cash.csv); the plots here are about single-table tournaments.
            raise BadInput(f"{path}: cell {i} is a {cell_format} cell; reports cover sit-and-go experiments only")
        missing = [key for key in required if not isinstance(cell, dict) or key not in cell]
        if missing:
            raise BadInput(f"{path}: cell {i} lacks {', '.join(missing)}")
        if not isinstance(cell["hands"], dict) or not isinstance(cell["hands"].get("histogram"), list):
            raise BadInput(f"{path}: cell {i} has no hands.histogram")
    return summary


def rerun_with_debian_python():
    """Runs this script again with Debian's interpreter, for which the
    python3-* packages are installed, unless this is it (or a rerun already);
    returns only when it does not."""
    if (os.environ.get(REEXEC_GUARD) != "1" and os.path.exists(DEBIAN_PYTHON)
            and os.path.realpath(sys.executable) != os.path.realpath(DEBIAN_PYTHON)):
        os.environ[REEXEC_GUARD] = "1"
        os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON, os.path.abspath(__file__)] + sys.argv[1:])


def validate_summary(summary, results_dir, schema_path=SCHEMA):
    """Raises BadInput unless summary matches the schema; says so and
    returns when it cannot be checked (no jsonschema, no schema file)."""
    path = os.path.join(results_dir, "summary.json")
    try:
        import jsonschema
    except ImportError:
        rerun_with_debian_python()
        print(f"sngsim report: python3-jsonschema is missing for {sys.executable} (scripts/setup.sh installs it): "
              f"{path} not checked against the schema", file=sys.stderr)
        return
    try:
        with open(schema_path, encoding="utf-8") as f:
            schema = json.load(f)
    except OSError:
        print(f"sngsim report: no schema at {os.path.normpath(schema_path)}: {path} not checked against it",
              file=sys.stderr)
        return
    validator = jsonschema.validators.validator_for(schema)(schema)
    errors = sorted(validator.iter_errors(summary), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        where = "/" + "/".join(str(part) for part in first.absolute_path)
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise BadInput(f"{path}: does not match docs/summary.schema.json at {where}: {first.message}{more}")


def read_paired_rows(results_dir):
    """{cell index: paired.csv's rows of the cell} (docs/output-format.md); empty without the file."""
    import csv
    rows = {}
    try:
        with open(os.path.join(results_dir, "paired.csv"), newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                rows.setdefault(int(row["cell"]), []).append(row)
    except (OSError, KeyError, ValueError):
        return {}
    return rows


def read_config_text(results_dir):
    path = os.path.join(results_dir, "config.yaml")
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def import_matplotlib():
    """pyplot with the Agg backend, or exits with a message naming the fix."""
    try:
        import matplotlib
    except ImportError:
        rerun_with_debian_python()
        fail(EXIT_FAILURE, f"matplotlib is missing for {sys.executable}: run scripts/setup.sh "
                           "(it installs Debian's python3-matplotlib)")
    matplotlib.rcdefaults()  # a user's matplotlibrc must not change the pictures
    matplotlib.use("Agg")
    matplotlib.rcParams.update({
        "figure.dpi": DPI,
        "savefig.dpi": DPI,
        "font.family": "DejaVu Sans",
        "font.size": 10,
        "axes.titlesize": 11,
        "svg.hashsalt": "sngsim",
        "path.simplify": True,
        "text.parse_math": False,  # labels are names: a '$' in one is not TeX
    })
    import matplotlib.pyplot as plt
    return plt


# ---------------------------------------------------------------- helpers


def is_blinds_key(key):
    return key == "blinds" or key.endswith(".blinds")


def overlay_groups(cells):
    """Lists of cell indices: cells equal in every matrix parameter but the blinds key."""
    groups = {}
    order = []
    for i, cell in enumerate(cells):
        params = cell["params"]
        if not any(is_blinds_key(k) for k in params):
            key = ("cell", i)
        else:
            key = tuple(sorted((k, v) for k, v in params.items() if not is_blinds_key(k)))
        if key not in groups:
            groups[key] = []
            order.append(key)
        groups[key].append(i)
    return [groups[key] for key in order]


def is_speed_key(key):
    """A matrix key that sets the blind speed: the blinds, or the hands per level."""
    return is_blinds_key(key) or key == "hands_per_level" or key.endswith(".hands_per_level")


def speed_lines(cells):
    """The capped-fraction plot's lines: lists of cell indices equal in every matrix parameter but the
    blind speed, each sorted by hands per level; empty when the cells have fewer than two speeds."""
    if len({cell.get("hands_per_level") for cell in cells if cell.get("hands_per_level")}) < 2:
        return []
    lines = {}
    for i, cell in enumerate(cells):
        if cell.get("hands_per_level") and cell.get("capped_fraction") is not None:
            key = tuple(sorted((k, v) for k, v in cell["params"].items() if not is_speed_key(k)))
            lines.setdefault(key, []).append(i)
    return [sorted(line, key=lambda i: cells[i]["hands_per_level"]) for line in lines.values()]


def matrix_keys(cells):
    """The matrix keys that take two or more values among the cells, in the order of the first cell."""
    keys = []
    for key in cells[0]["params"]:
        if len({str(cell["params"].get(key)) for cell in cells}) > 1:
            keys.append(key)
    return keys


def sort_values(values):
    """A key's values in a stable order: numerically when they all are numbers, else as first met."""
    try:
        return sorted(values, key=lambda v: float(v))
    except (TypeError, ValueError):
        return values


def params_text(params, skip_blinds=False):
    items = [f"{k}={v}" for k, v in params.items() if not (skip_blinds and is_blinds_key(k))]
    return ", ".join(items)


def cell_name(cell, index, experiment):
    """How titles name a cell: its index and parameters, or the experiment without a matrix."""
    text = params_text(cell["params"])
    return f"cell {index} ({text})" if text else str(experiment)


def curve_label(cell, group_size, experiment):
    """The legend entry of a cell within its overlay group: the blinds value if that is what differs."""
    blinds = [v for k, v in cell["params"].items() if is_blinds_key(k)]
    if group_size > 1 and blinds:
        return f"blinds {blinds[0]}"
    text = params_text(cell["params"])
    return text if text else str(experiment)


def wrap(title, width=95):
    """A figure title broken into lines that fit the figure."""
    return textwrap.fill(title, width=width)


def fmt(value, digits=3):
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    return f"{value:.{digits}f}"


def fmt_pct(value, digits=1):
    if value is None:
        return "n/a"
    return f"{100.0 * value:.{digits}f}%"


def fmt_interval(interval, digits=3, pct=False):
    if not interval or interval[0] is None or interval[1] is None:
        return "n/a"
    if pct:
        return f"[{fmt_pct(interval[0])}, {fmt_pct(interval[1])}]"
    return f"[{fmt(interval[0], digits)}, {fmt(interval[1], digits)}]"


def ordinal(n):
    if 10 <= n % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def labels_by_mean_place(cell):
    """Labels best first: lowest mean place, ties in lineup order."""
    players = cell["players"]
    def key(item):
        index, label = item
        mean = players.get(label, {}).get("mean_place")
        return (math.inf if mean is None else mean, index)
    return [label for _, label in sorted(enumerate(cell["labels"]), key=key)]


def colour(i):
    palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f",
               "#bcbd22", "#17becf"]
    return palette[i % len(palette)]


# ---------------------------------------------------------------- figures


class Figures:
    """Draws and saves the PNGs; remembers what it wrote for the page."""

    def __init__(self, plt, out_dir, experiment):
        self.plt = plt
        self.experiment = experiment  # names the cell of a run without a matrix
        self.out_dir = out_dir
        self.written = []  # names, in drawing order

    def save(self, fig, name):
        path = os.path.join(self.out_dir, name)
        fig.savefig(path, format="png", dpi=DPI, metadata={"Software": None})
        self.plt.close(fig)
        self.written.append(name)
        return name

    def compare(self, cell, i, rows):
        """paired.csv's rows of cell i: label less baseline with 95% paired whiskers, raw and (with
        adjust_luck) adjusted, the verdict in the label; ROI, or mean place without a prize."""
        plt = self.plt
        metric = "roi" if any(row.get("roi_diff") for row in rows) else "mean_place"
        scale, unit = (100.0, "points") if metric == "roi" else (1.0, "places")
        rows = rows[:MAX_COMPARED]
        fig, ax = plt.subplots(figsize=(WIDE[0], max(3.0, 0.55 * len(rows) + 1.5)))
        adjusted = any(row.get(f"{metric}_diff_adjusted") for row in rows)
        verdict_colour = {"better": "#2ca02c", "worse": "#d62728"}
        for y, row in enumerate(reversed(rows)):
            for kind, offset, marker in (("", 0.12 if adjusted else 0.0, "o"), ("_adjusted", -0.12, "s")):
                value = row.get(f"{metric}_diff{kind}")
                if not value:
                    continue
                value = float(value) * scale
                lo, hi = row.get(f"{metric}_diff{kind}_lo"), row.get(f"{metric}_diff{kind}_hi")
                err = [[value - float(lo) * scale], [float(hi) * scale - value]] if lo and hi else None
                tint = verdict_colour.get(row["verdict"], "#7f7f7f")
                ax.errorbar([value], [y + offset], xerr=err, fmt=marker, color=tint, ecolor=tint, elinewidth=1.8,
                            capsize=4, markersize=6, alpha=1.0 if kind else 0.55,
                            label=None if y else ("luck-adjusted" if kind else "raw"))
        ax.axvline(0.0, color="gray", linestyle="--", linewidth=1)
        ax.set_yticks(range(len(rows)))
        ax.set_yticklabels([f"{row['label']} vs {row['baseline']}: {row['verdict']}" for row in reversed(rows)])
        ax.set_ylim(-0.7, len(rows) - 0.3)
        ax.set_xlabel(f"{'ROI' if metric == 'roi' else 'mean place'} difference ({unit}; "
                      f"{'right' if metric == 'roi' else 'left'} is better)")
        baselines = {row["baseline"] for row in rows}
        against = f"against {next(iter(baselines))}" if len(baselines) == 1 else "pairs"
        ax.set_title(wrap(f"Is it better? {against}, {cell_name(cell, i, self.experiment)} (95% paired intervals)"))
        ax.grid(axis="x", alpha=0.3)
        if adjusted:
            ax.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize=8, frameon=False)
        fig.tight_layout()
        return self.save(fig, f"compare_{i}.png")

    def hands(self, cells, group, k):
        plt = self.plt
        fig, ax = plt.subplots(figsize=WIDE)
        cap = max(cells[i]["hand_cap"] for i in group)
        width = max(1, math.ceil(cap / HIST_BINS))
        for n, i in enumerate(group):
            cell = cells[i]
            histogram = cell["hands"]["histogram"]
            total = sum(histogram)
            edges = list(range(0, len(histogram) + width, width))
            shares = []
            for start in edges[:-1]:
                count = sum(histogram[start:start + width])  # histogram[h-1] counts h hands
                shares.append(count / total if total else 0.0)
            label = (f"{curve_label(cell, len(group), self.experiment)}: mean {fmt(cell['hands'].get('mean'), 1)}, "
                     f"median {fmt(cell['hands'].get('median'), 0)}, capped {fmt_pct(cell.get('capped_fraction'))}")
            # Bin b holds hands start+1 .. start+width; draw it over [start+0.5, start+width+0.5].
            ax.stairs(shares, [e + 0.5 for e in edges[:len(shares) + 1]], color=colour(n), linewidth=1.8,
                      fill=len(group) == 1, alpha=0.35 if len(group) == 1 else 1.0, label=label)
        for c in sorted({cells[i]["hand_cap"] for i in group}):
            ax.axvline(c + 0.5, color="black", linestyle="--", linewidth=1.2)
            ax.annotate(f"hand cap {c}", xy=(c + 0.5, 1.0), xycoords=("data", "axes fraction"),
                        xytext=(-4, -4), textcoords="offset points", ha="right", va="top", fontsize=9)
        ax.set_xlim(0, cap * 1.04 + 1)
        ax.set_ylim(bottom=0)
        ax.set_xlabel("hands in the tournament" + (f" (bins of {width})" if width > 1 else ""))
        ax.set_ylabel("share of tournaments")
        shared = params_text(cells[group[0]]["params"], skip_blinds=True)
        ax.set_title(wrap(f"Tournament length: {shared or self.experiment}"))
        ax.legend(loc="upper right", bbox_to_anchor=(1.0, 0.93), fontsize=9, frameon=False)
        ax.grid(axis="y", alpha=0.3)
        fig.tight_layout()
        return self.save(fig, f"hands_{k}.png")

    def capped(self, cells, lines):
        """The capped fraction (95% Wilson whiskers) against the hands per blind level, a line per group
        of cells that differ only in the blind speed."""
        plt = self.plt
        fig, ax = plt.subplots(figsize=WIDE)
        for n, line in enumerate(lines):
            xs = [cells[i]["hands_per_level"] for i in line]
            ys = [100.0 * cells[i]["capped_fraction"] for i in line]
            lo, hi = [], []
            for i, y in zip(line, ys):
                interval = cells[i].get("capped_fraction_ci95") or [None, None]
                # max(): at 0% or 100% the interval's end may differ from the point by a rounding
                lo.append(max(0.0, y - 100.0 * interval[0]) if interval[0] is not None else 0.0)
                hi.append(max(0.0, 100.0 * interval[1] - y) if interval[1] is not None else 0.0)
            label = params_text({k: v for k, v in cells[line[0]]["params"].items() if not is_speed_key(k)})
            ax.errorbar(xs, ys, yerr=[lo, hi], color=colour(n), marker="o", linewidth=1.8, capsize=4,
                        label=label or str(self.experiment))
        speeds = sorted({cells[i]["hands_per_level"] for line in lines for i in line})
        ax.set_xticks(speeds)
        ax.set_ylim(-2, 102)
        ax.set_xlabel("hands per blind level (slower blinds to the right)")
        ax.set_ylabel("tournaments ended by the hand cap (%)")
        caps = sorted({cells[i]["hand_cap"] for line in lines for i in line})
        ax.set_title(wrap(f"Capped fraction against the blind speed (hand cap {', '.join(map(str, caps))}; "
                          "95% intervals)"))
        ax.legend(loc="upper left", fontsize=9, frameon=False)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        return self.save(fig, "capped.png")

    def headline(self, cells, key, k):
        """Mean tournament length (95% interval) against the values of `key`, a line per combination of the
        other matrix keys; with a two-valued blinds key among the others, their ratio in a lower panel."""
        plt = self.plt
        others = [other for other in matrix_keys(cells) if other != key]
        xs = sort_values(list(dict.fromkeys(str(cell["params"].get(key)) for cell in cells)))
        lines = {}  # the other keys' values -> {x: cell index}
        for i, cell in enumerate(cells):
            if cell["hands"].get("mean") is None:
                continue
            line = tuple(str(cell["params"].get(other)) for other in others)
            lines.setdefault(line, {})[str(cell["params"].get(key))] = i
        ratio_key = next((o for o in others if is_blinds_key(o)
                          and len({str(c["params"].get(o)) for c in cells}) == 2), None)
        if ratio_key is not None:
            fig, (ax, ratio_ax) = plt.subplots(2, 1, figsize=(9.0, 7.0), sharex=True,
                                               gridspec_kw={"height_ratios": [2.2, 1.0]})
        else:
            fig, ax = plt.subplots(figsize=WIDE)
            ratio_ax = None
        positions = {x: n for n, x in enumerate(xs)}
        for n, (line, points) in enumerate(lines.items()):
            shown = [x for x in xs if x in points]
            ys = [cells[points[x]]["hands"]["mean"] for x in shown]
            lo, hi = [], []
            for x, y in zip(shown, ys):
                interval = cells[points[x]]["hands"].get("mean_ci95") or [None, None]
                lo.append(max(0.0, y - interval[0]) if interval[0] is not None else 0.0)
                hi.append(max(0.0, interval[1] - y) if interval[1] is not None else 0.0)
            name = ", ".join(f"{o}={v}" for o, v in zip(others, line)) or str(self.experiment)
            ax.errorbar([positions[x] for x in shown], ys, yerr=[lo, hi], color=colour(n), marker="o",
                        linewidth=1.8, capsize=4, label=name)
        if ratio_key is not None:
            schedules = list(dict.fromkeys(str(c["params"].get(ratio_key)) for c in cells))
            at = others.index(ratio_key)
            pairs = {}
            for line, points in lines.items():
                rest = line[:at] + line[at + 1:]
                pairs.setdefault(rest, {})[line[at]] = points
            rest_keys = [o for o in others if o != ratio_key]
            for n, (rest, by_schedule) in enumerate(pairs.items()):
                if len(by_schedule) != 2:
                    continue
                first, second = by_schedule.get(schedules[0]), by_schedule.get(schedules[1])
                shown = [x for x in xs if x in first and x in second]
                ratios = [cells[second[x]]["hands"]["mean"] / cells[first[x]]["hands"]["mean"] for x in shown
                          if cells[first[x]]["hands"]["mean"]]
                name = ", ".join(f"{o}={v}" for o, v in zip(rest_keys, rest)) or str(self.experiment)
                ratio_ax.plot([positions[x] for x in shown[:len(ratios)]], ratios, color=colour(n), marker="s",
                              linewidth=1.5, label=name)
            ratio_ax.axhline(1.0, color="gray", linestyle="--", linewidth=1)
            ratio_ax.set_ylabel(f"{schedules[1]} / {schedules[0]}")
            ratio_ax.set_xlabel(key)
            ratio_ax.grid(alpha=0.3)
            ratio_ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
        else:
            ax.set_xlabel(key)
        ax.set_xticks(range(len(xs)))
        ax.set_xticklabels(xs)
        ax.set_ylabel("hands per tournament (mean, 95% interval)")
        ax.set_title(wrap(f"Tournament length against {key}" +
                          (f"; lower panel: {ratio_key} ratio" if ratio_key is not None else "")))
        # Beside the axes, never over a line.
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        return self.save(fig, f"headline_{k}.png")

    def adjusted(self, cell, i):
        """ROI per label, raw and luck-adjusted (95% whiskers), best raw at the top."""
        plt = self.plt
        players = cell["players"]
        lineup = cell["labels"]
        known = [label for label in lineup if players.get(label, {}).get("roi") is not None
                 and (players[label].get("luck_adjusted") or {}).get("roi", {}).get("estimate") is not None]
        order = sorted(known, key=lambda label: (players[label]["roi"], -lineup.index(label)))
        fig, ax = plt.subplots(figsize=WIDE)
        for y, label in enumerate(order):
            stats = players[label]
            adjusted = stats["luck_adjusted"]["roi"]
            for offset, value, interval, marker, text in (
                    (0.15, stats["roi"], stats.get("roi_ci95") or [None, None], "o", "raw"),
                    (-0.15, adjusted["estimate"], adjusted.get("ci95") or [None, None], "D", "adjusted")):
                lo = value - interval[0] if interval[0] is not None else 0.0
                hi = interval[1] - value if interval[1] is not None else 0.0
                tint = colour(lineup.index(label))
                ax.errorbar([value], [y + offset], xerr=[[lo], [hi]], fmt=marker, color=tint, ecolor=tint,
                            elinewidth=1.8, capsize=4, markersize=6,
                            markerfacecolor=tint if text == "raw" else "white",
                            label=text if y == 0 else None)
        ax.axvline(0.0, color="gray", linestyle="--", linewidth=1)
        ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda v, _: f"{100 * v:.0f}%"))
        ax.set_yticks(range(len(order)))
        ax.set_yticklabels(order)
        ax.set_ylim(-0.7, max(1, len(order)) - 0.3)
        ax.set_xlabel("ROI (95% interval); filled: raw, open: less the luck of all-in run-outs")
        ax.set_title(wrap(f"ROI raw and luck-adjusted, {cell_name(cell, i, self.experiment)}"))
        ax.grid(axis="x", alpha=0.3)
        ax.legend(loc="lower right", fontsize=8, frameon=False)
        fig.tight_layout()
        return self.save(fig, f"adjusted_{i}.png")

    def survival(self, cells, group, k):
        plt = self.plt
        fig, ax = plt.subplots(figsize=WIDE)
        cap = max(cells[i]["hand_cap"] for i in group)
        longest = max((cells[i]["hands"].get("max") or 0) for i in group)
        end = min(cap, max(1, longest))
        for n, i in enumerate(group):
            cell = cells[i]
            survival = [math.nan if v is None else v for v in cell["survival"]]
            xs = list(range(min(len(survival), end + 1)))
            ax.plot(xs, survival[:len(xs)], color=colour(n), linewidth=1.8, drawstyle="steps-post",
                    label=curve_label(cell, len(group), self.experiment))
        if end >= cap:
            ax.axvline(cap, color="black", linestyle="--", linewidth=1.2, label=f"hand cap {cap}")
        else:
            ax.text(0.99, 0.80, f"longest tournament {longest} hands; hand cap {cap}", transform=ax.transAxes,
                    ha="right", va="top", fontsize=8.5, color="#555")
        seats = max(cells[i]["seats"] for i in group)
        ax.set_xlim(0, end * 1.02 + 1)
        ax.set_ylim(0, seats + 0.3)
        ax.yaxis.get_major_locator().set_params(integer=True)
        ax.set_xlabel("hand number")
        ax.set_ylabel("players left (mean over tournaments)")
        shared = params_text(cells[group[0]]["params"], skip_blinds=True)
        ax.set_title(wrap(f"Players left after each hand: {shared or self.experiment}"))
        ax.legend(loc="upper right", fontsize=9, frameon=False)
        ax.grid(alpha=0.3)
        fig.tight_layout()
        return self.save(fig, f"survival_{k}.png")

    def places(self, cell, i):
        plt = self.plt
        labels = labels_by_mean_place(cell)
        players = cell["players"]
        seats = cell["seats"]
        fig, ax = plt.subplots(figsize=WIDE)
        cmap = plt.get_cmap("viridis")
        bottoms = [0.0] * len(labels)
        for p in range(seats):
            heights = []
            for label in labels:
                places = players.get(label, {}).get("places") or []
                heights.append(places[p] if p < len(places) and places[p] is not None else 0.0)
            shade = cmap(p / max(1, seats - 1) * 0.9)
            ax.bar(range(len(labels)), heights, bottom=bottoms, color=shade, edgecolor="white", linewidth=0.6,
                   label=ordinal(p + 1), width=0.7)
            bottoms = [b + h for b, h in zip(bottoms, heights)]
        for x, label in enumerate(labels):
            stats = players.get(label, {})
            interval = stats.get("mean_place_ci95") or [None, None]
            ax.text(x, 1.02, f"mean {fmt(stats.get('mean_place'), 2)}\n{fmt_interval(interval, 2)}",
                    ha="center", va="bottom", fontsize=8.5)
        ax.set_xticks(range(len(labels)))
        ax.set_xticklabels(labels, rotation=20 if len(labels) > 4 else 0, ha="right" if len(labels) > 4 else "center")
        ax.set_ylim(0, 1.16)
        ax.set_yticks([0, 0.25, 0.5, 0.75, 1.0])
        ax.set_ylabel("share of entries")
        ax.set_title(wrap(f"Finishing places, {cell_name(cell, i, self.experiment)}; best mean place first"))
        ax.legend(title="place", loc="center left", bbox_to_anchor=(1.0, 0.5), fontsize=9, frameon=False)
        fig.tight_layout()
        return self.save(fig, f"places_{i}.png")

    def rates(self, cell, i):
        plt = self.plt
        players = cell["players"]
        lineup = cell["labels"]
        fig, panels = plt.subplots(1, 2, figsize=WIDE)
        for ax, key, title, reference, ref_text in (
                (panels[0], "win_rate", "Win rate", 1.0 / max(1, cell["seats"]), "one seat's fair share"),
                (panels[1], "roi", "ROI", 0.0, "break even")):
            known = [label for label in lineup if players.get(label, {}).get(key) is not None]
            # Each panel sorted by its own value, best at the top (barh-style y runs bottom up).
            order = sorted(known, key=lambda label: (players[label][key], -lineup.index(label)))
            for y, label in enumerate(order):
                stats = players[label]
                value = stats[key]
                interval = stats.get(key + "_ci95") or [None, None]
                lo = value - interval[0] if interval[0] is not None else 0.0
                hi = interval[1] - value if interval[1] is not None else 0.0
                tint = colour(lineup.index(label))
                ax.errorbar([value], [y], xerr=[[lo], [hi]], fmt="o", color=tint, ecolor=tint, elinewidth=1.8,
                            capsize=4, markersize=7)
                ax.annotate(f"{100 * value:.1f}%", xy=(value, y), xytext=(0, 7), textcoords="offset points",
                            ha="center", va="bottom", fontsize=8.5)
            if not order:
                ax.text(0.5, 0.5, "no ROI without a buy-in" if key == "roi" else "no data",
                        transform=ax.transAxes, ha="center", va="center")
            ax.axvline(reference, color="gray", linestyle="--", linewidth=1, label=ref_text)
            ax.xaxis.set_major_formatter(plt.FuncFormatter(lambda v, _: f"{100 * v:.0f}%"))
            ax.set_yticks(range(len(order)))
            ax.set_yticklabels(order)
            ax.set_ylim(-0.7, max(1, len(order)) - 0.3)
            ax.set_title(title + " (95% interval)")
            ax.grid(axis="x", alpha=0.3)
            ax.legend(loc="lower right", fontsize=8, frameon=False)
        fig.suptitle(wrap(f"Win rate and ROI per label, {cell_name(cell, i, self.experiment)}; each sorted, best at the top"))
        fig.tight_layout()
        return self.save(fig, f"rates_{i}.png")

    def head_to_head(self, cell, i):
        plt = self.plt
        labels = labels_by_mean_place(cell)
        n = len(labels)
        index = {label: k for k, label in enumerate(labels)}
        grid = [[math.nan] * n for _ in range(n)]
        for row in cell["head_to_head"]:
            a, b, value = row.get("a"), row.get("b"), row.get("a_above_b")
            if a in index and b in index and value is not None:
                grid[index[a]][index[b]] = value
        fig, ax = plt.subplots(figsize=SQUARE)
        image = ax.imshow(grid, cmap="RdBu", vmin=0.0, vmax=1.0)
        size = 10 if n <= 6 else (8 if n <= 10 else 6)
        for r in range(n):
            for c in range(n):
                value = grid[r][c]
                if math.isnan(value):
                    continue
                ink = "white" if abs(value - 0.5) > 0.3 else "black"
                ax.text(c, r, f"{value:.2f}", ha="center", va="center", color=ink, fontsize=size)
        ax.set_xticks(range(n))
        ax.set_yticks(range(n))
        ax.set_xticklabels(labels, rotation=30, ha="right")
        ax.set_yticklabels(labels)
        ax.set_xlabel("column label")
        ax.set_ylabel("row label")
        ax.set_title(wrap(f"P(row finishes above column), {cell_name(cell, i, self.experiment)}", 75), fontsize=10)
        fig.colorbar(image, ax=ax, fraction=0.046, pad=0.04)
        fig.tight_layout()
        return self.save(fig, f"h2h_{i}.png")


# ---------------------------------------------------------------- page

STYLE = """
body { font-family: "DejaVu Sans", Verdana, sans-serif; max-width: 960px; margin: 2em auto; padding: 0 1em;
       color: #222; line-height: 1.4; }
h1 { margin-bottom: 0.2em; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; margin-top: 2em; }
figure { margin: 1em 0; }
figure img { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { font-size: 0.9em; color: #555; }
table { border-collapse: collapse; font-size: 0.9em; margin: 0.5em 0; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
th { background: #f4f4f4; }
pre { background: #f7f7f7; border: 1px solid #e3e3e3; padding: 0.8em; overflow-x: auto; font-size: 0.85em; }
dl { display: grid; grid-template-columns: max-content auto; gap: 0.2em 1em; }
dt { font-weight: bold; }
dd { margin: 0; font-family: monospace; }
.warning { background: #fff3cd; border: 1px solid #e0c36a; padding: 0.5em 0.8em; }
.note { color: #555; font-style: italic; }
"""


def esc(value):
    return html.escape(str(value), quote=True)


# One line for each interval method the page shows, keyed by the names
# summary.json gives them under "intervals" (docs/output-format.md);
# docs/statistics.md has the details and the tests of each.
PAGE_INTERVALS = (
    ("proportion", "wilson", "Rates (win rate, in the money): Wilson score interval, the values of p that a "
                             "two-sided score test at 5% does not reject; it stays inside [0, 1]."),
    ("mean", "student-t", "Means (mean place, ROI): mean &plusmn; t &middot; sd / &radic;n, with the sample "
                          "standard deviation and Student's t at n &minus; 1 degrees of freedom."),
)


def intervals_block(summary):
    """Where the intervals are documented, and one line per method on the page."""
    # Named, not linked: a file:// path into the source tree breaks once the page is sent anywhere.
    doc = "<code>docs/statistics.md</code>"
    methods = summary.get("intervals") or {}
    level = methods.get("level", 0.95)
    level_text = f"{100 * level:g}%" if isinstance(level, (int, float)) else esc(level)
    parts = [f"<p>Intervals are {level_text}; how each is computed and tested: {doc} in the sngsim source "
             "tree.</p><ul>"]
    for key, name, line in PAGE_INTERVALS:
        used = methods.get(key, name)
        parts.append(f"<li>{line if used == name else esc(f'{key}: {used}')}</li>")
    parts.append("</ul>")
    return "".join(parts)


def img_tag(out_dir, name, cells, alt):
    with open(os.path.join(out_dir, name), "rb") as f:
        data = base64.b64encode(f.read()).decode("ascii")
    cell_list = ",".join(str(i) for i in cells)
    return (f'<figure><img src="data:image/png;base64,{data}" alt="{esc(alt)}" data-file="{esc(name)}" '
            f'data-cells="{cell_list}"></figure>')


def players_table(cell):
    players = cell["players"]
    rows = ["<table><thead><tr><th>label</th><th>entries</th><th>mean place</th><th>95% interval</th>"
            "<th>win rate</th><th>95% interval</th><th>in the money</th><th>ROI</th><th>95% interval</th>"
            "<th>faults</th></tr></thead><tbody>"]
    for label in labels_by_mean_place(cell):
        s = players.get(label, {})
        rows.append(
            f"<tr><td>{esc(label)}</td><td>{esc(s.get('entries', 'n/a'))}</td>"
            f"<td>{fmt(s.get('mean_place'), 3)}</td><td>{fmt_interval(s.get('mean_place_ci95'), 3)}</td>"
            f"<td>{fmt_pct(s.get('win_rate'))}</td><td>{fmt_interval(s.get('win_rate_ci95'), pct=True)}</td>"
            f"<td>{fmt_pct(s.get('itm_rate'))}</td>"
            f"<td>{fmt_pct(s.get('roi'))}</td><td>{fmt_interval(s.get('roi_ci95'), pct=True)}</td>"
            f"<td>{esc(s.get('faults', 'n/a'))}</td></tr>")
    rows.append("</tbody></table>")
    return "".join(rows)


def style_table(cell):
    """summary.json's style rows (run --style) as one row per statistic and a
    column per label: percent with its 95% interval, or the aggression
    factor (bets and raises per call) with its."""
    rows = cell.get("style") or []
    labels = [label for label in cell.get("labels", []) if any(r["label"] == label for r in rows)]
    statistics = list(dict.fromkeys(r["statistic"] for r in rows))
    by_key = {(r["label"], r["statistic"]): r for r in rows}
    parts = ["<h4>Playing style</h4><p class=\"note\">Percent of opportunities (aggression factor: bets and raises "
             "per call) with 95% intervals clustered by tournament; definitions in "
             "<code>docs/statistics.md</code> (Playing style), counts in style.csv.</p><table><thead><tr><th>statistic</th>"]
    parts += [f"<th>{esc(label)}</th>" for label in labels]
    parts.append("</tr></thead><tbody>")
    for statistic in statistics:
        ratio = statistic.startswith("aggression_factor")
        parts.append(f"<tr><td>{esc(statistic)}</td>")
        for label in labels:
            r = by_key.get((label, statistic), {})
            value = fmt(r.get("value"), 2) if ratio else fmt_pct(r.get("value"))
            interval = fmt_interval(r.get("ci95"), 2) if ratio else fmt_interval(r.get("ci95"), pct=True)
            parts.append(f"<td>{value} {interval}</td>")
        parts.append("</tr>")
    parts.append("</tbody></table>")
    return "".join(parts)


def cell_facts(cell):
    hands = cell["hands"]
    payouts = cell.get("payouts") or {}
    percent = payouts.get("percent")
    paid = "/".join(str(p) for p in percent) + "%" if percent else "n/a"
    return (f"<p>{esc(cell['seats'])} players, {esc(cell.get('tournaments', 'n/a'))} tournaments; "
            f"hands per tournament: mean {fmt(hands.get('mean'), 1)} (sd {fmt(hands.get('sd'), 1)}), "
            f"median {esc(hands.get('median'))}, 10th-90th percentile {esc(hands.get('p10'))}-{esc(hands.get('p90'))}, "
            f"longest {esc(hands.get('max'))}; hand cap {esc(cell['hand_cap'])}, reached by "
            f"{fmt_pct(cell.get('capped_fraction'))}; payouts {esc(paid)} of the pool.</p>")


def provenance_block(summary, config_text):
    prov = summary.get("provenance") or {}
    items = [
        ("experiment", summary.get("name")),
        ("version", prov.get("version")),
        ("commit", prov.get("commit")),
        ("config hash", prov.get("config_hash")),
        ("seed", summary.get("seed")),
        ("tournaments per cell", summary.get("tournaments")),
        ("tournaments done", summary.get("tournaments_done")),
        ("cells", len(summary["cells"])),
        ("partial", summary.get("partial")),
        ("threads", prov.get("threads")),
        ("ranks", prov.get("ranks")),
        ("wall time", f"{prov['wall_seconds']:.3f} s" if isinstance(prov.get("wall_seconds"), (int, float)) else None),
        ("summary format", summary.get("format")),
    ]
    parts = ["<h2 id=\"provenance\">Provenance</h2><dl>"]
    for name, value in items:
        parts.append(f"<dt>{esc(name)}</dt><dd>{esc('n/a' if value is None else value)}</dd>")
    parts.append("</dl>")
    parts.append("<p class=\"note\">Threads, ranks and wall time are the only values that may differ between two runs of "
                 "the same experiment and code. The config hash also covers --set overrides, which the file below "
                 "does not show.</p>")
    if config_text is None:
        parts.append("<p class=\"warning\">config.yaml was not found in the results folder.</p>")
    else:
        parts.append(f"<h3>config.yaml (verbatim)</h3><pre>{esc(config_text)}</pre>")
    return "".join(parts)


def hands_block(results_dir, summary):
    """The hand viewer's section: `sngsim view HH --results DIR` (or `run
    --hand-history HH --report`) writes DIR/hands/, whose viewer.json names the
    hands of the fault examples and costly decisions it holds. Empty without
    a viewer."""
    try:
        with open(os.path.join(results_dir, "hands", "viewer.json"), encoding="utf-8") as f:
            viewer = json.load(f)
    except (OSError, ValueError):
        return ""

    def link(hand_id, text):
        return f"<a href=\"hands/index.html#hand={urllib.parse.quote(hand_id, safe='')}\">{esc(text)}</a>"

    parts = ["<h2 id=\"hands\">Hands</h2>",
             f"<p><a href=\"hands/index.html\">Open the hand viewer</a>: {esc(viewer.get('hands'))} hands of the "
             "exported hand histories, replayed through the engine, to step through and filter by label, tournament, "
             "pots won and lost, all-ins, faults and costly decisions.</p>"]
    found = {(f.get("cell"), f.get("tournament"), f.get("hand")): f.get("id") for f in viewer.get("faults", [])}
    rows = []
    for c, cell in enumerate(summary["cells"]):
        for e in cell.get("fault_examples", []):
            where = f"cell {c}, tournament {e.get('tournament')}, hand {e.get('hand')}"
            hand_id = found.get((c, e.get("tournament"), e.get("hand")))
            shown = link(hand_id, where) if hand_id else esc(where) + " (not among the exported hands)"
            rows.append(f"<tr><td>{shown}</td><td>{esc(e.get('label'))}</td><td>{esc(e.get('reason'))}</td></tr>")
    if rows:
        parts.append("<h3>Fault examples</h3><table><thead><tr><th>hand</th><th>label</th><th>reason</th></tr></thead>"
                     f"<tbody>{''.join(rows)}</tbody></table>")
    costly = viewer.get("costly", [])
    if costly:
        parts.append("<h3>Costliest push/fold decisions (sngsim grade, % of the prize pool)</h3><table><thead><tr>"
                     "<th>hand</th><th>player</th><th>class</th><th>did</th><th>EV lost</th></tr></thead><tbody>")
        for d in costly[:20]:
            parts.append(f"<tr><td>{link(d['id'], d['id'])}</td><td>{esc(d.get('player'))}</td><td>{esc(d.get('class'))}"
                         f"</td><td>{esc(d.get('action'))}</td><td>{float(d.get('ev_lost', 0)):.3f}%</td></tr>")
        parts.append("</tbody></table>")
    return "".join(parts)


def build_page(summary, config_text, figure_dir, groups, detailed, group_files, cell_files, capped_file=None,
               lines=(), headline_files=(), compare_files=(), hands_html=""):
    cells = summary["cells"]
    name = summary.get("name", "experiment")
    parts = ["<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
             f"<title>sngsim report: {esc(name)}</title><style>{STYLE}</style></head><body>",
             f"<h1>sngsim report: {esc(name)}</h1>",
             f"<p>{len(cells)} cell(s), {esc(summary.get('tournaments_done'))} tournaments in all, seed "
             f"{esc(summary.get('seed'))}.</p>", intervals_block(summary)]
    if summary.get("partial"):
        parts.append("<p class=\"warning\">Partial results: the run stopped before every cell was done.</p>")
    # One cell: its question is who wins, so the ranking comes before the length.
    cells_first = len(cells) == 1
    sections = [("compare", "Is it better?")] if compare_files else []
    sections += [("cells", "Cells"), ("length", "Tournament length")] if cells_first else \
        [("length", "Tournament length"), ("cells", "Cells")]
    if hands_html:
        sections.append(("hands", "Hands"))
    sections.append(("provenance", "Provenance"))
    parts.append("<p>" + " &middot; ".join(f"<a href=\"#{key}\">{title}</a>" for key, title in sections) + "</p>")
    if compare_files:
        parts.append("<h2 id=\"compare\">Is it better?</h2><p>Each label less the baseline (paired.csv): "
                     "better or worse when the 95% paired interval excludes 0, not separated yet otherwise.</p>")
        for i, file in compare_files:
            parts.append(img_tag(figure_dir, file, [i], f"comparison, {cell_name(cells[i], i, name)}"))
    length_parts = []

    if headline_files:
        length_parts.append("<h2 id=\"headlines\">What each matrix key changes</h2>")
        every_cell = list(range(len(cells)))
        for key, file in headline_files:
            length_parts.append(img_tag(figure_dir, file, every_cell, f"mean tournament length against {key}"))
    length_parts.append("<h2 id=\"length\">Tournament length</h2>")
    if any(len(g) > 1 for g in groups):
        length_parts.append("<p>Cells that differ only in the blind schedule share a plot.</p>")
    for k, group in enumerate(groups, start=1):
        shared = params_text(cells[group[0]]["params"], skip_blinds=True)
        title = shared if shared else ("all cells" if len(group) > 1 else cell_name(cells[group[0]], group[0], name))
        length_parts.append(f"<h3>{esc(title)}</h3>")
        hands_file, survival_file = group_files[k - 1]
        length_parts.append(img_tag(figure_dir, hands_file, group, f"hands per tournament, {title}"))
        length_parts.append(img_tag(figure_dir, survival_file, group, f"players left per hand, {title}"))

    if capped_file:
        length_parts.append("<h3>The hand cap against the blind speed</h3>")
        length_parts.append(img_tag(figure_dir, capped_file, sorted(i for line in lines for i in line),
                             "capped fraction against hands per blind level"))
    cells_parts = []
    cells_parts.append("<h2 id=\"cells\">Cells</h2>")
    if detailed < len(cells):
        cells_parts.append(f"<p class=\"note\">Plots for the first {detailed} of {len(cells)} cells (--max-cells); the "
                     "tables cover every cell, and players.csv and head_to_head.csv hold the rest.</p>")
    for i, cell in enumerate(cells):
        cells_parts.append(f"<h3 id=\"cell-{i}\">{esc(cell_name(cell, i, name))}</h3>")
        cells_parts.append(cell_facts(cell))
        cells_parts.append(players_table(cell))
        if cell.get("style"):
            cells_parts.append(style_table(cell))
        for name_, alt in cell_files.get(i, []):
            cells_parts.append(img_tag(figure_dir, name_, [i], f"{alt}, {cell_name(cell, i, name)}"))
    parts += cells_parts + length_parts if cells_first else length_parts + cells_parts
    parts.append(hands_html)
    parts.append(provenance_block(summary, config_text))
    parts.append("</body></html>\n")
    return "".join(parts)


# ---------------------------------------------------------------- main


def remove_old_figures(figure_dir):
    for name in sorted(os.listdir(figure_dir)):
        if name.endswith(".png") and name.startswith(FIGURE_PREFIXES):
            os.remove(os.path.join(figure_dir, name))


def make_report(results_dir, max_cells):
    summary = load_summary(results_dir)
    validate_summary(summary, results_dir)
    config_text = read_config_text(results_dir)
    plt = import_matplotlib()
    cells = summary["cells"]
    figure_dir = os.path.join(results_dir, "report")
    os.makedirs(figure_dir, exist_ok=True)
    remove_old_figures(figure_dir)
    figures = Figures(plt, figure_dir, summary.get("name", "experiment"))

    paired_rows = read_paired_rows(results_dir)
    compare_files = [(i, figures.compare(cells[i], i, paired_rows[i])) for i in range(len(cells))
                     if paired_rows.get(i) and i < (len(cells) if max_cells <= 0 else max_cells)]
    groups = overlay_groups(cells)
    group_files = []
    for k, group in enumerate(groups, start=1):
        group_files.append((figures.hands(cells, group, k), figures.survival(cells, group, k)))
    detailed = len(cells) if max_cells <= 0 else min(max_cells, len(cells))
    cell_files = {}
    for i in range(detailed):
        cell = cells[i]
        files = [(figures.places(cell, i), "finishing places"), (figures.rates(cell, i), "win rate and ROI")]
        if len(cell["labels"]) >= 2:
            files.append((figures.head_to_head(cell, i), "head-to-head"))
        if any((cell["players"].get(label) or {}).get("luck_adjusted") for label in cell["labels"]):
            files.append((figures.adjusted(cell, i), "ROI raw and luck-adjusted"))
        cell_files[i] = files
    headline_files = []
    if len(cells) > 1:
        for k, key in enumerate(matrix_keys(cells), start=1):
            headline_files.append((key, figures.headline(cells, key, k)))

    lines = speed_lines(cells)
    # Flat lines at 0% say nothing: no plot when the cap ended no tournament.
    if not any(cells[i].get("capped_fraction") for line in lines for i in line):
        lines = []
    capped_file = figures.capped(cells, lines) if lines else None
    page = build_page(summary, config_text, figure_dir, groups, detailed, group_files, cell_files, capped_file,
                      lines, headline_files, compare_files, hands_block(results_dir, summary))
    html_path = os.path.join(results_dir, "report.html")
    staging = html_path + ".tmp"
    with open(staging, "w", encoding="utf-8") as f:
        f.write(page)
    os.replace(staging, html_path)
    return html_path, figure_dir, len(figures.written)


def main(argv):
    parser = argparse.ArgumentParser(description="Plots and a self-contained HTML report of an sngsim results folder.")
    parser.add_argument("results_dir", help="output folder of `sngsim run` (holds summary.json)")
    parser.add_argument("--max-cells", type=int, default=DEFAULT_MAX_CELLS,
                        help=f"draw per-cell plots for the first N cells (default {DEFAULT_MAX_CELLS}; 0 = all)")
    args = parser.parse_args(argv)
    try:
        html_path, figure_dir, count = make_report(args.results_dir, args.max_cells)
    except BadInput as error:
        fail(EXIT_BAD_INPUT, str(error))
    except OSError as error:
        fail(EXIT_FAILURE, f"could not write the report: {error}")
    print(f"Report written to {html_path} ({count} plots, also as PNG files in {figure_dir}/)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
