#!/usr/bin/env bash
# MPI with 2 ranks gives exactly the single-process summary (issue 7), and
# its provenance says how it was played (issue 21): 2 ranks, the threads of
# each, and the wall time of the whole run, at most the real time mpirun took
# (a sum over the ranks would be about twice the run's):
#   tests/mpi/two_ranks_equal_one_process.sh build/sngsim
# Registered with ctest when the build has SNGSIM_MPI. mpirun runs as root
# in CI containers, hence --allow-run-as-root; --oversubscribe lets 2 ranks
# share fewer cores.
set -euo pipefail
sngsim=$(realpath "$1")
configs=$(dirname "$0")/../../configs
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

for config in turbo-vs-normal shootout; do
  "$sngsim" run "$configs/$config.yaml" -q -n 60 -t 2 -o "$scratch/$config-one" > /dev/null
  started=$(date +%s.%N)  # GNU date: seconds with nanoseconds
  mpirun --allow-run-as-root --oversubscribe -np 2 \
    "$sngsim" run "$configs/$config.yaml" -q -n 60 -t 1 -o "$scratch/$config-mpi" > "$scratch/mpi.log" 2>&1 ||
    { cat "$scratch/mpi.log"; exit 1; }
  finished=$(date +%s.%N)
  python3 - "$scratch/$config-one/summary.json" "$scratch/$config-mpi/summary.json" "$started" "$finished" <<'PY'
import json, sys
one, mpi = (json.load(open(path)) for path in sys.argv[1:3])
elapsed = float(sys.argv[4]) - float(sys.argv[3])
p = mpi["provenance"]
if (p["ranks"], p["threads"], one["provenance"]["ranks"]) != (2, 1, 1):
    sys.exit(f"provenance ranks/threads wrong: MPI {p['ranks']}/{p['threads']}, one process {one['provenance']['ranks']}")
if not 0 < p["wall_seconds"] <= elapsed:
    sys.exit(f"MPI wall_seconds {p['wall_seconds']} is not within the {elapsed:.3f} s mpirun took")
for summary in (one, mpi):
    for varying in ("threads", "ranks", "wall_seconds"):
        summary["provenance"].pop(varying)
if one != mpi:
    sys.exit(f"MPI summary differs from the single process: {sys.argv[2]}")
if one["tournaments_done"] == 0:
    sys.exit("no tournaments were played")
PY
  echo "$config: 2 MPI ranks == 1 process ($(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['tournaments_done'])" "$scratch/$config-one/summary.json") tournaments)"
done

# --shard and mpirun both split a run: refused.
if mpirun --allow-run-as-root --oversubscribe -np 2 "$sngsim" run "$configs/turbo-vs-normal.yaml" -q -n 10 \
    --shard 1/2 -o "$scratch/refused" > "$scratch/refused.log" 2>&1; then
  echo "--shard under mpirun was accepted"; exit 1
fi
grep -q "use one of them" "$scratch/refused.log"
echo "ok"
