#!/usr/bin/env bash
# The README's main command: install, build, run the default experiment.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh
exec build/sngsim run configs/quickstart.yaml --out results/quickstart --force "$@"
