#!/usr/bin/env bash
# Installs what is missing, then configures and builds build/ (Release).
#   scripts/build.sh              everything: the simulator, plug-ins, tests
#   scripts/build.sh TARGET...    only these CMake targets (and what they
#                                 link), e.g. `scripts/build.sh sngsim`
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# With MPI: `mpirun -np K build/sngsim run ...` splits a run over K ranks;
# started without mpirun the binary never touches MPI.
# ccache, when installed, makes rebuilds after a checkout cheap (it is not
# required: a fresh machine builds without it).
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSNGSIM_MPI=ON -DSNGSIM_WERROR=ON "${launcher[@]}" >/dev/null
targets=()
[ $# -gt 0 ] && targets=(--target "$@")
cmake --build build -j "$(nproc)" "${targets[@]}"
