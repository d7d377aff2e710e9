#include "sim/stats/paired_stats.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "sim/config/duplicate.h"
#include "sim/stats/collector_registry.h"
#include "sim/stats/share_units.h"
#include "sim/stats/state_json.h"

namespace sngsim {

PairedStats::PairedStats(const Cell& cell, const std::vector<std::string>& labels)
    : label_count_(static_cast<int>(labels.size())),
      seats_of_label_(labels.size(), 0),
      group_size_(duplicate_group_size(cell)),
      field_(cell.field_size()),
      prize_percent_(static_cast<std::size_t>(std::max(cell.field_size(), 0)), 0),
      payouts_(cell.payouts) {
  if (cell.format == Format::kCash) throw std::invalid_argument("a cash cell has no places to compare labels on");
  for (const Entrant& entrant : cell.entrants) {
    const auto it = std::find(labels.begin(), labels.end(), entrant.label);
    if (it == labels.end()) throw std::invalid_argument("entrant label '" + entrant.label + "' is not a cell label");
    ++seats_of_label_[static_cast<std::size_t>(it - labels.begin())];
  }

  if (cell.format == Format::kShootout && !cell.shootout.final_table) {
    // V6: each table winner gets pool / tables; they share places 1..tables.
    const int tables = cell.shootout.tables;
    for (int place = 1; place <= tables && place <= field_; ++place)
      prize_percent_[static_cast<std::size_t>(place - 1)] = 100;
    prize_divisor_ = tables;
  } else {
    for (std::size_t place = 0; place < prize_percent_.size() && place < cell.payouts.percent.size(); ++place) {
      prize_percent_[place] = cell.payouts.percent[place];
    }
  }
  // kShareUnit splits a prize among at most kMaxPlayers.
  prize_exact_ = max_paid_place_sharers(cell) <= kMaxPlayers;

  for (int a = 0; a < label_count_; ++a) {
    for (int b = a + 1; b < label_count_; ++b) {
      // Per seat of a duplicate group both counts grow by the group size,
      // which cancels: one pair of weights serves tournaments and groups.
      const std::int64_t e_a = entries_per_tournament(a);
      const std::int64_t e_b = entries_per_tournament(b);
      const std::int64_t g = std::gcd(e_a, e_b);
      pair_weights_.push_back({e_b / g, e_a / g});
    }
  }
  label_moments_.assign(labels.size() * kMetricCount, Moments{});
  const std::size_t pairs = labels.size() * (labels.size() - std::min<std::size_t>(labels.size(), 1)) / 2;
  tournament_moments_.assign(pairs * kMetricCount, Moments{});
  if (duplicate()) group_moments_.assign(pairs * kMetricCount, Moments{});
}

std::int64_t PairedStats::units_per(Metric metric) {
  switch (metric) {
    case Metric::kMeanPlace: return 2;
    case Metric::kWinRate: return kShareUnit;
    case Metric::kRoi: return kShareUnit;
  }
  return 1;
}

long double PairedStats::roi_per_prize_unit() const {
  // A prize unit is pool / (100 * kShareUnit) and the pool is every buy-in
  // less the fee (V6): field * buy_in * (100 - fee) / 100. The buy-in cancels.
  return static_cast<long double>(field_) * (100 - payouts_.fee_percent) / (10000.0L * kShareUnit);
}

EntryOutcome PairedStats::outcome(int label, Placement placement) const {
  EntryOutcome entry;
  entry.label = label;
  entry.value[static_cast<std::size_t>(Metric::kMeanPlace)] = placement.twice_mean();
  if (placement.first == 1) {
    if (kShareUnit % placement.count != 0) throw std::invalid_argument("first place shared by too many players");
    entry.value[static_cast<std::size_t>(Metric::kWinRate)] = kShareUnit / placement.count;
  }
  if (prize_exact_) {
    std::int64_t percent_sum = 0;
    for (int p = placement.first; p < placement.first + placement.count; ++p) {
      percent_sum += prize_percent_[static_cast<std::size_t>(p - 1)];
    }
    // R22: the average of the covered places' prizes; prize_exact_ promises
    // the division is exact for every placement a tournament can give.
    const std::int64_t numerator = percent_sum * kShareUnit;
    const std::int64_t denominator = static_cast<std::int64_t>(placement.count) * prize_divisor_;
    if (numerator % denominator != 0) throw std::invalid_argument("a prize shared by too many players");
    entry.value[static_cast<std::size_t>(Metric::kRoi)] = numerator / denominator;
  }
  return entry;
}

std::vector<Int128> PairedStats::label_sums(std::span<const EntryOutcome> entries, std::int64_t per_seat) const {
  std::vector<std::int64_t> count(static_cast<std::size_t>(label_count_), 0);
  std::vector<Int128> sums(static_cast<std::size_t>(label_count_ * kMetricCount), 0);
  for (const EntryOutcome& entry : entries) {
    if (entry.label < 0 || entry.label >= label_count_)
      throw std::invalid_argument("label comparison: label out of range");
    ++count[static_cast<std::size_t>(entry.label)];
    for (int m = 0; m < kMetricCount; ++m) {
      sums[static_cast<std::size_t>(entry.label * kMetricCount + m)] += entry.value[static_cast<std::size_t>(m)];
    }
  }
  for (int label = 0; label < label_count_; ++label) {
    const std::int64_t expected = entries_per_tournament(label) * per_seat;
    if (count[static_cast<std::size_t>(label)] != expected) {
      throw std::invalid_argument("label comparison: label " + std::to_string(label) + " holds " +
                                  std::to_string(count[static_cast<std::size_t>(label)]) + " entries, not " +
                                  std::to_string(expected));
    }
  }
  return sums;
}

void PairedStats::add_differences(const std::vector<Int128>& sums, std::vector<Moments>& into) {
  std::size_t pair = 0;
  for (int a = 0; a < label_count_; ++a) {
    for (int b = a + 1; b < label_count_; ++b, ++pair) {
      const auto [weight_a, weight_b] = pair_weights_[pair];
      for (int m = 0; m < kMetricCount; ++m) {
        const Int128 s_a = sums[static_cast<std::size_t>(a * kMetricCount + m)];
        const Int128 s_b = sums[static_cast<std::size_t>(b * kMetricCount + m)];
        into[moment_index(a, b, static_cast<Metric>(m))].add(weight_a * s_a - weight_b * s_b);
      }
    }
  }
}

void PairedStats::check_tournament(std::span<const EntryOutcome> entries) const { label_sums(entries, 1); }

void PairedStats::add_tournament(std::span<const EntryOutcome> entries) {
  const std::vector<Int128> sums = label_sums(entries, 1);
  for (const EntryOutcome& entry : entries) {
    for (int m = 0; m < kMetricCount; ++m) {
      label_moments_[static_cast<std::size_t>(entry.label * kMetricCount + m)].add(
          entry.value[static_cast<std::size_t>(m)]);
    }
  }
  add_differences(sums, tournament_moments_);
}

void PairedStats::add_group(std::span<const EntryOutcome> entries) {
  if (!duplicate()) throw std::invalid_argument("a duplicate group added to a cell without seating: duplicate");
  const std::vector<Int128> sums = label_sums(entries, group_size_);
  ++groups_;
  add_differences(sums, group_moments_);
}

std::int64_t PairedStats::tournament_scale(int a, int b) const {
  const std::int64_t e_a = entries_per_tournament(a);
  const std::int64_t e_b = entries_per_tournament(b);
  return e_a / std::gcd(e_a, e_b) * e_b;
}

std::int64_t PairedStats::group_scale(int a, int b) const { return tournament_scale(a, b) * group_size_; }

bool PairedStats::same_shape(const PairedStats& other) const {
  return label_count_ == other.label_count_ && seats_of_label_ == other.seats_of_label_ &&
         group_size_ == other.group_size_ && field_ == other.field_ && prize_percent_ == other.prize_percent_ &&
         prize_divisor_ == other.prize_divisor_ && payouts_ == other.payouts_ && prize_exact_ == other.prize_exact_;
}

void PairedStats::merge(const PairedStats& other) {
  if (!same_shape(other)) throw std::invalid_argument("cannot merge label comparisons of different cells");
  groups_ += other.groups_;
  for (std::size_t i = 0; i < label_moments_.size(); ++i) label_moments_[i].merge(other.label_moments_[i]);
  for (std::size_t i = 0; i < tournament_moments_.size(); ++i)
    tournament_moments_[i].merge(other.tournament_moments_[i]);
  for (std::size_t i = 0; i < group_moments_.size(); ++i) group_moments_[i].merge(other.group_moments_[i]);
}

std::vector<EntryOutcome> PairedStats::outcomes_of(const TournamentRecord& record) const {
  std::vector<EntryOutcome> outcomes;
  outcomes.reserve(static_cast<std::size_t>(record.seats));  // one allocation per tournament, not four
  for (int seat = 0; seat < record.seats; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    outcomes.push_back(outcome(record.label[s], record.placement[s]));
  }
  return outcomes;
}

std::vector<EntryOutcome> PairedStats::outcomes_of(const ShootoutRecord& record) const {
  std::vector<EntryOutcome> outcomes;
  outcomes.reserve(static_cast<std::size_t>(record.field));
  for (int f = 0; f < record.field; ++f) {
    const auto i = static_cast<std::size_t>(f);
    outcomes.push_back(outcome(record.label[i], record.placement[i]));
  }
  return outcomes;
}

namespace {

// Throws unless every label holds its seats' entries among `labels`, the
// entries of one tournament (what label_sums checks, without the outcomes).
void check_label_counts(std::span<const std::int16_t> labels, const std::vector<std::int64_t>& seats_of_label) {
  constexpr std::size_t kCounted = 64;
  std::array<std::int64_t, kCounted> fixed{};
  std::vector<std::int64_t> grown(seats_of_label.size() > kCounted ? seats_of_label.size() : 0, 0);
  const std::span<std::int64_t> count =
      grown.empty() ? std::span<std::int64_t>(fixed).first(seats_of_label.size()) : std::span<std::int64_t>(grown);
  for (const std::int16_t label : labels) {
    if (label < 0 || static_cast<std::size_t>(label) >= count.size()) {
      throw std::invalid_argument("label comparison: label out of range");
    }
    ++count[static_cast<std::size_t>(label)];
  }
  for (std::size_t label = 0; label < count.size(); ++label) {
    if (count[label] != seats_of_label[label]) {
      throw std::invalid_argument("label comparison: label " + std::to_string(label) + " holds " +
                                  std::to_string(count[label]) + " entries, not " +
                                  std::to_string(seats_of_label[label]));
    }
  }
}

}  // namespace

void PairedStats::check(const FinishedUnit& unit) const {
  if (unit.is_group && !duplicate())
    throw std::invalid_argument("a duplicate group added to a cell without seating: duplicate");
  for (const TournamentRecord& record : unit.tournaments) {
    check_label_counts(std::span<const std::int16_t>(record.label.data(), static_cast<std::size_t>(record.seats)),
                       seats_of_label_);
  }
  for (const ShootoutRecord& record : unit.shootouts) {
    check_label_counts(std::span<const std::int16_t>(record.label.data(), static_cast<std::size_t>(record.field)),
                       seats_of_label_);
  }
}

void PairedStats::add(const FinishedUnit& unit, const TableObserver* /*watched*/) {
  std::vector<EntryOutcome> group;
  const auto add_one = [&](std::vector<EntryOutcome> outcomes) {
    add_tournament(outcomes);
    if (unit.is_group) group.insert(group.end(), outcomes.begin(), outcomes.end());
  };
  for (const TournamentRecord& record : unit.tournaments) add_one(outcomes_of(record));
  for (const ShootoutRecord& record : unit.shootouts) add_one(outcomes_of(record));
  if (unit.is_group) add_group(group);
}

void PairedStats::save(nlohmann::json& cell_state) const {
  nlohmann::json out = nlohmann::json::object();
  save_accumulators(*this, out);
  cell_state["paired"] = std::move(out);
}

void PairedStats::load(const nlohmann::json& cell_state) {
  if (!cell_state.contains("paired")) throw bad_state("missing paired");
  load_accumulators(*this, cell_state["paired"], "paired ");
}

CollectorInfo paired_stats_info() {
  return {
      "paired",
      "label against label: per-tournament and per-group differences of place, wins and ROI (sit-and-go, shoot-out)",
      {},
      false,
      // A league of up to 500 entrants is rated instead (sim/stats/league_stats.h).
      [](const Cell& cell) { return cell.format != Format::kCash && cell.format != Format::kLeague; },
      [](const Cell& cell, const std::vector<std::string>& labels) {
        return std::make_unique<PairedStats>(cell, labels);
      }};
}

}  // namespace sngsim
