#pragma once
// Playing-style statistics per label (VPIP, PFR, 3-bet, steal, aggression,
// c-bet, showdown...), counted from each finished hand's public events and
// kept as exact integer sums per label, with 95% intervals that treat each
// unit (tournament, duplicate group, cash session) as one cluster.
// docs/statistics.md ("Playing style") defines every statistic: what counts
// as an opportunity and what counts as the act.
//
// The collector "style" (sim/stats/collector.h), in layers each usable
// alone:
//  - count_hand_style(): one hand's counts per hand-order player, from the
//    setup (stacks, blinds) and the events; pure, no state.
//  - StyleTally: one unit's counts per label (StyleWatcher, the unit's
//    table observer, fills it).
//  - StyleStats: the cell's sums over units; add_unit() and merge() add
//    integers only, so any split of the units over threads, shards, ranks
//    or checkpoints gives bit-identical state.
//  - StyleCollector: StyleStats as a registered collector, for cells with
//    `style_stats: true`.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "engine/event_log.h"
#include "engine/hand.h"
#include "sim/observe/table_observer.h"
#include "sim/stats/collector.h"
#include "sim/stats/intervals.h"

namespace sngsim {

enum class StyleStat : std::uint8_t {
  kVpip,
  kPfr,
  kThreeBet,
  kFoldToThreeBet,
  kSteal,
  kCbetFlop,
  kFoldToCbetFlop,
  kWentToShowdown,
  kWonAtShowdown,
  kAllInPreflop,
  // Aggression factor: acts are bets and raises, "opportunities" are calls.
  kAggressionFactorPreflop,
  kAggressionFactorFlop,
  kAggressionFactorTurn,
  kAggressionFactorRiver,
  // Aggression frequency: bets and raises out of bets, raises, calls and folds.
  kAggressionFrequencyPreflop,
  kAggressionFrequencyFlop,
  kAggressionFrequencyTurn,
  kAggressionFrequencyRiver,
};
inline constexpr int kStyleStatCount = 18;

struct StyleStatInfo {
  const char* key;          // summary.json and style.csv name
  const char* heading;      // console column
  bool proportion;          // acts <= opportunities, shown in percent; else a ratio (aggression factor)
  const char* act;          // what counts as the act (docs)
  const char* opportunity;  // what counts as an opportunity (docs)
};
const StyleStatInfo& style_stat_info(StyleStat stat);
inline const StyleStatInfo& style_stat_info(int stat) { return style_stat_info(static_cast<StyleStat>(stat)); }

struct StyleCount {
  std::int64_t acts = 0;
  std::int64_t opportunities = 0;  // for the aggression factor: calls
  bool operator==(const StyleCount&) const = default;
};
using StyleCounts = std::array<StyleCount, kStyleStatCount>;  // [StyleStat]

// One hand's counts for each hand-order player (players beyond
// setup.num_players stay zero). `events` are the hand's, in order, as
// Hand::events() gives them after the hand ended.
std::array<StyleCounts, kMaxPlayers> count_hand_style(const HandSetup& setup, std::span<const Event> events);

// The steal positions of a hand (docs/statistics.md): the small blind and
// the last two players in hand order who post no blind (button and cutoff);
// a bit per hand-order player. Heads-up only the small blind (the button).
std::uint32_t steal_positions(const HandSetup& setup);

// One unit's counts per label of the cell.
class StyleTally {
 public:
  explicit StyleTally(int labels = 0) : by_label_(static_cast<std::size_t>(labels)) {}
  void add(int label, const StyleCounts& counts);
  const std::vector<StyleCounts>& by_label() const { return by_label_; }
  void clear();

 private:
  std::vector<StyleCounts> by_label_;
};

// Counts every finished hand of a unit's tables into a tally, by label.
class StyleWatcher final : public TableObserver {
 public:
  explicit StyleWatcher(int labels) : tally_(labels) {}
  void hand_finished(const TableView& table, const Hand& hand) override;
  const StyleTally& tally() const { return tally_; }

 private:
  StyleTally tally_;
};

// Sums over units of one statistic of one label: the unit totals a_u
// (acts) and n_u (opportunities), their squares and products, and the
// units with any count (the clusters). Throws std::overflow_error rather
// than wrap.
struct StyleSums {
  std::int64_t acts = 0;
  std::int64_t opportunities = 0;
  std::int64_t acts_sq = 0;
  std::int64_t opportunities_sq = 0;
  std::int64_t acts_opportunities = 0;
  std::int64_t clusters = 0;
  bool operator==(const StyleSums&) const = default;
};

// The estimate of one statistic: R = sum a_u / sum n_u, and its 95%
// interval (docs/statistics.md, "Playing style"). Empty when there was no
// opportunity.
struct StyleEstimate {
  std::int64_t acts = 0;
  std::int64_t opportunities = 0;
  std::optional<double> value;
  std::optional<Interval> interval;
};
StyleEstimate estimate_style(const StyleSums& sums, bool proportion);

class StyleStats {
 public:
  explicit StyleStats(int labels = 0) : sums_(static_cast<std::size_t>(labels)) {}
  void add_unit(const StyleTally& unit);
  // Throws std::invalid_argument when the label counts differ.
  void merge(const StyleStats& other);
  int label_count() const { return static_cast<int>(sums_.size()); }
  const StyleSums& sums(int label, StyleStat stat) const {
    return sums_[static_cast<std::size_t>(label)][static_cast<std::size_t>(stat)];
  }
  StyleEstimate estimate(int label, StyleStat stat) const {
    return estimate_style(sums(label, stat), style_stat_info(stat).proportion);
  }
  // Checkpoint state: {"<key>": [[acts, opportunities, acts_sq,
  // opportunities_sq, acts_opportunities, clusters], ...per label]}.
  // restore() throws std::runtime_error on a document that does not fit.
  nlohmann::json state() const;
  void restore(const nlohmann::json& state);
  bool operator==(const StyleStats&) const = default;

 private:
  std::vector<std::array<StyleSums, kStyleStatCount>> sums_;  // [label][StyleStat]
};

// The collector: watches every hand, adds each unit as one cluster.
// summary.json's cells[i].style has a row per label and statistic.
class StyleCollector final : public CollectorOf<StyleCollector> {
 public:
  explicit StyleCollector(const std::vector<std::string>& labels)
      : labels_(static_cast<int>(labels.size())), stats_(labels_) {}
  std::string_view name() const override { return "style"; }
  std::unique_ptr<TableObserver> watch_unit() const override { return std::make_unique<StyleWatcher>(labels_); }
  // Throws std::invalid_argument when the unit was played unwatched: its
  // hands are lost, and the counts would silently miss them.
  void add(const FinishedUnit& unit, const TableObserver* watched) override;
  void merge_same(const StyleCollector& other) { stats_.merge(other.stats_); }
  void save(nlohmann::json& cell_state) const override;
  void load(const nlohmann::json& cell_state) override;
  std::optional<StatResult> summarize(const SummaryContext& context) const override;
  const StyleStats& stats() const { return stats_; }
  bool operator==(const StyleCollector& other) const { return stats_ == other.stats_; }

 private:
  int labels_;
  StyleStats stats_;
};

// The registry entry (sim/stats/collector_list.h).
struct CollectorInfo;
CollectorInfo style_stats_info();

}  // namespace sngsim
