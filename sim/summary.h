#pragma once
// Derived statistics of a finished (or interrupted) experiment as JSON: the
// one place where the integer accumulators become fractions, means and
// intervals.
//
// summary.json (keys of an object are sorted, so the text is stable):
//   format          "sngsim-summary/1"
//   name            experiment name
//   seed            master seed (Provenance::seed)
//   tournaments     tournaments per cell the experiment asked for
//   tournaments_done  tournaments completed, summed over the cells
//   partial         true when the run stopped before every cell was done
//   provenance      {version, commit, config_hash, threads, wall_seconds}
//                   threads and wall_seconds are the only values that may
//                   differ between two runs of the same experiment and code
//   cells[]         one per matrix cell, in matrix order; `format` says which
//                   keys follow (sit-and-go here, shootout and cash below):
//     index, format "sit-and-go", params {key: value text}, labels [lineup order],
//     seats (players at the table), hand_cap, tournaments (completed),
//     hands {mean, mean_ci95, sd, median, p10, p90, max, histogram[h-1] = count, h=1..cap}
//       percentiles are nearest-rank: the smallest h with at least q% of the
//       tournaments lasting h hands or fewer
//     capped (count), capped_fraction   ended by the hand cap (R21)
//     level_reached[level-1] = count of tournaments whose last hand was at
//       that level, level = 1..max level within the cap
//     survival[h] = mean players left after hand h, h = 0..cap (a finished
//       tournament keeps its final count: see CellStats::players_left_after)
//     payouts {percent[], buy_in, fee_percent, icm_at_cap, prize_pool}
//     players {label: {
//       entries        seats played
//       places[p-1]    fraction of entries finishing in place p (shared
//                      places split equally, R22)
//       mean_place, mean_place_ci95 [lo, hi]   normal approximation, sample sd
//       win_rate, win_rate_ci95                Wilson; shared 1st counts as its share
//       itm_rate, itm_rate_ci95                Wilson; share of covered places that pay
//       mean_prize     chips of the prize pool's currency (buy_in units)
//       roi, roi_ci95  (mean prize - buy_in) / buy_in, normal approximation;
//                      null without a buy-in
//       icm_prize, icm_roi, icm_roi_ci95   as mean_prize, roi, roi_ci95 with
//                      the survivors of capped tournaments valued by ICM
//                      (payouts.icm_at_cap; null without it)
//       avg_chips_at_cap   mean final chips of this label's survivors of
//                          capped tournaments; null if none
//       chips_at_cap_count
//       faults         V5 faults, total
//     }}
//     head_to_head[] {a, b, a_above_b, ci95, tournaments, above, below, tied}
//       a_above_b = (above + tied / 2) / (seat pairs): the chance a seat of A
//       finished above a seat of B, ties split half. ci95 is Wilson over
//       `tournaments` trials: each tournament's score lies in [0, 1], so its
//       variance is at most p(1-p) and the interval is conservative.
//   A shoot-out cell (format "shootout", RULES V6) has index, params, labels,
//     seats (the field), tables, table_seats, final_table (bool), hand_cap,
//     tournaments (shoot-outs), table_hands {mean, sd} (per first-round
//     table), capped_tables, capped_table_fraction, final_hands {mean, sd},
//     final_capped, final_capped_fraction (null without a final table),
//     payouts {percent[], buy_in, fee_percent, prize_pool, per_table_winner},
//     players {label: the sit-and-go keys over overall places 1..seats
//     (avg_chips_at_cap null), plus table_wins, table_win_rate,
//     table_win_rate_ci95 (Wilson)}, and empty head_to_head and survival.
//   A cash cell (format "cash", RULES V7) has index, params, labels, seats,
//     hands_per_session, blinds {small, big, ante}, buy_in, rebuy_below
//     (chips), tournaments (sessions), players {label: {sessions, hands,
//     chips_won, bb_won, bb_per_100, bb_per_100_ci95, bb_per_100_sd,
//     session_sd_bb, rebuys, rebuys_per_session, faults}} (defined in
//     docs/config-reference.md, "Cash tables"), and empty head_to_head and
//     survival.
// Any value that cannot be computed (no entries, one observation) is null.
// Intervals treat every entry (seat) as an independent observation; a label
// holding several seats of one table is the exception the caller accepts.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/cell_stats.h"
#include "sim/experiment.h"

namespace sngsim {

// Where a result came from: what summary.json says besides the statistics.
struct Provenance {
  std::string version;
  std::string commit;
  std::string config_hash;
  std::uint64_t seed = 0;
  int threads = 0;
  double wall_seconds = 0.0;
  bool partial = false;
  // Informational for the runner; summary.json counts from the cells so its
  // totals always agree with them.
  std::int64_t tournaments_done = 0;
};

// `cells[i]` holds the statistics of `experiment.cells[i]`. Throws
// std::invalid_argument when the counts differ.
nlohmann::json summarize(const Experiment& experiment, const std::vector<CellStats>& cells,
                         const Provenance& provenance);

}  // namespace sngsim
