#pragma once
// One unit of a cell's work, the thing the runner counts, splits into
// batches, shards and checkpoints: a sit-and-go tournament, a shoot-out or a
// cash session. A unit is a pure function of (seed, unit index), so any
// split of the units gives the same statistics.

#include <cstdint>
#include <vector>

#include "engine/hand.h"
#include "sim/stats/cell_stats.h"
#include "sim/config/experiment.h"

namespace sngsim {

// How units are played, beyond what the experiment says.
struct PlayOptions {
  bool check_invariants = false;  // `run --check`
};

// Units of one cell. The experiment reader makes `tournaments` a multiple of
// tournaments_per_unit.
std::int64_t unit_count(const Experiment& experiment, const Cell& cell);

// Tournaments (shoot-outs, sessions) one unit of the cell plays: 1, or a
// duplicate cell's group size (sim/config/duplicate.h). Unit u plays tournaments
// u * size .. u * size + size - 1.
std::int64_t tournaments_per_unit(const Cell& cell);

// Plays unit `unit` of `cell` and adds it to `stats` (a duplicate group with
// CellStats::add_group). `label_of_entrant` is
// label_of_entrants(cell); `hand` is scratch space reused between units.
void play_unit(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed, std::int64_t unit,
               const PlayOptions& options, Hand& hand, CellStats& stats);

}  // namespace sngsim
