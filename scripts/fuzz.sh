#!/usr/bin/env bash
# Fuzzes the readers of hostile input, the experiment loader, the PHH
# reader and the bot protocol's reply reader (tests/fuzz/, README "Hostile
# input"): builds the libFuzzer targets in build-asan/ (scripts/build-asan.sh:
# clang, ASan + UBSan) and runs them at once.
# Any crash, hang, leak, sanitizer report or broken contract fails the
# script; the input that did it is left in build-asan/fuzz-artifacts/ and
# belongs in tests/fuzz/regressions/ with a test in
# tests/sim/io/test_hostile_input.cpp.
#
# Two modes:
#   scripts/fuzz.sh
#     The check scripts/test.sh (and so CI) makes. Every saved input (the
#     seed corpora and the regressions) runs once, then each target tries
#     SNGSIM_FUZZ_RUNS (default 50000) mutations from a fixed random seed,
#     starting from those inputs only. Same code, same inputs: CI turns red
#     on a change to the code, never on a lucky draw.
#   SNGSIM_FUZZ_SECONDS=3600 scripts/fuzz.sh
#     Open-ended: a fresh random seed, for that many seconds per target. New
#     interesting inputs accumulate in build-asan/fuzz-corpus/, so each run
#     goes on from the last; the PHH collections of docs/rules.md seed the
#     PHH fuzzer when present (tests/shared_data_dir.sh says where).
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-asan

scripts/build-asan.sh --target fuzz_experiment_config fuzz_phh fuzz_bot_reply

if [ -n "${SNGSIM_FUZZ_SECONDS:-}" ]; then
  budget=(-max_total_time="$SNGSIM_FUZZ_SECONDS")
  corpus_root="$build/fuzz-corpus"
else
  budget=(-seed=1 -runs="${SNGSIM_FUZZ_RUNS:-50000}")
  # A scratch corpus: inputs found by earlier open-ended runs would change
  # what this run tries.
  corpus_root=$(mktemp -d)
  trap 'rm -rf "$corpus_root"' EXIT
fi

# fuzz TARGET DICT SEED_DIR...: runs in the background, logs to build-asan/TARGET.log.
fuzz() {
  local target=$1 dict=$2 dir seeds=()
  shift 2
  for dir in "$@"; do [ -d "$dir" ] && seeds+=("$dir"); done
  mkdir -p "$corpus_root/$target" "$build/fuzz-artifacts"
  # -timeout: one input taking 10 s is a hang; -rss_limit_mb: 2 GB is a leak
  # or a blow-up (the loaders bound their work far below that); -max_len:
  # larger seeds (the shared .phhs files) are cut, which keeps runs fast.
  "$build/fuzz/$target" "${budget[@]}" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
    -dict="$dict" -artifact_prefix="$build/fuzz-artifacts/$target-" -print_final_stats=1 \
    "$corpus_root/$target" "${seeds[@]}" >"$build/$target.log" 2>&1 &
}
shared_phh=()
if [ -n "${SNGSIM_FUZZ_SECONDS:-}" ]; then
  shared_data=$(tests/shared_data_dir.sh)
  if [ -d "$shared_data/phh" ]; then
    shared_phh=("$shared_data/phh")
  else
    echo "fuzz.sh: no hand-history collections at $shared_data/phh (SNGSIM_SHARED_DATA): PHH fuzzing starts from the repository's corpus only"
  fi
fi
fuzz fuzz_experiment_config tests/fuzz/experiment.dict configs tests/fuzz/regressions/experiment
experiment_pid=$!
fuzz fuzz_phh tests/fuzz/phh.dict tests/fuzz/corpus/phh tests/fuzz/regressions/phh "${shared_phh[@]}"
phh_pid=$!
fuzz fuzz_bot_reply tests/fuzz/bot_reply.dict tests/fuzz/corpus/bot_reply tests/fuzz/regressions/bot_reply
bot_reply_pid=$!

failed=0
for pair in "fuzz_experiment_config:$experiment_pid" "fuzz_phh:$phh_pid" "fuzz_bot_reply:$bot_reply_pid"; do
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
