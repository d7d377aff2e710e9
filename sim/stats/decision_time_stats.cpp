// Where the time goes (issue 35, item 4; collector "decision_times"): per
// label, the decisions its seats were asked for and how long they took, as
// the strategy measured them (Strategy::last_decision_ns: a process bot
// times its request written to its reply read, an in-process Python bot its
// share of its batch's call). Built-in strategies do not
// measure: their decisions are counted as not measured, since timing them
// would cost more than many of the decisions (docs/statistics.md, "Decision
// times").
//
// Exact merge: the times go into a fixed histogram of integer nanoseconds,
// 8 log-spaced buckets per power of two (bucket width at most 1/8 of its
// lower edge), and their sum; every member is an integer count or sum.
// Percentiles are read from the histogram (the bucket's upper edge, so
// within 12.5% above the true value). The counts are a pure function of the
// seed; the times are not: they are measurements of the machine, kept under
// summary.json's provenance, and equals() compares the counts only.

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/stats/collector_registry.h"
#include "sim/stats/state_json.h"

namespace sngsim {

namespace {

constexpr int kSubBuckets = 8;  // per power of two
constexpr int kBuckets = 64 * kSubBuckets;
// The console shows the table when a label's decisions took this share of
// the run's wall time or more (summed over its tables, which may overlap).
constexpr double kConsoleShare = 0.05;

// The bucket of `ns` >= 0: values below 8 have their own; above, the top
// three bits below the leading one pick one of 8 sub-buckets.
int bucket_of(std::int64_t ns) {
  const auto value = static_cast<std::uint64_t>(ns);
  if (value < kSubBuckets) return static_cast<int>(value);
  const int exponent = 63 - std::countl_zero(value);
  const auto sub = static_cast<int>((value >> (exponent - 3)) & (kSubBuckets - 1));
  return exponent * kSubBuckets + sub;
}

// The largest value of bucket b (the percentile reported for it).
std::int64_t bucket_upper(int b) {
  if (b < kSubBuckets) return b;
  const int exponent = b / kSubBuckets;
  const std::uint64_t sub = static_cast<std::uint64_t>(b % kSubBuckets);
  const std::uint64_t low = (std::uint64_t{1} << exponent) + (sub << (exponent - 3));
  return static_cast<std::int64_t>(low + (std::uint64_t{1} << (exponent - 3)) - 1);
}

struct LabelTimes {
  std::int64_t decisions = 0;                                                    // asked and answered (or faulted)
  std::int64_t timed = 0;                                                        // of which the strategy measured
  Int128 total_ns = 0;                                                           // sum over the timed ones
  std::vector<std::int64_t> histogram = std::vector<std::int64_t>(kBuckets, 0);  // [bucket_of(ns)]
  bool operator==(const LabelTimes&) const = default;

  template <typename Self, typename Field>
  static void for_each_field(Self& t, Field&& field) {
    field("decisions", t.decisions);
    field("timed", t.timed);
    field("total_ns", t.total_ns);
    field("histogram", t.histogram);
  }

  // Nearest rank: the upper edge of the bucket holding the percent% point.
  std::int64_t percentile(int percent) const {
    std::int64_t seen = 0;
    for (int b = 0; b < kBuckets; ++b) {
      seen += histogram[static_cast<std::size_t>(b)];
      if (static_cast<Int128>(seen) * 100 >= static_cast<Int128>(timed) * percent) return bucket_upper(b);
    }
    return bucket_upper(kBuckets - 1);
  }
};

// One unit's decisions: (label, ns) in play order, added when the unit is.
class UnitDecisions final : public TableObserver {
 public:
  void decision_made(const TableView& table, const Hand& /*hand*/, int seat, std::int64_t nanoseconds) override {
    seen.emplace_back(table.label_of_seat(seat), nanoseconds);
  }
  std::vector<std::pair<int, std::int64_t>> seen;
};

class DecisionTimeStats final : public CollectorOf<DecisionTimeStats> {
 public:
  explicit DecisionTimeStats(int label_count) : labels_(static_cast<std::size_t>(label_count)) {}

  std::string_view name() const override { return "decision_times"; }
  std::unique_ptr<TableObserver> watch_unit() const override { return std::make_unique<UnitDecisions>(); }

  void add(const FinishedUnit& /*unit*/, const TableObserver* watched) override {
    if (watched == nullptr) return;  // played unobserved (a test's record)
    for (const auto& [label, ns] : static_cast<const UnitDecisions*>(watched)->seen) {
      LabelTimes& times = labels_[static_cast<std::size_t>(label)];
      ++times.decisions;
      if (ns < 0) continue;
      ++times.timed;
      times.total_ns += ns;
      ++times.histogram[static_cast<std::size_t>(bucket_of(ns))];
    }
  }

  void merge_same(const DecisionTimeStats& other) {
    if (labels_.size() != other.labels_.size())
      throw std::invalid_argument("cannot merge statistics of different cells");
    for (std::size_t l = 0; l < labels_.size(); ++l) {
      LabelTimes& into = labels_[l];
      const LabelTimes& from = other.labels_[l];
      into.decisions += from.decisions;
      into.timed += from.timed;
      into.total_ns += from.total_ns;
      for (std::size_t b = 0; b < into.histogram.size(); ++b) into.histogram[b] += from.histogram[b];
    }
  }

  // A state file written before this statistic existed has no key: its
  // units' times are then missing, as measurements may be.
  void save(nlohmann::json& cell_state) const override {
    cell_state["decision_times"] = state_json::write_value(labels_);
  }
  void load(const nlohmann::json& cell_state) override {
    if (cell_state.contains("decision_times")) state_json::read_value(cell_state["decision_times"], labels_);
  }

  // The counts, not the times: those are the machine's, not the seed's.
  bool operator==(const DecisionTimeStats& other) const {
    if (labels_.size() != other.labels_.size()) return false;
    for (std::size_t l = 0; l < labels_.size(); ++l) {
      if (labels_[l].decisions != other.labels_[l].decisions || labels_[l].timed != other.labels_[l].timed)
        return false;
    }
    return true;
  }

  std::optional<StatResult> summarize(const SummaryContext& context) const override {
    StatResult result;
    result.timing = true;
    result.title = "decision times (as the bots' answers were timed)";
    double worst_share = 0.0;
    std::string worst;
    for (std::size_t l = 0; l < labels_.size(); ++l) {
      const LabelTimes& t = labels_[l];
      if (t.timed == 0) {
        result.rows.push_back({context.labels[l], {t.decisions, std::int64_t{0}, {}, {}, {}, {}}});
        continue;
      }
      const double total_s = static_cast<double>(t.total_ns) / 1e9;
      const double mean_ms = static_cast<double>(t.total_ns) / static_cast<double>(t.timed) / 1e6;
      result.rows.push_back({context.labels[l],
                             {t.decisions, t.timed, mean_ms, static_cast<double>(t.percentile(50)) / 1e6,
                              static_cast<double>(t.percentile(99)) / 1e6, total_s}});
      if (context.wall_seconds > 0.0 && total_s / context.wall_seconds > worst_share) {
        worst_share = total_s / context.wall_seconds;
        worst = context.labels[l];
      }
    }
    if (worst_share >= kConsoleShare) {
      result.show_on_console = true;
      result.note = worst + "'s decisions took " + std::to_string(static_cast<int>(worst_share * 100.0 + 0.5)) +
                    "% of the run's wall time (summed over its tables)";
    }
    return result;
  }

 private:
  std::vector<LabelTimes> labels_;
};

}  // namespace

CollectorInfo decision_time_stats_info() {
  return {
      "decision_times",
      "per label: decisions, how many were timed, mean, p50 and p99 time and the total (process and Python bots)",
      {{"decisions", "integer", false, "decisions", "decisions the label's seats were asked for"},
       {"timed", "integer", false, "decisions", "of which the strategy measured the time (process and Python bots)"},
       {"mean_ms", "number", true, "milliseconds", "mean time of a timed decision"},
       {"p50_ms", "number", true, "milliseconds", "median, the upper edge of its histogram bucket (+12.5% at most)"},
       {"p99_ms", "number", true, "milliseconds", "99th percentile, as p50_ms"},
       {"total_s", "number", true, "seconds", "sum of the timed decisions (tables overlap: may exceed the wall time)"}},
      false,
      [](const Cell& cell) {
        for (const Entrant& entrant : cell.entrants) {
          if (entrant.process != nullptr || entrant.hosted) return true;
        }
        return false;
      },
      [](const Cell&, const std::vector<std::string>& labels) {
        return std::make_unique<DecisionTimeStats>(static_cast<int>(labels.size()));
      }};
}

}  // namespace sngsim
