#pragma once
// A shoot-out (RULES V6): several sit-and-go tables play at once, each
// table's winner goes on. Either the winners play a final table (a normal
// sit-and-go with the same rules and fresh starting stacks) or, without a
// final table, the table winners are paid.
//
// Overall places, for the statistics and the prizes (docs/config-reference.md,
// "Shoot-outs"):
//  - final table: its places are overall places 1..T (T tables);
//    without one, the T table winners share places 1..T (R22);
//  - everybody else (the first-round losers) comes next, ranked by the place
//    they got at their first-round table (the mean of a shared place);
//    players with the same first-round place, from different tables or
//    sharing it at one table, share the overall places they cover (R22).
// A tie for first at a first-round table (equal chips at the hand cap with
// bust_ties: share) is broken by a draw from the table's key; the players
// who do not advance keep their shared table place for the ranking above.
//
// Determinism: tournament i is a pure function of (seed, i). Its key
// (deal_key: with seating: duplicate, the key of its group) seats the whole
// field (random, rotating or duplicate, as a sit-and-go), and first-round
// table t gets a key derived from it (and from the round, in a duplicate
// group of table-mates rounds: sim/config/duplicate.h). The final table's key derives from
// tournament_key(seed, i), the same key outside duplicate cells.

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/hand.h"
#include "engine/tournament.h"
#include "sim/config/experiment.h"
#include "sim/formats/fault_counts.h"
#include "sim/formats/play_tournament.h"

namespace sngsim {

inline constexpr int kMaxShootoutTables = 6;
inline constexpr int kMaxShootoutTableSeats = 6;  // R1
inline constexpr int kMaxShootoutField = kMaxShootoutTables * kMaxShootoutTableSeats;

// What one finished shoot-out contributes to the statistics. Per field seat
// f = t * table_seats + s, seat s of first-round table t.
struct ShootoutRecord {
  std::int64_t index = 0;
  int tables = 0;
  int table_seats = 0;  // players per first-round table
  int field = 0;        // tables * table_seats
  std::array<std::int16_t, kMaxShootoutField>
      label{};  // index into the cell's distinct labels (as TournamentRecord::label)
  std::array<Placement, kMaxShootoutField> placement{};        // overall place
  std::array<Placement, kMaxShootoutField> table_placement{};  // place at the first-round table
  std::array<bool, kMaxShootoutField> table_win{};             // won (advanced from) its first-round table
  std::array<FaultCounts, kMaxShootoutField> faults{};         // V5, both rounds
  std::array<std::int32_t, kMaxShootoutTables> table_hands{};  // hands played by each first-round table
  int capped_tables = 0;                                       // first-round tables ended by the hand cap
  int final_hands = 0;                                         // 0 without a final table
  bool final_capped = false;
  // Cell::adjust_luck only (else zeros): per field seat, the sum of its
  // run-out terms at its first-round table and at the final table, in
  // kLuckUnit (sim/luck/runout_luck.h).
  std::array<LuckTerms, kMaxShootoutField> luck{};
};

// Table `table` (0..tables-1 for the first round, tables for the final)
// of tournament `index` gets this key.
std::uint64_t shootout_table_key(std::uint64_t tournament_key, int table);

// The rules of the final table: the cell's rules with one seat per table.
TournamentRules final_table_rules(const Cell& cell);

// What the luck estimator's V makes of the places of a first-round table
// (docs/statistics.md, "Shoot-outs"), fixed before any data. First place
// goes on, and is worth a seat at a final table of equal stacks: an equal
// share of overall places 1..tables (which is also what the table winners
// share without a final table). Place k > 1 is worth what the format gives
// it when no first-round place is shared: the tables' k-th places share
// overall places tables * (k - 1) + 1 .. tables * k (R22). The final table's
// places are worth a sit-and-go's (sit_and_go_place_values).
PlaceValues first_round_place_values(const Cell& cell);

// Sees the hands of one table; `table` as for shootout_table_key. May
// return nullptr for tables nobody watches.
using ShootoutObserverOf = std::function<TableObserver*(int table)>;

class TablePlay;

// A shoot-out in play: play_shootout's work as an object that can stop at
// a decision of an outside seat and go on once it is answered
// (sim/formats/table_play.h). Its tables play one after another, as in
// play_shootout.
class ShootoutPlay {
 public:
  // As play_shootout; `cell`, `label_of_entrant` and `hand` must outlive it.
  ShootoutPlay(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed, std::int64_t index,
               Hand& hand, ShootoutObserverOf observer_of = {});
  ~ShootoutPlay();
  ShootoutPlay(const ShootoutPlay&) = delete;
  ShootoutPlay& operator=(const ShootoutPlay&) = delete;

  // As TablePlay::play: true when the shoot-out is over, false when paused.
  bool play(bool may_pause);
  ShootoutRecord finish();

 private:
  void seat_table();  // table_'s TablePlay (a first-round table or the final)
  void first_round_table_over(const TournamentRecord& table);
  void final_table_over(const TournamentRecord& final_table);

  const Cell& cell_;
  const std::vector<int>& label_of_entrant_;
  std::uint64_t seed_;
  std::int64_t index_;
  Hand& hand_;
  ShootoutObserverOf observer_of_;
  TournamentRules final_rules_;
  PlaceValues first_round_values_;
  std::vector<int> entrant_of_field_seat_;
  std::uint64_t first_round_key_ = 0;
  ShootoutRecord record_;
  std::vector<int> winner_of_table_;
  int table_ = 0;  // the table in play: first-round 0..tables-1, then the final
  std::unique_ptr<TablePlay> current_;
};

// Plays shoot-out `index` of a cell whose format is Format::kShootout.
// `label_of_entrant` and `hand` as for play_tournament.
ShootoutRecord play_shootout(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                             std::int64_t index, Hand& hand, const ShootoutObserverOf& observer_of = {});

}  // namespace sngsim
