#pragma once
// `run --hand-history DIR`: plays the first tournaments of every cell again,
// with a HandHistoryWriter (sim/io/hand_history_writer.h) observing each
// table. Output observes play; it never drives the runner.

#include <cstdint>
#include <filesystem>

#include "sim/config/experiment.h"

namespace sngsim {

// Writes the first `count` tournaments of every cell of `experiment` under
// `directory`/cell-<n>/tournament-<i>.phhs (and a cells.txt index). A
// shoot-out writes each table of tournament i: tournament-<i>-table-<t>.phhs
// (t = 1..tables) and tournament-<i>-final.phhs. A cash cell writes session
// i as session-<i>.phhs (sim/io/cash_hand_history_writer.h).
void write_hand_histories(const Experiment& experiment, const std::filesystem::path& directory, std::int64_t count);

}  // namespace sngsim
