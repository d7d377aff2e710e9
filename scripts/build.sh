#!/usr/bin/env bash
# Installs what is missing, then configures and builds build/ (Release).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
# With MPI: `mpirun -np K build/sngsim run ...` splits a run over K ranks;
# started without mpirun the binary never touches MPI.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DSNGSIM_MPI=ON >/dev/null
cmake --build build -j "$(nproc)"
