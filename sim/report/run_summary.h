#pragma once
// The summary of a finished (or interrupted) experiment as typed values:
// what summarize_run() (sim/report/summary.h) makes of the integer
// accumulators of a run. summary.json, the CSVs and the console table
// (sim/report/results_writer.h) all render a RunSummary, so none of them
// reads another's output back.
//
// What every field means, its units and when it is null: docs/output-format.md
// and its schema docs/summary.schema.json (the tests check real runs against
// both). The structs below carry the names of summary.json's keys; an empty
// optional is a null.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/stats/cell_stats.h"
#include "sim/stats/chi_square.h"
#include "sim/stats/collector.h"
#include "sim/stats/collector_registry.h"
#include "sim/stats/fault_examples.h"
#include "sim/stats/intervals.h"
#include "sim/stats/label_difference.h"
#include "sim/stats/label_summary.h"
#include "sim/stats/luck_summary.h"

namespace sngsim {

// Where a result came from: what summary.json says besides the statistics.
struct Provenance {
  std::string version;
  std::string commit;
  std::string config_hash;
  std::uint64_t seed = 0;
  int threads = 0;            // per process (MPI rank)
  int ranks = 1;              // processes that played the run at the same time (MPI ranks)
  double wall_seconds = 0.0;  // of the whole run: under MPI the slowest rank's
  bool partial = false;
  // Informational for the runner; summary.json counts from the cells so its
  // totals always agree with them.
  std::int64_t tournaments_done = 0;
  // Per cell, why the stop rule ended it early (stop_reason), or empty: it
  // ran to `tournaments`. Empty vector: no cell stopped early.
  std::vector<std::string> stop_reasons;
  // "K/N" for the result of `run --shard K/N`, empty for a whole run (also
  // one merged from shards, which is then identical to the single run).
  std::string shard;
};

// hands {...} of a sit-and-go cell.
struct HandsSummary {
  std::optional<double> mean;
  std::optional<Interval> mean_ci95;
  std::optional<double> sd;
  std::optional<std::int64_t> median, p10, p90, max;  // nearest-rank
  std::vector<std::int64_t> histogram;                // [h - 1], h = 1..cap
};

// One entry of head_to_head[].
struct HeadToHeadSummary {
  std::string a, b;
  std::int64_t above = 0, below = 0, tied = 0, tournaments = 0;
  std::optional<double> a_above_b;
  std::optional<Interval> ci95;  // Wilson over `tournaments`
};

// by_seat {...}: first places seat by seat against an even spread.
struct BySeatSummary {
  std::vector<std::int64_t> entries;
  std::vector<std::optional<double>> win_rate;
  std::optional<ChiSquareTest> test;  // chi_square, df, p_value
};

// players[label] of a sit-and-go or shoot-out cell.
struct PlayerSummary {
  LabelSummary outcome;
  std::optional<LuckSummary> luck_adjusted;  // adjust_luck only
};

// A cell of format "sit-and-go".
struct SitAndGoSummary {
  int seats = 0;
  int hand_cap = 0;
  int hands_per_level = 0;
  HandsSummary hands;
  std::int64_t capped = 0;
  std::optional<double> capped_fraction;
  std::optional<Interval> capped_fraction_ci95;
  std::vector<std::int64_t> level_reached;      // [level - 1]
  std::vector<std::optional<double>> survival;  // [h], h = 0..cap
  bool icm_at_cap = false;                      // payouts.icm_at_cap: reported, not the setting
  std::vector<PlayerSummary> players;           // in `labels` order
  // adjust_luck only: var(raw) / var(adjusted) per LuckMetric.
  std::optional<std::array<std::optional<double>, kLuckMetricCount>> variance_reduction;
  std::vector<HeadToHeadSummary> head_to_head;
  BySeatSummary by_seat;
  std::vector<FaultExample> fault_examples;  // FaultExample::label indexes `labels`
};

// mean and sd of a count per table (shoot-out table_hands, final_hands).
struct MeanSd {
  std::optional<double> mean;
  std::optional<double> sd;
};

// A cell of format "shootout" (V6).
struct ShootoutSummary {
  int seats = 0;  // the field
  int tables = 0;
  int table_seats = 0;
  bool final_table = false;
  int hand_cap = 0;
  MeanSd table_hands;
  std::int64_t capped_tables = 0;
  std::optional<double> capped_table_fraction;
  // Present with a final table; null without one.
  std::optional<MeanSd> final_hands;
  std::optional<std::int64_t> final_capped;
  std::optional<double> final_capped_fraction;
  std::optional<double> per_table_winner;  // without a final table
  std::vector<PlayerSummary> players;      // in `labels` order; luck_adjusted with adjust_luck
  // adjust_luck only: var(raw) / var(adjusted) per LuckMetric, the labels pooled.
  std::optional<std::array<std::optional<double>, kLuckMetricCount>> variance_reduction;
};

// players[label] of a cash cell (V7).
struct CashPlayerSummary {
  std::int64_t sessions = 0;
  std::int64_t hands = 0;
  std::int64_t rebuys = 0;
  FaultCounts faults;
  bool clocked = false;
  std::variant<std::int64_t, double> chips_won;  // a double only beyond 64 bits
  std::optional<double> bb_won;
  std::optional<double> bb_per_100;
  std::optional<Interval> bb_per_100_ci95;
  std::optional<double> bb_per_100_sd;
  std::optional<double> session_sd_bb;
  std::optional<double> rebuys_per_session;
  // V10, with a rake only: what the rake cost the label's pots, and bb/100
  // before it (bb_per_100 is net of the rake).
  struct Rake {
    std::int64_t paid = 0;
    std::optional<double> paid_bb_per_100;
    std::optional<double> bb_per_100_before;
    std::optional<Interval> bb_per_100_before_ci95;
  };
  std::optional<Rake> rake;
  // adjust_luck only: bb/100 less the luck of all-in run-outs (in chips,
  // sim/luck/cash_runout_luck.h), its Student t interval over sessions,
  // the mean luck (bb/100 raw less adjusted, zero in expectation) with its
  // interval, and var(raw) / var(adjusted) over sessions.
  struct Adjusted {
    std::optional<double> bb_per_100;
    std::optional<Interval> bb_per_100_ci95;
    std::optional<double> mean_luck;
    std::optional<Interval> mean_luck_ci95;
    std::optional<double> variance_reduction;
  };
  std::optional<Adjusted> adjusted;
};

// A cell of format "cash" (V7).
struct CashSummary {
  int seats = 0;
  int hands_per_session = 0;
  BlindLevel blinds;  // small, big, ante
  Chips buy_in = 0;
  Chips rebuy_below = 0;
  // V10, with a rake only: the rule, the chips it took in all and per hand
  // of the table.
  std::optional<RakeRule> rake;
  std::int64_t rake_total = 0;
  std::optional<double> rake_per_hand;
  std::vector<CashPlayerSummary> players;  // in `labels` order
};

// One entrant of a league (format: league), sim/stats/league_fit.h.
struct LeagueEntrantSummary {
  int entrant = 0;                      // index into the cell's labels
  LabelSummary results;                 // ROI, mean place, ITM... of its seats, as a sit-and-go label's
  std::int64_t faults = 0;              // V5, every reason
  double rating = 0.0;                  // centred Plackett-Luce log-strength
  std::optional<Interval> rating_ci95;  // jackknife, Student t
  int rank = 0;                         // by rating, 1 = best
  int rank_best = 0;                    // the rank range at 95%
  int rank_worst = 0;
  // The next entrant down by rating: P(this one finishes ahead of it) with
  // its interval, and the tournaments to add to separate the two (0:
  // already separated; empty without an interval). Empty for the last.
  std::optional<double> ahead_of_next;
  std::optional<Interval> ahead_of_next_ci95;
  std::optional<std::int64_t> tournaments_to_separate_next;
};

// A cell of format "league".
struct LeagueSummary {
  int seats = 0;
  int entrants = 0;
  std::string design;  // the schedule's (sim/config/league_schedule.h)
  int blocks = 0;
  std::int64_t units = 0;  // tournaments, or duplicate groups
  std::int64_t tournaments_per_unit = 1;
  // Tables shared by two entrants over the tables played: fewest and most
  // over every pair.
  std::int64_t pair_meetings_min = 0;
  std::int64_t pair_meetings_max = 0;
  bool converged = false;
  int iterations = 0;
  int jackknife_groups = 0;
  double t_quantile = 0.0;
  double prior_precision = 0.0;
  std::vector<LeagueEntrantSummary> standings;  // best rating first
  // [i * entrants + j] in label order: P(i finishes ahead of j at a table).
  std::vector<double> ahead;
  std::vector<std::optional<Interval>> ahead_ci95;
  SitAndGoSummary tables;  // the cell's tables as a sit-and-go's: players (its entrants), hands, cap, levels, by seat
};

// One entry of paired[]: labels[a] against labels[b], a before b.
struct PairSummary {
  int a = 0, b = 0;  // indexes into the cell's labels
  std::int64_t groups = 0;
  LabelDifference mean_place_diff, win_rate_diff, roi_diff;
  // adjust_luck only: the same differences luck-adjusted (sim/stats/luck_summary.h).
  std::optional<AdjustedDifference> mean_place_diff_adjusted, win_rate_diff_adjusted, roi_diff_adjusted;
};

// A collector's own result (Collector::summarize): summary.json's
// cells[i].<name>, the console table when the collector asks for it, and
// <name>.csv when its registry entry says so.
struct StatSummary {
  std::string name;
  std::vector<StatField> fields;  // the registry's: the rows' columns
  bool csv = false;
  StatResult result;
};

struct CellSummary {
  std::size_t index = 0;
  Format format = Format::kSitAndGo;
  std::vector<std::pair<std::string, std::string>> params;  // matrix order
  std::vector<std::string> labels;                          // lineup order
  std::int64_t tournaments = 0;                             // completed (shoot-outs, sessions)
  Payouts payouts;                                          // sit-and-go and shoot-out
  std::optional<double> prize_pool;
  std::variant<SitAndGoSummary, ShootoutSummary, CashSummary, LeagueSummary> detail;
  std::vector<PairSummary> paired;
  std::vector<StatSummary> statistics;     // collectors with their own result, registry order
  std::optional<std::string> stop_reason;  // stopped {reason, tournaments}
  std::int64_t stopped_tournaments = 0;
};

struct RunSummary {
  std::string name;
  std::int64_t tournaments = 0;       // per cell, as asked
  std::int64_t tournaments_done = 0;  // summed over the cells
  Provenance provenance;
  std::int64_t timeouts = 0;  // V5, every cell: > 0 makes the run timing-dependent
  // compare.baseline (or run --baseline): the console and paired.csv compare
  // every other label with it (sim/report/baseline_comparison.h). Not in
  // summary.json, whose paired[] holds every pair.
  std::optional<std::string> baseline;
  std::vector<CellSummary> cells;
};

}  // namespace sngsim
