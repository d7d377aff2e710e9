#pragma once
// Plays the units of an experiment (sim/run/play_unit) on a pool of threads.
//
// Unit u of a cell is a pure function of (seed, u) and the statistics are
// integer sums, so the result is bit-identical for any thread count, any
// split into shards or MPI ranks, and any number of interruptions resumed
// from a checkpoint. Work goes in batches: each batch is a contiguous range
// of units run in parallel and then added to the run state, so the state
// always covers units [begin, next) of each cell, which a checkpoint can
// save and a resumed run continue. With a stopping rule (Experiment::stop)
// the batch is the rule's, fixed by the config; without one, batches grow
// while they take under a quarter of a second, which only changes how often
// the state is offered for a checkpoint, never the numbers.

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "sim/stats/cell_stats.h"
#include "sim/config/experiment.h"
#include "sim/run/play_unit.h"
#include "sim/run/run_state.h"

namespace sngsim {

struct RunOptions {
  int threads = 0;  // 0: every core
  // Called from a single thread about every 100 ms with tournaments done and
  // total; may be empty.
  std::function<void(std::int64_t done, std::int64_t total)> progress;
  // Set (e.g. by a signal handler) to stop: the batch under way is dropped,
  // the state keeps every batch finished before, and the result is partial.
  const std::atomic<bool>* stop = nullptr;
  PlayOptions play;
  // Called on the calling thread after every finished batch (checkpoints);
  // may be empty. An exception it throws ends the run.
  std::function<void(const RunState&)> batch_done;
};

// Plays the units `state` has not played yet, cell by cell, adding them to
// it; returns true when the state is complete, false when options.stop
// ended it first. A stopping rule is checked after every batch and records
// its reason in the cell. Exceptions from playing a unit (e.g.
// InvariantViolation) propagate; the state then holds the batches finished
// before.
bool continue_run(const Experiment& experiment, RunState& state, const RunOptions& options);

struct RunResult {
  std::vector<CellStats> cells;
  std::vector<std::string> stop_reasons;  // per cell; empty: played every tournament
  std::int64_t tournaments_done = 0;      // over all cells
  bool partial = false;
  double wall_seconds = 0.0;
};

// The whole experiment in this process, from nothing.
RunResult run_experiment(const Experiment& experiment, const RunOptions& options);

// The result a state stands for.
RunResult result_of(const RunState& state);

// The distinct-label index of every lineup entrant of a cell.
std::vector<int> label_of_entrants(const Cell& cell);

}  // namespace sngsim
