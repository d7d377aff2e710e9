#!/usr/bin/env python3
"""scripts/report.py checks summary.json against docs/summary.schema.json first.

Usage: check_report_validates.py SOURCE_DIR SNGSIM_BINARY

On a small real run (configs/quickstart.yaml) whose summary.json is then
broken in a way the report's own reading does not notice (a count below
zero), the report must exit 2 with a message naming the schema and the
place, and draw nothing. When it cannot check (jsonschema hidden from the
interpreter, or a copy of the script with no schema beside it) it must say
so and go on (exit 0, or 1 where matplotlib is missing).
Exit 0 when all hold, 1 listing what does not.
"""

import json
import os
import shutil
import subprocess
import sys

import docs_check
import tempfile


def report(script, folder, env=None):
    done = subprocess.run([sys.executable, script, folder], capture_output=True, text=True,
                          env={**os.environ, **(env or {})})
    return done.returncode, done.stderr


def main():
    source, binary = docs_check.arguments(__doc__, 2)
    script = os.path.join(source, "scripts", "report.py")
    problems = []
    with tempfile.TemporaryDirectory(prefix="sngsim-report-") as scratch:
        folder = os.path.join(scratch, "run")
        subprocess.run([binary, "run", os.path.join(source, "configs", "quickstart.yaml"), "-n", "20", "-t", "2",
                        "-q", "-f", "-o", folder], check=True, capture_output=True)
        path = os.path.join(folder, "summary.json")
        with open(path, encoding="utf-8") as f:
            summary = json.load(f)
        summary["cells"][0]["capped"] = -1
        with open(path, "w", encoding="utf-8") as f:
            json.dump(summary, f)

        code, stderr = report(script, folder)
        if code != 2 or "summary.schema.json at /cells/0/capped" not in stderr:
            problems.append(f"a summary with capped = -1: exit {code}, expected 2 naming the schema and "
                            f"/cells/0/capped; stderr: {stderr.strip()}")
        if os.path.exists(os.path.join(folder, "report.html")) or os.path.exists(os.path.join(folder, "report")):
            problems.append("the refused summary was drawn anyway")

        # jsonschema hidden: an import of it fails, in this interpreter and in Debian's.
        hide = os.path.join(scratch, "hide", "jsonschema")
        os.makedirs(hide)
        with open(os.path.join(hide, "__init__.py"), "w", encoding="utf-8") as f:
            f.write('raise ImportError("hidden by check_report_validates.py")\n')
        code, stderr = report(script, folder, {"PYTHONPATH": os.path.dirname(hide)})
        if code == 2 or "python3-jsonschema is missing" not in stderr:
            problems.append(f"without jsonschema: exit {code}, expected it to say so and go on; stderr: {stderr.strip()}")

        # A copy of the script with no schema beside it (SNGSIM_SCRIPTS=DIR).
        elsewhere = os.path.join(scratch, "scripts")
        os.makedirs(elsewhere)
        shutil.copy(script, elsewhere)
        code, stderr = report(os.path.join(elsewhere, "report.py"), folder)
        if code == 2 or "no schema at" not in stderr:
            problems.append(f"without the schema file: exit {code}, expected it to say so and go on; stderr: {stderr.strip()}")

    return docs_check.verdict(problems, "report.py refuses a summary.json the schema refuses, and says when it cannot check")


if __name__ == "__main__":
    sys.exit(main())
