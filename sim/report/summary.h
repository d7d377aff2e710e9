#pragma once
// Derived statistics of a finished (or interrupted) experiment as JSON: the
// one place where the integer accumulators become fractions, means and
// intervals.
//
// summary.json (keys of an object are sorted, so the text is stable; for
// users: docs/output-format.md and the schema docs/summary.schema.json, which
// the tests check real runs against, so a change here goes there too):
//   format          "sngsim-summary/1"
//   name            experiment name
//   seed            master seed (Provenance::seed)
//   tournaments     tournaments per cell the experiment asked for
//   tournaments_done  tournaments completed, summed over the cells
//   partial         true when the run stopped before every cell was done
//   intervals       {level 0.95, proportion "wilson", mean "student-t",
//                   by_seat "pearson-chi-square"}: how every interval and
//                   p-value below is computed (sim/stats/intervals.h,
//                   sim/stats/chi_square.h). Proportions (win, ITM, table-win rates,
//                   head to head) use the Wilson score interval; means (mean
//                   place, ROI, hands, bb/100) mean +- t * sd / sqrt(n), t the
//                   Student quantile with n - 1 degrees of freedom and sd the
//                   sample standard deviation
//   provenance      {version, commit, config_hash, threads, ranks, wall_seconds,
//                   shard: "K/N" only in the result of one shard,
//                   timing_dependent: true and timeouts: N only when a bot
//                   ran out of time (V5) N times}
//                   threads per process, ranks (MPI processes; 1 without
//                   mpirun) and wall_seconds (of the whole run: under MPI
//                   the slowest rank's) are the only values that may differ
//                   between two runs of the same experiment and code (and,
//                   in a timing-dependent run, whatever the timeouts
//                   changed; time_bank_used_s is wall time too)
//   cells[]         one per matrix cell, in matrix order; `format` says which
//                   keys follow (sit-and-go here, shootout and cash below):
//     index, format "sit-and-go", params {key: value text}, labels [lineup order],
//     seats (players at the table), hand_cap, hands_per_level (of the blind
//     schedule), tournaments (completed),
//     hands {mean, mean_ci95, sd, median, p10, p90, max, histogram[h-1] = count, h=1..cap}
//       percentiles are nearest-rank: the smallest h with at least q% of the
//       tournaments lasting h hands or fewer
//     capped (count), capped_fraction, capped_fraction_ci95 (Wilson)
//       ended by the hand cap (R21)
//     level_reached[level-1] = count of tournaments whose last hand was at
//       that level, level = 1..max level within the cap
//     survival[h] = mean players left after hand h, h = 0..cap (a finished
//       tournament keeps its final count: see CellStats::players_left_after)
//     payouts {percent[], buy_in, fee_percent, icm_at_cap, prize_pool}
//       icm_at_cap: whether the icm_* values below are reported
//       (payouts.icm_at_cap true, or auto, the default, once the cap ended
//       a tournament of the cell)
//     players {label: {
//       entries        seats played
//       places[p-1]    fraction of entries finishing in place p (shared
//                      places split equally, R22)
//       mean_place, mean_place_ci95 [lo, hi]   Student t, sample sd
//       win_rate, win_rate_ci95                Wilson; shared 1st counts as its share
//       itm_rate, itm_rate_ci95                Wilson; share of covered places that pay
//       mean_prize     chips of the prize pool's currency (buy_in units)
//       roi, roi_ci95  (mean prize - buy_in) / buy_in, Student t;
//                      null without a buy-in
//       icm_prize, icm_roi, icm_roi_ci95   as mean_prize, roi, roi_ci95 with
//                      the survivors of capped tournaments valued by ICM
//                      (null unless payouts.icm_at_cap above is true)
//       avg_chips_at_cap   mean final chips of this label's survivors of
//                          capped tournaments; null if none
//       chips_at_cap_count
//       capped_entries   entries in tournaments the cap ended
//       capped_mean_place, capped_mean_place_ci95   their mean place (the
//                      survivors placed by chips at the cap, R21), Student t
//       uncapped_mean_place, uncapped_mean_place_ci95   the same over the
//                      tournaments that ended normally; null if none
//       capped_icm_prize  mean ICM value of the capped entries (the
//                      survivors' stacks valued by ICM, the busted seats
//                      their prizes); null unless icm_* are reported
//       faults         V5 faults, total
//       faults_by_reason {reason: count}   only with faults; reasons in
//                      strategies/strategy_fault.h (illegal, error, crash,
//                      not_json, unknown_action, stray_reply, timeout)
//       timeouts, time_bank_used_s   labels under the clock (process bots,
//                      V5): decisions that ran out of time and bank, and the
//                      seconds of bank drawn, summed over the label's seats
//       luck_adjusted  adjust_luck only: {roi, win_rate, itm_rate, mean_place},
//                      each {estimate, ci95, mean_luck, mean_luck_ci95,
//                      variance_reduction}: the raw outcome less the luck of
//                      all-in run-outs (sim/formats/runout_luck.h), Student t;
//                      mean_luck is the mean correction (zero in expectation)
//     }}
//     fault_examples[] {tournament, hand, seat, label, reason}   only when a
//       fault happened: the first (by tournament, then seat) of each seat's
//       first fault in a tournament, at most 5 (sim/stats/fault_examples.h);
//       `sngsim run CONFIG --replay-tournament T --cell C` plays one again
//     variance_reduction  adjust_luck only: {roi, win_rate, itm_rate,
//       mean_place} = var(raw) / var(adjusted) over the cell's entries, the
//       labels' variances pooled: how many times fewer tournaments reach
//       the same interval
//     head_to_head[] {a, b, a_above_b, ci95, tournaments, above, below, tied}
//       a_above_b = (above + tied / 2) / (seat pairs): the chance a seat of A
//       finished above a seat of B, ties split half. ci95 is Wilson over
//       `tournaments` trials: each tournament's score lies in [0, 1], so its
//       variance is at most p(1-p) and the interval is conservative.
//     by_seat {entries[s], win_rate[s], chi_square, df, p_value}   table seat
//       s = 0..seats-1 whoever sat there: tournaments played and the fraction
//       won from it (a shared 1st counts as its share). chi_square is
//       Pearson's statistic of the seats' first places against an even
//       spread, df = seats - 1, p_value = P(chi^2_df >= chi_square); shared
//       first places count as their shares, which keeps p conservative
//       (sim/stats/chi_square.h). With identical strategies a small p (below
//       0.001, say) means a seat is favoured: `sngsim check fairness`
//     paired[] {a, b, groups, mean_place_diff, win_rate_diff, roi_diff}
//       every pair of labels a before b in lineup order (every format; empty
//       for cash): A minus B in places (mean_place: negative = A finishes
//       better) or fractions (win_rate, roi), each as {estimate, ci95_paired,
//       ci95_unpaired, effective_sample_gain} (sim/stats/label_difference.h):
//       estimate      A's mean over its entries minus B's
//       ci95_paired   Student t over the differences of the duplicate groups
//                     (seating: duplicate, sim/config/duplicate.h), or of the
//                     tournaments for other seatings: the interval to use
//       ci95_unpaired Welch, A's and B's entries as independent samples:
//                     for comparison; too narrow for labels sharing tables
//       effective_sample_gain  duplicate cells: random seating's variance of
//                     the estimate (the same tournaments as independent
//                     ones) / the groups' variance: how many times more
//                     tournaments random seating needs for ci95_paired's
//                     width, measured on this run; null otherwise
//       groups        duplicate groups played (0 for other seatings)
//       roi_diff's values are null for a shoot-out paying places that more
//       than 9 players can share
//     stopped {reason, tournaments} when the stop rule (sim/stats/stop_decision.h)
//       ended the cell early, else null (every format)
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
// paired[]'s ci95_paired is the exception by design: its observations are
// tournaments or duplicate groups.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/stats/cell_stats.h"
#include "sim/config/experiment.h"

namespace sngsim {

// Where a result came from: what summary.json says besides the statistics.
struct Provenance {
  std::string version;
  std::string commit;
  std::string config_hash;
  std::uint64_t seed = 0;
  int threads = 0;  // per process (MPI rank)
  int ranks = 1;    // processes that played the run at the same time (MPI ranks)
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

// `cells[i]` holds the statistics of `experiment.cells[i]`. Throws
// std::invalid_argument when the counts differ.
nlohmann::json summarize(const Experiment& experiment, const std::vector<CellStats>& cells,
                         const Provenance& provenance);

}  // namespace sngsim
