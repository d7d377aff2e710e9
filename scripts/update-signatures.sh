#!/usr/bin/env bash
# Writes tests/signatures/*.json anew from build/sngsim: the seeded summaries
# the ctest "signature: ..." compares every build with
# (tests/signatures/signature.py). Results are meant never to change by
# accident: a commit that changes these files must say in its message why
# the results changed (a rule fixed, a bot changed, ...).
#   scripts/update-signatures.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh sngsim
/usr/bin/python3 tests/signatures/signature.py build/sngsim . --write
git --no-pager diff --stat -- tests/signatures
