#include "sim/formats/league.h"

#include <stdexcept>

#include "sim/config/duplicate.h"

namespace sngsim {

LeagueSeating league_seating(const Cell& cell, std::int64_t index) {
  if (cell.format != Format::kLeague || cell.league == nullptr) {
    throw std::invalid_argument("league_seating: not a league cell");
  }
  const LeagueSchedule& schedule = *cell.league;
  const std::int64_t group = duplicate_group_size(cell);
  const std::int64_t blocks = schedule.block_count();
  LeagueSeating seating;
  seating.unit = index / group;
  seating.block = static_cast<int>(seating.unit % blocks);
  seating.turn = static_cast<int>(group > 1 ? index % group : (seating.unit / blocks) % schedule.seats);
  for (int seat = 0; seat < schedule.seats; ++seat) {
    seating.entrant_of_seat.push_back(schedule.entrant_at(seating.block, seating.turn, seat));
  }
  return seating;
}

}  // namespace sngsim
