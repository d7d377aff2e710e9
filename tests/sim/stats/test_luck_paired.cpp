// Luck-adjusted comparisons of labels (issue 19): the adjusted paired
// differences (sim/stats/luck_summary.h, adjusted_difference) recomputed by
// hand from records, combined with duplicate seating; the stop rule on
// adjusted intervals; the planner (sim/stats/sample_plan.h); and the
// fairness check with adjust_luck. On real play: every pair's mean luck is
// zero within its interval and the raw and adjusted differences agree
// within the interval of their paired difference.

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/config/duplicate.h"
#include "sim/config/experiment_config.h"
#include "sim/run/runner.h"
#include "sim/stats/cell_stats.h"
#include "sim/stats/fairness.h"
#include "sim/stats/label_difference.h"
#include "sim/stats/luck_summary.h"
#include "sim/stats/sample_plan.h"
#include "sim/stats/stop_decision.h"
#include "sim/report/summary.h"
#include "tests/config_error_util.h"
#include "tests/luck_check_util.h"

namespace sngsim {
namespace {

constexpr auto kPlace = static_cast<std::size_t>(LuckMetric::kPlace);

Placement place(int first, int count = 1) {
  return Placement{static_cast<std::int8_t>(first), static_cast<std::int8_t>(count)};
}

// Three seats: label a holds one, b two; payouts 70/30; adjust_luck.
Cell cell_of(Seating seating) {
  Cell cell;
  cell.rules.players = 3;
  for (const char* label : {"a", "b", "b"}) {
    Entrant entrant;
    entrant.label = label;
    entrant.strategy = "test";
    cell.entrants.push_back(entrant);
  }
  cell.seating = seating;
  cell.payouts.percent = {70, 30};
  cell.adjust_luck = true;
  return cell;
}

// `luck` is each seat's place correction in places.
TournamentRecord record(std::vector<int> labels, std::vector<Placement> places, std::vector<double> luck = {0, 0, 0}) {
  TournamentRecord r;
  r.seats = 3;
  r.hands = 10;
  for (std::size_t s = 0; s < 3; ++s) {
    r.label[s] = static_cast<std::int8_t>(labels[s]);
    r.placement[s] = places[s];
    r.bust_hand[s] = static_cast<std::int16_t>(places[s].first == 1 ? 0 : 10);
    r.luck[s][kPlace] = std::llround(luck[s] * static_cast<double>(kLuckUnit));
  }
  return r;
}

// Two duplicate groups. Raw mean place of a less b's: -0.75 and 0. The
// first tournament's luck (a -0.5, each b +0.25 places: a's bad luck cost
// it half a place) makes the first group's adjusted difference -0.5 (a's
// adjusted places 1.5, 2, 1.5; b's 1.75, 2.75, 1, 3, 1.5, 3).
std::vector<std::vector<TournamentRecord>> groups() {
  return {
      {record({0, 1, 1}, {place(1), place(2), place(3)}, {-0.5, 0.25, 0.25}),
       record({1, 0, 1}, {place(1), place(2), place(3)}), record({1, 1, 0}, {place(1, 2), place(3), place(1, 2)})},
      {record({0, 1, 1}, {place(3), place(1), place(2)}), record({1, 0, 1}, {place(2), place(1), place(3)}),
       record({1, 1, 0}, {place(1), place(3), place(2)})},
  };
}

double variance(const std::vector<double>& x) {
  double mean = 0;
  for (const double v : x) mean += v / static_cast<double>(x.size());
  double sum = 0;
  for (const double v : x) sum += (v - mean) * (v - mean);
  return sum / static_cast<double>(x.size() - 1);
}

// a's mean place less b's in one tournament, raw or adjusted.
double tournament_difference(const TournamentRecord& r, bool adjusted) {
  double a = 0;
  double b = 0;
  for (std::size_t s = 0; s < 3; ++s) {
    const double value = r.placement[s].twice_mean() / 2.0 -
                         (adjusted ? static_cast<double>(r.luck[s][kPlace]) / static_cast<double>(kLuckUnit) : 0.0);
    (r.label[s] == 0 ? a : b) += value;
  }
  return a - b / 2;
}

Experiment six_max(std::int64_t tournaments, const std::string& extra) {
  return parse_experiment("seed: 5\ntournaments: " + std::to_string(tournaments) +
                              "\nadjust_luck: true\ntable: {players: 6, stack: 1000, blinds: turbo}\n" + extra +
                              "lineup:\n  - {label: tag, strategy: tag}\n  - {label: rock, strategy: rock}\n"
                              "  - {label: push, strategy: pushfold}\n  - {label: maniac, strategy: maniac}\n"
                              "  - {label: station, strategy: calling_station}\n  - {label: tag2, strategy: tag}\n"
                              "payouts: {places: [65, 35], buy_in: 10}\n",
                          "six.yaml", {});
}

}  // namespace

TEST_CASE("luck paired: adjusted differences of hand-made duplicate groups match brute force", "[luck][paired]") {
  const Cell cell = cell_of(Seating::kDuplicate);
  CellStats stats(cell);
  for (const auto& group : groups()) stats.add_group(group);
  const AdjustedDifference d = adjusted_difference(stats, 0, 1, Metric::kMeanPlace);
  CHECK(d.groups == 2);
  // Groups' adjusted differences -0.5 and 0: mean -0.25, standard error 0.25.
  REQUIRE(d.estimate);
  CHECK(*d.estimate == Approx(-0.25));
  REQUIRE(d.ci95_paired);
  CHECK(d.ci95_paired->lo == Approx(-0.25 - student_t_quantile(1) * 0.25));
  CHECK(d.ci95_paired->hi == Approx(-0.25 + student_t_quantile(1) * 0.25));
  // The luck of the difference: raw -0.375 less adjusted -0.25, per group
  // -0.25 and 0.
  REQUIRE(d.mean_luck);
  CHECK(*d.mean_luck == Approx(-0.125));
  REQUIRE(d.mean_luck_ci95);
  CHECK(d.mean_luck_ci95->hi - d.mean_luck_ci95->lo == Approx(2 * student_t_quantile(1) * 0.125));
  // var(raw groups) / var(adjusted groups) = var(-0.75, 0) / var(-0.5, 0).
  REQUIRE(d.variance_reduction);
  CHECK(*d.variance_reduction == Approx(0.28125 / 0.125));
  // Combined: random seating's raw variance of the mean (six tournaments)
  // over the adjusted groups' (two groups).
  std::vector<double> raw_tournaments;
  for (const auto& group : groups()) {
    for (const TournamentRecord& r : group) raw_tournaments.push_back(tournament_difference(r, false));
  }
  REQUIRE(d.combined_gain);
  CHECK(*d.combined_gain == Approx((variance(raw_tournaments) / 6) / (0.125 / 2)));
  // b against a is the mirror image.
  const AdjustedDifference mirror = adjusted_difference(stats, 1, 0, Metric::kMeanPlace);
  CHECK(*mirror.estimate == Approx(0.25));
  CHECK(mirror.ci95_paired->lo == Approx(-d.ci95_paired->hi));
  CHECK(*mirror.mean_luck == Approx(0.125));
  // Without luck terms the adjusted difference is the raw one.
  const LabelDifference raw = label_difference(*stats.paired(), 0, 1, Metric::kWinRate);
  const AdjustedDifference wins = adjusted_difference(stats, 0, 1, Metric::kWinRate);
  CHECK(*wins.estimate == Approx(*raw.estimate));
  CHECK(wins.ci95_paired->lo == Approx(raw.ci95_paired->lo));
  CHECK(wins.ci95_paired->hi == Approx(raw.ci95_paired->hi));
  CHECK(*wins.mean_luck == 0.0);
}

TEST_CASE("luck paired: summary.json's paired[] carries the adjusted differences with adjust_luck only",
          "[luck][paired][summary]") {
  Experiment experiment;
  experiment.cells = {cell_of(Seating::kDuplicate)};
  CellStats stats(experiment.cells[0]);
  for (const auto& group : groups()) stats.add_group(group);
  const nlohmann::json pair = summarize(experiment, {stats}, Provenance{})["cells"][0]["paired"][0];
  const AdjustedDifference d = adjusted_difference(stats, 0, 1, Metric::kMeanPlace);
  const nlohmann::json& adjusted = pair["mean_place_diff_adjusted"];
  CHECK(adjusted["estimate"].get<double>() == *d.estimate);
  CHECK(adjusted["ci95_paired"][0].get<double>() == d.ci95_paired->lo);
  CHECK(adjusted["mean_luck"].get<double>() == *d.mean_luck);
  CHECK(adjusted["variance_reduction"].get<double>() == *d.variance_reduction);
  CHECK(adjusted["combined_gain"].get<double>() == *d.combined_gain);
  CHECK(pair.contains("win_rate_diff_adjusted"));
  CHECK(pair.contains("roi_diff_adjusted"));

  experiment.cells[0].adjust_luck = false;
  CellStats plain(experiment.cells[0]);
  for (const auto& group : groups()) plain.add_group(group);
  const nlohmann::json raw_pair = summarize(experiment, {plain}, Provenance{})["cells"][0]["paired"][0];
  CHECK_FALSE(raw_pair.contains("mean_place_diff_adjusted"));
  CHECK(raw_pair["mean_place_diff"] == pair["mean_place_diff"]);
}

TEST_CASE("luck paired: without duplicate seating the adjusted pairs are the tournaments", "[luck][paired]") {
  const Cell cell = cell_of(Seating::kRandom);
  CellStats stats(cell);
  std::vector<double> adjusted;
  std::vector<double> raw;
  for (const auto& group : groups()) {
    for (const TournamentRecord& r : group) {
      stats.add(r);
      adjusted.push_back(tournament_difference(r, true));
      raw.push_back(tournament_difference(r, false));
    }
  }
  const AdjustedDifference d = adjusted_difference(stats, 0, 1, Metric::kMeanPlace);
  CHECK(d.groups == 0);
  CHECK_FALSE(d.combined_gain);
  double mean = 0;
  for (const double v : adjusted) mean += v / 6;
  CHECK(*d.estimate == Approx(mean));
  const double half = student_t_quantile(5) * std::sqrt(variance(adjusted) / 6);
  CHECK(d.ci95_paired->lo == Approx(mean - half));
  CHECK(d.ci95_paired->hi == Approx(mean + half));
  CHECK(*d.variance_reduction == Approx(variance(raw) / variance(adjusted)));
}

TEST_CASE("luck paired: accumulators merge in any order and survive a state round trip", "[luck][paired][run-state]") {
  const Cell cell = cell_of(Seating::kDuplicate);
  CellStats whole(cell);
  CellStats first(cell);
  CellStats second(cell);
  const auto all = groups();
  for (const auto& group : all) whole.add_group(group);
  first.add_group(all[1]);
  second.add_group(all[0]);
  first.merge(second);
  CHECK(first == whole);
  CellStats restored(cell);
  restored.restore(whole.state());
  CHECK(restored == whole);
  CHECK(whole.state()["luck"].contains("group_adjusted"));
}

TEST_CASE("luck paired: the stop rule watches adjusted intervals with adjusted: true", "[luck][stop]") {
  const Cell cell = cell_of(Seating::kDuplicate);
  CellStats stats(cell);
  for (const auto& group : groups()) stats.add_group(group);
  StopRule rule;
  rule.metric = Metric::kMeanPlace;
  rule.label = "a";
  rule.vs = "b";
  rule.adjusted = true;
  rule.ci_width = 7.0;
  const std::optional<Interval> watched = watched_interval(rule, stats);
  REQUIRE(watched);
  const AdjustedDifference d = adjusted_difference(stats, 0, 1, Metric::kMeanPlace);
  CHECK(watched->lo == d.ci95_paired->lo);
  CHECK(watched->hi == d.ci95_paired->hi);
  // Width 2 * t(1) * 0.25 = 6.35: the raw interval (9.53) would not stop.
  CHECK(stop_reason(rule, stats) == std::optional<std::string>("ci_width 6.35 <= 7 for adjusted mean_place a vs b "
                                                               "(paired, 2 groups) after 6 tournaments"));
  rule.adjusted = false;
  CHECK_FALSE(stop_reason(rule, stats));
  // One label's own adjusted interval.
  rule.adjusted = true;
  rule.vs.clear();
  rule.ci_width = 100.0;
  const LuckSummary own = summarize_luck(stats, 0, cell.payouts);
  REQUIRE(watched_interval(rule, stats));
  CHECK(watched_interval(rule, stats)->lo == own.mean_place.ci95->lo);
  // A cell without luck has no adjusted interval to watch.
  Cell plain = cell;
  plain.adjust_luck = false;
  CellStats plain_stats(plain);
  for (const auto& group : groups()) plain_stats.add_group(group);
  CHECK_FALSE(watched_interval(rule, plain_stats));
}

TEST_CASE("luck paired: the experiment reader checks stop.adjusted", "[luck][stop][config]") {
  const std::string lineup = "lineup:\n  - strategy: tag\n  - strategy: rock\n";
  const Experiment experiment =
      parse_experiment("tournaments: 1200\nadjust_luck: true\n" + lineup +
                           "stop: {metric: roi, label: tag, vs: rock, ci_width: 0.1, adjusted: true}\n",
                       "stop.yaml");
  REQUIRE(experiment.stop);
  CHECK(experiment.stop->adjusted);
  CHECK_FALSE(
      parse_experiment("tournaments: 1200\n" + lineup + "stop: {metric: roi, label: tag, ci_width: 0.1}\n", "stop.yaml")
          .stop->adjusted);
  testing::check_config_error(
      "tournaments: 1200\n" + lineup + "stop: {metric: roi, label: tag, ci_width: 0.1, adjusted: true}\n", "stop.yaml",
      5, 48, "stop.adjusted: true watches a luck-adjusted interval; it needs adjust_luck: true in every cell");
  testing::check_config_error("tournaments: 1200\nadjust_luck: true\n" + lineup +
                                  "stop: {metric: roi, label: tag, ci_width: 0.1, adjusted: yes please}\n",
                              "stop.yaml", 6, 58, "stop.adjusted must be one of false, true; got 'yes please'");
}

TEST_CASE(
    "luck paired: on real play every pair's mean luck is zero within its interval, duplicate seating and "
    "the adjustment combine",
    "[luck][paired]") {
  const Experiment experiment = six_max(1200, "seating: duplicate\n");
  const RunResult result = run_experiment(experiment, sngsim::testing::on_threads(2));
  const CellStats& stats = result.cells[0];
  REQUIRE(stats.luck() != nullptr);
  int checked = 0;
  double combined_roi = 0;
  double duplicate_roi = 0;
  for (int a = 0; a < stats.label_count(); ++a) {
    for (int b = a + 1; b < stats.label_count(); ++b) {
      for (const Metric metric : {Metric::kMeanPlace, Metric::kWinRate, Metric::kRoi}) {
        const AdjustedDifference d = adjusted_difference(stats, a, b, metric);
        const LabelDifference raw = label_difference(*stats.paired(), a, b, metric);
        REQUIRE(d.mean_luck_ci95);
        // 45 intervals: check at 3.5 standard errors (95%: 1.96).
        const double half = (d.mean_luck_ci95->hi - d.mean_luck_ci95->lo) / 2;
        INFO("pair " << a << " " << b << " metric " << metric_name(metric) << " mean luck " << *d.mean_luck);
        CHECK(std::abs(*d.mean_luck) < half * 3.5 / 1.96);
        // Raw and adjusted agree within the interval of their difference.
        CHECK(std::abs(*raw.estimate - *d.estimate) < half * 3.5 / 1.96);
        CHECK(*d.mean_luck == Approx(*raw.estimate - *d.estimate).margin(1e-9));
        if (metric == Metric::kRoi) {
          combined_roi += *d.combined_gain;
          duplicate_roi += *raw.effective_sample_gain;
        }
        ++checked;
      }
    }
  }
  CHECK(checked == 45);
  // Averaged over the 15 pairs, both reductions together beat duplicate
  // seating alone by far.
  INFO("mean combined gain " << combined_roi / 15 << ", duplicate alone " << duplicate_roi / 15);
  CHECK(combined_roi > 1.5 * duplicate_roi);
}

TEST_CASE("luck paired: the planner's counts follow from the pilot's variances", "[luck][plan]") {
  const Experiment experiment = six_max(600, "seating: duplicate\n");
  const RunResult result = run_experiment(experiment, sngsim::testing::on_threads(2));
  const CellStats& stats = result.cells[0];
  const SamplePlan plan = plan_difference(stats, 0, 1, Metric::kRoi, 0.2);
  CHECK(plan.pilot_tournaments == 600);
  CHECK(plan.pilot_groups == 100);
  CHECK(plan.group_size == 6);
  const auto row = [&plan](PlanDesign design) { return plan.rows[static_cast<std::size_t>(design)]; };
  for (int d = 0; d < kPlanDesignCount; ++d) {
    REQUIRE(plan.rows[static_cast<std::size_t>(d)].tournaments);
    REQUIRE(plan.rows[static_cast<std::size_t>(d)].sd_per_tournament);
  }
  // n = ceil((2 * 1.96 * sd / W)^2) units, a duplicate unit being 6 tournaments.
  const double sd = *row(PlanDesign::kRandomRaw).sd_per_tournament;
  CHECK(*row(PlanDesign::kRandomRaw).tournaments == units_for_width(sd, 0.2));
  CHECK(units_for_width(1.0, 2 * 1.959963984540054) == 2);  // at least two
  CHECK(units_for_width(10.0, 2 * 1.959963984540054) == 100);
  CHECK(*row(PlanDesign::kDuplicateAdjusted).tournaments % 6 == 0);
  // The raw random-seating sd is label_difference's per-tournament one.
  const AdjustedDifference d = adjusted_difference(stats, 0, 1, Metric::kRoi);
  CHECK(*row(PlanDesign::kRandomAdjusted).tournaments < *row(PlanDesign::kRandomRaw).tournaments);
  CHECK(*row(PlanDesign::kDuplicateAdjusted).tournaments < *row(PlanDesign::kDuplicateRaw).tournaments);
  CHECK(*row(PlanDesign::kDuplicateAdjusted).tournaments < *row(PlanDesign::kRandomAdjusted).tournaments);
  CHECK(*plan.adjusted_estimate == Approx(*d.estimate));
  // The duplicate-adjusted count is the random raw one over the combined gain.
  CHECK(static_cast<double>(*row(PlanDesign::kRandomRaw).tournaments) /
            static_cast<double>(*row(PlanDesign::kDuplicateAdjusted).tournaments) ==
        Approx(*d.combined_gain).epsilon(0.05));
}

TEST_CASE("luck paired: the fairness check passes with luck-adjusted metrics", "[luck][fairness]") {
  FairnessSetup setup;
  setup.players = 3;
  setup.tournaments = 4000;
  setup.seed = 2;
  setup.adjust_luck = true;
  const RunResult result = run_experiment(fairness_experiment(setup), sngsim::testing::on_threads(2));
  const FairnessVerdict verdict = judge_fairness(result.cells[0]);
  CHECK(verdict.adjusted);
  CHECK(verdict.interval_level == Approx(1 - kLabelAlpha / 12));
  for (const LabelFairness& label : verdict.labels) {
    INFO(label.label << " adjusted win rate " << *label.adjusted_win_rate << " t " << label.adjusted_win_rate_t);
    REQUIRE(label.adjusted_win_rate_interval);
    CHECK(label.adjusted_fair);
    // The adjustment narrows the win rate's interval.
    CHECK(label.adjusted_win_rate_interval->hi - label.adjusted_win_rate_interval->lo <
          label.win_rate_interval->hi - label.win_rate_interval->lo);
  }
  CHECK(verdict.passed());
  // Without adjust_luck nothing adjusted is judged.
  setup.adjust_luck = false;
  const FairnessVerdict plain =
      judge_fairness(run_experiment(fairness_experiment(setup), sngsim::testing::on_threads(2)).cells[0]);
  CHECK_FALSE(plain.adjusted);
  CHECK(plain.labels[0].adjusted_fair);
  CHECK_FALSE(plain.labels[0].adjusted_win_rate);
}

}  // namespace sngsim
