#pragma once
// A league cell's statistic (format: league, sim/config/league_schedule.h;
// collector "league"): what the Plackett-Luce fit of the entrants'
// strengths needs (sim/stats/league_fit.h). The entrants' ROI, mean place
// and ITM are those of their labels (collector "places"): a league's
// labels are its entrants, and its tables are sit-and-go records seated
// by the schedule (sim/formats/league.h).
//
// Memory is flat in the number of tournaments. The Plackett-Luce
// likelihood of a finishing order is a product over its stages: the
// winner is chosen from the whole table, second place from the rest, and
// so on. Its sufficient statistics are therefore, per entrant, the stages
// it won, and per "choice set" (the players still to be placed at a
// stage), how often that set occurred. Every table of a league is one of
// the schedule's B blocks, so a choice set is a subset of a block: a
// count per (block, subset mask) holds everything, whatever the number of
// tournaments (B * 2^seats counters).
//
// Shared places (R22). The players of a shared place finished in no order;
// the fit counts every order of them equally, each with weight 1/d! (d
// players share): the "fractional orderings" treatment. Averaged over the
// d! orders, the stage after j of them are placed has the choice set R
// less a j-subset T of the tied players, each with weight 1/C(d, j), and
// each tied player wins one stage. For two entrants this is Bradley-Terry
// with a tie counted half a win each, as the head-to-head counts do. The
// weights are kept in integers of kTieUnit per stage (60 = lcm of C(d, j)
// for d <= 6), so sums stay exact. A stage with one player left says
// nothing (its probability is 1) and is not counted.
//
// Intervals (sim/stats/league_fit.h) come from a delete-a-group jackknife:
// each unit (a tournament, or a duplicate group, whose tournaments are
// correlated) falls into one of kJackknifeGroups groups by a hash of its
// index, and the accumulators are kept per group. The group's counts add
// up to the totals.
//
// Determinism: integer sums only; add() and merge() are associative and
// commutative, so any split over threads, shards and ranks gives the same
// state.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/tournament.h"
#include "sim/formats/tournament_record.h"
#include "sim/stats/collector.h"

namespace sngsim {

inline constexpr int kJackknifeGroups = 20;
inline constexpr std::int64_t kTieUnit = 60;
inline constexpr int kMaxLeagueSeats = 6;

// One finished table of a league: the schedule's block and, per block
// position (0..seats-1, the block's entrant order), the placement.
struct LeagueTable {
  std::int64_t unit = 0;  // the unit of work it belongs to (jackknife group)
  int block = 0;
  std::array<Placement, kMaxLeagueSeats> placement_of_position{};
};

class LeagueStats final : public CollectorOf<LeagueStats> {
 public:
  // `blocks` is the schedule's entrant ids, block after block, `seats` each;
  // a unit of work is `tournaments_per_unit` tournaments (1, or a duplicate
  // group), which league_turn needs to find a record's block and seats.
  LeagueStats(int entrants, int seats, std::vector<std::int16_t> blocks, std::int64_t tournaments_per_unit = 1);

  // The collector (sim/stats/collector.h): a unit's sit-and-go records, each
  // turned into its LeagueTable; check() throws std::invalid_argument when a
  // record's seats are not the schedule's.
  std::string_view name() const override { return "league"; }
  void check(const FinishedUnit& unit) const override;
  void add(const FinishedUnit& unit, const TableObserver* watched) override;
  void merge_same(const LeagueStats& other);
  void save(nlohmann::json& cell_state) const override;
  void load(const nlohmann::json& cell_state) override;

  // The table a sit-and-go record of the league is (league_turn of its
  // index); throws std::invalid_argument when it does not fit.
  LeagueTable table_of(const TournamentRecord& record) const;
  // Throws std::invalid_argument on a table that does not fit (block out of
  // range, placements not covering 1..seats); add() checks first, so a
  // rejected table leaves the statistics as they were.
  void check(const LeagueTable& table) const;
  void add(const LeagueTable& table);
  // Throws std::invalid_argument when the shapes differ.
  void merge(const LeagueStats& other) { merge_same(other); }
  using CollectorOf<LeagueStats>::merge;

  int entrants() const { return entrants_; }
  int seats() const { return seats_; }
  int blocks() const { return static_cast<int>(blocks_.size()) / seats_; }
  int masks() const { return 1 << seats_; }
  std::int64_t tables() const { return tables_; }
  // Block b's entrants, in position order.
  std::span<const std::int16_t> block(int b) const {
    return std::span<const std::int16_t>(blocks_).subspan(static_cast<std::size_t>(b * seats_),
                                                          static_cast<std::size_t>(seats_));
  }
  // Jackknife group g (0..kJackknifeGroups-1): kTieUnit per stage won, per
  // entrant; and the weighted count of choice set `mask` of block b.
  std::int64_t stage_wins(int group, int entrant) const {
    return wins_[static_cast<std::size_t>(group * entrants_ + entrant)];
  }
  std::int64_t choice_count(int group, int block, int mask) const {
    return choices_[(static_cast<std::size_t>(group) * static_cast<std::size_t>(blocks()) +
                     static_cast<std::size_t>(block)) *
                        static_cast<std::size_t>(masks()) +
                    static_cast<std::size_t>(mask)];
  }
  // Tables played of block b (its tables of every jackknife group).
  std::int64_t block_plays(int b) const { return block_plays_[static_cast<std::size_t>(b)]; }

  // The group a unit's tables fall into: a hash of the unit index.
  static int group_of_unit(std::int64_t unit);

  bool operator==(const LeagueStats&) const = default;
  // The state save() writes under "league".
  nlohmann::json state() const;
  // Throws std::runtime_error on a document that does not fit.
  void restore(const nlohmann::json& state);

 private:
  int entrants_ = 0;
  int seats_ = 0;
  std::vector<std::int16_t> blocks_;
  std::int64_t tournaments_per_unit_ = 1;
  std::int64_t tables_ = 0;
  std::vector<std::int64_t> wins_;         // [group * entrants + entrant]
  std::vector<std::int64_t> choices_;      // [(group * blocks + block) * masks + mask]
  std::vector<std::int64_t> block_plays_;  // [block]
};

// Adds the Plackett-Luce stages of one finishing order, given as each
// block position's placement, into `wins` ([position], kTieUnit per stage)
// and `choices` ([mask], weighted counts), with the fractional orderings of
// shared places described above. Exposed for the tests.
void add_stages(std::span<const Placement> placement_of_position, std::span<std::int64_t> wins,
                std::span<std::int64_t> choices);

}  // namespace sngsim
