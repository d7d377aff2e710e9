// sim/run/cluster.h over MPI (CMake option SNGSIM_MPI).
#include <mpi.h>

#include <cstdlib>
#include <numeric>

#include "sim/run/cluster.h"

namespace sngsim {

namespace {

ClusterInfo g_cluster;
bool g_mpi_started = false;

// mpirun (Open MPI, MPICH, Intel MPI, Slurm's PMI) marks the processes it
// starts. Outside it, MPI stays off: a plain `sngsim run` then needs no MPI
// runtime at all and behaves exactly as the build without MPI.
bool started_by_mpirun() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "MPI_LOCALNRANKS"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

}  // namespace

ClusterSession::ClusterSession(int& argc, char**& argv) {
  if (!started_by_mpirun()) return;
  MPI_Init(&argc, &argv);
  g_mpi_started = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &g_cluster.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &g_cluster.size);
}

ClusterSession::~ClusterSession() { finish(0); }

void ClusterSession::finish(int exit_code) {
  if (finished_ || !g_mpi_started) return;
  finished_ = true;
  // The other ranks may be waiting for this one in gather_to_root.
  if (exit_code != 0 && g_cluster.size > 1) MPI_Abort(MPI_COMM_WORLD, exit_code);
  MPI_Finalize();
}

ClusterInfo cluster() { return g_cluster; }

std::vector<std::string> gather_to_root(const std::string& text) {
  if (!g_mpi_started) return {text};
  const int length = static_cast<int>(text.size());
  std::vector<int> lengths(static_cast<std::size_t>(g_cluster.size));
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::vector<int> offsets(lengths.size(), 0);
  std::exclusive_scan(lengths.begin(), lengths.end(), offsets.begin(), 0);
  std::string all(g_cluster.is_root() ? static_cast<std::size_t>(offsets.back() + lengths.back()) : 0, '\0');
  MPI_Gatherv(text.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  if (!g_cluster.is_root()) return {};
  std::vector<std::string> texts;
  for (std::size_t r = 0; r < lengths.size(); ++r) {
    texts.push_back(all.substr(static_cast<std::size_t>(offsets[r]), static_cast<std::size_t>(lengths[r])));
  }
  return texts;
}

}  // namespace sngsim
