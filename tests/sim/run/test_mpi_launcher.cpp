// A build without MPI started by an MPI launcher as several processes must
// refuse (sim/run/cluster_local.cpp) instead of playing the whole run once
// per process into one folder: the launcher is recognised by the
// environment it gives each process.

#include <map>
#include <string>

#include <catch2/catch.hpp>

#include "sim/run/mpi_launcher.h"

namespace sngsim {

namespace {

int count_with(const std::map<std::string, std::string>& environment) {
  return launcher_process_count([&](const char* name) -> const char* {
    const auto found = environment.find(name);
    return found == environment.end() ? nullptr : found->second.c_str();
  });
}

}  // namespace

TEST_CASE("MPI launchers are recognised by their environment: Open MPI, Hydra, PMIx", "[cluster]") {
  CHECK(count_with({}) == 1);
  CHECK(count_with({{"OMPI_COMM_WORLD_SIZE", "2"}, {"OMPI_COMM_WORLD_RANK", "1"}}) == 2);
  CHECK(count_with({{"OMPI_COMM_WORLD_SIZE", "1"}}) == 1);  // mpirun -np 1 runs one copy: harmless
  CHECK(count_with({{"PMI_SIZE", "4"}, {"PMI_RANK", "0"}}) == 4);
  CHECK(count_with({{"MPI_LOCALNRANKS", "3"}}) == 3);
  CHECK(count_with({{"PMIX_RANK", "0"}, {"SLURM_STEP_NUM_TASKS", "8"}}) == 8);
  CHECK(count_with({{"PMIX_RANK", "5"}}) == 6);             // rank 5 proves six at least
  CHECK(count_with({{"PMIX_RANK", "0"}}) == 1);             // alone, rank 0 cannot tell
  CHECK(count_with({{"SLURM_STEP_NUM_TASKS", "8"}}) == 1);  // a Slurm job without an MPI launcher
  CHECK(count_with({{"OMPI_COMM_WORLD_SIZE", "two"}}) == 1);
  const std::string message = without_mpi_message(2);
  CHECK_THAT(message, Catch::Contains("built without MPI"));
  CHECK_THAT(message, Catch::Contains("-DSNGSIM_MPI=ON"));
  CHECK_THAT(message, Catch::Contains("--shard"));
}

}  // namespace sngsim
