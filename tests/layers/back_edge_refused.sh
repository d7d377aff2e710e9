#!/usr/bin/env bash
# The layer check (cmake/check_layers.cmake) passes on the source tree and
# refuses a back-edge: a copy of the tree in which the config layer includes
# a statistics header must fail, naming the file and the header.
# usage: back_edge_refused.sh SOURCE_DIR LAYERS_FILE
set -euo pipefail
source_dir=$1 layers=$2
cmake -DSOURCE_DIR="$source_dir" -DLAYERS="$layers" -P "$source_dir/cmake/check_layers.cmake"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$source_dir/engine" "$source_dir/strategies" "$source_dir/sim" "$source_dir/app" "$work/"
printf '#include "sim/stats/cell_stats.h"\n' > "$work/sim/config/back_edge.cpp"
if cmake -DSOURCE_DIR="$work" -DLAYERS="$layers" -P "$source_dir/cmake/check_layers.cmake" 2> "$work/err"; then
  echo "FAIL: the check accepted sim/config including sim/stats" >&2
  exit 1
fi
grep -q 'sim/config/back_edge.cpp: includes sim/stats/cell_stats.h' "$work/err" || {
  echo "FAIL: the refusal does not name the file and header:" >&2; cat "$work/err" >&2; exit 1; }
echo "layer check refuses the back-edge"
