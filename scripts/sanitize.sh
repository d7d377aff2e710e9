#!/usr/bin/env bash
# The unit tests under AddressSanitizer and UndefinedBehaviorSanitizer
# (README "Hostile input"): builds build-asan/ with clang and runs ctest there.
# A memory error, a leak or any undefined behaviour aborts the test that
# caused it, with a stack trace in the ctest output.
#
# build-asan/ is configured with SNGSIM_FUZZ=ON, which compiles everything
# with -fsanitize=fuzzer-no-link,address,undefined: the tests and the fuzz
# targets (scripts/fuzz.sh) then share one set of sanitized libraries, so CI
# compiles the project once more, not twice. Tests tagged [slow] (heavy pure
# computation, ten times slower here) are left to the normal build.
#   scripts/sanitize.sh [ctest arguments, e.g. -R config]
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-asan

scripts/setup.sh
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DSNGSIM_FUZZ=ON \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang "${launcher[@]}" >/dev/null
cmake --build "$build" -j "$(nproc)"
# Leaks count as failures; check the order of static initialisers too.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:check_initialization_order=1:strict_init_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" "$@"
