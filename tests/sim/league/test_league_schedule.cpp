// A league's schedule (sim/config/league_schedule.h): every entrant plays
// equally often, pairs meet (about) equally often, each design is what it
// says, and the schedule is a pure function of the seed.

#include <algorithm>
#include <set>
#include <vector>

#include <catch2/catch.hpp>

#include "sim/config/league_schedule.h"

namespace sngsim {
namespace {

struct Balance {
  std::vector<int> plays;
  int pair_min = 0;
  int pair_max = 0;
};

Balance balance_of(const LeagueSchedule& schedule) {
  const auto n = static_cast<std::size_t>(schedule.entrants);
  Balance result;
  result.plays.assign(n, 0);
  std::vector<int> met(n * n, 0);
  for (int b = 0; b < schedule.block_count(); ++b) {
    std::set<int> seen;
    for (int s = 0; s < schedule.seats; ++s) {
      const int e = schedule.entrant_at(b, 0, s);
      REQUIRE(seen.insert(e).second);  // never twice at one table
      ++result.plays[static_cast<std::size_t>(e)];
      for (const int other : seen) {
        if (other != e) {
          ++met[static_cast<std::size_t>(e) * n + static_cast<std::size_t>(other)];
          ++met[static_cast<std::size_t>(other) * n + static_cast<std::size_t>(e)];
        }
      }
    }
  }
  result.pair_min = 1 << 30;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      result.pair_min = std::min(result.pair_min, met[i * n + j]);
      result.pair_max = std::max(result.pair_max, met[i * n + j]);
    }
  }
  return result;
}

TEST_CASE("league schedule: every difference family covers each difference lambda times", "[league]") {
  for (const DifferenceFamily& family : difference_families()) {
    INFO("(" << family.entrants << ", " << family.seats << ", " << family.lambda << ")");
    std::vector<int> count(static_cast<std::size_t>(family.entrants), 0);
    for (const auto& block : family.base_blocks) {
      REQUIRE(static_cast<int>(block.size()) == family.seats);
      for (const int x : block) {
        for (const int y : block) {
          if (x != y)
            ++count[static_cast<std::size_t>(((x - y) % family.entrants + family.entrants) % family.entrants)];
        }
      }
    }
    for (int d = 1; d < family.entrants; ++d) CHECK(count[static_cast<std::size_t>(d)] == family.lambda);
    const Balance balance = balance_of(make_league_schedule(family.entrants, family.seats, 3));
    CHECK(balance.pair_min == family.lambda);
    CHECK(balance.pair_max == family.lambda);
  }
}

TEST_CASE("league schedule: designs balance plays exactly and pairs exactly or within a few meetings", "[league]") {
  struct Case {
    int entrants, seats;
    const char* design;
    int pair_spread;  // most - fewest meetings of a pair
  };
  for (const Case c :
       {Case{6, 6, "single", 0}, Case{7, 3, "cyclic", 0}, Case{21, 5, "cyclic", 0}, Case{31, 6, "cyclic", 0},
        Case{12, 6, "complete", 0}, Case{10, 2, "complete", 0}, Case{24, 6, "balanced-random", 3},
        Case{100, 6, "balanced-random", 4}, Case{101, 4, "balanced-random", 4}, Case{500, 6, "balanced-random", 3},
        Case{500, 2, "complete", 0}, Case{37, 5, "balanced-random", 3}}) {
    INFO(c.entrants << " entrants at tables of " << c.seats);
    const LeagueSchedule schedule = make_league_schedule(c.entrants, c.seats, 9);
    CHECK(schedule.design == c.design);
    const Balance balance = balance_of(schedule);
    CHECK(*std::min_element(balance.plays.begin(), balance.plays.end()) ==
          *std::max_element(balance.plays.begin(), balance.plays.end()));
    CHECK(balance.pair_max - balance.pair_min <= c.pair_spread);
    if (c.entrants < 500) CHECK(balance.pair_min >= 1);
  }
}

TEST_CASE("league schedule: a pure function of the seed", "[league]") {
  const LeagueSchedule a = make_league_schedule(40, 6, 1);
  CHECK(make_league_schedule(40, 6, 1).blocks == a.blocks);
  CHECK(make_league_schedule(40, 6, 2).blocks != a.blocks);
  CHECK(make_league_schedule(12, 6, 1).blocks != make_league_schedule(12, 6, 2).blocks);
}

}  // namespace
}  // namespace sngsim
