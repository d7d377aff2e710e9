#pragma once
// The files a run leaves behind, and the table it prints, all rendered from
// one RunSummary (sim/report/run_summary.h); columns: docs/output-format.md.
//
// An output directory holds:
//   summary.json       sngsim/summary's document, pretty-printed
//   players.csv        one row per cell x label
//   hands.csv          one row per cell x hand count (the histogram)
//   survival.csv       one row per cell x hand number h = 0..cap
//   head_to_head.csv   one row per cell x ordered label pair
//   config.yaml        the experiment file verbatim
//   state.json         the integer accumulators (sim/run/run_state), which
//                      `sngsim merge` combines across shards
//   shootout.csv       one row per shoot-out cell x label: table wins (only
//                      when the experiment has shoot-out cells)
//   cash.csv           one row per cash cell x label: bb/100 (only when the
//                      experiment has cash cells; players.csv leaves them out)
// Every CSV starts with `cell` (the index in summary.json) and one column per
// matrix key (in matrix order; prefixed `param_` if the key collides with a
// fixed column), so each file is a tidy table on its own.
//
// Writing is all or nothing: the files go to a sibling directory
// `<out_dir>.tmp-<pid>` which is renamed into place only once complete. A
// failure removes it and leaves any earlier out_dir untouched. The folder
// holds the marker of sim/io/output_folder.h, so a later --force may
// replace it; check_output_dir (declared there) is the check before a run.

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/io/output_folder.h"
#include "sim/report/run_summary.h"

namespace sngsim {

// Writes the files above into out_dir. Without `force` an existing out_dir is
// an error; with it, the old directory (which sngsim must have written, see
// check_output_dir) is replaced only after the new one is complete (removed
// after the new one has been renamed into place; between the two renames
// there is a moment with neither, never a half-written one). `summary` must
// be of `experiment` (whose source_text is config.yaml). `extra_files`
// (name, content) are written with them (state.json). `kept_file`: as for
// check_output_dir (a checkpoint inside out_dir, which the new folder
// replaces with the results it led to).
void write_results(const std::filesystem::path& out_dir, const RunSummary& summary, const Experiment& experiment,
                   bool force, const std::vector<std::pair<std::string, std::string>>& extra_files = {},
                   const std::filesystem::path& kept_file = {});

// A fixed-width, human-readable table of a summary: per cell its params,
// tournaments, hand-count statistics and capped share, then one line per
// label sorted by mean place (best first; cash cells by bb/100, best first).
std::string console_table(const RunSummary& summary);

}  // namespace sngsim
