#!/usr/bin/env bash
# ctest in one build folder, then how many tests were skipped and which: a
# skip (a missing program or data, an opt-in not given; tests/skip.h) is
# never counted as a pass, and CI says how many there were.
#   scripts/ctest.sh BUILD_DIR [ctest arguments]
set -euo pipefail
build=$1
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
ctest --test-dir "$build" --output-on-failure "$@" 2>&1 | tee "$log" || status=$?
skipped=$(grep -c -- '\*\*\*Skipped' "$log" || true)
echo "$build: $skipped tests skipped"
grep -- '\*\*\*Skipped' "$log" | sed -E 's/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: (.*[^.])\.+\*\*\*Skipped.*/  skipped: \1/' || true
exit "$status"
