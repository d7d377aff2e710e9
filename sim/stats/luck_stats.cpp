#include "sim/stats/luck_stats.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <numeric>

#include "sim/config/duplicate.h"
#include <nlohmann/json.hpp>

#include "sim/stats/collector_registry.h"
#include "sim/stats/paired_stats.h"
#include "sim/stats/share_units.h"
#include "sim/stats/state_json.h"

namespace sngsim {

static_assert(kLuckUnit % kShareUnit == 0, "a shared place must be a whole number of luck units");

namespace {

// The seats of a record, whatever its format: a sit-and-go's table, a
// shoot-out's field.
struct RecordSeats {
  int count;
  const std::int16_t* label;
  const Placement* placement;
  const LuckTerms* luck;
};
RecordSeats seats_of(const TournamentRecord& record) {
  return {record.seats, record.label.data(), record.placement.data(), record.luck.data()};
}
RecordSeats seats_of(const ShootoutRecord& record) {
  return {record.field, record.label.data(), record.placement.data(), record.luck.data()};
}

}  // namespace

LuckStats::LuckStats(const Cell& cell, int label_count)
    : label_count_(label_count),
      seats_of_label_(static_cast<std::size_t>(label_count), 0),
      payout_percent_(static_cast<std::size_t>(cell.field_size()), 0),
      raw_(static_cast<std::size_t>(label_count * kLuckMetricCount)),
      correction_(raw_.size()),
      adjusted_(raw_.size()) {
  if (label_count > kMaxShootoutField) throw std::invalid_argument("luck: more labels than seats");
  const std::vector<std::string> labels = cell_labels(cell);
  for (const Entrant& entrant : cell.entrants) {
    const auto it = std::find(labels.begin(), labels.end(), entrant.label);
    if (it != labels.end() && it - labels.begin() < label_count)
      ++seats_of_label_[static_cast<std::size_t>(it - labels.begin())];
  }
  const std::size_t pairs =
      static_cast<std::size_t>(label_count) * static_cast<std::size_t>(std::max(label_count - 1, 0)) / 2;
  pair_raw_.assign(pairs * kLuckMetricCount, Moments{});
  pair_adjusted_ = pair_raw_;
  pair_correction_ = pair_raw_;
  if (duplicate_group_size(cell) > 1) {
    group_raw_ = pair_raw_;
    group_adjusted_ = pair_raw_;
    group_correction_ = pair_raw_;
  }
  for (std::size_t place = 0; place < payout_percent_.size() && place < cell.payouts.percent.size(); ++place) {
    payout_percent_[place] = cell.payouts.percent[place];
  }
}

LuckTerms LuckStats::raw_outcome(Placement placement) const {
  // R22: each covered place gets an equal share of the seat.
  const std::int64_t share = kLuckUnit / placement.count;
  LuckTerms raw{};
  for (int p = placement.first; p < placement.first + placement.count; ++p) {
    const int percent = payout_percent_[static_cast<std::size_t>(p - 1)];
    raw[static_cast<std::size_t>(LuckMetric::kPrize)] += percent * share;
    if (p == 1) raw[static_cast<std::size_t>(LuckMetric::kWin)] += share;
    if (percent > 0) raw[static_cast<std::size_t>(LuckMetric::kItm)] += share;
  }
  raw[static_cast<std::size_t>(LuckMetric::kPlace)] = placement.twice_mean() * (kLuckUnit / 2);
  return raw;
}

template <typename Record>
void LuckStats::add_seats(const Record& record) {
  const RecordSeats seats = seats_of(record);
  for (int seat = 0; seat < seats.count; ++seat) {
    const LuckTerms raw = raw_outcome(seats.placement[seat]);
    for (int m = 0; m < kLuckMetricCount; ++m) {
      const std::size_t i = index(seats.label[seat], static_cast<LuckMetric>(m));
      const std::int64_t correction = seats.luck[seat][static_cast<std::size_t>(m)];
      raw_[i].add(raw[static_cast<std::size_t>(m)]);
      correction_[i].add(correction);
      adjusted_[i].add(Int128{raw[static_cast<std::size_t>(m)]} - correction);
    }
  }
}

void LuckStats::add(const TournamentRecord& record) {
  add_seats(record);
  add_differences(std::span<const TournamentRecord>(&record, 1), pair_raw_, pair_adjusted_, pair_correction_);
}

void LuckStats::add(const ShootoutRecord& record) {
  add_seats(record);
  add_differences(std::span<const ShootoutRecord>(&record, 1), pair_raw_, pair_adjusted_, pair_correction_);
}

template <typename Record>
void LuckStats::add_differences(std::span<const Record> records, std::vector<Moments>& raw,
                                std::vector<Moments>& adjusted, std::vector<Moments>& correction) const {
  // Sums per label and metric: [label * kLuckMetricCount + metric]; only
  // the cell's labels are cleared, which keeps a sit-and-go's cost small.
  std::array<Int128, kMaxShootoutField * kLuckMetricCount> raw_sum;
  std::array<Int128, kMaxShootoutField * kLuckMetricCount> correction_sum;
  const auto used = static_cast<std::ptrdiff_t>(label_count_ * kLuckMetricCount);
  std::fill(raw_sum.begin(), raw_sum.begin() + used, Int128{0});
  std::fill(correction_sum.begin(), correction_sum.begin() + used, Int128{0});
  for (const Record& record : records) {
    const RecordSeats seats = seats_of(record);
    for (int seat = 0; seat < seats.count; ++seat) {
      const LuckTerms outcome = raw_outcome(seats.placement[seat]);
      for (int m = 0; m < kLuckMetricCount; ++m) {
        const std::size_t i = index(seats.label[seat], static_cast<LuckMetric>(m));
        raw_sum[i] += outcome[static_cast<std::size_t>(m)];
        correction_sum[i] += seats.luck[seat][static_cast<std::size_t>(m)];
      }
    }
  }
  const auto per_seat = static_cast<std::int64_t>(records.size());
  for (int a = 0; a < label_count_; ++a) {
    for (int b = a + 1; b < label_count_; ++b) {
      const std::int64_t e_a = seats_of_label_[static_cast<std::size_t>(a)] * per_seat;
      const std::int64_t e_b = seats_of_label_[static_cast<std::size_t>(b)] * per_seat;
      const std::int64_t g = std::gcd(e_a, e_b);
      if (g == 0) continue;
      for (int m = 0; m < kLuckMetricCount; ++m) {
        const auto metric = static_cast<LuckMetric>(m);
        const std::size_t ia = index(a, metric);
        const std::size_t ib = index(b, metric);
        const Int128 d_raw = (e_b / g) * raw_sum[ia] - (e_a / g) * raw_sum[ib];
        const Int128 d_correction = (e_b / g) * correction_sum[ia] - (e_a / g) * correction_sum[ib];
        const std::size_t p = pair_index(a, b, metric);
        raw[p].add(d_raw);
        correction[p].add(d_correction);
        adjusted[p].add(d_raw - d_correction);
      }
    }
  }
}

void LuckStats::add_group(std::span<const TournamentRecord> group) {
  if (!duplicate()) return;
  add_differences(group, group_raw_, group_adjusted_, group_correction_);
}

void LuckStats::add_group(std::span<const ShootoutRecord> group) {
  if (!duplicate()) return;
  add_differences(group, group_raw_, group_adjusted_, group_correction_);
}

void LuckStats::merge(const LuckStats& other) {
  for (std::size_t i = 0; i < raw_.size(); ++i) {
    raw_[i].merge(other.raw_[i]);
    correction_[i].merge(other.correction_[i]);
    adjusted_[i].merge(other.adjusted_[i]);
  }
  for (std::size_t i = 0; i < pair_raw_.size(); ++i) {
    pair_raw_[i].merge(other.pair_raw_[i]);
    pair_adjusted_[i].merge(other.pair_adjusted_[i]);
    pair_correction_[i].merge(other.pair_correction_[i]);
  }
  for (std::size_t i = 0; i < group_raw_.size(); ++i) {
    group_raw_[i].merge(other.group_raw_[i]);
    group_adjusted_[i].merge(other.group_adjusted_[i]);
    group_correction_[i].merge(other.group_correction_[i]);
  }
}

void LuckStats::add(const FinishedUnit& unit, const TableObserver* /*watched*/) {
  for (const TournamentRecord& record : unit.tournaments) add(record);
  for (const ShootoutRecord& record : unit.shootouts) add(record);
  if (unit.is_group && !unit.tournaments.empty()) add_group(unit.tournaments);
  if (unit.is_group && !unit.shootouts.empty()) add_group(unit.shootouts);
}

void LuckStats::save(nlohmann::json& cell_state) const {
  nlohmann::json out = nlohmann::json::object();
  save_accumulators(*this, out);
  cell_state["luck"] = std::move(out);
}

void LuckStats::load(const nlohmann::json& cell_state) {
  if (!cell_state.contains("luck")) throw bad_state("missing luck");
  load_accumulators(*this, cell_state["luck"], "luck ");
}

CollectorInfo luck_stats_info() {
  return {"luck",
          "luck-adjusted outcomes: raw, correction and adjusted moments per label and pair (adjust_luck)",
          {},
          false,
          [](const Cell& cell) { return cell.adjust_luck && cell.format != Format::kCash; },
          [](const Cell& cell, const std::vector<std::string>& labels) {
            return std::make_unique<LuckStats>(cell, static_cast<int>(labels.size()));
          }};
}

}  // namespace sngsim
