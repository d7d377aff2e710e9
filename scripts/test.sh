#!/usr/bin/env bash
# The README's test command: install, build, run every test; then the
# hostile-input checks (README): the tests again under ASan and UBSan, and a
# seeded, bounded fuzz of the experiment and PHH readers.
# Long soak runs are opt-in: SNGSIM_SOAK=1 scripts/test.sh
# A long fuzz is opt-in too: SNGSIM_FUZZ_SECONDS=3600 scripts/test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
scripts/ctest.sh build -j "$(nproc)" "$@"
# The soak is the normal build's: several times slower under the sanitizers.
env -u SNGSIM_SOAK scripts/sanitize.sh "$@"
scripts/fuzz.sh
