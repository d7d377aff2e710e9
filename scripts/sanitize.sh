#!/usr/bin/env bash
# The unit tests under AddressSanitizer and UndefinedBehaviorSanitizer
# (README "Hostile input"): builds build-asan/ with clang and runs ctest there.
# A memory error, a leak or any undefined behaviour aborts the test that
# caused it, with a stack trace in the ctest output.
#
# build-asan/ (scripts/build-asan.sh) is shared with the fuzz targets of
# scripts/fuzz.sh. Tests tagged [slow] (heavy pure computation, ten times
# slower here) and [long-run] (whole runs stopped, killed or out of disk)
# are left to the normal build.
#   scripts/sanitize.sh [ctest arguments, e.g. -R config]
set -euo pipefail
cd "$(dirname "$0")/.."
build=build-asan

scripts/build-asan.sh
# Leaks count as failures; check the order of static initialisers too.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:check_initialization_order=1:strict_init_order=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1}"
scripts/ctest.sh "$build" -j "$(nproc)" "$@"
