#!/usr/bin/env python3
"""Are two bots that play one strategy treated alike? Runs an experiment
with bots A and B (process bots, any programs) and four built-ins over many
seeds, and prints the standard deviation of the paired z-scores of A - B
(ROI, mean place, win rate): about 1 when sngsim treats them alike and the
two play the same strategy, more when one of them is favoured or plays
differently.

    scripts/twin_study.py SNGSIM --a 'python3 python/examples/call_bot.py' \\
        --b 'build/bots/cpp_bot --call' --seeds 40 --tournaments 200

z of a seed = estimate / (half the paired 95% interval / t(0.975, n - 1)).
Needs scipy (Debian python3-scipy)."""

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile

from scipy import stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("sngsim")
    parser.add_argument("--a", required=True, help="bot A's command")
    parser.add_argument("--b", required=True, help="bot B's command")
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--tournaments", type=int, default=200)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--others", default="tag,rock,maniac,calling_station")
    args = parser.parse_args()
    metrics = ("roi_diff", "mean_place_diff", "win_rate_diff")
    zs = {m: [] for m in metrics}
    with tempfile.TemporaryDirectory() as scratch:
        config = os.path.join(scratch, "twins.yaml")
        lineup = [f"  - {{strategy: process, label: A, command: {json.dumps(shlex.split(args.a))}}}",
                  f"  - {{strategy: process, label: B, command: {json.dumps(shlex.split(args.b))}}}"]
        lineup += [f"  - {{strategy: {name}}}" for name in args.others.split(",")]
        with open(config, "w") as out:
            out.write(f"name: twins\ntournaments: {args.tournaments}\ntable: {{players: {len(lineup)}}}\n"
                      "seating: random\nlineup:\n" + "\n".join(lineup) + "\n")
        for seed in range(args.first_seed, args.first_seed + args.seeds):
            folder = os.path.join(scratch, f"out-{seed}")
            subprocess.run([args.sngsim, "run", config, "--seed", str(seed), "-t", str(args.threads), "-q", "-f",
                            "-o", folder], check=True, cwd=os.getcwd(), stdout=subprocess.DEVNULL)
            with open(os.path.join(folder, "summary.json")) as summary:
                cell = json.load(summary)["cells"][0]
            pair = next(p for p in cell["paired"] if {p["a"], p["b"]} == {"A", "B"})
            sign = 1 if pair["a"] == "A" else -1
            n = cell["tournaments"]
            t = stats.t.ppf(0.975, n - 1)
            line = [f"seed {seed}:"]
            for metric in metrics:
                diff = pair[metric]
                lo, hi = diff["ci95_paired"]
                se = (hi - lo) / 2 / t
                z = sign * diff["estimate"] / se if se > 0 else 0.0
                zs[metric].append(z)
                line.append(f"{metric} z {z:+.2f}")
            print(" ".join(line), flush=True)
    print(f"{args.seeds} seeds x {args.tournaments} tournaments, A = {args.a!r}, B = {args.b!r}")
    for metric in metrics:
        values = zs[metric]
        sd = statistics.stdev(values)
        # The SD of n standard normal draws has a standard error of about 1/sqrt(2(n-1)).
        print(f"{metric}: mean z {statistics.mean(values):+.3f}, SD of z {sd:.3f} "
              f"(fair: 1, standard error {1 / (2 * (len(values) - 1)) ** 0.5:.3f})")


if __name__ == "__main__":
    sys.exit(main())
