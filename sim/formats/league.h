#pragma once
// Playing a league (format: league): tournament `index` is a sit-and-go of
// the schedule's block for its unit, the block turned so that seats are
// balanced (sim/config/league_schedule.h). Deals are the sit-and-go's:
// from tournament_key(seed, index), or with seating: duplicate from the
// group's key, every member of a group playing the same cards with the
// block turned one seat further.

#include <cstdint>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/formats/tournament_record.h"

namespace sngsim {

struct LeagueSeating {
  std::int64_t unit = 0;
  int block = 0;
  int turn = 0;  // seat s holds the block's position (s + turn) mod seats
  std::vector<int> entrant_of_seat;
};

// Precondition: cell.format is Format::kLeague.
LeagueSeating league_seating(const Cell& cell, std::int64_t index);

// One finished league table: the sit-and-go's record and where it sat.
struct LeagueRecord {
  TournamentRecord table;
  std::int64_t unit = 0;
  int block = 0;
  int turn = 0;
};

}  // namespace sngsim
