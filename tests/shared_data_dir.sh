#!/bin/sh
# Prints the folder of the optional hand-history collections that the replay
# tests and the open-ended fuzzer read (docs/rules.md, "Checked against hand
# histories"): $SNGSIM_SHARED_DATA when set, else the data folder beside the
# checkout. They are not part of the repository; callers check that the
# folder exists and say so when it does not. tests/sim/io/test_replay.cpp looks in
# the same two places.
if [ -n "${SNGSIM_SHARED_DATA:-}" ]; then
  printf '%s\n' "$SNGSIM_SHARED_DATA"
else
  printf '%s\n' "$(cd "$(dirname "$0")/.." && pwd)/../shared/data"
fi
