#pragma once
// Integer accumulators for comparing labels (sit-and-go and shoot-out
// cells): per label, the moments of every entry's outcome; per pair of
// labels, the moments of their difference per tournament and, in a duplicate
// cell (sim/config/duplicate.h), per group. sim/stats/label_difference turns them into
// the intervals of summary.json's paired[].
//
// Outcomes, per entry (a seat played; a shoot-out's overall result), in
// exact integer units (the scheme of sim/stats/cell_stats.h):
//   Metric::kMeanPlace  twice the mean of the covered places (Placement::twice_mean)
//   Metric::kWinRate    share units of first place: kShareUnit / count when
//                       the entry shares first place among `count`, else 0
//   Metric::kRoi        the prize in units of pool / (100 * kShareUnit), the
//                       average of the covered places' percentages (R22)
// Both formats use the same units, so one set of formulas serves both; the
// per-label moments repeat a few of LabelTotals' sums for that reason.
//
// Pairs. Label l holds the same number of entries e_l in every tournament
// (its seats) and in every duplicate group (its seats times the group size).
// With S_l the sum of l's outcomes over a tournament or a group and
// g = gcd(e_a, e_b), the tournament or group adds
//   D = (e_b / g) * S_a - (e_a / g) * S_b
// to pair (a, b): D / scale, scale = e_a * e_b / g, is its mean outcome of
// a minus that of b, an exact integer throughout. Tournaments are
// independent of each other, and so are groups: each sum of D is a sum of
// independent, identically distributed differences.
//
// Determinism: every member is an integer sum or count, so add and merge are
// associative and commutative, and operator== compares everything.

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/tournament.h"
#include "sim/config/experiment.h"
#include "sim/config/metric.h"
#include "sim/formats/shootout.h"
#include "sim/formats/tournament_record.h"
#include "sim/stats/collector.h"
#include "sim/stats/intervals.h"
#include "sim/stats/moments.h"

namespace sngsim {

// One entry's outcomes, indexed by Metric.
struct EntryOutcome {
  int label = 0;
  std::array<std::int64_t, kMetricCount> value{};
};

// Collector "paired": sit-and-go and shoot-out cells.
class PairedStats final : public CollectorOf<PairedStats> {
 public:
  // `labels` are the cell's distinct labels (cell_labels, sim/config/experiment.h).
  // Throws std::invalid_argument for a cash cell.
  PairedStats(const Cell& cell, const std::vector<std::string>& labels);

  std::string_view name() const override { return "paired"; }
  // Every tournament's labels hold their seats' entries (a group's too).
  void check(const FinishedUnit& unit) const override;
  void add(const FinishedUnit& unit, const TableObserver* watched) override;
  void merge_same(const PairedStats& other) { merge(other); }
  // Under the cell state's "paired".
  void save(nlohmann::json& cell_state) const override;
  void load(const nlohmann::json& cell_state) override;

  // The outcome of an entry of `label` that finished with `placement` (a
  // sit-and-go place, or a shoot-out's overall place). Precondition: the
  // placement is valid for the field.
  EntryOutcome outcome(int label, Placement placement) const;

  // Every entry of one tournament: into the label moments and the
  // tournament pair moments. Throws std::invalid_argument, before changing
  // anything, when a label does not hold exactly its seats' entries
  // (check_tournament).
  void add_tournament(std::span<const EntryOutcome> entries);
  void check_tournament(std::span<const EntryOutcome> entries) const;
  // Every entry of one duplicate group (its tournaments are added with
  // add_tournament too): into the group pair moments. Throws
  // std::invalid_argument, before changing anything, when the cell is not
  // duplicate or a label does not hold exactly entries_per_group(label).
  void add_group(std::span<const EntryOutcome> entries);
  // Both merges: the collector's (any Collector) and this typed one.
  using CollectorOf<PairedStats>::merge;
  // Throws std::invalid_argument when the shapes differ.
  void merge(const PairedStats& other);
  // Built from cells that give the same shape (labels, seats, group, payouts).
  bool same_shape(const PairedStats& other) const;

  int label_count() const { return label_count_; }
  bool duplicate() const { return group_size_ > 1; }
  std::int64_t group_size() const { return group_size_; }
  std::int64_t entries_per_tournament(int label) const { return seats_of_label_[static_cast<std::size_t>(label)]; }
  std::int64_t entries_per_group(int label) const { return entries_per_tournament(label) * group_size_; }
  // Integer outcomes per unit of the metric: 2 per place, kShareUnit per win.
  // For kRoi, roi_per_prize_unit() converts a prize unit into ROI.
  static std::int64_t units_per(Metric metric);
  long double roi_per_prize_unit() const;
  // The cell's payouts, for the stop rule to read what summary.json reports.
  const Payouts& payouts() const { return payouts_; }
  // False for a shoot-out paying places that more than kMaxPlayers players
  // can share (kShareUnit cannot split them): ROI outcomes are then 0 and
  // ROI differences unreported.
  bool prize_exact() const { return prize_exact_; }

  std::int64_t groups() const { return groups_; }
  const Moments& label_moments(int label, Metric metric) const {
    return label_moments_[static_cast<std::size_t>(label * kMetricCount + static_cast<int>(metric))];
  }
  // The differences D of pair (a, b) per tournament, and per group (empty
  // unless duplicate()). Precondition: a < b.
  const Moments& tournament_moments(int a, int b, Metric metric) const {
    return tournament_moments_[moment_index(a, b, metric)];
  }
  const Moments& group_moments(int a, int b, Metric metric) const { return group_moments_[moment_index(a, b, metric)]; }
  // The `scale` that turns a D into a mean difference (see above).
  std::int64_t tournament_scale(int a, int b) const;
  std::int64_t group_scale(int a, int b) const;

  bool operator==(const PairedStats&) const = default;

  // Calls field(name, member) for every accumulated member (save, load);
  // Self is the class, const or not.
  template <typename Self, typename Field>
  static void for_each_accumulator(Self& self, Field&& field) {
    field("groups", self.groups_);
    field("label_moments", self.label_moments_);
    field("tournament_moments", self.tournament_moments_);
    field("group_moments", self.group_moments_);
  }

 private:
  // Every entry's outcome of a record (validated records only).
  std::vector<EntryOutcome> outcomes_of(const TournamentRecord& record) const;
  std::vector<EntryOutcome> outcomes_of(const ShootoutRecord& record) const;
  std::size_t moment_index(int a, int b, Metric metric) const {
    const int pair = a * label_count_ - a * (a + 1) / 2 + (b - a - 1);
    return static_cast<std::size_t>(pair * kMetricCount + static_cast<int>(metric));
  }
  // Per-label entry counts and outcome sums of `entries`; throws unless
  // every label holds `per_seat` entries per seat it has.
  std::vector<Int128> label_sums(std::span<const EntryOutcome> entries, std::int64_t per_seat) const;
  // Into `into`, for every pair a < b: weight_a * sum of a - weight_b * sum
  // of b, the pair's weights making the two sides count equal entries.
  void add_differences(const std::vector<Int128>& sums, std::vector<Moments>& into);

  // Shape.
  int label_count_ = 0;
  std::vector<std::int64_t> seats_of_label_;
  std::int64_t group_size_ = 1;
  int field_ = 0;
  std::vector<int> prize_percent_;  // [place - 1], percent of the pool (times prize_divisor_)
  int prize_divisor_ = 1;           // shootout.winners: paid: the tables, which share places 1..tables
  Payouts payouts_;
  bool prize_exact_ = true;
  // [pair] for a < b in moment_index order: {e_b, e_a} / gcd(e_a, e_b) of
  // the labels' entries per tournament, computed once rather than a gcd per
  // pair per tournament.
  std::vector<std::array<std::int64_t, 2>> pair_weights_;

  // Accumulators.
  std::int64_t groups_ = 0;
  std::vector<Moments> label_moments_;       // [label * kMetricCount + metric]
  std::vector<Moments> tournament_moments_;  // [moment_index(a, b, metric)], a < b
  std::vector<Moments> group_moments_;       // the same; empty unless duplicate()
};

}  // namespace sngsim
