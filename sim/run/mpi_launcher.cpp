#include "sim/run/mpi_launcher.h"

#include <algorithm>
#include <charconv>
#include <cstring>

namespace sngsim {

namespace {

// A whole decimal number, or -1.
long long number_of(const char* text) {
  if (text == nullptr) return -1;
  long long value = -1;
  const char* end = text + std::strlen(text);
  const auto [ptr, ec] = std::from_chars(text, end, value);
  return ec == std::errc() && ptr == end && text != end ? value : -1;
}

}  // namespace

int launcher_process_count(const EnvironmentLookup& lookup) {
  long long count = 1;
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "MPI_LOCALNRANKS"}) {
    count = std::max(count, number_of(lookup(name)));
  }
  if (lookup("PMIX_RANK") != nullptr) {
    count = std::max(count, number_of(lookup("SLURM_STEP_NUM_TASKS")));
    count = std::max(count, number_of(lookup("PMIX_RANK")) + 1);
  }
  return static_cast<int>(std::min<long long>(count, 1 << 30));
}

std::string without_mpi_message(int count) {
  return "sngsim: started as " + std::to_string(count) +
         " processes by an MPI launcher (mpirun, mpiexec or srun), but this sngsim was built without MPI: every "
         "process would play the whole experiment into the same output folder. Build with MPI "
         "(scripts/build.sh, or cmake -DSNGSIM_MPI=ON with Debian libopenmpi-dev openmpi-bin), or run one "
         "process, or split the run with --shard K/N and `sngsim merge` (README, \"Long runs and clusters\").";
}

}  // namespace sngsim
