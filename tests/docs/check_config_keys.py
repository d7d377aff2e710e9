#!/usr/bin/env python3
"""docs/config-reference.md's Keys table is the reader's declaration of keys.

Usage: check_config_keys.py SOURCE_DIR SNGSIM

The config reader takes the keys of every mapping and the choices of every
key that names one from a single declaration (sim/config/config_keys.cpp),
which `sngsim config-keys --markdown` renders as the table. This test
compares that rendering with the table in the document, row for row, and
checks that every key accepted only to be refused (`sngsim config-keys`
lists them as "refused with advice") is explained in the document. To
update the document after changing the declaration, paste the command's
output over the table.
Exit 0 when they agree, 1 listing every disagreement.
"""

import difflib
import os
import subprocess
import sys

import docs_check

REFERENCE = os.path.join("docs", "config-reference.md")
HEADER = "| Key | Type | Default | Meaning |"


def sngsim(binary, *args):
    return subprocess.run([binary, *args], check=True, capture_output=True, text=True).stdout


def documented_table(reference, problems):
    """The Keys section's table, header to last row, one line each."""
    start = reference.find("\n## Keys\n")
    if start < 0:
        problems.append(f"{REFERENCE}: no '## Keys' section")
        return []
    section = reference[start:].split("\n## ", 2)[1]
    lines = [line for line in section.splitlines() if line.startswith("|")]
    if not lines or lines[0] != HEADER:
        problems.append(f"{REFERENCE}: the Keys section has no table starting `{HEADER}`")
    return lines


def main():
    root, binary = docs_check.arguments(__doc__, 2)
    problems = []
    with open(os.path.join(root, REFERENCE), encoding="utf-8") as f:
        reference = f.read()
    documented = documented_table(reference, problems)
    declared = sngsim(binary, "config-keys", "--markdown").splitlines()
    for line in difflib.unified_diff(documented, declared, REFERENCE + " (Keys table)",
                                     "sngsim config-keys --markdown", lineterm="", n=0):
        problems.append(line)

    listing = sngsim(binary, "config-keys").splitlines()
    refused = [listing[i - 1] for i, line in enumerate(listing) if line.strip() == "refused with advice"]
    for key in refused:
        if f"`{key}`" not in reference:
            problems.append(f"{REFERENCE} does not say why {key} is refused")

    rows = max(len(declared) - 2, 0)
    return docs_check.verdict(problems, f"{REFERENCE}'s Keys table = the declaration ({rows} keys); "
                              f"{len(refused)} refused keys explained")


if __name__ == "__main__":
    sys.exit(main())
