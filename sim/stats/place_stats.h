#pragma once
// Places and prizes of a sit-and-go cell, per label (collector "places"):
// the place shares, prizes and their squares, the ICM value at the cap
// (payouts.icm_at_cap, V6), the rank order at the cap (R21) and the faults
// (V5), summed over every seat the label played. Exact integers in the
// units of sim/stats/share_units.h; sim/stats/label_summary turns them into
// summary.json's players[].
//
// Every cell holds this collector, as state files always held its keys; a
// shoot-out or cash cell adds nothing to it.

#include <cstdint>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/formats/fault_counts.h"
#include "sim/stats/collector.h"
#include "sim/stats/intervals.h"
#include "sim/stats/share_units.h"

namespace sngsim {

// Totals over every seat a label played.
struct LabelTotals {
  std::int64_t entries = 0;                // seats played (a label may hold several seats)
  std::vector<std::int64_t> place_shares;  // [place - 1], share units; sums to entries * kShareUnit
  std::int64_t twice_mean_place_sum = 0;   // sum of Placement::twice_mean()
  UInt128 twice_mean_place_sq_sum = 0;
  std::int64_t itm_shares = 0;     // share units of covered places that pay (> 0%)
  std::int64_t prize_units = 0;    // sum of prizes, units of pool / (100 * kShareUnit)
  UInt128 prize_units_sq_sum = 0;  // sum over seats of (prize in those units)^2
  // Unless payouts.icm_at_cap is false (else 0): each seat's prize with
  // capped survivors valued by ICM, in the units of kIcmScale.
  Int128 icm_prize_units = 0;
  UInt128 icm_prize_units_sq_sum = 0;
  Int128 chips_at_cap_sum = 0;  // final chips of seats alive when the cap ended it (R21)
  std::int64_t chips_at_cap_count = 0;
  // The rank order at the cap: the seats of tournaments the cap ended, the
  // survivors (placed by their chips, R21) and those busted before alike.
  // The tournaments that ended normally are the totals less these.
  std::int64_t capped_entries = 0;
  std::int64_t capped_twice_mean_place_sum = 0;
  UInt128 capped_twice_mean_place_sq_sum = 0;
  Int128 capped_icm_prize_units = 0;  // their icm_prize_units (0 when not kept)
  FaultCounts faults;                 // V5, by reason

  // A shared first place counts as its share (R22).
  std::int64_t win_shares() const { return place_shares.empty() ? 0 : place_shares[0]; }
  bool operator==(const LabelTotals&) const = default;
  void merge(const LabelTotals& other);

  template <typename Self, typename Field>
  static void for_each_field(Self& t, Field&& field) {
    field("entries", t.entries);
    field("place_shares", t.place_shares);
    field("twice_mean_place_sum", t.twice_mean_place_sum);
    field("twice_mean_place_sq_sum", t.twice_mean_place_sq_sum);
    field("itm_shares", t.itm_shares);
    field("prize_units", t.prize_units);
    field("prize_units_sq_sum", t.prize_units_sq_sum);
    field("icm_prize_units", t.icm_prize_units);
    field("icm_prize_units_sq_sum", t.icm_prize_units_sq_sum);
    field("chips_at_cap_sum", t.chips_at_cap_sum);
    field("chips_at_cap_count", t.chips_at_cap_count);
    field("capped_entries", t.capped_entries);
    field("capped_twice_mean_place_sum", t.capped_twice_mean_place_sum);
    field("capped_twice_mean_place_sq_sum", t.capped_twice_mean_place_sq_sum);
    field("capped_icm_prize_units", t.capped_icm_prize_units);
    field("faults", t.faults);
  }
};

class PlaceStats final : public CollectorOf<PlaceStats> {
 public:
  PlaceStats(const Cell& cell, int label_count);

  std::string_view name() const override { return "places"; }
  void add(const FinishedUnit& unit, const TableObserver* watched) override;
  void merge_same(const PlaceStats& other);
  void save(nlohmann::json& cell_state) const override;
  void load(const nlohmann::json& cell_state) override;

  // Whether the ICM values at the cap are kept (sit-and-go, unless
  // payouts.icm_at_cap is false).
  bool keeps_icm() const { return keeps_icm_; }
  const LabelTotals& label_totals(int label) const { return labels_[static_cast<std::size_t>(label)]; }

  bool operator==(const PlaceStats&) const = default;

 private:
  void add(const TournamentRecord& record);

  std::vector<int> payout_percent_;  // [place - 1]
  bool keeps_icm_ = false;
  std::vector<LabelTotals> labels_;
};

}  // namespace sngsim
