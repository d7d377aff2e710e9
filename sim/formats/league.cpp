#include "sim/formats/league.h"

#include <stdexcept>

#include "sim/config/duplicate.h"

namespace sngsim {

std::vector<int> league_seat_entrants(const Cell& cell, std::int64_t index) {
  if (cell.format != Format::kLeague || cell.league == nullptr) {
    throw std::invalid_argument("league_seat_entrants: not a league cell");
  }
  const LeagueSchedule& schedule = *cell.league;
  const LeagueTurn where = league_turn(schedule.block_count(), schedule.seats, duplicate_group_size(cell), index);
  std::vector<int> entrant_of_seat;
  for (int seat = 0; seat < schedule.seats; ++seat) {
    entrant_of_seat.push_back(schedule.entrant_at(where.block, where.turn, seat));
  }
  return entrant_of_seat;
}

}  // namespace sngsim
