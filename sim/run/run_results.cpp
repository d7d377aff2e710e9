#include "sim/run/run_results.h"

#include "sim/report/results_writer.h"
#include "sim/run/runner.h"
#include "sim/report/summary.h"
#include "version.h"

namespace sngsim {

RunSummary summary_of_state(const Experiment& experiment, const RunState& state) {
  const RunResult result = result_of(state);
  Provenance provenance;
  provenance.version = kVersion;
  provenance.commit = kGitCommit;
  provenance.config_hash = state.identity.config_hash;
  provenance.seed = experiment.seed;
  provenance.threads = state.threads;
  provenance.ranks = state.ranks;
  provenance.wall_seconds = result.wall_seconds;
  provenance.partial = result.partial;
  provenance.tournaments_done = result.tournaments_done;
  provenance.shard = state.identity.shard.is_whole() ? std::string() : to_string(state.identity.shard);
  provenance.stop_reasons = result.stop_reasons;
  return summarize_run(experiment, result.cells, provenance);
}

RunSummary write_run_results(const std::filesystem::path& out_dir, const Experiment& experiment, const RunState& state,
                             bool force, const std::filesystem::path& kept_file) {
  RunSummary summary = summary_of_state(experiment, state);
  write_results(out_dir, summary, experiment, force, {{"state.json", state_to_json(state).dump() + "\n"}}, kept_file);
  return summary;
}

}  // namespace sngsim
