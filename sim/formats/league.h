#pragma once
// Playing a league (format: league): tournament `index` is a sit-and-go of
// the schedule's block for its unit, the block turned so that seats are
// balanced (sim/config/league_schedule.h, league_turn). Deals are the
// sit-and-go's: from tournament_key(seed, index), or with seating:
// duplicate from the group's key, every member of a group playing the same
// cards with the block turned one seat further. seat_entrants
// (sim/formats/play_tournament.h) seats a league's tables from here, so a
// league's tournament plays and records as a sit-and-go whose labels are
// the cell's entrants.

#include <cstdint>
#include <vector>

#include "sim/config/experiment.h"

namespace sngsim {

// The entrant at each seat of tournament `index`.
// Precondition: cell.format is Format::kLeague.
std::vector<int> league_seat_entrants(const Cell& cell, std::int64_t index);

}  // namespace sngsim
