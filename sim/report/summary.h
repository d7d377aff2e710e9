#pragma once
// summarize_run() is the one place where the integer accumulators of a run
// become fractions, means and intervals (per label through
// sim/stats/label_summary.h, luck_summary.h and label_difference.h): the
// typed RunSummary (sim/report/run_summary.h), and summary.json rendered
// from it.

#include <vector>

#include <nlohmann/json.hpp>

#include "sim/config/experiment.h"
#include "sim/report/run_summary.h"
#include "sim/stats/cell_stats.h"

namespace sngsim {

// `cells[i]` holds the statistics of `experiment.cells[i]`. Throws
// std::invalid_argument when the counts (or formats) differ.
RunSummary summarize_run(const Experiment& experiment, const std::vector<CellStats>& cells,
                         const Provenance& provenance);

// summary.json's document (keys sorted by the JSON library, so the text is stable).
nlohmann::json summary_json(const RunSummary& summary);

// summary_json(summarize_run(...)).
nlohmann::json summarize(const Experiment& experiment, const std::vector<CellStats>& cells,
                         const Provenance& provenance);

}  // namespace sngsim
