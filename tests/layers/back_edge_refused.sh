#!/usr/bin/env bash
# The layer check (cmake/check_layers.cmake) passes on the source tree and
# refuses a back-edge: a copy of the tree in which the config layer includes
# a statistics header must fail, naming the file and the header; and an
# include cycle inside a folder must fail, naming the units.
# usage: back_edge_refused.sh SOURCE_DIR LAYERS_FILE
set -euo pipefail
source_dir=$1 layers=$2
cmake -DSOURCE_DIR="$source_dir" -DLAYERS="$layers" -P "$source_dir/cmake/check_layers.cmake"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$source_dir/engine" "$source_dir/poker_math" "$source_dir/strategies" "$source_dir/bot_hosting" "$source_dir/sim" "$source_dir/app" "$work/"
printf '#include "sim/stats/cell_stats.h"\n' > "$work/sim/config/back_edge.cpp"
if cmake -DSOURCE_DIR="$work" -DLAYERS="$layers" -P "$source_dir/cmake/check_layers.cmake" 2> "$work/err"; then
  echo "FAIL: the check accepted sim/config including sim/stats" >&2
  exit 1
fi
grep -q 'sim/config/back_edge.cpp: includes sim/stats/cell_stats.h' "$work/err" || {
  echo "FAIL: the refusal does not name the file and header:" >&2; cat "$work/err" >&2; exit 1; }
echo "layer check refuses the back-edge"

# And an include cycle inside one folder: card.h including hand.h, which
# includes card.h.
rm "$work/sim/config/back_edge.cpp"
printf '#include "engine/hand.h"\n' >> "$work/engine/card.h"
if cmake -DSOURCE_DIR="$work" -DLAYERS="$layers" -P "$source_dir/cmake/check_layers.cmake" 2> "$work/err"; then
  echo "FAIL: the check accepted an include cycle between engine/card and engine/hand" >&2
  exit 1
fi
grep -q 'engine/card needs hand' "$work/err" || {
  echo "FAIL: the refusal does not name the cycle:" >&2; cat "$work/err" >&2; exit 1; }
echo "layer check refuses the include cycle"
