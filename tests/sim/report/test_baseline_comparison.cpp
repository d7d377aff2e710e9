// A label against a baseline (sim/report/baseline_comparison.h): read from
// paired[] as it stands, oriented label less baseline, with a verdict on the
// most precise interval and plan's count when it is not separated yet; and
// compare.baseline in the config.

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "sim/config/experiment_config.h"
#include "sim/report/baseline_comparison.h"
#include "sim/report/results_writer.h"
#include "sim/stats/sample_plan.h"
#include "tests/config_error_util.h"

namespace sngsim {
namespace {

LabelDifference difference(double estimate, double lo, double hi) {
  LabelDifference d;
  d.estimate = estimate;
  d.ci95_paired = Interval{lo, hi};
  return d;
}

// Labels a, b, c; the pairs (a, b), (a, c), (b, c) as summary.json holds them.
CellSummary three_labels(std::int64_t tournaments) {
  CellSummary cell;
  cell.labels = {"a", "b", "c"};
  cell.tournaments = tournaments;
  const auto pair = [](int a, int b, double roi, double lo, double hi) {
    PairSummary p;
    p.a = a;
    p.b = b;
    p.roi_diff = difference(roi, lo, hi);
    p.mean_place_diff = difference(-roi, -hi, -lo);
    p.win_rate_diff = difference(roi / 10, lo / 10, hi / 10);
    return p;
  };
  cell.paired = {pair(0, 1, 0.30, 0.10, 0.50), pair(0, 2, 0.05, -0.15, 0.25), pair(1, 2, -0.40, -0.60, -0.20)};
  return cell;
}

}  // namespace

TEST_CASE("baseline: a label less the baseline, oriented from paired[]", "[baseline]") {
  const CellSummary cell = three_labels(1000);
  // b against a: paired[] holds a less b, so every value flips.
  const Comparison b_vs_a = compare_labels(cell, 1, 0);
  CHECK(*b_vs_a.roi.estimate == Approx(-0.30));
  CHECK(b_vs_a.roi.ci95->lo == Approx(-0.50));
  CHECK(b_vs_a.roi.ci95->hi == Approx(-0.10));
  CHECK(*b_vs_a.mean_place.estimate == Approx(0.30));
  CHECK(b_vs_a.verdict == Verdict::kWorse);
  CHECK(b_vs_a.decided_on == "roi");
  CHECK_FALSE(b_vs_a.tournaments_needed);
  // a against b: as paired[] holds it.
  const Comparison a_vs_b = compare_labels(cell, 0, 1);
  CHECK(*a_vs_b.roi.estimate == Approx(0.30));
  CHECK(a_vs_b.verdict == Verdict::kBetter);
  CHECK(*a_vs_b.separation == Approx(1.5));
}

TEST_CASE("baseline: not separated yet names the tournaments plan says it needs", "[baseline]") {
  const CellSummary cell = three_labels(1000);
  const Comparison a_vs_c = compare_labels(cell, 0, 2);
  CHECK(a_vs_c.verdict == Verdict::kNotSeparated);
  // Half-width 0.2 over 1000 tournaments: sd = 0.2 * sqrt(1000) / t(999);
  // plan's count for a full width of 2 * 0.05.
  const double sd = 0.2 * std::sqrt(1000.0) / student_t_quantile(999);
  REQUIRE(a_vs_c.tournaments_needed);
  CHECK(*a_vs_c.tournaments_needed == units_for_width(sd, 0.1));
  CHECK(*a_vs_c.tournaments_needed > 1000);
}

TEST_CASE("baseline: duplicate cells count whole groups", "[baseline]") {
  CellSummary cell = three_labels(1200);
  for (PairSummary& pair : cell.paired) pair.groups = 200;  // groups of 6
  const Comparison a_vs_c = compare_labels(cell, 0, 2);
  const double sd = 0.2 * std::sqrt(200.0) / student_t_quantile(199);
  REQUIRE(a_vs_c.tournaments_needed);
  CHECK(*a_vs_c.tournaments_needed == units_for_width(sd, 0.1) * 6);
}

TEST_CASE("baseline: the luck-adjusted interval decides when there is one", "[baseline]") {
  CellSummary cell = three_labels(1000);
  AdjustedDifference adjusted;
  adjusted.estimate = 0.05;
  adjusted.ci95_paired = Interval{0.01, 0.09};  // separated, where the raw one is not
  cell.paired[1].roi_diff_adjusted = adjusted;
  const Comparison a_vs_c = compare_labels(cell, 0, 2);
  CHECK(a_vs_c.verdict == Verdict::kBetter);
  CHECK(a_vs_c.decided_on == "adjusted roi");
  const Comparison c_vs_a = compare_labels(cell, 2, 0);
  CHECK(c_vs_a.verdict == Verdict::kWorse);
  CHECK(c_vs_a.roi.adjusted_ci95->lo == Approx(-0.09));
}

TEST_CASE("baseline: without a prize the mean place decides, lower being better", "[baseline]") {
  CellSummary cell = three_labels(1000);
  for (PairSummary& pair : cell.paired) pair.roi_diff = LabelDifference{};
  const Comparison a_vs_b = compare_labels(cell, 0, 1);
  CHECK(a_vs_b.decided_on == "mean_place");
  CHECK(a_vs_b.verdict == Verdict::kBetter);
}

TEST_CASE("baseline: the rows of a cell and the console lines", "[baseline]") {
  const CellSummary cell = three_labels(1000);
  const std::vector<Comparison> against_b = cell_comparisons(cell, 1);
  REQUIRE(against_b.size() == 2);
  CHECK(against_b[0].label == 0);
  CHECK(against_b[1].label == 2);
  CHECK(against_b[1].verdict == Verdict::kBetter);  // c less b: -(b less c) = +0.40
  CHECK(cell_comparisons(cell, std::nullopt).size() == 3);

  const std::string with_baseline = comparison_console_text(cell, std::string("b"));
  CHECK(with_baseline.find("against b") != std::string::npos);
  CHECK(with_baseline.find("    a: better (roi)\n      ROI                +30.0 [+10.0, +50.0]") != std::string::npos);
  const std::string without = comparison_console_text(cell, std::nullopt, 1);
  // The best-separated pair is told from its better side: c above b.
  CHECK(without.find("    c vs b: better (roi)") != std::string::npos);
  CHECK(without.find("a vs b") == std::string::npos);
  CHECK(without.find("--baseline LABEL") != std::string::npos);
}

TEST_CASE("config: compare.baseline names a label of every tournament cell", "[config][baseline]") {
  const std::string lineup = "lineup:\n  - strategy: tag\n  - strategy: rock\n";
  CHECK(parse_experiment(lineup + "compare: {baseline: rock}\n", "t.yaml").baseline == "rock");
  CHECK_FALSE(parse_experiment(lineup, "t.yaml").baseline);
  CHECK(parse_experiment(lineup, "t.yaml", {"compare.baseline=tag"}).baseline == "tag");
  testing::check_config_error(lineup + "compare:\n  baseline: tagg\n", "t.yaml", 5, 13,
                              "compare.baseline 'tagg' is not a label of the lineup (did you mean 'tag'?); labels: "
                              "tag, rock");
  testing::check_config_error(lineup + "compare: rock\n", "t.yaml", 4, 10,
                              "compare must be a mapping {baseline: LABEL}, got 'rock'");
}

}  // namespace sngsim
