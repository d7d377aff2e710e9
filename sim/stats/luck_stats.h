#pragma once
// Luck-adjusted outcomes of a sit-and-go or shoot-out cell
// (Cell::adjust_luck): integer moments, per label and LuckMetric, of the raw
// outcome (by overall place), of the luck correction (TournamentRecord::luck,
// ShootoutRecord::luck, sim/luck/runout_luck.h) and of the
// adjusted outcome raw - correction, all in kLuckUnit. The raw and adjusted
// moments give var(raw) / var(adjusted), the factor by which fewer
// tournaments reach the same interval; the correction's mean is the mean
// luck, zero in expectation (docs/statistics.md).
//
// Pairs of labels (a < b), as PairedStats (sim/stats/paired_stats.h) counts
// them: per tournament and, in a duplicate cell, per group, the difference
// D = (e_b / g) * S_a - (e_a / g) * S_b of the labels' sums S of the raw
// outcome, of the adjusted outcome and of the correction, in kLuckUnit.
// D / scale (PairedStats::tournament_scale, group_scale) is a's mean less
// b's; the differences are independent and identically distributed, so the
// adjusted paired interval is a Student t over them, and with duplicate
// seating the group differences combine both reductions.
//
// Exactness and determinism as CellStats: integer sums only, so add() and
// merge() are associative and commutative, and the state round-trips
// exactly (sim/stats/cell_stats_io.cpp).

#include <cstdint>
#include <span>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/formats/shootout.h"
#include "sim/formats/tournament_record.h"
#include "sim/stats/collector.h"
#include "sim/stats/moments.h"

namespace sngsim {

// Collector "luck": sit-and-go and shoot-out cells with adjust_luck.
class LuckStats final : public CollectorOf<LuckStats> {
 public:
  LuckStats(const Cell& cell, int label_count);

  std::string_view name() const override { return "luck"; }
  void add(const FinishedUnit& unit, const TableObserver* watched) override;
  void merge_same(const LuckStats& other) { merge(other); }
  // Under the cell state's "luck".
  void save(nlohmann::json& cell_state) const override;
  void load(const nlohmann::json& cell_state) override;

  // One validated record (CellStats::add checks it).
  void add(const TournamentRecord& record);
  void add(const ShootoutRecord& record);
  // The pair differences of one duplicate group (its records are added with
  // add() too). Precondition: the records are valid and the cell duplicate.
  void add_group(std::span<const TournamentRecord> group);
  void add_group(std::span<const ShootoutRecord> group);
  // Both merges: the collector's (any Collector) and this typed one.
  using CollectorOf<LuckStats>::merge;
  void merge(const LuckStats& other);

  // The raw outcome of a seat that finished with `placement`, in kLuckUnit.
  LuckTerms raw_outcome(Placement placement) const;

  const Moments& raw(int label, LuckMetric metric) const { return raw_[index(label, metric)]; }
  const Moments& correction(int label, LuckMetric metric) const { return correction_[index(label, metric)]; }
  const Moments& adjusted(int label, LuckMetric metric) const { return adjusted_[index(label, metric)]; }

  // The pair differences D of a < b per tournament, and per group (empty
  // unless the cell is duplicate): of the raw outcome, the adjusted one and
  // the correction (raw = adjusted + correction, D by D).
  const Moments& pair_raw(int a, int b, LuckMetric metric) const { return pair_raw_[pair_index(a, b, metric)]; }
  const Moments& pair_adjusted(int a, int b, LuckMetric metric) const {
    return pair_adjusted_[pair_index(a, b, metric)];
  }
  const Moments& pair_correction(int a, int b, LuckMetric metric) const {
    return pair_correction_[pair_index(a, b, metric)];
  }
  const Moments& group_raw(int a, int b, LuckMetric metric) const { return group_raw_[pair_index(a, b, metric)]; }
  const Moments& group_adjusted(int a, int b, LuckMetric metric) const {
    return group_adjusted_[pair_index(a, b, metric)];
  }
  const Moments& group_correction(int a, int b, LuckMetric metric) const {
    return group_correction_[pair_index(a, b, metric)];
  }
  bool duplicate() const { return !group_raw_.empty(); }

  bool operator==(const LuckStats&) const = default;

  template <typename Self, typename Field>
  static void for_each_accumulator(Self& self, Field&& field) {
    field("raw", self.raw_);
    field("correction", self.correction_);
    field("adjusted", self.adjusted_);
    field("pair_raw", self.pair_raw_);
    field("pair_adjusted", self.pair_adjusted_);
    field("pair_correction", self.pair_correction_);
    field("group_raw", self.group_raw_);
    field("group_adjusted", self.group_adjusted_);
    field("group_correction", self.group_correction_);
  }

 private:
  static std::size_t index(int label, LuckMetric metric) {
    return static_cast<std::size_t>(label * kLuckMetricCount + static_cast<int>(metric));
  }
  std::size_t pair_index(int a, int b, LuckMetric metric) const {
    const int pair = a * label_count_ - a * (a + 1) / 2 + (b - a - 1);
    return static_cast<std::size_t>(pair * kLuckMetricCount + static_cast<int>(metric));
  }
  // The moments of each seat of one record.
  template <typename Record>
  void add_seats(const Record& record);
  // Adds the D of raw, adjusted and correction sums ([label][metric]) of
  // `records`, each label holding seats * records.size() entries.
  template <typename Record>
  void add_differences(std::span<const Record> records, std::vector<Moments>& raw, std::vector<Moments>& adjusted,
                       std::vector<Moments>& correction) const;

  int label_count_ = 0;
  std::vector<std::int64_t> seats_of_label_;  // [label]

  std::vector<int> payout_percent_;  // [place - 1]
  std::vector<Moments> raw_;         // [label * kLuckMetricCount + metric]
  std::vector<Moments> correction_;
  std::vector<Moments> adjusted_;
  std::vector<Moments> pair_raw_;  // [pair_index(a, b, metric)], a < b, per tournament
  std::vector<Moments> pair_adjusted_;
  std::vector<Moments> pair_correction_;
  std::vector<Moments> group_raw_;  // the same per duplicate group; empty unless duplicate
  std::vector<Moments> group_adjusted_;
  std::vector<Moments> group_correction_;
};

}  // namespace sngsim
