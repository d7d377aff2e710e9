// sim/run/cluster.h for builds without MPI: one process.
#include "sim/run/cluster.h"

#include <cstdlib>
#include <iostream>

#include "sim/run/mpi_launcher.h"

namespace sngsim {

// Started by mpirun as several processes, each would play the whole run
// into the same folder: refused before anything runs, with exit code 2
// (bad input: the command line's launcher does not fit this build).
ClusterSession::ClusterSession(int&, char**&) {
  const int count = launcher_process_count([](const char* name) { return std::getenv(name); });
  if (count > 1) {
    std::cerr << without_mpi_message(count) << "\n";
    std::exit(2);
  }
}
ClusterSession::~ClusterSession() = default;
void ClusterSession::finish(int) { finished_ = true; }
ClusterInfo cluster() { return {}; }
std::vector<std::string> gather_to_root(const std::string& text) { return {text}; }

}  // namespace sngsim
