#pragma once
// The strategies of one table, fresh for every table a format plays.

#include <cstdint>
#include <memory>
#include <vector>

#include "engine/tournament.h"
#include "sim/config/experiment.h"
#include "strategies/strategy.h"

namespace sngsim {

// Fresh strategies for one table: seat s gets lineup entrant
// entrant_of_seat[s] and its own random stream, derived from the table's
// `key` and s; `rules` (the table's) and `index` (the tournament's) are
// what a process bot is told at the start. `rules` must outlive them.
std::vector<std::unique_ptr<Strategy>> create_strategies(const Cell& cell, const std::vector<int>& entrant_of_seat,
                                                         std::uint64_t key, const TournamentRules& rules,
                                                         std::int64_t index);

}  // namespace sngsim
