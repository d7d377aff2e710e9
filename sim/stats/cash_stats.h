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
#include "sim/stats/collector.h"
#include "sim/stats/moments.h"

namespace sngsim {

struct CashLabelTotals {
  std::int64_t sessions = 0;  // seats played, one per session and seat
  std::int64_t hands = 0;     // hands those seats played
  Int128 won_sum = 0;         // chips won (final stack less chips bought in), summed over sessions
  UInt128 won_sq_sum = 0;     // sum over sessions of (chips won)^2
  std::int64_t rebuys = 0;    // buy-ins after the first
  FaultCounts faults;         // V5, by reason
  // V10: the rake the label's pots paid, and the chips won before it
  // (won + rake paid per session: sum and sum of squares).
  Int128 rake_sum = 0;
  Int128 gross_won_sum = 0;
  UInt128 gross_won_sq_sum = 0;
  bool operator==(const CashLabelTotals&) const = default;

  template <typename Self, typename Field>
  static void for_each_field(Self& t, Field&& field) {
    field("sessions", t.sessions);
    field("hands", t.hands);
    field("won_sum", t.won_sum);
    field("won_sq_sum", t.won_sq_sum);
    field("rebuys", t.rebuys);
    field("faults", t.faults);
    field("rake_sum", t.rake_sum);
    field("gross_won_sum", t.gross_won_sum);
    field("gross_won_sq_sum", t.gross_won_sq_sum);
  }
};

// Collector "cash": cash cells only.
class CashStats final : public CollectorOf<CashStats> {
 public:
  CashStats(const Cell& cell, int label_count);

  std::string_view name() const override { return "cash"; }
  void check(const FinishedUnit& unit) const override;
  void add(const FinishedUnit& unit, const TableObserver* watched) override;
  void merge_same(const CashStats& other) { merge(other); }
  // Under the cell state's "cash".
  void save(nlohmann::json& cell_state) const override;
  void load(const nlohmann::json& cell_state) override;
  // What add() checks, without adding.
  void check(const CashSessionRecord& record) const;

  // Throws std::invalid_argument on a record that does not fit the cell,
  // leaving the totals unchanged.
  void add(const CashSessionRecord& record);
  // Both merges: the collector's (any Collector) and this typed one.
  using CollectorOf<CashStats>::merge;
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

  // Calls field(name, member) for every accumulated member (save, load);
  // Self is the class, const or not.
  template <typename Self, typename Field>
  static void for_each_accumulator(Self& self, Field&& field) {
    field("sessions", self.sessions_);
    field("labels", self.labels_);
    // adjust_luck only, so that other cells' states keep their keys.
    if (!self.luck_.empty()) field("luck", self.luck_);
  }

 private:
  int seats_ = 0;
  int hands_per_session_ = 0;
  Chips big_blind_ = 0;
  std::int64_t sessions_ = 0;
  std::vector<CashLabelTotals> labels_;
  std::vector<Moments> luck_;  // [3 * label + 0 raw, 1 correction, 2 adjusted]
};

}  // namespace sngsim
