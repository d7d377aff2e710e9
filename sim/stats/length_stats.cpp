#include "sim/stats/length_stats.h"

#include <algorithm>
#include <functional>
#include <stdexcept>

#include "sim/stats/collector_registry.h"
#include "sim/stats/state_json.h"

namespace sngsim {

LengthStats::LengthStats(int hand_cap, int max_level)
    : hand_cap_(hand_cap),
      hands_histogram_(static_cast<std::size_t>(hand_cap) + 1, 0),
      level_histogram_(static_cast<std::size_t>(max_level) + 1, 0),
      busts_at_hand_(static_cast<std::size_t>(hand_cap) + 1, 0) {}

void LengthStats::add(const FinishedUnit& unit, const TableObserver* /*watched*/) {
  for (const TournamentRecord& record : unit.tournaments) {
    const auto hands = static_cast<std::size_t>(record.hands);
    ++hands_histogram_[hands];
    hands_sum_ += record.hands;
    hands_sq_sum_ += static_cast<UInt128>(hands * hands);
    capped_ += record.capped ? 1 : 0;
    ++level_histogram_[static_cast<std::size_t>(record.level_reached)];
    seats_total_ += record.seats;
    for (int seat = 0; seat < record.seats; ++seat) {
      const int bust = record.bust_hand[static_cast<std::size_t>(seat)];
      if (bust > 0) ++busts_at_hand_[static_cast<std::size_t>(bust)];
    }
  }
}

void LengthStats::merge_same(const LengthStats& other) {
  if (hand_cap_ != other.hand_cap_ || level_histogram_.size() != other.level_histogram_.size()) {
    throw std::invalid_argument("cannot merge statistics of different cells");
  }
  std::transform(hands_histogram_.begin(), hands_histogram_.end(), other.hands_histogram_.begin(),
                 hands_histogram_.begin(), std::plus<>());
  hands_sum_ += other.hands_sum_;
  hands_sq_sum_ += other.hands_sq_sum_;
  capped_ += other.capped_;
  std::transform(level_histogram_.begin(), level_histogram_.end(), other.level_histogram_.begin(),
                 level_histogram_.begin(), std::plus<>());
  seats_total_ += other.seats_total_;
  std::transform(busts_at_hand_.begin(), busts_at_hand_.end(), other.busts_at_hand_.begin(), busts_at_hand_.begin(),
                 std::plus<>());
}

std::int64_t LengthStats::players_left_after(int hand) const {
  std::int64_t left = seats_total_;
  const int last = std::min(hand, hand_cap_);
  for (int h = 1; h <= last; ++h) left -= busts_at_hand_[static_cast<std::size_t>(h)];
  return left;
}

void LengthStats::save(nlohmann::json& cell_state) const { save_accumulators(*this, cell_state); }

void LengthStats::load(const nlohmann::json& cell_state) { load_accumulators(*this, cell_state, ""); }

CollectorInfo length_stats_info() {
  return {"length",
          "hands per tournament, the hand cap's tournaments, the last blind level and the survival curve (sit-and-go)",
          {},
          false,
          [](const Cell&) { return true; },
          [](const Cell& cell, const std::vector<std::string>&) {
            return std::make_unique<LengthStats>(cell.rules.hand_cap,
                                                 cell.rules.schedule.level_of_hand(std::max(cell.rules.hand_cap, 1)));
          }};
}

}  // namespace sngsim
