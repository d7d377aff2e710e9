#include "sim/stats/place_stats.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <stdexcept>

#include "sim/stats/collector_registry.h"
#include "sim/stats/state_json.h"
#include "poker_math/icm.h"

namespace sngsim {

void LabelTotals::merge(const LabelTotals& from) {
  entries += from.entries;
  std::transform(place_shares.begin(), place_shares.end(), from.place_shares.begin(), place_shares.begin(),
                 std::plus<>());
  twice_mean_place_sum += from.twice_mean_place_sum;
  twice_mean_place_sq_sum += from.twice_mean_place_sq_sum;
  itm_shares += from.itm_shares;
  prize_units += from.prize_units;
  prize_units_sq_sum += from.prize_units_sq_sum;
  icm_prize_units += from.icm_prize_units;
  icm_prize_units_sq_sum += from.icm_prize_units_sq_sum;
  chips_at_cap_sum += from.chips_at_cap_sum;
  chips_at_cap_count += from.chips_at_cap_count;
  capped_entries += from.capped_entries;
  capped_twice_mean_place_sum += from.capped_twice_mean_place_sum;
  capped_twice_mean_place_sq_sum += from.capped_twice_mean_place_sq_sum;
  capped_icm_prize_units += from.capped_icm_prize_units;
  faults += from.faults;
}

PlaceStats::PlaceStats(const Cell& cell, int label_count)
    : payout_percent_(static_cast<std::size_t>(std::max(cell.rules.players, 0)), 0),
      keeps_icm_(cell.format == Format::kSitAndGo && cell.payouts.icm_at_cap != IcmAtCap::kNever) {
  // Places beyond the table size cannot be reached; missing ones pay nothing.
  for (std::size_t place = 0; place < payout_percent_.size() && place < cell.payouts.percent.size(); ++place) {
    payout_percent_[place] = cell.payouts.percent[place];
  }
  LabelTotals empty;
  empty.place_shares.assign(payout_percent_.size(), 0);
  labels_.assign(static_cast<std::size_t>(label_count), empty);
}

void PlaceStats::add(const FinishedUnit& unit, const TableObserver* /*watched*/) {
  for (const TournamentRecord& record : unit.tournaments) add(record);
}

void PlaceStats::add(const TournamentRecord& record) {
  // V6 icm_at_cap: the survivors of a capped tournament share the places
  // 1..k they cover by the ICM value of their stacks.
  std::array<std::int64_t, kMaxPlayers> icm_units{};
  if (keeps_icm_ && record.capped) {
    std::vector<double> stacks;
    std::vector<int> survivor_seats;
    for (int seat = 0; seat < record.seats; ++seat) {
      if (record.final_chips[static_cast<std::size_t>(seat)] > 0) {
        stacks.push_back(static_cast<double>(record.final_chips[static_cast<std::size_t>(seat)]));
        survivor_seats.push_back(seat);
      }
    }
    std::vector<double> percent;
    for (std::size_t place = 0; place < stacks.size(); ++place) percent.push_back(payout_percent_[place]);
    const std::vector<double> equity = icm_equity(stacks, percent);
    for (std::size_t i = 0; i < survivor_seats.size(); ++i) {
      icm_units[static_cast<std::size_t>(survivor_seats[i])] =
          std::llround(equity[i] * static_cast<double>(kShareUnit * kIcmScale));
    }
  }

  for (int seat = 0; seat < record.seats; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    const Placement place = record.placement[s];
    LabelTotals& totals = labels_[static_cast<std::size_t>(record.label[s])];
    ++totals.entries;

    // R22: each covered place gets an equal share of the seat, and the
    // prize is the average of the covered places' prizes.
    const std::int64_t share = kShareUnit / place.count;
    std::int64_t prize = 0;
    for (int p = place.first; p < place.first + place.count; ++p) {
      const auto i = static_cast<std::size_t>(p - 1);
      totals.place_shares[i] += share;
      if (payout_percent_[i] > 0) totals.itm_shares += share;
      prize += payout_percent_[i] * share;
    }
    totals.prize_units += prize;
    totals.prize_units_sq_sum += static_cast<UInt128>(prize) * static_cast<UInt128>(prize);
    const std::int64_t icm = record.capped && record.final_chips[s] > 0 ? icm_units[s] : prize * kIcmScale;
    if (keeps_icm_) {
      totals.icm_prize_units += icm;
      totals.icm_prize_units_sq_sum += static_cast<UInt128>(icm) * static_cast<UInt128>(icm);
    }
    const std::int64_t twice_mean = place.twice_mean();
    totals.twice_mean_place_sum += twice_mean;
    totals.twice_mean_place_sq_sum += static_cast<UInt128>(twice_mean * twice_mean);
    if (record.capped) {
      ++totals.capped_entries;
      totals.capped_twice_mean_place_sum += twice_mean;
      totals.capped_twice_mean_place_sq_sum += static_cast<UInt128>(twice_mean * twice_mean);
      if (keeps_icm_) totals.capped_icm_prize_units += icm;
    }
    if (record.capped && record.final_chips[s] > 0) {
      totals.chips_at_cap_sum += record.final_chips[s];
      ++totals.chips_at_cap_count;
    }
    totals.faults += record.faults[s];
  }
}

void PlaceStats::merge_same(const PlaceStats& other) {
  if (payout_percent_ != other.payout_percent_ || keeps_icm_ != other.keeps_icm_ ||
      labels_.size() != other.labels_.size()) {
    throw std::invalid_argument("cannot merge statistics of different cells");
  }
  for (std::size_t l = 0; l < labels_.size(); ++l) labels_[l].merge(other.labels_[l]);
}

void PlaceStats::save(nlohmann::json& cell_state) const {
  cell_state["label_totals"] = state_json::write_value(labels_);
}

void PlaceStats::load(const nlohmann::json& cell_state) {
  if (!cell_state.contains("label_totals")) throw bad_state("missing label_totals");
  state_json::read_value(cell_state["label_totals"], labels_);
}

CollectorInfo place_stats_info() {
  return {"places",
          "places, prizes, ICM at the cap, the rank order at the cap and faults, per label (sit-and-go)",
          {},
          false,
          [](const Cell&) { return true; },
          [](const Cell& cell, const std::vector<std::string>& labels) {
            return std::make_unique<PlaceStats>(cell, static_cast<int>(labels.size()));
          }};
}

}  // namespace sngsim
