#pragma once
// The results of a run state: its summary (sim/report/summary) with the provenance
// the state records, written with its state.json (sim/report/results_writer).
// `run` and `merge` both end here, so a merged run's files are the single
// run's files.

#include <filesystem>

#include "sim/config/experiment.h"
#include "sim/report/summary.h"
#include "sim/run/run_state.h"

namespace sngsim {

// The summary of `state` with its provenance, as write_run_results writes it.
RunSummary summary_of_state(const Experiment& experiment, const RunState& state);

// Writes the results of `state` into out_dir (as write_results: all or
// nothing, `force` to replace, `kept_file` a checkpoint inside out_dir) and
// returns the summary. Throws what write_results throws.
RunSummary write_run_results(const std::filesystem::path& out_dir, const Experiment& experiment, const RunState& state,
                             bool force, const std::filesystem::path& kept_file = {});

}  // namespace sngsim
