#pragma once
// Integer accumulators for a shoot-out cell (RULES V6), memory independent
// of the number of shoot-outs.
//
// Overall places can be shared by many players (every table's second place,
// say), more than sit-and-go's kShareUnit divides. So rather than place
// shares, each label keeps the histogram of the Placements {first, count}
// its entries got: everything place-based (place fractions, mean place, win
// and ITM rates, prizes) is an exact function of it, derived once in
// sim/report/summary. Every member is an integer sum or count, so add() and merge()
// are associative and commutative and any thread split gives identical state.

#include <cstdint>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/config/experiment.h"
#include "sim/stats/collector.h"
#include "sim/stats/intervals.h"
#include "sim/formats/shootout.h"

namespace sngsim {

struct ShootoutLabelTotals {
  std::int64_t entries = 0;  // field seats played
  // [(count - 1) * field + (first - 1)]: entries whose overall Placement was
  // {first, count}.
  std::vector<std::int64_t> placements;
  std::int64_t table_wins = 0;  // first-round tables won
  FaultCounts faults;           // V5, by reason, both rounds
  bool operator==(const ShootoutLabelTotals&) const = default;

  template <typename Self, typename Field>
  static void for_each_field(Self& t, Field&& field) {
    field("entries", t.entries);
    field("placements", t.placements);
    field("table_wins", t.table_wins);
    field("faults", t.faults);
  }
};

// Collector "shootout": shoot-out cells only.
class ShootoutStats final : public CollectorOf<ShootoutStats> {
 public:
  ShootoutStats(const Cell& cell, int label_count);

  std::string_view name() const override { return "shootout"; }
  void check(const FinishedUnit& unit) const override;
  void add(const FinishedUnit& unit, const TableObserver* watched) override;
  void merge_same(const ShootoutStats& other) { merge(other); }
  // Under the cell state's "shootout".
  void save(nlohmann::json& cell_state) const override;
  void load(const nlohmann::json& cell_state) override;

  // Throws std::invalid_argument on a record that does not fit the cell
  // (tables, seats, labels, placements), leaving the totals unchanged.
  void add(const ShootoutRecord& record);
  // What add() checks, without adding.
  void check(const ShootoutRecord& record) const;
  // Both merges: the collector's (any Collector) and this typed one.
  using CollectorOf<ShootoutStats>::merge;
  // Throws std::invalid_argument when the shapes differ.
  void merge(const ShootoutStats& other);

  int tables() const { return tables_; }
  int table_seats() const { return table_seats_; }
  int field() const { return tables_ * table_seats_; }
  bool final_table() const { return final_table_; }
  int hand_cap() const { return hand_cap_; }

  std::int64_t shootouts() const { return shootouts_; }
  const ShootoutLabelTotals& label_totals(int label) const { return labels_[static_cast<std::size_t>(label)]; }
  // Entries of `label` whose overall Placement was {first, count}.
  std::int64_t placement_count(int label, int first, int count) const {
    return label_totals(label).placements[static_cast<std::size_t>((count - 1) * field() + first - 1)];
  }

  // First-round tables: hands per table (sum and sum of squares over
  // tables) and how many the hand cap ended.
  std::int64_t table_hands_sum() const { return table_hands_sum_; }
  UInt128 table_hands_sq_sum() const { return table_hands_sq_sum_; }
  std::int64_t capped_tables() const { return capped_tables_; }
  // Final tables (none without one).
  std::int64_t final_hands_sum() const { return final_hands_sum_; }
  UInt128 final_hands_sq_sum() const { return final_hands_sq_sum_; }
  std::int64_t final_capped() const { return final_capped_; }

  bool operator==(const ShootoutStats&) const = default;

  // Calls field(name, member) for every accumulated member (save, load);
  // Self is the class, const or not.
  template <typename Self, typename Field>
  static void for_each_accumulator(Self& self, Field&& field) {
    field("shootouts", self.shootouts_);
    field("labels", self.labels_);
    field("table_hands_sum", self.table_hands_sum_);
    field("table_hands_sq_sum", self.table_hands_sq_sum_);
    field("capped_tables", self.capped_tables_);
    field("final_hands_sum", self.final_hands_sum_);
    field("final_hands_sq_sum", self.final_hands_sq_sum_);
    field("final_capped", self.final_capped_);
  }

 private:
  int tables_ = 0;
  int table_seats_ = 0;
  bool final_table_ = true;
  int hand_cap_ = 0;
  std::int64_t shootouts_ = 0;
  std::vector<ShootoutLabelTotals> labels_;
  std::int64_t table_hands_sum_ = 0;
  UInt128 table_hands_sq_sum_ = 0;
  std::int64_t capped_tables_ = 0;
  std::int64_t final_hands_sum_ = 0;
  UInt128 final_hands_sq_sum_ = 0;
  std::int64_t final_capped_ = 0;
};

}  // namespace sngsim
