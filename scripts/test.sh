#!/usr/bin/env bash
# The README's test command: install, build, run every test.
# Long soak runs are opt-in: SNGSIM_SOAK=1 scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
ctest --test-dir build --output-on-failure -j "$(nproc)" "$@"
