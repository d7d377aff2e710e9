#!/usr/bin/env python3
"""The repository stands on its own: no tracked file sends a reader to a
path outside the checkout, to a folder of this machine, or to documents the
project does not contain (the outside rule sheets, cited by number).

Usage: check_self_contained.py SOURCE_DIR

Checked in every tracked text file:
  - a path above the repository into the neighbouring shared folder;
  - absolute paths of a particular machine (home folders, /work, /mnt, ...);
  - outside rule sheets cited by their number, or by their folder or
    file name.
The one exception: files under tests/ may name the neighbouring shared data
and yardsticks folders, which tests read when present and report as skipped
when absent (tests/shared_data_dir.sh).

The patterns are assembled from pieces, so this file does not match itself.
Exit 0 when clean, 1 listing every offending line as file:line: text.
"""

import os
import re
import subprocess
import sys

UP = ".."
SHARED = "shared"
OUTSIDE_SHARED = re.compile(re.escape(UP + "/" + SHARED) + r"\b")
# What tests may name: the optional data they skip without.
TESTS_MAY_NAME = re.compile(re.escape(UP + "/" + SHARED + "/") + "(data|yardsticks)" + r"\b")
MACHINE_PATH = re.compile(r"(?<![\w.~-])/(" + "|".join(["wo" + "rk", "ho" + "me", "Us" + "ers", "m" + "nt", "ro" + "ot"]) + r")/")
SEED = "se" + "ed"
SEED_DOCUMENT = re.compile(
    r"\b" + SEED + r"s?\s+0\d\d\b"            # a rule sheet cited by number
    + r"|\b" + SEED + r"s/"                    # their folder
    + r"|\b" + SEED + r"\s+(document|sheet)s?\b",
    re.IGNORECASE)
OUTSIDE_RULE_BOOK = re.compile(r"\b" + "RU" + "LES" + r"\.md\b")  # case-sensitive: docs/rules.md is ours

SKIP_DIRS = {".git", "build", "build-asan", "results"}


def tracked_files(root):
    """The files git tracks, or every file outside build folders when the
    tree is not a git checkout (a source tarball)."""
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], check=True, capture_output=True).stdout
        return [name for name in out.decode().split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        found = []
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.startswith("build")]
            found += [os.path.relpath(os.path.join(folder, f), root) for f in files]
        return found


def problems_in(name, text):
    in_tests = name.startswith("tests/")
    for number, line in enumerate(text.splitlines(), 1):
        reasons = []
        outside = OUTSIDE_SHARED.search(TESTS_MAY_NAME.sub("", line) if in_tests else line)
        if outside:
            reasons.append("names a folder outside the repository")
        if MACHINE_PATH.search(line):
            reasons.append("names an absolute path of one machine")
        if SEED_DOCUMENT.search(line) or OUTSIDE_RULE_BOOK.search(line):
            reasons.append("cites a rule document the repository does not contain (say what the rule is: docs/rules.md)")
        for reason in reasons:
            yield f"{name}:{number}: {reason}: {line.strip()}"


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[0])
        return 2
    root = sys.argv[1]
    problems = []
    checked = 0
    for name in sorted(tracked_files(root)):
        path = os.path.join(root, name)
        if not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        if b"\0" in data:
            continue  # binary: images, fuzz inputs
        checked += 1
        problems += problems_in(name, data.decode("utf-8", errors="replace"))
    if checked == 0:
        print("no files found under " + root)
        return 1
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} problem(s) in {checked} files")
        return 1
    print(f"{checked} files name nothing outside the repository")
    return 0


if __name__ == "__main__":
    sys.exit(main())
