#pragma once
// Many tables per runner thread (docs/design-tables-in-flight.md): a thread
// keeps up to `width` units in flight; a unit whose table waits for an
// outside decision (a bot in another process) pauses, and the thread plays
// the others on. Once every unit in flight waits, each bot is asked all the
// decisions waiting for it at once (one decide_batch with protocol 2), and
// the units go on. Finished units are added to the statistics in unit
// order, so the result is the one play_unit gives unit by unit.

#include <atomic>
#include <cstdint>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/run/play_unit.h"
#include "sim/stats/cell_stats.h"

namespace sngsim {

// A seat of the cell is played by a bot outside the runner's code: in
// another process, or hosted in this one (sim/config/hosted_bots.h).
bool has_outside_seats(const Cell& cell);

// Hosted bots (the Python package's) gather the questions their strategies
// were asked on the calling thread and answer them all when this is
// called; a runner thread with tables in flight calls every answerer added
// after the process bots' answer_waiting_decisions(). Added once per
// process, never removed.
using WaitingAnswerer = void (*)();
void add_waiting_answerer(WaitingAnswerer answerer);

// Plays units [begin, end) of `cell` on the calling thread with up to
// `width` in flight and adds them to `stats` in unit order. Returns false
// when `stop` was set first (the range is then incomplete: drop it).
bool play_units_in_flight(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                          std::int64_t begin, std::int64_t end, int width, const PlayOptions& options, CellStats& stats,
                          const std::atomic<bool>* stop);

}  // namespace sngsim
