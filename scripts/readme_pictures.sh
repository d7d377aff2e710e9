#!/usr/bin/env bash
# Regenerates the pictures the README shows, from real runs, into
# docs/images/:
#   hands-turbo-vs-normal.png   configs/turbo-vs-normal.yaml, the 3-player
#                               2000-chip cells: normal and turbo blinds'
#                               hands-per-tournament histograms overlaid
#   rates-quickstart.png          configs/quickstart.yaml: win rate
#                               and ROI per label with 95% intervals
#   hand-viewer.png             `sngsim view` of a quickstart export, in
#                               headless Chromium
# Both come from `sngsim report` (scripts/report.py); the same code and
# seeds give the same bytes. Takes about ten seconds on two cores.
#
# Usage: scripts/readme_pictures.sh        (SNGSIM_BIN=path/to/sngsim to pick a build)
set -euo pipefail
cd "$(dirname "$0")/.."

bin="${SNGSIM_BIN:-build/sngsim}"
if [ ! -x "$bin" ]; then
  echo "readme_pictures: $bin not found: build it first (scripts/build.sh) or set SNGSIM_BIN" >&2
  exit 2
fi
max_bytes=$((150 * 1024))
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p docs/images

# One overlay group of the matrix: blinds x {stack 2000} x {3 players}.
"$bin" run configs/turbo-vs-normal.yaml --tournaments 5000 \
  --set 'matrix.table.stack=[2000]' --set 'matrix.table.players=[3]' \
  --quiet --out "$work/turbo-vs-normal" --report
cp "$work/turbo-vs-normal/report/hands_1.png" docs/images/hands-turbo-vs-normal.png

"$bin" run configs/quickstart.yaml --tournaments 12000 --quiet --out "$work/quickstart" --report
cp "$work/quickstart/report/rates_0.png" docs/images/rates-quickstart.png

# The hand viewer on an all-in hand of a quickstart export, taken in headless
# Chromium by the viewer's browser test (tests/browser/, after scripts/setup.sh).
tests/browser/with_chromium.sh build/browser-node node tests/browser/viewer_test.cjs \
  export "$bin" "$PWD" "$work/viewer" docs/images/hand-viewer.png

for image in docs/images/hands-turbo-vs-normal.png docs/images/rates-quickstart.png docs/images/hand-viewer.png; do
  bytes=$(stat -c %s "$image")
  echo "$image: $bytes bytes"
  if [ "$bytes" -ge "$max_bytes" ]; then
    echo "readme_pictures: $image is $bytes bytes, over the $max_bytes-byte budget for README images" >&2
    exit 1
  fi
done
