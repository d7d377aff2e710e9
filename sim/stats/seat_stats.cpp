#include "sim/stats/seat_stats.h"

#include <algorithm>
#include <stdexcept>

#include "sim/stats/collector_registry.h"
#include "sim/stats/share_units.h"
#include "sim/stats/state_json.h"

namespace sngsim {

SeatStats::SeatStats(int players)
    : entries_(static_cast<std::size_t>(std::max(players, 0)), 0),
      win_shares_(static_cast<std::size_t>(std::max(players, 0)), 0) {}

void SeatStats::add(const FinishedUnit& unit, const TableObserver* /*watched*/) {
  for (const TournamentRecord& record : unit.tournaments) {
    for (int seat = 0; seat < record.seats; ++seat) {
      const auto s = static_cast<std::size_t>(seat);
      ++entries_[s];
      const Placement place = record.placement[s];
      if (place.first == 1) win_shares_[s] += kShareUnit / place.count;
    }
  }
}

void SeatStats::merge_same(const SeatStats& other) {
  if (entries_.size() != other.entries_.size())
    throw std::invalid_argument("cannot merge statistics of different cells");
  for (std::size_t s = 0; s < entries_.size(); ++s) {
    entries_[s] += other.entries_[s];
    win_shares_[s] += other.win_shares_[s];
  }
}

void SeatStats::save(nlohmann::json& cell_state) const { save_accumulators(*this, cell_state); }

void SeatStats::load(const nlohmann::json& cell_state) { load_accumulators(*this, cell_state, ""); }

CollectorInfo seat_stats_info() {
  return {"seats",
          "first places seat by seat, for the fairness test (sit-and-go)",
          {},
          false,
          [](const Cell&) { return true; },
          [](const Cell& cell, const std::vector<std::string>&) {
            return std::make_unique<SeatStats>(cell.rules.players);
          }};
}

}  // namespace sngsim
