#!/usr/bin/env python3
"""Recounts the playing-style statistics from exported PHH hands.

An independent reader of docs/statistics.md's definitions ("Playing
style"): it runs `sngsim run CONFIG --style --hand-history DIR`, reads every
.phhs file with tomllib (the standard library only), counts each statistic's
acts and opportunities per label from the PHH actions, and checks that they
equal the `acts` and `opportunities` of summary.json's `style` rows, cell by
cell. It shares no code with sim/stats/style_collector.cpp.

Usage: recount_style.py SNGSIM SOURCE_DIR
"""

import json
import pathlib
import subprocess
import sys
import tempfile
import tomllib
from collections import defaultdict

STREETS = ["preflop", "flop", "turn", "river"]
# The configs the test runs: several table sizes (heads-up to six), the
# shoot-out's final tables, a duplicate cell; built-in bots only.
# (config, tournaments per cell, extra arguments)
RUNS = [
    ("configs/quickstart.yaml", 40, []),
    ("configs/bench.yaml", 30, []),
    ("configs/turbo-vs-normal.yaml", 3, []),
    ("configs/shootout.yaml", 4, []),
    ("configs/duplicate.yaml", 12, []),
]


def steal_positions(blinds):
    """The small blind and the last two players in hand order who post no
    blind (button, cutoff); heads-up only the small blind."""
    big = max(range(len(blinds)), key=lambda p: (blinds[p], p)) if any(b > 0 for b in blinds) else -1
    positions = set()
    unblinded = 0
    for p in reversed(range(len(blinds))):
        if blinds[p] > 0:
            if p != big:
                positions.add(p)
        elif blinds[p] == 0 and unblinded < 2:
            positions.add(p)
            unblinded += 1
    return positions


def count_hand(hand):
    """{(player, statistic): [acts, opportunities]} of one PHH hand."""
    n = len(hand["starting_stacks"])
    blinds = list(hand["blinds_or_straddles"])
    if n == 2:
        # PHH lists heads-up blinds small blind first, though p1 (the first
        # to act after the flop) posts the big blind.
        blinds.reverse()
    antes = list(hand["antes"])
    stacks = list(hand["starting_stacks"])
    counts = defaultdict(lambda: [0, 0])

    def count(player, stat, act):
        counts[(player, stat)][1] += 1
        counts[(player, stat)][0] += 1 if act else 0

    # Antes, then blinds (a short stack posts what it has); the bet to
    # match preflop is the nominal big blind.
    behind = [stacks[p] - min(antes[p], stacks[p]) for p in range(n)]
    bet = [0] * n
    for p in range(n):
        if blinds[p] != 0:
            posted = min(abs(blinds[p]), behind[p])
            behind[p] -= posted
            bet[p] = posted
    highest = max([abs(b) for b in blinds] + [0])
    steal = steal_positions(blinds)

    street = 0
    boards = 0
    folded = set()
    acted_preflop, voluntary, raised, all_in = set(), set(), set(), set()
    three_bet_seen, fold_three_seen, after_cbet_seen = set(), set(), set()
    saw_flop, showdown = set(), set()
    raises, first, second, last_raiser = 0, None, None, None
    anyone_in = False
    flop_bet = cbet_considered = cbet_made = raised_after = False
    cbettor = None

    for action in hand["actions"]:
        parts = action.split()
        if parts[0] == "d":
            if parts[1] == "db":
                if boards == 0:
                    saw_flop = set(range(n)) - folded
                boards += 1
                street = min(boards, 3) if not showdown else street
                bet = [0] * n
                highest = 0
            continue
        p = int(parts[0][1:]) - 1
        verb = parts[1]
        if verb == "sm":
            showdown.add(p)
            continue
        to_call = max(0, highest - bet[p])
        if verb == "cc":
            kind = "call" if to_call > 0 else "check"
        elif verb == "cbr":
            kind = "raise"
        elif verb == "f":
            kind = "fold"
        else:
            raise ValueError(f"unknown action {action!r}")
        chips_to_raise = behind[p] > to_call

        if street == 0:
            if p not in acted_preflop:
                acted_preflop.add(p)
                if p in steal and not anyone_in and chips_to_raise:
                    count(p, "steal", kind == "raise")
            if raises == 1 and first != p and p not in three_bet_seen and chips_to_raise:
                three_bet_seen.add(p)
                count(p, "three_bet", kind == "raise")
            if raises == 2 and first == p and second != p and p not in fold_three_seen:
                fold_three_seen.add(p)
                count(p, "fold_to_three_bet", kind == "fold")
        elif street == 1:
            this_is_cbet = False
            if p == last_raiser and not cbet_considered:
                cbet_considered = True
                if not flop_bet:
                    count(p, "cbet_flop", kind == "raise")
                    this_is_cbet = kind == "raise"
            elif cbet_made and p != cbettor and p not in after_cbet_seen:
                after_cbet_seen.add(p)
                if not raised_after:
                    count(p, "fold_to_cbet_flop", kind == "fold")
            if kind == "raise":
                if cbet_made:
                    raised_after = True
                if this_is_cbet:
                    cbet_made, cbettor = True, p
                flop_bet = True

        if kind != "check":
            name = STREETS[street]
            if kind in ("raise", "call"):
                key = (p, "aggression_factor_" + name)
                if kind == "raise":
                    counts[key][0] += 1
                else:
                    counts[key][1] += 1
            count(p, "aggression_frequency_" + name, kind == "raise")

        if kind == "call":
            paid = min(to_call, behind[p])
            behind[p] -= paid
            bet[p] += paid
        elif kind == "raise":
            # R12: no bet goes past what another live player can put in. PHH
            # writes such a capped raise, when short of a full raise, as the
            # all-in it stands for (its excess comes back uncalled); the
            # engine's raise, and the chips left behind, are the capped ones.
            reach = max(bet[q] + behind[q] for q in range(n) if q != p and q not in folded)
            to = min(int(parts[2]), reach)
            behind[p] -= to - bet[p]
            bet[p] = to
            highest = max(highest, to)
        if kind in ("call", "raise") and street == 0:
            voluntary.add(p)
            anyone_in = True
            if behind[p] == 0:
                all_in.add(p)
        if kind == "raise" and street == 0:
            raised.add(p)
            raises += 1
            if raises == 1:
                first = p
            if raises == 2:
                second = p
            last_raiser = p
        if kind == "fold":
            folded.add(p)

    # Won at showdown: the finishing stack is above what the player had left
    # once the uncalled part of the largest bet came back (R14).
    put_in = [stacks[p] - min(antes[p], stacks[p]) - behind[p] for p in range(n)]
    order = sorted(range(n), key=lambda q: put_in[q], reverse=True)
    returned = [0] * n
    if n > 1 and put_in[order[0]] > put_in[order[1]]:
        returned[order[0]] = put_in[order[0]] - put_in[order[1]]
    for p in range(n):
        if p in acted_preflop:
            count(p, "vpip", p in voluntary)
            count(p, "pfr", p in raised)
            count(p, "all_in_preflop", p in all_in)
        if p in saw_flop:
            count(p, "went_to_showdown", p in showdown)
        if p in showdown:
            left = behind[p] + returned[p]
            count(p, "won_at_showdown", hand["finishing_stacks"][p] > left)
    return counts


def recount(history_dir):
    """{cell folder: {(label, statistic): [acts, opportunities]}}."""
    cells = {}
    for cell_dir in sorted(pathlib.Path(history_dir).glob("cell-*")):
        totals = defaultdict(lambda: [0, 0])
        for path in sorted(cell_dir.rglob("*.phhs")):
            with open(path, "rb") as f:
                document = tomllib.load(f)
            for hand in document.values():
                for (player, stat), (acts, opportunities) in count_hand(hand).items():
                    key = (hand["players"][player], stat)
                    totals[key][0] += acts
                    totals[key][1] += opportunities
        cells[int(cell_dir.name.split("-")[1])] = totals
    return cells


def main():
    sngsim, source = sys.argv[1], pathlib.Path(sys.argv[2])
    failures = 0
    for config, tournaments, extra in RUNS:
        with tempfile.TemporaryDirectory() as tmp:
            out, hh = pathlib.Path(tmp) / "out", pathlib.Path(tmp) / "hh"
            subprocess.run([sngsim, "run", str(source / config), "--style", "-q", "-f", "-t", "2", "-o", str(out),
                            "--hand-history", str(hh), "-n", str(tournaments), "--hh-tournaments", str(tournaments)] + extra,
                           check=True, stdout=subprocess.DEVNULL)
            summary = json.loads((out / "summary.json").read_text())
            recounted = recount(hh)
            # --hand-history numbers cell folders from 0 or 1: match them in order.
            folders = sorted(recounted)
            if len(folders) != len(summary["cells"]):
                print(f"{config}: {len(folders)} cell folders for {len(summary['cells'])} cells")
                failures += 1
                continue
            for folder, cell in zip(folders, summary["cells"]):
                expected = recounted[folder]
                checked = 0
                for row in cell["style"]:
                    want = expected.get((row["label"], row["statistic"]), [0, 0])
                    got = [row["acts"], row["opportunities"]]
                    if got != want:
                        print(f"{config} cell {folder} {row['label']} {row['statistic']}: "
                              f"summary.json {got}, PHH recount {want}")
                        failures += 1
                    checked += 1
                print(f"{config} cell {folder}: {checked} label statistics, "
                      f"{sum(v[1] for v in expected.values())} opportunities recounted")
    if failures:
        print(f"FAIL: {failures} differences")
        return 1
    print("PASS: summary.json's style counts equal the recount from the PHH hands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
