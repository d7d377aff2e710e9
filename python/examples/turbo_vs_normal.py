#!/usr/bin/env python3
"""configs/turbo-vs-normal.yaml from Python, notebook style: run it, look at
the tidy DataFrames, plot tag's ROI by table size for each speed and stack.

    PYTHONPATH=build/python /usr/bin/python3 python/examples/turbo_vs_normal.py [-n 1000] [--png FILE]

Needs the sngsim package (scripts/python.sh), pandas and matplotlib
(Debian's python3-pandas, python3-matplotlib).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # no display needed: the plot goes to a file
import matplotlib.pyplot as plt  # noqa: E402

import sngsim  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]

# %% Run the experiment (every matrix cell) and get its typed results.
parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("-n", "--tournaments", type=int, default=None, help="per cell (default: the file's 5000)")
parser.add_argument("--png", default="turbo-vs-normal.png", help="where the plot goes")
args = parser.parse_args()
results = sngsim.run(ROOT / "configs" / "turbo-vs-normal.yaml", tournaments=args.tournaments)

# %% Tidy frames: one row per (cell, label, metric), matrix values as param: columns.
frames = results.to_pandas()
roi = frames.players[(frames.players.metric == "roi") & (frames.players.label == "tag")].copy()
roi["players"] = roi["param:table.players"].astype(int)
print(roi[["param:table.blinds", "param:table.stack", "players", "estimate", "ci95_lo", "ci95_hi"]]
      .to_string(index=False))

# %% Plot: tag's ROI with its 95% interval against table size, a line per (speed, stack).
figure, axes = plt.subplots(figsize=(7, 4.5))
for (blinds, stack), group in roi.groupby(["param:table.blinds", "param:table.stack"]):
    group = group.sort_values("players")
    axes.errorbar(group.players, group.estimate * 100,
                  yerr=[(group.estimate - group.ci95_lo) * 100, (group.ci95_hi - group.estimate) * 100],
                  marker="o", capsize=3, label=f"{blinds}, stack {stack}")
axes.axhline(0, color="grey", linewidth=0.8)
axes.set_xlabel("players at the table")
axes.set_ylabel("tag's ROI against profile (%)")
axes.set_title(f"turbo vs normal: {results.tournaments_done:,} tournaments")
axes.legend()
figure.tight_layout()
figure.savefig(args.png, dpi=120)
print(f"plot written to {args.png}; results in {results.folder}/")
