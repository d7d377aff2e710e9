#!/usr/bin/env python3
"""docs/rules.md and the tests name the same rules.

Usage: check_rule_ids.py SOURCE_DIR

A rule of docs/rules.md is a heading `### <id> <title>`, the id R<n> or
V<n>; a heading ending in "(planned)" is a rule not implemented yet. A test
names a rule when the id appears as a word in its name: the name of a
Catch2 TEST_CASE in any C++ file under tests/, or of an add_test(NAME ...)
in a CMake file. Checked:
  - the ids of docs/rules.md are unique and numbered without gaps, R1.. and V1..;
  - every implemented rule is named by at least one test;
  - every id a test names is a rule of docs/rules.md;
  - a planned rule named by a test is reported, as it is no longer planned.
Exit 0 when they agree, 1 listing every disagreement.
"""

import os
import re
import sys

RULE_HEADING = re.compile(r"^### ([RV])(\d+) (.+?)\s*$", re.MULTILINE)
RULE_ID = re.compile(r"\b([RV])(\d+)\b")
# A C++ string literal: the test's name is the first argument.
TEST_CASE = re.compile(r'\bTEST_CASE\s*\(\s*"((?:[^"\\\n]|\\.)*)"')
ADD_TEST = re.compile(r'\badd_test\s*\(\s*NAME\s+"([^"]*)"')


def rules_of(path):
    """{id: planned?} in document order, and the problems of the headings."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    rules, problems = {}, []
    numbers = {"R": [], "V": []}
    for kind, number, title in RULE_HEADING.findall(text):
        rule = kind + number
        if rule in rules:
            problems.append(f"docs/rules.md: {rule} appears twice")
        rules[rule] = title.endswith("(planned)")
        numbers[kind].append(int(number))
    for kind, seen in numbers.items():
        if seen != list(range(1, len(seen) + 1)):
            problems.append(f"docs/rules.md: the {kind} rules are not numbered 1..{len(seen)} in order: {seen}")
    if not numbers["R"]:
        problems.append("docs/rules.md: no rule headings (### R1 ...) found")
    return rules, problems


def test_names(tests_dir):
    """(file, name) of every test under tests_dir."""
    found = []
    for folder, dirs, files in os.walk(tests_dir):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(folder, name)
            if name.endswith((".cpp", ".h")):
                pattern = TEST_CASE
            elif name == "CMakeLists.txt" or name.endswith(".cmake"):
                pattern = ADD_TEST
            else:
                continue
            with open(path, encoding="utf-8", errors="replace") as f:
                found += [(path, test) for test in pattern.findall(f.read())]
    return found


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[0])
        return 2
    root = sys.argv[1]
    rules, problems = rules_of(os.path.join(root, "docs", "rules.md"))
    tests = test_names(os.path.join(root, "tests"))
    with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as f:
        tests += [("CMakeLists.txt", test) for test in ADD_TEST.findall(f.read())]

    named = {}
    for path, test in tests:
        for kind, number in RULE_ID.findall(test):
            named.setdefault(kind + number, []).append((os.path.relpath(path, root), test))

    for rule, planned in rules.items():
        if not planned and rule not in named:
            problems.append(f"{rule} is implemented (docs/rules.md) but no test names it")
        if planned and rule in named:
            where, test = named[rule][0]
            problems.append(f"{rule} is marked planned in docs/rules.md but {where} tests it: \"{test}\"")
    for rule, uses in sorted(named.items()):
        if rule not in rules:
            where, test = uses[0]
            problems.append(f"{where}: test \"{test}\" names {rule}, which docs/rules.md does not have")

    for problem in problems:
        print(problem)
    if problems:
        return 1
    implemented = sum(1 for planned in rules.values() if not planned)
    print(f"{len(rules)} rules ({implemented} implemented, each tested; {len(rules) - implemented} planned); "
          f"{len(tests)} test names checked")
    return 0


if __name__ == "__main__":
    sys.exit(main())
