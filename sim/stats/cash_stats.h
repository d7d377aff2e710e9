#pragma once
// Integer accumulators for a cash-table cell (RULES V7), memory independent
// of the number of sessions. Per label: sessions (seats played), hands, the
// chips won per session (sum and sum of squares, exact in 128 bits),
// re-buys, faults, and the rake (V10) with the chips won before it. bb/100 and its interval are derived in sim/report/summary.
// Every member is an integer sum, so any thread split gives identical state.

#include <cstdint>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/formats/cash_session.h"
#include "sim/config/experiment.h"
#include "sim/stats/intervals.h"
#include "sim/stats/paired_stats.h"

namespace sngsim {

struct CashLabelTotals {
  std::int64_t sessions = 0;  // seats played, one per session and seat
  std::int64_t hands = 0;     // hands those seats played
  Int128 won_sum = 0;         // chips won (final stack less chips bought in), summed over sessions
  UInt128 won_sq_sum = 0;     // sum over sessions of (chips won)^2
  std::int64_t rebuys = 0;    // buy-ins after the first
  FaultCounts faults;    // V5, by reason
  // V10: the rake the label's pots paid, and the chips won before it
  // (won + rake paid per session: sum and sum of squares).
  Int128 rake_sum = 0;
  Int128 gross_won_sum = 0;
  UInt128 gross_won_sq_sum = 0;
  bool operator==(const CashLabelTotals&) const = default;
};

class CashStats {
 public:
  CashStats(const Cell& cell, int label_count);

  // Throws std::invalid_argument on a record that does not fit the cell,
  // leaving the totals unchanged.
  void add(const CashSessionRecord& record);
  // Throws std::invalid_argument when the shapes differ.
  void merge(const CashStats& other);

  int seats() const { return seats_; }
  int hands_per_session() const { return hands_per_session_; }
  Chips big_blind() const { return big_blind_; }
  std::int64_t sessions() const { return sessions_; }
  const CashLabelTotals& label_totals(int label) const { return labels_[static_cast<std::size_t>(label)]; }
  // Cell::adjust_luck only (else false and empty): per label, moments over
  // sessions of the chips won, of the run-out luck (CashSessionRecord::luck)
  // and of the adjusted chips won (won less luck), all in kChipLuckUnit.
  bool adjusted() const { return !luck_.empty(); }
  const Moments& luck_raw(int label) const { return luck_[static_cast<std::size_t>(3 * label)]; }
  const Moments& luck_correction(int label) const { return luck_[static_cast<std::size_t>(3 * label + 1)]; }
  const Moments& luck_adjusted(int label) const { return luck_[static_cast<std::size_t>(3 * label + 2)]; }

  bool operator==(const CashStats&) const = default;

  // As CellStats::state() and restore().
  nlohmann::json state() const;
  void restore(const nlohmann::json& state);

 private:
  // Calls field(name, member) for every accumulated member (state(),
  // restore()); Self is the class, const or not.
  template <typename Self, typename Field>
  static void for_each_accumulator(Self& self, Field&& field);
  int seats_ = 0;
  int hands_per_session_ = 0;
  Chips big_blind_ = 0;
  std::int64_t sessions_ = 0;
  std::vector<CashLabelTotals> labels_;
  std::vector<Moments> luck_;  // [3 * label + 0 raw, 1 correction, 2 adjusted]
};

}  // namespace sngsim
