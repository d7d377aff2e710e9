#pragma once
// Whether an MPI launcher started this process as one of several. A build
// without MPI (SNGSIM_MPI=OFF) started by `mpirun -np 2` would otherwise
// run two whole copies of the experiment into one output folder; it reads
// the launcher's environment instead and refuses (sim/run/cluster_local.cpp).

#include <functional>
#include <string>

namespace sngsim {

using EnvironmentLookup = std::function<const char*(const char*)>;

// The number of processes the launcher started, from the variables it gives
// each one: OMPI_COMM_WORLD_SIZE (Open MPI), PMI_SIZE (MPICH's and Intel
// MPI's Hydra, Slurm's PMI-2), MPI_LOCALNRANKS (Hydra), or PMIX_RANK (PMIx)
// with SLURM_STEP_NUM_TASKS; a PMIx rank above 0 alone proves at least two.
// 1 without a launcher or when it started one process.
int launcher_process_count(const EnvironmentLookup& lookup);

// What a build without MPI says when started as `count` processes.
std::string without_mpi_message(int count);

}  // namespace sngsim
