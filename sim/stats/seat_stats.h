#pragma once
// Seat by seat (table seats 0..players-1, whoever sat there), the data of
// the fairness check (collector "seats"): tournaments in which seat s was
// taken, and the share units of first place won from it (a shared first
// place counts as its share, R22). With identical strategies every seat
// should win equally often; sim/report/summary tests that with a
// chi-square. Every cell holds it; only sit-and-go tournaments add to it.

#include <cstdint>
#include <vector>

#include "sim/stats/collector.h"

namespace sngsim {

class SeatStats final : public CollectorOf<SeatStats> {
 public:
  explicit SeatStats(int players);

  std::string_view name() const override { return "seats"; }
  void add(const FinishedUnit& unit, const TableObserver* watched) override;
  void merge_same(const SeatStats& other);
  void save(nlohmann::json& cell_state) const override;
  void load(const nlohmann::json& cell_state) override;

  const std::vector<std::int64_t>& entries() const { return entries_; }
  const std::vector<std::int64_t>& win_shares() const { return win_shares_; }
  bool operator==(const SeatStats&) const = default;

  template <typename Self, typename Field>
  static void for_each_accumulator(Self& self, Field&& field) {
    field("seat_entries", self.entries_);
    field("seat_win_shares", self.win_shares_);
  }

 private:
  std::vector<std::int64_t> entries_;     // [seat]
  std::vector<std::int64_t> win_shares_;  // [seat], share units
};

}  // namespace sngsim
