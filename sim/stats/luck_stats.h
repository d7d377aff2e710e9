#pragma once
// Luck-adjusted outcomes of a sit-and-go cell (Cell::adjust_luck): integer
// moments, per label and LuckMetric, of the raw outcome, of the luck
// correction (TournamentRecord::luck, sim/formats/runout_luck.h) and of the
// adjusted outcome raw - correction, all in kLuckUnit. The raw and adjusted
// moments give var(raw) / var(adjusted), the factor by which fewer
// tournaments reach the same interval; the correction's mean is the mean
// luck, zero in expectation (docs/statistics.md).
//
// Exactness and determinism as CellStats: integer sums only, so add() and
// merge() are associative and commutative, and the state round-trips
// exactly (sim/stats/cell_stats_io.cpp).

#include <cstdint>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/formats/tournament_record.h"
#include "sim/stats/paired_stats.h"

namespace sngsim {

class LuckStats {
 public:
  LuckStats(const Cell& cell, int label_count);

  // One validated record (CellStats::add checks it).
  void add(const TournamentRecord& record);
  void merge(const LuckStats& other);

  // The raw outcome of a seat that finished with `placement`, in kLuckUnit.
  LuckTerms raw_outcome(Placement placement) const;

  const Moments& raw(int label, LuckMetric metric) const { return raw_[index(label, metric)]; }
  const Moments& correction(int label, LuckMetric metric) const { return correction_[index(label, metric)]; }
  const Moments& adjusted(int label, LuckMetric metric) const { return adjusted_[index(label, metric)]; }

  bool operator==(const LuckStats&) const = default;

  // As CellStats::state() and restore() (sim/stats/cell_stats_io.cpp).
  nlohmann::json state() const;
  void restore(const nlohmann::json& state);

 private:
  template <typename Self, typename Field>
  static void for_each_accumulator(Self& self, Field&& field);
  static std::size_t index(int label, LuckMetric metric) {
    return static_cast<std::size_t>(label * kLuckMetricCount + static_cast<int>(metric));
  }

  std::vector<int> payout_percent_;    // [place - 1]
  std::vector<Moments> raw_;           // [label * kLuckMetricCount + metric]
  std::vector<Moments> correction_;
  std::vector<Moments> adjusted_;
};

}  // namespace sngsim
