#include "sim/run/rank_merge.h"

#include <algorithm>

#include <nlohmann/json.hpp>

#include "sim/run/cluster.h"

namespace sngsim {

RunState merge_concurrent_states(const Experiment& experiment, const std::vector<RunState>& states,
                                 const std::vector<std::string>& sources) {
  RunState merged = merge_states(experiment, states, sources);
  merged.ranks = static_cast<int>(states.size());
  merged.wall_seconds = 0.0;
  for (const RunState& state : states) merged.wall_seconds = std::max(merged.wall_seconds, state.wall_seconds);
  return merged;
}

std::optional<RunState> gather_rank_states(const Experiment& experiment, const RunState& own) {
  if (cluster().size == 1) return own;
  const std::vector<std::string> texts = gather_to_root(state_to_json(own).dump());
  if (!cluster().is_root()) return std::nullopt;
  std::vector<RunState> states;
  std::vector<std::string> sources;
  for (std::size_t r = 0; r < texts.size(); ++r) {
    sources.push_back("MPI rank " + std::to_string(r));
    states.push_back(state_from_json(nlohmann::json::parse(texts[r]), experiment, sources.back()));
  }
  return merge_concurrent_states(experiment, states, sources);
}

}  // namespace sngsim
