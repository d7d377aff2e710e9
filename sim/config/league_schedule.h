#pragma once
// Who meets whom in a league (format: league): a schedule of tables,
// each a block of table.players entrants, that every unit of work plays
// in turn (docs/config-reference.md, "Leagues").
//
// The blocks are a design in which every entrant plays equally often and
// every two entrants share a table about equally often; the first that
// applies of:
//  - `single`: as many entrants as seats, one block;
//  - `cyclic`: a known cyclic difference family for (entrants, seats)
//    (kDifferenceFamilies below), a balanced incomplete block design with
//    entrants blocks (a multiple of it), every pair meeting lambda times;
//  - `complete`: every seats-subset of the entrants, when the blocks stay
//    few enough (kMaxCompleteChoiceSets choice sets: blocks * (2^seats -
//    seats - 1)), every pair meeting C(entrants - 2, seats - 2) times;
//  - `balanced-random`: P rounds, each a seeded random order of all the
//    entrants cut into tables one after another (a table never holds an
//    entrant twice), each next table filled greedily with the least-met
//    entrants of those still to play in the round; P is the least number
//    of rounds in which every pair could meet lambda = 4 times (3, 2, 1
//    where the choice sets would pass kMaxCompleteChoiceSets), rounded up
//    so that the rounds fill whole tables. Every entrant plays exactly P tables per
//    period; pairs meet about equally often (min and max reported).
// The entrants' places in the design and the order of the blocks are
// drawn from the seed, so the schedule is a pure function of (entrants,
// seats, seed).
//
// Play (sim/formats/league.h): unit u plays block u mod B. Seats are the
// block turned: without duplicate seating, by (u / B) mod seats, so every
// entrant holds every seat of each of its blocks once per seats * B units;
// with seating: duplicate, a unit is a group of `seats` tournaments on one
// deal schedule, member m turned by m.

#include <cstdint>
#include <string>
#include <vector>

namespace sngsim {

inline constexpr int kMinLeagueEntrants = 3;
inline constexpr int kMaxLeagueEntrants = 500;
inline constexpr std::int64_t kMaxCompleteChoiceSets = 200'000;

struct LeagueSchedule {
  int entrants = 0;
  int seats = 0;
  std::string design;                // single | cyclic | complete | balanced-random
  std::vector<std::int16_t> blocks;  // block after block, `seats` entrant ids each
  int block_count() const { return static_cast<int>(blocks.size()) / seats; }
  // The entrant in seat `seat` of block b turned by `turn`.
  int entrant_at(int block, int turn, int seat) const {
    return blocks[static_cast<std::size_t>(block * seats + (seat + turn) % seats)];
  }
};

// Where tournament `index` of a league sits, when a unit of work is
// `group_size` tournaments (1, or a duplicate group of `seats`): its unit,
// the block the unit plays and how far the block is turned (seat s holds
// the block's position (s + turn) mod seats), as described above. The
// player (sim/formats/league.h) and the statistics
// (sim/stats/league_stats.h) both read a table's seats from it.
struct LeagueTurn {
  std::int64_t unit = 0;
  int block = 0;
  int turn = 0;
};
LeagueTurn league_turn(int block_count, int seats, std::int64_t group_size, std::int64_t index);

// Precondition: kMinLeagueEntrants <= entrants <= kMaxLeagueEntrants,
// 2 <= seats <= 6, seats <= entrants.
LeagueSchedule make_league_schedule(int entrants, int seats, std::uint64_t seed);

// A cyclic difference family: base blocks mod `entrants` whose differences
// cover every nonzero residue exactly `lambda` times.
struct DifferenceFamily {
  int entrants = 0;
  int seats = 0;
  int lambda = 0;
  std::vector<std::vector<int>> base_blocks;
};
const std::vector<DifferenceFamily>& difference_families();

}  // namespace sngsim
