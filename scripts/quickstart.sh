#!/usr/bin/env bash
# The README's main command: install, build what it runs, run the default
# experiment. Only the simulator and the example plug-in that the shipped
# configs load (configs/compare-strategies.yaml) are built; the test suite,
# most of a full build's compile time, is scripts/test.sh's.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh sngsim example_bot
exec build/sngsim run configs/quickstart.yaml --out results/quickstart --force "$@"
