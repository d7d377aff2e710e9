#!/usr/bin/env bash
# Installs what is missing, then configures and builds build-asan/: clang,
# SNGSIM_FUZZ=ON, so every library carries AddressSanitizer,
# UndefinedBehaviorSanitizer and libFuzzer's coverage hooks. The tests
# (scripts/sanitize.sh) and the fuzz targets (scripts/fuzz.sh) share it, so
# CI compiles the project once more, not twice.
#   scripts/build-asan.sh [cmake --build arguments, e.g. --target fuzz_phh]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build-asan -DCMAKE_BUILD_TYPE=Release -DSNGSIM_FUZZ=ON -DSNGSIM_WERROR=ON \
  -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang "${launcher[@]}" >/dev/null
cmake --build build-asan -j "$(nproc)" "$@"
