#!/usr/bin/env python3
"""docs/config-reference.md lists exactly the keys the config reader accepts.

Usage: check_config_keys.py SOURCE_DIR

The reader (sim/config/experiment_config.cpp) declares the keys of every
mapping of an experiment file as one list each, `const std::vector<std::string>
kXKeys = {...}`, and checks a mapping against its list with
`check_keys(node, "dotted.path", kXKeys)`. This test reads those
declarations from the source (the C++ does not export them), so a key
added to a list and not to the document, or documented and not accepted,
fails here. Checked:
  - the key column of the "Keys" table equals the keys the reader accepts,
    less the keys that only name a section of further keys (`table`,
    `table.ante`, ...) and the keys accepted only to be refused with advice
    (`stop.max_tournaments`, which the document must mention);
  - the keys of a blind level (`table.schedule`, `cash.blinds`) appear in
    the document's `{small: , big: , ante: }` form;
  - every choice of a `read_choice(..., "section", "key", {...})` is written
    in that key's row of the table.
Exit 0 when they agree, 1 listing every disagreement.
"""

import os
import re
import sys

READER = os.path.join("sim", "config", "experiment_config.cpp")
REFERENCE = os.path.join("docs", "config-reference.md")

LIST = re.compile(r"const\s+std::vector<std::string>\s+(k\w+)\s*=\s*\{([^}]*)\};")
CHECK_KEYS = re.compile(r"check_keys\(\s*[^,]+,\s*(\"[^\"]*\"|\w+)\s*,\s*(k\w+)\s*\)")
CHOICE = re.compile(r"read_choice\(\s*[^,]+,\s*\"([^\"]*)\"\s*,\s*\"(\w+)\"\s*,\s*(\{[^}]*\}|k\w+)")
STRING = re.compile(r"\"([^\"]*)\"")
# Lists whose path the reader builds at run time: where they sit in a file.
RUNTIME_PATHS = {"kEntrantKeys": "lineup[]", "kLevelKeys": None}  # None: a blind level, see below
# Keys the reader accepts only to refuse them with advice.
REFUSED = {"stop.max_tournaments"}


def read(root, name):
    with open(os.path.join(root, name), encoding="utf-8") as f:
        return f.read()


def reader_keys(source, problems):
    """{dotted key} accepted, {section paths}, {list name: [keys]}."""
    lists = {name: STRING.findall(body) for name, body in LIST.findall(source)}
    accepted, sections = set(), set()
    used = set()
    for path_text, name in CHECK_KEYS.findall(source):
        if name not in lists:
            problems.append(f"{READER}: check_keys uses {name}, whose declaration this test cannot read")
            continue
        used.add(name)
        if path_text.startswith('"'):
            path = path_text.strip('"')
        elif name in RUNTIME_PATHS:
            path = RUNTIME_PATHS[name]
        else:
            problems.append(f"{READER}: check_keys({path_text}, {name}) has a path this test does not know; "
                            "add it to RUNTIME_PATHS")
            continue
        if path is None:
            continue
        sections.add(path)
        accepted |= {(path + "." if path else "") + key for key in lists[name]}
    if not accepted:
        problems.append(f"{READER}: no check_keys(..., kXKeys) calls found")
    # A list of mappings (lineup) is a key of its parent and a section of its items.
    sections |= {path[:-2] for path in sections if path.endswith("[]")}
    return accepted, sections, lists, used


def documented_rows(reference, problems):
    """{key: row text} of the Keys table."""
    start = reference.find("\n## Keys\n")
    if start < 0:
        problems.append(f"{REFERENCE}: no '## Keys' section")
        return {}
    rows = {}
    for line in reference[start:].split("\n## ", 2)[1].splitlines():
        match = re.match(r"\|\s*`([^`]+)`\s*\|", line)
        if match:
            key = match.group(1)
            if key in rows:
                problems.append(f"{REFERENCE}: {key} is listed twice")
            rows[key] = line
    if not rows:
        problems.append(f"{REFERENCE}: the Keys table has no rows")
    return rows


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip().splitlines()[0])
        return 2
    root = sys.argv[1]
    problems = []
    source, reference = read(root, READER), read(root, REFERENCE)
    accepted, sections, lists, used = reader_keys(source, problems)
    rows = documented_rows(reference, problems)

    for key in sorted(accepted - sections - REFUSED - set(rows)):
        problems.append(f"{key} is accepted by {READER} but missing from the Keys table of {REFERENCE}")
    for key in sorted(set(rows) - accepted):
        problems.append(f"{key} is in the Keys table of {REFERENCE} but {READER} does not accept it")
    for key in sorted(REFUSED):
        if key not in accepted:
            problems.append(f"{key} is no longer accepted-to-refuse by {READER}: update REFUSED in this test")
        elif f"`{key}`" not in reference:
            problems.append(f"{REFERENCE} does not say that {key} is refused")

    level_form = "{" + ", ".join(key + ": " for key in lists.get("kLevelKeys", [])) + "}"
    if "kLevelKeys" not in used or level_form not in reference:
        problems.append(f"{REFERENCE} does not give a blind level's keys as `{level_form}`")

    choices = 0
    for section, key, names in CHOICE.findall(source):
        dotted = (section + "." if section else "") + key
        values = lists[names] if names in lists else STRING.findall(names)
        if dotted not in rows:
            continue  # reported above, unless the key is not in the table at all
        for value in values:
            choices += 1
            if f"`{value}`" not in rows[dotted]:
                problems.append(f"{REFERENCE}: the row of {dotted} does not name the choice `{value}`")

    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"{len(rows)} documented keys = {len(accepted)} accepted less {len(accepted) - len(rows)} "
          f"sections and refused keys; {choices} choices documented")
    return 0


if __name__ == "__main__":
    sys.exit(main())
