#!/usr/bin/env bash
# Fuzzes the two readers of hostile input, the experiment loader and the PHH
# reader (tests/fuzz/, README "Hostile input"): builds the libFuzzer targets
# with clang in build-asan/ (SNGSIM_FUZZ=ON: ASan + UBSan; the build
# scripts/sanitize.sh runs the tests in) and runs both at once, one per core,
# for SNGSIM_FUZZ_SECONDS seconds each (default 30). Any crash, hang, leak,
# sanitizer report or broken contract fails the script; the input that did it
# is left in build-asan/fuzz-artifacts/ and belongs in tests/fuzz/regressions/
# with a test in tests/test_hostile_input.cpp.
#
#   scripts/fuzz.sh                            # the short run scripts/test.sh makes
#   SNGSIM_FUZZ_SECONDS=3600 scripts/fuzz.sh   # a long one
#
# New interesting inputs accumulate in build-asan/fuzz-corpus/, so each run
# goes on from the last. ../shared/data/phh seeds the PHH fuzzer when present.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${SNGSIM_FUZZ_SECONDS:-30}"
build=build-asan

scripts/setup.sh
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSNGSIM_FUZZ=ON \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)" --target fuzz_experiment_config fuzz_phh

# fuzz TARGET DICT SEED_DIR...: runs in the background, logs to build-asan/TARGET.log.
fuzz() {
  local target=$1 dict=$2 dir seeds=()
  shift 2
  for dir in "$@"; do [ -d "$dir" ] && seeds+=("$dir"); done
  mkdir -p "$build/fuzz-corpus/$target" "$build/fuzz-artifacts"
  # -timeout: one input taking 10 s is a hang; -rss_limit_mb: 2 GB is a leak
  # or a blow-up (the loaders bound their work far below that); -max_len:
  # larger seeds (the shared .phhs files) are cut, which keeps runs fast.
  "$build/fuzz/$target" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -dict="$dict" -artifact_prefix="$build/fuzz-artifacts/$target-" -print_final_stats=1 \
    "$build/fuzz-corpus/$target" "${seeds[@]}" >"$build/$target.log" 2>&1 &
}
shared_phh=()
[ -d ../shared/data/phh ] && shared_phh=(../shared/data/phh)
fuzz fuzz_experiment_config tests/fuzz/experiment.dict configs tests/fuzz/regressions/experiment
experiment_pid=$!
fuzz fuzz_phh tests/fuzz/phh.dict tests/fuzz/corpus/phh tests/fuzz/regressions/phh "${shared_phh[@]}"
phh_pid=$!

failed=0
for pair in "fuzz_experiment_config:$experiment_pid" "fuzz_phh:$phh_pid"; do
  target=${pair%%:*}
  if wait "${pair##*:}"; then
    echo "$target: $(grep -E '^stat::number_of_executed_units|^stat::average_exec_per_sec' "$build/$target.log" |
      sed 's/^stat:://' | tr '\n' ' ')"
  else
    failed=1
    echo "$target FAILED (input in $build/fuzz-artifacts/); the end of $build/$target.log:" >&2
    tail -n 60 "$build/$target.log" >&2
  fi
done
exit "$failed"
