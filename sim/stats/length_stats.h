#pragma once
// How long the sit-and-go tournaments of a cell last and how the hand cap
// ends them (collector "length"): the histogram of hands played, their sum
// and sum of squares, the tournaments the cap ended (R21), the blind level
// of the last hand, and the eliminations hand by hand (the survival curve).
// Every cell holds it (state files always held its keys); only sit-and-go
// tournaments add to it.

#include <cstdint>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/stats/collector.h"
#include "sim/stats/intervals.h"

namespace sngsim {

class LengthStats final : public CollectorOf<LengthStats> {
 public:
  LengthStats(int hand_cap, int max_level);

  std::string_view name() const override { return "length"; }
  void add(const FinishedUnit& unit, const TableObserver* watched) override;
  void merge_same(const LengthStats& other);
  void save(nlohmann::json& cell_state) const override;
  void load(const nlohmann::json& cell_state) override;

  // [h] = tournaments that lasted h hands, h = 0..hand_cap.
  const std::vector<std::int64_t>& hands_histogram() const { return hands_histogram_; }
  std::int64_t hands_sum() const { return hands_sum_; }
  UInt128 hands_sq_sum() const { return hands_sq_sum_; }
  std::int64_t capped() const { return capped_; }
  // [level] = tournaments whose last hand was played at that level,
  // level = 1..max_level ([0] stays 0).
  const std::vector<std::int64_t>& level_histogram() const { return level_histogram_; }
  // Sum over tournaments of the players left after hand h (CellStats::players_left_after).
  std::int64_t players_left_after(int hand) const;

  bool operator==(const LengthStats&) const = default;

  template <typename Self, typename Field>
  static void for_each_accumulator(Self& self, Field&& field) {
    field("hands_histogram", self.hands_histogram_);
    field("hands_sum", self.hands_sum_);
    field("hands_sq_sum", self.hands_sq_sum_);
    field("capped", self.capped_);
    field("level_histogram", self.level_histogram_);
    field("seats_total", self.seats_total_);
    field("busts_at_hand", self.busts_at_hand_);
  }

 private:
  int hand_cap_ = 0;
  std::vector<std::int64_t> hands_histogram_;
  std::int64_t hands_sum_ = 0;
  UInt128 hands_sq_sum_ = 0;
  std::int64_t capped_ = 0;
  std::vector<std::int64_t> level_histogram_;
  std::int64_t seats_total_ = 0;             // sum of seats over tournaments
  std::vector<std::int64_t> busts_at_hand_;  // [h] = eliminations in hand h
};

}  // namespace sngsim
