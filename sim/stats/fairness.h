#pragma once
// The fairness check behind `sngsim check fairness` (app/cli_fairness.cpp):
// with the same strategy in every seat, no label and no seat may be favoured.
//
// The field is N identical entrants of one strategy under the labels
// NAME-1..NAME-N, played by the normal runner (sim/run/runner.h) with random
// seating (R3) and every other setting at its default. The check passes when
//   - every label's win rate has 1/N inside its Wilson interval and its mean
//     place has (N+1)/2 inside its Student t interval (sim/stats/intervals.h), and
//   - the seats' first places fit an even spread: the chi-square p-value
//     (sim/stats/chi_square.h) is above kSeatAlpha.
//
// The margin. 2N label checks at 95% each would fail a perfectly fair
// simulator about 1 - 0.95^(2N) of the time (46% at N = 6). So each label
// interval is at the Bonferroni level 1 - kLabelAlpha / (2N) (99.99167% at
// N = 6, z = 3.94): by the union bound, all label checks together reject a
// fair simulator at most kLabelAlpha of the time, however correlated they
// are. The seat test is one more check at kSeatAlpha, so a fair simulator
// FAILs at most kLabelAlpha + kSeatAlpha = 0.2% of seeds. The price is
// power: a label bias is visible once it exceeds about 3.9 standard errors
// (0.15 percentage points of win rate at N = 6 and a million tournaments).
//
// With adjust_luck (FairnessSetup::adjust_luck) every label is also judged on
// its luck-adjusted win rate and mean place (sim/stats/luck_summary.h): each
// must cover 1/N and (N+1)/2 in its Student t interval. The 4N label checks
// then share kLabelAlpha, each at 1 - kLabelAlpha / (4N).
//
// Shared first places (equal chips at the hand cap, R22) count as their
// share in both the win rates and the seat counts; that makes the Wilson
// intervals and the chi-square p-value conservative, never too eager.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/stats/cell_stats.h"
#include "sim/stats/chi_square.h"
#include "sim/config/experiment.h"
#include "sim/stats/intervals.h"

namespace sngsim {

// Family-wise false-alarm rates of the label checks and of the seat test.
inline constexpr double kLabelAlpha = 0.001;
inline constexpr double kSeatAlpha = 0.001;

struct FairnessSetup {
  int players = 6;               // 2..6
  std::string strategy = "tag";  // a registry name (not a plug-in); ignored with `commands`
  std::int64_t tournaments = 100'000;
  std::uint64_t seed = 1;
  bool adjust_luck = false;  // also judge the luck-adjusted win rate and mean place
  // Bots in other processes instead (docs/bot-protocol.md): each a program
  // and its arguments. Seat entrant i runs commands[i % size]: one command
  // gives N copies of one program (labelled process-1..N); several give
  // the programs in turn (labelled p1-1, p2-2, p1-3, ... after their
  // command), which must play the same strategy for the check to pass.
  std::vector<std::vector<std::string>> commands{};
};

// The experiment file text of the check: one cell, `players` entrants of
// `strategy` with its default parameters, labelled strategy-1..strategy-N
// (or the process bots of `commands`, as above).
std::string fairness_config(const FairnessSetup& setup);

// The label of seat entrant i (0-based) in fairness_config().
std::string fairness_label(const FairnessSetup& setup, int entrant);

// fairness_config() read by the project's experiment reader, as if it were
// a file `config_path` (relative commands are relative to its folder).
// Throws ConfigError (sim/config/experiment_config.h) for an unknown
// strategy, a missing program or a bad table size.
Experiment fairness_experiment(const FairnessSetup& setup, const std::string& config_path = "fairness check");

struct LabelFairness {
  std::string label;
  std::int64_t entries = 0;
  double win_rate = 0.0;
  std::optional<Interval> win_rate_interval;  // Wilson at FairnessVerdict::interval_level
  double mean_place = 0.0;
  std::optional<Interval> mean_place_interval;  // Student t at the same level
  // (win rate - 1/N) / sqrt((1/N)(1 - 1/N) / entries): the score statistic,
  // standard errors under fairness.
  double win_rate_z = 0.0;
  // (mean place - (N+1)/2) / (sd / sqrt(entries)); 0 when sd is 0.
  double mean_place_t = 0.0;
  bool win_rate_fair = false;    // 1/N inside the interval
  bool mean_place_fair = false;  // (N+1)/2 inside the interval
  // With adjust_luck only: the adjusted estimates, their Student t intervals
  // at the same level, their t statistics and verdicts.
  std::optional<double> adjusted_win_rate;
  std::optional<Interval> adjusted_win_rate_interval;
  double adjusted_win_rate_t = 0.0;
  std::optional<double> adjusted_mean_place;
  std::optional<Interval> adjusted_mean_place_interval;
  double adjusted_mean_place_t = 0.0;
  bool adjusted_fair = true;  // both intervals cover their expected values (true without adjust_luck)
};

struct FairnessVerdict {
  int players = 0;
  std::int64_t tournaments = 0;
  double expected_win_rate = 0.0;    // 1/N
  double expected_mean_place = 0.0;  // (N+1)/2
  double interval_level = 0.0;       // 1 - kLabelAlpha / (2 * labels), or / (4 * labels) adjusted
  bool adjusted = false;             // the cell kept luck (adjust_luck)
  std::vector<LabelFairness> labels;
  std::vector<double> seat_win_rate;  // [seat]
  std::optional<ChiSquareTest> seats;
  bool seats_fair = false;  // seats->p_value > kSeatAlpha

  bool passed() const;
};

// Judges a sit-and-go cell whose labels each hold one seat (what
// fairness_experiment() plays): every entry expects win rate 1/N and mean
// place (N+1)/2, whatever its label. A check without the data to decide (no
// interval with fewer than two tournaments) fails. Throws
// std::invalid_argument for a cell of another format.
FairnessVerdict judge_fairness(const CellStats& stats);

}  // namespace sngsim
