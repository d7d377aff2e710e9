#pragma once
// Integer accumulators for one matrix cell: everything the statistics need,
// in memory that does not grow with the number of tournaments.
//
// Exactness (RULES R22). Shared places are split in whole units: a player
// sharing `count` places adds kShareUnit / count to each covered place, and
// kShareUnit is divisible by every possible count. Prizes are kept in units
// of pool / (100 * kShareUnit), so a shared prize (the average of the covered
// places' percentages) is an integer too. Floating point appears only in
// sim/report/summary, after every tournament has been added.
//
// Determinism. Every member is an integer sum or count, so add() and merge()
// are associative and commutative: any split of the tournaments across
// threads, merged in any order, gives bit-identical state (and operator==
// says so).

#include <cstdint>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include <optional>

#include <nlohmann/json_fwd.hpp>

#include "sim/stats/cash_stats.h"
#include "sim/stats/collector.h"
#include "sim/stats/fault_examples.h"
#include "sim/config/experiment.h"
#include "sim/stats/intervals.h"
#include "sim/stats/luck_stats.h"
#include "sim/stats/paired_stats.h"
#include "sim/stats/shootout_stats.h"
#include "sim/formats/tournament_record.h"

namespace sngsim {

namespace detail {
constexpr std::int64_t lcm_up_to(int n) {
  std::int64_t l = 1;
  for (int i = 2; i <= n; ++i) l = std::lcm(l, std::int64_t{i});
  return l;
}
}  // namespace detail

// One tournament's worth of a place, in share units. lcm(1..kMaxPlayers)
// (2520 for nine seats; 60 would do for RULES R1's six) so that any number
// of tied players splits it exactly.
inline constexpr std::int64_t kShareUnit = detail::lcm_up_to(kMaxPlayers);

// payouts.icm_at_cap (V6; kept unless it is `false`): prizes valued with the ICM at the hand cap are
// kept in units of pool / (100 * kShareUnit * kIcmScale), about 4e-10 of the
// pool. An exact prize (prize_units) is prize_units * kIcmScale of them; a
// capped survivor's ICM value (strategies/icm, Malmuth-Harville over the
// survivors and the places they cover) is rounded to the nearest unit, half
// away from zero, seat by seat, so the sum is exact integers whatever the
// thread split (a tournament's survivors may sum to a few units more or less
// than the prizes they cover).
inline constexpr std::int64_t kIcmScale = 10'000;

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
  Int128 chips_at_cap_sum = 0;     // final chips of seats alive when the cap ended it (R21)
  std::int64_t chips_at_cap_count = 0;
  // The rank order at the cap: the seats of tournaments the cap ended, the
  // survivors (placed by their chips, R21) and those busted before alike.
  // The tournaments that ended normally are the totals less these.
  std::int64_t capped_entries = 0;
  std::int64_t capped_twice_mean_place_sum = 0;
  UInt128 capped_twice_mean_place_sq_sum = 0;
  Int128 capped_icm_prize_units = 0;  // their icm_prize_units (0 when not kept)
  FaultCounts faults;  // V5, by reason

  // A shared first place counts as its share (R22).
  std::int64_t win_shares() const { return place_shares.empty() ? 0 : place_shares[0]; }
  bool operator==(const LabelTotals&) const = default;
};

// Label A against label B, over seat pairs (seat of A, seat of B) in the
// tournaments where both played; places compare by their mean (R22), so
// players sharing places are tied.
struct HeadToHead {
  std::int64_t above = 0;  // A placed strictly better than B
  std::int64_t below = 0;
  std::int64_t tied = 0;
  std::int64_t tournaments = 0;  // tournaments in which both labels played
  std::int64_t pairs() const { return above + below + tied; }
  bool operator==(const HeadToHead&) const = default;
};

// The registry's collectors that apply to a cell (sim/stats/collector.h),
// as a value: copies clone them, == compares them. The statistics that
// predate collectors stay members of CellStats below.
class CollectorSet {
 public:
  CollectorSet() = default;
  explicit CollectorSet(const Cell& cell, const std::vector<std::string>& labels);
  CollectorSet(const CollectorSet& other);
  CollectorSet& operator=(const CollectorSet& other);
  CollectorSet(CollectorSet&&) noexcept = default;
  CollectorSet& operator=(CollectorSet&&) noexcept = default;
  ~CollectorSet() = default;
  const std::vector<std::unique_ptr<Collector>>& all() const { return collectors_; }
  std::vector<std::unique_ptr<Collector>>& all() { return collectors_; }
  bool operator==(const CollectorSet& other) const;

 private:
  std::vector<std::unique_ptr<Collector>> collectors_;
};

// What the collectors of one unit watched: [c] is collector c's observer
// (null when it does not watch).
using UnitWatchers = std::vector<std::unique_ptr<TableObserver>>;

class CellStats {
 public:
  explicit CellStats(const Cell& cell);

  // TournamentRecord::label indexes labels(), the cell's distinct labels
  // in lineup order (cell_labels, sim/config/experiment.h).

  // Adds one finished tournament. Throws std::invalid_argument on a record
  // that does not fit the cell (seat count, label index, placement, hands
  // beyond the cap, ...): a bad record is a bug upstream, never data.
  void add(const TournamentRecord& record);

  // Adds one duplicate group (sim/config/duplicate.h): its tournaments, with add(),
  // and the group's label-against-label differences (paired()). Throws
  // std::invalid_argument, before adding anything, on a group that does not
  // fit the cell: not a duplicate cell, not duplicate_group_size(cell)
  // records, a bad record, a label without its seats' share of the entries.
  void add_group(std::span<const TournamentRecord> group);
  void add_group(std::span<const ShootoutRecord> group);

  // Adds another accumulator of the same cell. Throws std::invalid_argument
  // when the shapes (labels, players, cap, payouts, format) differ.
  void merge(const CellStats& other);

  // Other formats. A sit-and-go cell accumulates TournamentRecords in the
  // totals below; a shoot-out or cash cell keeps its own accumulators
  // (shootout(), cash(), null for other formats), and tournaments() counts
  // its shoot-outs or sessions. Adding a record of another format throws
  // std::invalid_argument.
  Format format() const { return format_; }
  void add(const ShootoutRecord& record);
  void add(const CashSessionRecord& record);
  const ShootoutStats* shootout() const { return shootout_ ? &*shootout_ : nullptr; }
  const CashStats* cash() const { return cash_ ? &*cash_ : nullptr; }
  // Label comparisons (sit-and-go and shoot-out cells; null for cash).
  const PairedStats* paired() const { return paired_ ? &*paired_ : nullptr; }
  // Luck-adjusted outcomes (Cell::adjust_luck; null otherwise).
  const LuckStats* luck() const { return luck_ ? &*luck_ : nullptr; }

  // Every registered collector of the cell (sim/stats/collector_registry.h).
  const std::vector<std::unique_ptr<Collector>>& collectors() const { return collectors_.all(); }
  // The observers for one unit's tables, one per collector (empty when no
  // collector watches: then playing costs nothing more).
  UnitWatchers watch_unit() const;
  // Adds a finished unit to the collectors, with what they watched (checked
  // by every collector first). The records go to add()/add_group() as well.
  void add_to_collectors(const FinishedUnit& unit, const UnitWatchers& watched);

  const std::vector<std::string>& labels() const { return labels_; }
  int label_count() const { return static_cast<int>(labels_.size()); }
  int players() const { return players_; }
  int hand_cap() const { return hand_cap_; }
  int max_level() const { return max_level_; }
  // Percentage of the pool per place 1..players (0 for unpaid places).
  const std::vector<int>& payout_percent() const { return payout_percent_; }
  // Whether the ICM values at the cap are reported (summary.json's icm_*):
  // payouts.icm_at_cap true, or auto (the default) once the cap ended a
  // tournament of the cell; sit-and-go cells only. LabelTotals'
  // icm_prize_units are kept whenever they may be reported.
  bool icm_at_cap() const { return keeps_icm() && (icm_at_cap_ == IcmAtCap::kAlways || capped_ > 0); }
  bool keeps_icm() const { return format_ == Format::kSitAndGo && icm_at_cap_ != IcmAtCap::kNever; }
  // The label's entrants play under the clock of V5 (Entrant::clocked):
  // its timeouts and time bank are reported.
  bool is_clocked(int label) const { return clocked_[static_cast<std::size_t>(label)] != 0; }

  std::int64_t tournaments() const { return tournaments_; }
  const LabelTotals& label_totals(int label) const { return label_totals_[static_cast<std::size_t>(label)]; }
  const HeadToHead& head_to_head(int a, int b) const {
    return head_to_head_[static_cast<std::size_t>(a * label_count() + b)];
  }

  // [h] = tournaments that lasted h hands, h = 0..hand_cap.
  const std::vector<std::int64_t>& hands_histogram() const { return hands_histogram_; }
  std::int64_t hands_sum() const { return hands_sum_; }
  UInt128 hands_sq_sum() const { return hands_sq_sum_; }
  std::int64_t capped() const { return capped_; }
  // [level] = tournaments whose last hand was played at that level,
  // level = 1..max_level ([0] stays 0).
  const std::vector<std::int64_t>& level_histogram() const { return level_histogram_; }

  // Seat by seat (table seats 0..players-1, whoever sat there), the data of
  // the fairness check: [s] = tournaments in which seat s was taken, and the
  // share units of first place won from seat s (a shared first place counts
  // as its share, R22). With identical strategies every seat should win
  // equally often; sim/report/summary tests that with a chi-square.
  const std::vector<std::int64_t>& seat_entries() const { return seat_entries_; }
  const std::vector<std::int64_t>& seat_win_shares() const { return seat_win_shares_; }

  // Sum over tournaments of the players left after hand h (h = 0..hand_cap).
  // A tournament that is over keeps counting the players it ended with: 1
  // after its last hand, or the survivors when the cap ended it. So the
  // curve divided by tournaments() is the mean table size after h hands with
  // finished tournaments frozen, and it ends at 1 + the mean number of extra
  // survivors of capped tournaments.
  std::int64_t players_left_after(int hand) const;

  // Sit-and-go cells: the first faults, where they happened.
  const FaultExamples& fault_examples() const { return fault_examples_; }

  bool operator==(const CellStats&) const = default;

  // The accumulators as JSON (sim/stats/cell_stats_io.cpp), for checkpoints, shard
  // results and MPI: 128-bit sums are decimal strings, so the round trip is
  // exact. restore() replaces the accumulators of a CellStats built from the
  // same cell and throws std::runtime_error on a document that does not fit.
  nlohmann::json state() const;
  void restore(const nlohmann::json& state);

 private:
  // Calls field(name, member) for every accumulated member (state(),
  // restore()); Self is the class, const or not.
  template <typename Self, typename Field>
  static void for_each_accumulator(Self& self, Field&& field);
  void check_same_shape(const CellStats& other) const;
  void check_record(const TournamentRecord& record) const;
  // Every seat's outcome for paired_ (validated records only).
  std::vector<EntryOutcome> outcomes_of(const TournamentRecord& record) const;
  std::vector<EntryOutcome> outcomes_of(const ShootoutRecord& record) const;
  void check_group_size(std::size_t size) const;

  std::vector<std::string> labels_;
  int players_ = 0;
  int hand_cap_ = 0;
  int max_level_ = 0;
  std::vector<int> payout_percent_;
  IcmAtCap icm_at_cap_ = IcmAtCap::kWhenCapped;
  std::vector<std::uint8_t> clocked_;  // [label]
  FaultExamples fault_examples_;

  std::int64_t tournaments_ = 0;
  std::vector<LabelTotals> label_totals_;
  std::vector<HeadToHead> head_to_head_;  // [a * label_count + b]
  std::vector<std::int64_t> hands_histogram_;
  std::int64_t hands_sum_ = 0;
  UInt128 hands_sq_sum_ = 0;
  std::int64_t capped_ = 0;
  std::vector<std::int64_t> level_histogram_;
  std::int64_t seats_total_ = 0;             // sum of seats over tournaments
  std::vector<std::int64_t> busts_at_hand_;  // [h] = eliminations in hand h
  std::vector<std::int64_t> seat_entries_;     // [seat]
  std::vector<std::int64_t> seat_win_shares_;  // [seat], share units
  Format format_ = Format::kSitAndGo;
  std::optional<ShootoutStats> shootout_;
  std::optional<CashStats> cash_;
  std::optional<PairedStats> paired_;
  std::optional<LuckStats> luck_;
  CollectorSet collectors_;
};

}  // namespace sngsim
