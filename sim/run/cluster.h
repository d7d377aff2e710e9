#pragma once
// The processes of one run. Without MPI (or outside mpirun) there is one;
// in an MPI build launched by `mpirun -np K`, there are K ranks, each playing
// shard rank+1 of K with oneTBB inside, and rank 0 merging their states.
// sim/run/cluster_local.cpp and sim/run/cluster_mpi.cpp implement this header; the
// build picks one (CMake option SNGSIM_MPI).

#include <string>
#include <vector>

namespace sngsim {

struct ClusterInfo {
  int rank = 0;
  int size = 1;
  bool is_root() const { return rank == 0; }
};

// Starts MPI when the build has it and the process was started by mpirun,
// and ends it in finish().
class ClusterSession {
 public:
  ClusterSession(int& argc, char**& argv);
  ~ClusterSession();
  // The process's exit code: a non-zero code in one rank aborts the others,
  // which may wait for it in gather_to_root.
  void finish(int exit_code);
  ClusterSession(const ClusterSession&) = delete;
  ClusterSession& operator=(const ClusterSession&) = delete;

 private:
  bool finished_ = false;
};

// This process's place in the run.
ClusterInfo cluster();

// Every rank's `text`, in rank order, on rank 0; empty elsewhere. A single
// process gets its own text back.
std::vector<std::string> gather_to_root(const std::string& text);

}  // namespace sngsim
