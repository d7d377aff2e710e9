#!/usr/bin/env python3
"""Real runs write what docs/output-format.md and docs/summary.schema.json say.

Usage: check_output_format.py SOURCE_DIR SNGSIM_BINARY

Runs small experiments of the shipped configs (a sit-and-go with ICM at the
cap, a matrix, a shoot-out, a cash table, duplicate seating, luck-adjusted
duplicate seating, a stop rule)
into a scratch folder, then checks each results folder:
  - the files present are the ones the document's file table promises;
  - every CSV header is `cell`, the matrix keys, then exactly the columns
    of the document's table for that file (place_<p> expanded), and its
    rows are as many as the summary says;
  - summary.json is valid against docs/summary.schema.json (python3-jsonschema,
    which scripts/setup.sh installs), and the schema refuses broken copies;
  - every field the schema names is explained in the document, and every
    field the document's summary.json tables name is in the schema.
Exit 0 when all hold; 1 listing what does not; 77 (a skip for ctest) when
everything but the schema checks passed and jsonschema is not installed.
"""

import copy
import csv
import json
import os
import re
import subprocess
import sys

import docs_check
import tempfile

DEBIAN_PYTHON = "/usr/bin/python3"
REEXEC_GUARD = "SNGSIM_DOCS_TEST_REEXEC"
SKIP = 77

STOP = "stop={metric: mean_place, label: tag, vs: maniac, ci_width: 0.9, batch: 30}"
RUNS = [
    # (name, config, extra arguments, what must hold of the summary)
    ("sit-and-go", "quickstart.yaml", ["-n", "40", "--set", "payouts.icm_at_cap=true"], None),
    ("matrix", "turbo-vs-normal.yaml", ["-n", "4"], None),
    ("shoot-out", "shootout.yaml", ["-n", "6"], None),
    ("cash", "cash-bb100.yaml", ["-n", "4", "--set", "cash.hands=200"], None),
    ("cash with a rake", "cash-bb100.yaml",
     ["-n", "4", "--set", "cash.hands=200", "--set", "cash.rake={percent: 5, cap: 60}"],
     lambda s: all(cell["rake_total"] > 0 for cell in s["cells"]) or "no rake was taken"),
    ("duplicate", "duplicate.yaml", ["-n", "30"], None),
    ("luck-adjusted, duplicate", "duplicate.yaml", ["-n", "60", "--set", "adjust_luck=true"],
     lambda s: all("roi_diff_adjusted" in pair for cell in s["cells"] for pair in cell["paired"])
     or "a pair without roi_diff_adjusted"),
    ("luck-adjusted shoot-out", "shootout.yaml", ["-n", "20", "--set", "adjust_luck=true"],
     lambda s: all("variance_reduction" in cell for cell in s["cells"]) or "a cell without variance_reduction"),
    ("playing style", "quickstart.yaml", ["-n", "20", "--style"],
     lambda s: all(len(cell["style"]) == 18 * len(cell["labels"]) for cell in s["cells"]) or "a cell without style"),
    ("stop rule", "duplicate.yaml", ["-n", "300", "--set", STOP],
     lambda s: all(cell["stopped"] is not None for cell in s["cells"]) or "no cell was stopped by the rule"),
]


def import_jsonschema():
    try:
        import jsonschema
        return jsonschema
    except ImportError:
        # Debian's package is for /usr/bin/python3; the python3 first on PATH may be another.
        if (os.environ.get(REEXEC_GUARD) != "1" and os.path.exists(DEBIAN_PYTHON)
                and os.path.realpath(sys.executable) != os.path.realpath(DEBIAN_PYTHON)):
            os.environ[REEXEC_GUARD] = "1"
            os.execv(DEBIAN_PYTHON, [DEBIAN_PYTHON, os.path.abspath(__file__)] + sys.argv[1:])
        return None


def section(text, heading):
    """The text under a heading (up to the next heading of the same or a higher level)."""
    level = len(heading) - len(heading.lstrip("#"))
    start = text.find("\n" + heading + "\n")
    if start < 0:
        return None
    body = text[start + len(heading) + 2:]
    end = re.search(r"^#{1,%d} " % level, body, re.MULTILINE)
    return body[:end.start()] if end else body


def table_rows(text):
    """The cells of every row of the markdown tables in text, header rows left out."""
    rows = []
    for line in text.splitlines():
        if not line.startswith("|") or re.match(r"^\|[-| ]+\|$", line):
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[0] in ("file", "field", "column"):
            continue
        rows.append(cells)
    return rows


def names_in(cell):
    return re.findall(r"`([^`]+)`", cell)


def documented_files(doc, problems):
    """{file: format the file needs, or None: always}."""
    files = {}
    for row in table_rows(doc.split("\n## ", 1)[0]):
        name = names_in(row[0])
        if not name:
            continue
        if row[1] == "always":
            files[name[0]] = None
        elif row[1] == "with `style_stats` (`run --style`)":
            files[name[0]] = "style"
        else:
            match = re.match(r"with (shoot-out|cash) cells$", row[1])
            if not match:
                problems.append(f"output-format.md: the file table says `{row[1]}` for {name[0]}")
                continue
            files[name[0]] = {"shoot-out": "shootout", "cash": "cash"}[match.group(1)]
    if not files:
        problems.append("output-format.md: no file table")
    return files


def documented_columns(doc, name, problems):
    text = section(doc, f"### `{name}`")
    if text is None:
        problems.append(f"output-format.md: no section ### `{name}`")
        return []
    # A row may name several columns; one whose meaning starts with
    # "`adjust_luck` only" is written by luck-adjusted runs only, one whose
    # meaning starts "with a rake:" only when a cash cell takes a rake (V10).
    columns = []
    for row in table_rows(text):
        meaning = row[1].strip() if len(row) > 1 else ""
        condition = "luck" if meaning.startswith("`adjust_luck` only") else \
            "rake" if meaning.startswith("with a rake:") else None
        columns += [(column, condition) for column in names_in(row[0])]
    if [c for c, _ in columns[:2]] != ["cell", "<matrix key>"]:
        problems.append(f"output-format.md: {name} does not start with `cell`, `<matrix key>`")
    return columns[2:]


def check_folder(run, folder, doc, files, problems):
    with open(os.path.join(folder, "summary.json"), encoding="utf-8") as f:
        summary = json.load(f)
    cells = summary["cells"]
    formats = {cell["format"] for cell in cells}
    if any("style" in cell for cell in cells):
        formats.add("style")  # not a format: what style_stats adds
    present = set(os.listdir(folder))
    for name, needs in files.items():
        wanted = needs is None or needs in formats
        if wanted and name not in present:
            problems.append(f"{run}: {name} missing")
        if not wanted and name in present:
            problems.append(f"{run}: {name} written without {needs} cells")
    for name in sorted(present - set(files)):
        problems.append(f"{run}: {name} is not in output-format.md's file table")

    keys = []
    for cell in cells:
        keys += [key for key in cell["params"] if key not in keys]
    most_seats = max(cell["seats"] for cell in cells)
    luck = any("luck_adjusted" in player for cell in cells for player in cell.get("players", {}).values())
    tournament_cells = [cell for cell in cells if cell["format"] != "cash"]
    sit_and_go = [cell for cell in cells if cell["format"] == "sit-and-go"]
    rows_expected = {
        "players.csv": sum(len(cell["labels"]) for cell in tournament_cells),
        "hands.csv": sum(cell["hand_cap"] for cell in sit_and_go),
        "survival.csv": sum(len(cell["survival"]) for cell in cells),
        "head_to_head.csv": sum(len(cell["head_to_head"]) for cell in cells),
        "shootout.csv": sum(len(cell["labels"]) for cell in cells if cell["format"] == "shootout"),
        "cash.csv": sum(len(cell["labels"]) for cell in cells if cell["format"] == "cash"),
        "style.csv": sum(len(cell.get("style", [])) for cell in cells),
    }
    for name in sorted(n for n in present if n.endswith(".csv")):
        fixed = []
        raked = any("rake" in cell for cell in cells if cell["format"] == "cash")
        for column, condition in documented_columns(doc, name, problems):
            if (condition == "luck" and not luck) or (condition == "rake" and not raked):
                continue
            if column == "place_<p>":
                fixed += [f"place_{p}" for p in range(1, most_seats + 1)]
            else:
                fixed.append(column)
        expected = ["cell"] + [("param_" + key if key == "cell" or key in fixed else key) for key in keys] + fixed
        with open(os.path.join(folder, name), newline="", encoding="utf-8") as f:
            table = list(csv.reader(f))
        header, body = table[0], table[1:]
        # summary.json's objects are sorted, so only the set of matrix-key columns can be compared.
        matrix_part = slice(1, 1 + len(keys))
        if (header[:1] != ["cell"] or header[1 + len(keys):] != expected[1 + len(keys):]
                or sorted(header[matrix_part]) != sorted(expected[matrix_part])):
            problems.append(f"{run}: {name} header\n    {','.join(header)}\n  document says\n    {','.join(expected)}")
        if len(body) != rows_expected.get(name, len(body)):
            problems.append(f"{run}: {name} has {len(body)} rows, summary.json implies {rows_expected[name]}")
        if any(len(row) != len(header) for row in body):
            problems.append(f"{run}: {name} has rows of another width than its header")
    return summary


def schema_names(node, found):
    if isinstance(node, dict):
        for key, value in node.get("properties", {}).items():
            found.add(key)
        for value in node.values():
            schema_names(value, found)
    elif isinstance(node, list):
        for value in node:
            schema_names(value, found)
    return found


def check_schema_against_doc(schema, doc, problems):
    in_schema = schema_names(schema, set())
    summary_part = section(doc, "## summary.json") or ""
    in_doc = set()
    for row in table_rows(summary_part):
        in_doc |= set(names_in(row[0]))
    for name in sorted(in_schema - set(re.findall(r"`([A-Za-z0-9_]+)`", summary_part))):
        problems.append(f"summary.schema.json has `{name}`, which output-format.md's summary.json section never names")
    for name in sorted(in_doc - in_schema):
        problems.append(f"output-format.md's summary.json tables name `{name}`, which summary.schema.json lacks")


def broken_copies(summary):
    """Copies the schema must refuse, each with what was broken."""
    cell = next(c for c in summary["cells"] if c["format"] == "sit-and-go")
    index = summary["cells"].index(cell)
    label = cell["labels"][0]
    copies = []
    missing = copy.deepcopy(summary)
    del missing["cells"][index]["players"][label]["win_rate"]
    copies.append(("a player without win_rate", missing))
    extra = copy.deepcopy(summary)
    extra["cells"][index]["unexpected"] = 1
    copies.append(("a cell with an unknown key", extra))
    wrong = copy.deepcopy(summary)
    wrong["cells"][index]["players"][label]["mean_place_ci95"] = "narrow"
    copies.append(("an interval that is text", wrong))
    negative = copy.deepcopy(summary)
    negative["cells"][index]["tournaments"] = -1
    copies.append(("a negative count", negative))
    return copies


def main():
    source, binary = docs_check.arguments(__doc__, 2)
    jsonschema = import_jsonschema()
    with open(os.path.join(source, "docs", "output-format.md"), encoding="utf-8") as f:
        doc = f.read()
    with open(os.path.join(source, "docs", "summary.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    problems = []
    files = documented_files(doc, problems)
    check_schema_against_doc(schema, doc, problems)

    summaries = []
    with tempfile.TemporaryDirectory(prefix="sngsim-docs-") as scratch:
        for i, (run, config, arguments, condition) in enumerate(RUNS):
            folder = os.path.join(scratch, str(i))
            command = [binary, "run", os.path.join(source, "configs", config), "-t", "2", "-q", "-f", "-o", folder]
            done = subprocess.run(command + arguments, capture_output=True, text=True)
            if done.returncode != 0:
                problems.append(f"{run}: {' '.join(command + arguments)} exited {done.returncode}: {done.stderr.strip()}")
                continue
            summary = check_folder(run, folder, doc, files, problems)
            if condition is not None and condition(summary) is not True:
                problems.append(f"{run}: {condition(summary)}")
            summaries.append((run, summary))

    validated = 0
    if jsonschema is not None:
        validator_class = jsonschema.validators.validator_for(schema)
        validator_class.check_schema(schema)
        validator = validator_class(schema)
        for run, summary in summaries:
            for error in sorted(validator.iter_errors(summary), key=lambda e: list(e.absolute_path))[:10]:
                where = "/".join(str(part) for part in error.absolute_path)
                problems.append(f"{run}: summary.json at /{where}: {error.message[:300]}")
            validated += 1
        for what, broken in broken_copies(summaries[0][1]) if summaries else []:
            if validator.is_valid(broken):
                problems.append(f"summary.schema.json accepts {what}")

    if jsonschema is None and not problems:
        print("python3-jsonschema is not installed (scripts/setup.sh installs it): "
              "summary.json was NOT validated against docs/summary.schema.json")
        return SKIP
    return docs_check.verdict(problems, f"{len(summaries)} runs: files and CSV headers as documented; {validated} "
                              "summary.json files valid against docs/summary.schema.json; broken copies refused")


if __name__ == "__main__":
    sys.exit(main())
