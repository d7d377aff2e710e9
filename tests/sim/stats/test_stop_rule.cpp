// The stopping rule (sim/stats/stop_decision): the interval it watches is the one
// summary.json reports, it stops exactly when that interval is narrow
// enough, and the experiment reader checks `stop:` and `seating: duplicate`
// with file:line:column errors.

#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/config_error_util.h"
#include "sim/stats/cell_stats.h"
#include "sim/config/duplicate.h"
#include "sim/config/experiment_config.h"
#include "sim/stats/label_difference.h"
#include "sim/stats/stop_decision.h"
#include "sim/report/summary.h"

namespace sngsim {
namespace {

using nlohmann::json;

constexpr const char* kFile = "stop.yaml";

Placement place(int first, int count = 1) {
  return Placement{static_cast<std::int8_t>(first), static_cast<std::int8_t>(count)};
}

// Three seats: label a holds one, b two; payouts 70/30.
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
  return cell;
}

TournamentRecord record(std::vector<int> labels, std::vector<Placement> places) {
  TournamentRecord r;
  r.seats = 3;
  r.hands = 10;
  for (std::size_t s = 0; s < 3; ++s) {
    r.label[s] = static_cast<std::int8_t>(labels[s]);
    r.placement[s] = places[s];
    r.bust_hand[s] = static_cast<std::int16_t>(places[s].first == 1 ? 0 : 10);
  }
  return r;
}

// Two duplicate groups: a's mean place minus b's is -0.75 in the first and
// 0 in the second.
std::vector<std::vector<TournamentRecord>> groups() {
  return {
      {record({0, 1, 1}, {place(1), place(2), place(3)}), record({1, 0, 1}, {place(1), place(2), place(3)}),
       record({1, 1, 0}, {place(1, 2), place(3), place(1, 2)})},
      {record({0, 1, 1}, {place(3), place(1), place(2)}), record({1, 0, 1}, {place(2), place(1), place(3)}),
       record({1, 1, 0}, {place(1), place(3), place(2)})},
  };
}

json summary_cell(const Cell& cell, const CellStats& stats) {
  Experiment experiment;
  experiment.cells = {cell};
  return summarize(experiment, {stats}, Provenance{})["cells"][0];
}

Interval interval_of(const json& pair) { return Interval{pair[0].get<double>(), pair[1].get<double>()}; }

void check_error(const std::string& text, int line, int column, const std::string& message,
                 const std::vector<std::string>& overrides = {}) {
  testing::check_config_error(text, kFile, line, column, message, overrides);
}

const std::string kTwoLabels = "lineup:\n  - strategy: tag\n  - strategy: rock\n";

}  // namespace

TEST_CASE("stop rule: a paired difference stops exactly when its summary interval is narrow enough", "[stop]") {
  const Cell cell = cell_of(Seating::kDuplicate);
  CellStats stats(cell);
  StopRule rule;
  rule.metric = Metric::kMeanPlace;
  rule.label = "a";
  rule.vs = "b";
  rule.ci_width = 10.0;
  CHECK_FALSE(stop_reason(rule, stats));  // nothing played yet
  for (const auto& group : groups()) stats.add_group(group);

  // Student t over the two groups' differences -0.75 and 0: half-width
  // t(1) * (0.75 / sqrt 2) / sqrt 2 = 4.76 places.
  const std::optional<Interval> watched = watched_interval(rule, stats);
  REQUIRE(watched);
  const json pair = summary_cell(cell, stats)["paired"][0];
  REQUIRE(pair["a"] == "a");
  CHECK(watched->lo == interval_of(pair["mean_place_diff"]["ci95_paired"]).lo);
  CHECK(watched->hi == interval_of(pair["mean_place_diff"]["ci95_paired"]).hi);
  CHECK(watched->hi - watched->lo == Approx(2 * student_t_quantile(1) * 0.375));

  CHECK(stop_reason(rule, stats) ==
        std::optional<std::string>("ci_width 9.53 <= 10 for mean_place a vs b (paired, 2 groups) after 6 tournaments"));
  rule.ci_width = 9.5;
  CHECK_FALSE(stop_reason(rule, stats));
  // b against a watches the mirror image, of the same width.
  rule.label = "b";
  rule.vs = "a";
  rule.ci_width = 10.0;
  CHECK(stop_reason(rule, stats));
}

TEST_CASE("stop rule: one label's own interval is read from players in the summary", "[stop]") {
  const Cell cell = cell_of(Seating::kDuplicate);
  CellStats stats(cell);
  for (const auto& group : groups()) stats.add_group(group);
  const json players = summary_cell(cell, stats)["players"];
  for (const Metric metric : {Metric::kMeanPlace, Metric::kWinRate, Metric::kRoi}) {
    StopRule rule;
    rule.metric = metric;
    rule.label = "b";
    rule.ci_width = 100.0;
    const std::optional<Interval> watched = watched_interval(rule, stats);
    REQUIRE(watched);
    const Interval reported = interval_of(players["b"][std::string(metric_name(metric)) + "_ci95"]);
    CHECK(watched->lo == reported.lo);
    CHECK(watched->hi == reported.hi);
    CHECK(stop_reason(rule, stats)->find(std::string(" for ") + metric_name(metric) + " b after 6 tournaments") !=
          std::string::npos);
  }
  StopRule unknown;
  unknown.label = "c";
  CHECK_FALSE(watched_interval(unknown, stats));
}

TEST_CASE("stop rule: without duplicate seating the pairs are the tournaments", "[stop]") {
  const Cell cell = cell_of(Seating::kRandom);
  CellStats stats(cell);
  for (const auto& group : groups()) {
    for (const TournamentRecord& r : group) stats.add(r);
  }
  StopRule rule;
  rule.metric = Metric::kWinRate;
  rule.label = "a";
  rule.vs = "b";
  rule.ci_width = 5.0;
  const std::optional<Interval> watched = watched_interval(rule, stats);
  REQUIRE(watched);
  const json pair = summary_cell(cell, stats)["paired"][0];
  CHECK(pair["groups"] == 0);
  CHECK(watched->lo == interval_of(pair["win_rate_diff"]["ci95_paired"]).lo);
  const std::string reason = stop_reason(rule, stats).value_or("");
  const std::string tail = " <= 5 for win_rate a vs b (paired by tournament) after 6 tournaments";
  CHECK(reason.rfind("ci_width ", 0) == 0);
  REQUIRE(reason.size() > tail.size());
  CHECK(reason.substr(reason.size() - tail.size()) == tail);
}

TEST_CASE("stop rule: summary.json says which cells stopped, and why", "[stop]") {
  Experiment experiment;
  experiment.cells = {cell_of(Seating::kRandom), cell_of(Seating::kRandom)};
  std::vector<CellStats> cells(2, CellStats(experiment.cells[0]));
  Provenance provenance;
  json summary = summarize(experiment, cells, provenance);
  CHECK(summary["cells"][0]["stopped"].is_null());
  provenance.stop_reasons = {"ci_width 0.0098 <= 0.01 for win_rate a after 0 tournaments", ""};
  summary = summarize(experiment, cells, provenance);
  CHECK(summary["cells"][0]["stopped"] ==
        json{{"reason", "ci_width 0.0098 <= 0.01 for win_rate a after 0 tournaments"}, {"tournaments", 0}});
  CHECK(summary["cells"][1]["stopped"].is_null());
  provenance.stop_reasons = {"one"};
  CHECK_THROWS_AS(summarize(experiment, cells, provenance), std::invalid_argument);
}

TEST_CASE("stop rule: the experiment reader fills in and checks stop", "[stop][config]") {
  const std::string base = "tournaments: 1200\n" + kTwoLabels;
  const Experiment experiment =
      parse_experiment(base + "stop:\n  metric: roi\n  label: tag\n  vs: rock\n  ci_width: 0.02\n", kFile);
  REQUIRE(experiment.stop);
  CHECK(experiment.stop->metric == Metric::kRoi);
  CHECK(experiment.stop->label == "tag");
  CHECK(experiment.stop->vs == "rock");
  CHECK(experiment.stop->ci_width == 0.02);
  CHECK(experiment.stop->batch == 1000);
  CHECK_FALSE(parse_experiment(base, kFile).stop);
  // The default batch is whole duplicate groups: 1000 rounded up to 3s.
  CHECK(parse_experiment("tournaments: 1200\ntable: {players: 3}\nseating: duplicate\n" + kTwoLabels +
                             "stop: {metric: win_rate, label: tag, ci_width: 0.1}\n",
                         kFile)
            .stop->batch == 1002);
  // --set reaches into stop.
  CHECK(parse_experiment(base + "stop: {metric: win_rate, label: tag, ci_width: 0.1}\n", kFile, {"stop.ci_width=0.5"})
            .stop->ci_width == 0.5);

  const std::string stop = base + "stop:\n";
  check_error(stop + "  metric: winrate\n  label: tag\n  ci_width: 0.1\n", 6, 11,
              "stop.metric must be one of mean_place, win_rate, roi; got 'winrate' (did you mean 'win_rate'?)");
  check_error(stop + "  metric: roi\n  label: tagg\n  ci_width: 0.1\n", 7, 10,
              "stop.label 'tagg' is not a label of the lineup (did you mean 'tag'?); labels: tag, rock");
  check_error(stop + "  metric: roi\n  label: tag\n  vs: tag\n  ci_width: 0.1\n", 8, 7,
              "stop.vs must name another label than stop.label ('tag')");
  check_error(stop + "  metric: roi\n  label: tag\n  ci_width: 0\n", 8, 13,
              "stop.ci_width must be a number above 0, got '0'");
  check_error(stop + "  metric: roi\n  label: tag\n  ci_width: wide\n", 8, 13,
              "stop.ci_width must be a number above 0, got 'wide'");
  check_error(stop + "  metric: roi\n  label: tag\n", 6, 3, "stop needs 'ci_width'");
  check_error(stop + "  metric: roi\n  label: tag\n  ci_width: 0.1\n  max_tournaments: 5000\n", 9, 3,
              "stop.max_tournaments: with stop, `tournaments` is the most a cell plays; write tournaments: 5000 "
              "instead");
  check_error(stop + "  metric: roi\n  label: tag\n  ci_width: 0.1\n  bacth: 10\n", 9, 3,
              "unknown key 'bacth' in stop (did you mean 'batch'?)");
  check_error("tournaments: 1200\ntable: {players: 3}\nseating: duplicate\n" + kTwoLabels +
                  "stop: {metric: roi, label: tag, ci_width: 0.1, batch: 1000}\n",
              7, 55, "stop.batch 1000 is not a multiple of 3, the tournaments of one duplicate group");
  check_error("format: cash\n" + kTwoLabels + "stop: {metric: roi, label: tag, ci_width: 0.1}\n", 5, 1,
              "stop applies to sit-and-go and shoot-out cells (format is cash)");
  check_error(base + "stop: {metric: roi, label: tag, ci_width: 0.1}\nmatrix:\n  stop.ci_width: [0.1, 0.2]\n", 7, 3,
              "matrix key 'stop.ci_width': name, seed, tournaments, matrix and stop are the same for every cell and "
              "cannot vary");
}

TEST_CASE("duplicate: the experiment reader makes whole groups or says why not", "[duplicate][config]") {
  const Experiment experiment = parse_experiment(
      "tournaments: 1200\ntable: {players: 4}\nseating: duplicate\nduplicate: {permutations: all}\n" + kTwoLabels,
      kFile);
  CHECK(experiment.cells.at(0).seating == Seating::kDuplicate);
  CHECK(experiment.cells.at(0).duplicate.all_permutations);
  CHECK_FALSE(parse_experiment("tournaments: 1200\ntable: {players: 4}\nseating: duplicate\n" + kTwoLabels, kFile)
                  .cells.at(0)
                  .duplicate.all_permutations);

  check_error("tournaments: 1000\ntable: {players: 3}\nseating: duplicate\n" + kTwoLabels, 1, 14,
              "tournaments 1000 is not a multiple of 3, the tournaments of one duplicate group (every rotation of 3 "
              "seats); use 999 or 1002");
  // Without a tournaments key the seating takes the blame.
  check_error("table: {players: 6}\nseating: duplicate\n" + kTwoLabels, 2, 10,
              "tournaments 1000 is not a multiple of 6, the tournaments of one duplicate group (every rotation of 6 "
              "seats); use 996 or 1002");
  check_error("table: {players: 6}\nseating: duplicate\n" + kTwoLabels, 0, 0,
              "--set tournaments=100: tournaments 100 is not a multiple of 6, the tournaments of one duplicate group "
              "(every rotation of 6 seats); use 96 or 102",
              {"tournaments=100"});
  check_error(
      "tournaments: 720\ntable: {players: 4}\nseating: duplicate\nduplicate: {permutations: every}\n" + kTwoLabels, 4,
      27, "duplicate.permutations must be one of rotations, all; got 'every'");
  check_error("tournaments: 720\nseating: rotate\nduplicate: {permutations: all}\n" + kTwoLabels, 3, 1,
              "duplicate is only read with seating: duplicate (seating is rotate)");
  check_error("tournaments: 720\nseating: duplicate\nduplicate: {permutations: everything}\n" + kTwoLabels, 3, 27,
              "duplicate.permutations must be one of rotations, all; got 'everything'");
  check_error(
      "tournaments: 900\nformat: shootout\nshootout: {tables: 3}\ntable: {players: 3}\nseating: duplicate\n"
      "duplicate: {permutations: all}\n" +
          kTwoLabels,
      6, 27,
      "duplicate.permutations: all would play 9! tournaments per group; it is for fields of at most 6 seats "
      "(the field is 9); use rotations");
  // A 3 x 3 shoot-out plays 4 table-mates rounds of 3 seat turns a group.
  check_error("tournaments: 1000\nformat: shootout\nshootout: {tables: 3}\ntable: {players: 3}\nseating: duplicate\n" +
                  kTwoLabels,
              1, 14,
              "tournaments 1000 is not a multiple of 12, the tournaments of one duplicate group (4 rounds of "
              "table-mates, each turned through every seat); use 996 or 1008");
  // run --tournaments N reaches the reader as the override tournaments=N:
  // the same check, naming the override.
  check_error("tournaments: 1200\ntable: {players: 3}\n" + kTwoLabels + "matrix:\n  seating: [random, duplicate]\n", 0,
              0,
              "matrix cell seating=duplicate: --set tournaments=1000: tournaments 1000 is not a multiple of 3, the "
              "tournaments of one duplicate group (every rotation of 3 seats); use 999 or 1002",
              {"tournaments=1000"});
  check_error("format: cash\nseating: duplicate\n" + kTwoLabels, 2, 10,
              "seating: duplicate applies to sit-and-go and shoot-out cells (format is cash)");
  // A matrix may put duplicate beside random seating; every duplicate cell
  // is checked, and the error names the cell.
  CHECK(
      parse_experiment(
          "tournaments: 1200\ntable: {players: 4}\n" + kTwoLabels + "matrix:\n  seating: [random, duplicate]\n", kFile)
          .cells.size() == 2);
  check_error("tournaments: 1000\n" + kTwoLabels + "matrix:\n  seating: [random, duplicate]\n  table.players: [4, 6]\n",
              1, 14,
              "matrix cell seating=duplicate, table.players=6: tournaments 1000 is not a multiple of 6, the "
              "tournaments of one duplicate group (every rotation of 6 seats); use 996 or 1002");
}

}  // namespace sngsim
