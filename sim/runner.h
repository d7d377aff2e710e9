#pragma once
// Runs every tournament of an experiment on a pool of threads.
//
// Tournament i of a cell is a pure function of (seed, i) and the statistics
// are integer sums, so the result is bit-identical for any thread count and
// any split of the work; only a run stopped early (Ctrl-C) depends on timing,
// and it is marked partial.

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "sim/cell_stats.h"
#include "sim/experiment.h"
#include "sim/play_unit.h"

namespace sngsim {

struct RunOptions {
  int threads = 0;  // 0: every core
  // Called from a single thread about every 100 ms with tournaments done and
  // total; may be empty.
  std::function<void(std::int64_t done, std::int64_t total)> progress;
  // Set (e.g. by a signal handler) to stop: tournaments not yet started are
  // skipped and the result is partial.
  const std::atomic<bool>* stop = nullptr;
  PlayOptions play;
};

struct RunResult {
  std::vector<CellStats> cells;
  std::int64_t tournaments_done = 0;  // over all cells
  bool partial = false;
  double wall_seconds = 0.0;
};

RunResult run_experiment(const Experiment& experiment, const RunOptions& options);

// The distinct-label index of every lineup entrant of a cell.
std::vector<int> label_of_entrants(const Cell& cell);

}  // namespace sngsim
