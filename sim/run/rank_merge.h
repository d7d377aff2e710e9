#pragma once
// One run played by the ranks of mpirun (sim/run/cluster.h) becomes one run
// state on rank 0. Every rank plays shard rank+1 of K; their states merge
// into exactly the single run's statistics (merge_states), and the merged
// state says how the run was played: `ranks` = K, `threads` = threads per
// rank, and `wall_seconds` = the slowest rank's wall time. The ranks play at
// the same time, so the whole run took as long as its slowest rank; a sum
// (what merge_states gives `sngsim merge`, whose shards may have run one
// after another) would count the run's time once per rank.

#include <optional>
#include <string>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/run/run_state.h"

namespace sngsim {

// The merged state of `states`, played concurrently, one per rank;
// `sources[i]` names states[i] in messages. Throws std::runtime_error as
// merge_states does.
RunState merge_concurrent_states(const Experiment& experiment, const std::vector<RunState>& states,
                                 const std::vector<std::string>& sources);

// Every rank calls it with its own finished state: rank 0 gets the merged
// state of all ranks, the other ranks std::nullopt. A single process gets
// its own state back. Throws std::runtime_error on rank 0 when a rank's state
// does not fit (merge_states).
std::optional<RunState> gather_rank_states(const Experiment& experiment, const RunState& own);

}  // namespace sngsim
