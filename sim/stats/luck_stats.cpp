#include "sim/stats/luck_stats.h"

#include "sim/stats/cell_stats.h"

namespace sngsim {

static_assert(kLuckUnit % kShareUnit == 0, "a shared place must be a whole number of luck units");

LuckStats::LuckStats(const Cell& cell, int label_count)
    : payout_percent_(static_cast<std::size_t>(cell.rules.players), 0),
      raw_(static_cast<std::size_t>(label_count * kLuckMetricCount)),
      correction_(raw_.size()),
      adjusted_(raw_.size()) {
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

void LuckStats::add(const TournamentRecord& record) {
  for (int seat = 0; seat < record.seats; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    const LuckTerms raw = raw_outcome(record.placement[s]);
    for (int m = 0; m < kLuckMetricCount; ++m) {
      const std::size_t i = index(record.label[s], static_cast<LuckMetric>(m));
      const std::int64_t correction = record.luck[s][static_cast<std::size_t>(m)];
      raw_[i].add(raw[static_cast<std::size_t>(m)]);
      correction_[i].add(correction);
      adjusted_[i].add(Int128{raw[static_cast<std::size_t>(m)]} - correction);
    }
  }
}

void LuckStats::merge(const LuckStats& other) {
  for (std::size_t i = 0; i < raw_.size(); ++i) {
    raw_[i].merge(other.raw_[i]);
    correction_[i].merge(other.correction_[i]);
    adjusted_[i].merge(other.adjusted_[i]);
  }
}

}  // namespace sngsim
