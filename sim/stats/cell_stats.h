#pragma once
// The statistics of one matrix cell: the collectors (sim/stats/collector.h)
// its format and options call for, made from the registry
// (sim/stats/collector_registry.h), everything in memory that does not grow
// with the number of tournaments.
//
// Exactness (RULES R22): places and prizes are counted in the integer units
// of sim/stats/share_units.h. Floating point appears only in
// sim/report/summary, after every tournament has been added.
//
// Determinism. Every collector's state is integer sums or counts, so add()
// and merge() are associative and commutative: any split of the tournaments
// across threads, merged in any order, gives bit-identical state (and
// operator== says so).

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/config/experiment.h"
#include "sim/formats/tournament_record.h"
#include "sim/stats/cash_stats.h"
#include "sim/stats/collector.h"
#include "sim/stats/fault_example_stats.h"
#include "sim/stats/fault_examples.h"
#include "sim/stats/head_to_head_stats.h"
#include "sim/stats/intervals.h"
#include "sim/stats/length_stats.h"
#include "sim/stats/luck_stats.h"
#include "sim/stats/paired_stats.h"
#include "sim/stats/place_stats.h"
#include "sim/stats/seat_stats.h"
#include "sim/stats/share_units.h"
#include "sim/stats/shootout_stats.h"

namespace sngsim {

// The observers of one unit in play (CellStats::watch_unit): one per
// collector that watches tables, behind a single TableObserver. Empty, and
// free, when no collector of the cell watches.
class UnitWatch {
 public:
  UnitWatch() = default;
  UnitWatch(UnitWatch&&) = default;
  UnitWatch& operator=(UnitWatch&&) = default;
  // The observer to give the unit's tables (null when nobody watches).
  TableObserver* observer() { return list_.as_observer(); }
  // [c] = what collector c watched with (null when it does not watch).
  const TableObserver* of(std::size_t collector) const {
    return collector < observers_.size() ? observers_[collector].get() : nullptr;
  }

 private:
  friend class CellStats;
  std::vector<std::unique_ptr<TableObserver>> observers_;
  TableObserverList list_;
};

class CellStats {
 public:
  // The collectors of every registry entry that applies to `cell`
  // (sim/stats/collector_registry.h), in registry order.
  explicit CellStats(const Cell& cell);
  CellStats(const CellStats& other);
  CellStats& operator=(const CellStats& other);
  CellStats(CellStats&&) noexcept = default;
  CellStats& operator=(CellStats&&) noexcept = default;
  ~CellStats();

  // TournamentRecord::label indexes labels(), the cell's distinct labels
  // in lineup order (cell_labels, sim/config/experiment.h).

  // Adds one finished unit: checks it against the cell's shape and every
  // collector before adding anything, then adds it to every collector
  // (with what each watched, when `watch` is given). Throws
  // std::invalid_argument on a unit that does not fit the cell (seat count,
  // label index, placement, hands beyond the cap, a group of the wrong
  // size, a record of another format ...): a bad record is a bug upstream,
  // never data, and the statistics stay as they were.
  void add_unit(const FinishedUnit& unit, const UnitWatch* watch = nullptr);
  // The observers for one unit's tables, made by the collectors that watch.
  UnitWatch watch_unit() const;
  // Whether any collector of the cell watches tables.
  bool watches() const { return watches_; }

  // add_unit of one tournament, or of one duplicate group
  // (sim/config/duplicate.h; duplicate_group_size(cell) records).
  void add(const TournamentRecord& record);
  void add_group(std::span<const TournamentRecord> group);
  void add_group(std::span<const ShootoutRecord> group);

  // Adds another accumulator of the same cell. Throws std::invalid_argument
  // when the shapes (labels, players, cap, payouts, format) differ.
  void merge(const CellStats& other);

  // Other formats. A sit-and-go cell accumulates TournamentRecords in the
  // collectors below; a shoot-out or cash cell keeps its own (shootout(),
  // cash(), null for other formats), and tournaments() counts its
  // shoot-outs or sessions. Adding a record of another format throws
  // std::invalid_argument.
  Format format() const { return format_; }
  void add(const ShootoutRecord& record);
  void add(const CashSessionRecord& record);
  const ShootoutStats* shootout() const { return shootout_; }
  const CashStats* cash() const { return cash_; }
  // Label comparisons (sit-and-go and shoot-out cells; null for cash).
  const PairedStats* paired() const { return paired_; }
  // Luck-adjusted outcomes (Cell::adjust_luck; null otherwise).
  const LuckStats* luck() const { return luck_; }

  // Every collector of the cell, in registry order; find() by name (null
  // when the cell has none of that name).
  const std::vector<std::unique_ptr<Collector>>& collectors() const { return collectors_; }
  const Collector* find(std::string_view name) const;

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
  bool icm_at_cap() const { return keeps_icm() && (icm_at_cap_ == IcmAtCap::kAlways || capped() > 0); }
  bool keeps_icm() const { return format_ == Format::kSitAndGo && icm_at_cap_ != IcmAtCap::kNever; }
  // The label's entrants play under the clock of V5 (Entrant::clocked):
  // its timeouts and time bank are reported.
  bool is_clocked(int label) const { return clocked_[static_cast<std::size_t>(label)] != 0; }

  std::int64_t tournaments() const { return tournaments_; }
  // Places and prizes (sim/stats/place_stats.h).
  const LabelTotals& label_totals(int label) const { return places_->label_totals(label); }
  // Label against label (sim/stats/head_to_head_stats.h); every cell but a
  // league's (which rates its entrants instead, sim/stats/league_stats.h).
  bool has_head_to_head() const { return head_to_head_ != nullptr; }
  const HeadToHead& head_to_head(int a, int b) const { return head_to_head_->of(a, b); }

  // Hands and length (sim/stats/length_stats.h).
  // [h] = tournaments that lasted h hands, h = 0..hand_cap.
  const std::vector<std::int64_t>& hands_histogram() const { return length_->hands_histogram(); }
  std::int64_t hands_sum() const { return length_->hands_sum(); }
  UInt128 hands_sq_sum() const { return length_->hands_sq_sum(); }
  std::int64_t capped() const { return length_->capped(); }
  // [level] = tournaments whose last hand was played at that level,
  // level = 1..max_level ([0] stays 0).
  const std::vector<std::int64_t>& level_histogram() const { return length_->level_histogram(); }

  // Seat by seat (sim/stats/seat_stats.h): [s] = tournaments in which seat
  // s was taken, and the share units of first place won from seat s.
  const std::vector<std::int64_t>& seat_entries() const { return seats_->entries(); }
  const std::vector<std::int64_t>& seat_win_shares() const { return seats_->win_shares(); }

  // Sum over tournaments of the players left after hand h (h = 0..hand_cap).
  // A tournament that is over keeps counting the players it ended with: 1
  // after its last hand, or the survivors when the cap ended it. So the
  // curve divided by tournaments() is the mean table size after h hands with
  // finished tournaments frozen, and it ends at 1 + the mean number of extra
  // survivors of capped tournaments.
  std::int64_t players_left_after(int hand) const { return length_->players_left_after(hand); }

  // Sit-and-go cells: the first faults, where they happened.
  const FaultExamples& fault_examples() const { return fault_examples_->examples(); }

  // The same cell and every collector equal.
  bool operator==(const CellStats& other) const;

  // The accumulators as JSON (sim/stats/cell_stats_io.cpp), for checkpoints, shard
  // results and MPI: each collector writes its keys (Collector::save), so the round
  // trip is exact. restore() replaces the accumulators of a CellStats built from the
  // same cell and throws std::runtime_error on a document that does not fit.
  nlohmann::json state() const;
  void restore(const nlohmann::json& state);

 private:
  void check_same_shape(const CellStats& other) const;
  void check_record(const TournamentRecord& record) const;
  void check_group_size(std::size_t size) const;
  // The typed pointers below, into collectors_.
  void find_builtins();

  std::vector<std::string> labels_;
  int players_ = 0;
  int hand_cap_ = 0;
  int max_level_ = 0;
  std::vector<int> payout_percent_;
  IcmAtCap icm_at_cap_ = IcmAtCap::kWhenCapped;
  std::vector<std::uint8_t> clocked_;  // [label]
  Format format_ = Format::kSitAndGo;
  std::int64_t group_size_ = 1;  // tournaments per unit (sim/config/duplicate.h)

  std::int64_t tournaments_ = 0;  // units' tournaments (shoot-outs, sessions) added
  std::vector<std::unique_ptr<Collector>> collectors_;
  bool watches_ = false;
  // The statistics sngsim reports through sim/report's own code, found
  // once; every cell has the first five (a league no head_to_head).
  const PlaceStats* places_ = nullptr;
  const HeadToHeadStats* head_to_head_ = nullptr;
  const LengthStats* length_ = nullptr;
  const SeatStats* seats_ = nullptr;
  const FaultExampleStats* fault_examples_ = nullptr;
  const ShootoutStats* shootout_ = nullptr;
  const CashStats* cash_ = nullptr;
  const PairedStats* paired_ = nullptr;
  const LuckStats* luck_ = nullptr;
};

}  // namespace sngsim
