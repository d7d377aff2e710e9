// Seat-by-seat statistics and the fairness check (sim/stats/fairness.h): the seat
// accumulators of CellStats, their block in summary.json, the verdict on
// rigged data, and `sngsim check fairness` passing on identical bots and
// failing on an unfair field.
//
// Margins (sim/stats/fairness.h): label intervals at the Bonferroni level
// 1 - 0.001 / (2 * labels), seat chi-square p-value above 0.001; a fair
// simulator fails at most 0.2% of seeds, and the seeds here are fixed.
// SNGSIM_SOAK=1 adds the check at a million tournaments.

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "sim/stats/cell_stats.h"
#include "sim/config/experiment_config.h"
#include "sim/stats/fairness.h"
#include "sim/run/runner.h"
#include "sim/report/summary.h"
#include "tests/skip.h"
#include "tests/temp_dir.h"

namespace sngsim {
namespace {

using nlohmann::json;

bool soak_requested() {
  const char* soak = std::getenv("SNGSIM_SOAK");
  return soak != nullptr && std::string(soak) != "0" && !std::string(soak).empty();
}

// A cell of `players` entrants labelled L0, L1, ...
Cell make_cell(int players) {
  Cell cell;
  cell.rules.players = players;
  for (int i = 0; i < players; ++i) {
    Entrant entrant;
    entrant.label = "L" + std::to_string(i);
    entrant.strategy = "test";
    cell.entrants.push_back(entrant);
  }
  cell.payouts.percent = {100};
  return cell;
}

// A finished tournament: seat s holds label label_of_seat[s] and finishes at
// place_of_seat[s] (ties as {first, count}). Busts are spread over the
// first hands so the record is valid; nobody is left with chips but the
// winners.
TournamentRecord make_record(const std::vector<int>& label_of_seat, const std::vector<Placement>& place_of_seat) {
  TournamentRecord record;
  record.seats = static_cast<int>(label_of_seat.size());
  record.hands = 10;
  for (std::size_t s = 0; s < label_of_seat.size(); ++s) {
    record.label[s] = static_cast<std::int8_t>(label_of_seat[s]);
    record.placement[s] = place_of_seat[s];
    record.bust_hand[s] = static_cast<std::int16_t>(place_of_seat[s].first == 1 ? 0 : 1);
  }
  return record;
}

Placement place(int first, int count = 1) {
  return Placement{static_cast<std::int8_t>(first), static_cast<std::int8_t>(count)};
}

json summary_of(const Cell& cell, const CellStats& stats) {
  Experiment experiment;
  experiment.name = "fairness-test";
  experiment.cells = {cell};
  return summarize(experiment, {stats}, Provenance{});
}

FairnessVerdict play_and_judge(const Experiment& experiment) {
  RunOptions options;
  options.threads = 2;
  const RunResult result = run_experiment(experiment, options);
  REQUIRE(result.cells.size() == 1);
  return judge_fairness(result.cells[0]);
}

std::string describe(const FairnessVerdict& verdict) {
  std::string text;
  for (const LabelFairness& label : verdict.labels) {
    text += label.label + ": win " + std::to_string(label.win_rate) + " z " + std::to_string(label.win_rate_z) +
            ", mean place " + std::to_string(label.mean_place) + " t " + std::to_string(label.mean_place_t) + "\n";
  }
  if (verdict.seats) {
    text += "seats: chi-square " + std::to_string(verdict.seats->statistic) + " p " +
            std::to_string(verdict.seats->p_value) + "\n";
  }
  return text;
}

}  // namespace

TEST_CASE("seat accumulators count first places seat by seat and merge by sums", "[fairness]") {
  const Cell cell = make_cell(3);
  CellStats first_half(cell);
  CellStats second_half(cell);
  CellStats whole(cell);
  // L0 wins from seat 2; then L1 wins from seat 0; then seats 0 and 1 share
  // first place at the cap (R22).
  const TournamentRecord a = make_record({1, 2, 0}, {place(2), place(3), place(1)});
  const TournamentRecord b = make_record({1, 0, 2}, {place(1), place(2), place(3)});
  TournamentRecord c = make_record({0, 1, 2}, {place(1, 2), place(1, 2), place(3)});
  c.capped = true;
  c.final_chips = {1500, 1500, 0};
  first_half.add(a);
  second_half.add(b);
  second_half.add(c);
  for (const TournamentRecord& record : {a, b, c}) whole.add(record);

  CHECK(whole.seat_entries() == std::vector<std::int64_t>{3, 3, 3});
  CHECK(whole.seat_win_shares() == std::vector<std::int64_t>{kShareUnit + kShareUnit / 2, kShareUnit / 2, kShareUnit});
  first_half.merge(second_half);
  CHECK(first_half == whole);
  CHECK(first_half.seat_win_shares() == whole.seat_win_shares());

  // Same labels, places and head to head, only the seats differ: the label
  // view cannot tell them apart, operator== must.
  const Cell two = make_cell(2);
  CellStats at_seat_zero(two);
  CellStats at_seat_one(two);
  at_seat_zero.add(make_record({0, 1}, {place(1), place(2)}));
  at_seat_one.add(make_record({1, 0}, {place(2), place(1)}));
  CHECK(at_seat_zero.label_totals(0) == at_seat_one.label_totals(0));
  CHECK(at_seat_zero.head_to_head(0, 1) == at_seat_one.head_to_head(0, 1));
  CHECK(at_seat_zero.seat_win_shares() == std::vector<std::int64_t>{kShareUnit, 0});
  CHECK_FALSE(at_seat_zero == at_seat_one);
}

TEST_CASE("summary.json seats block: win rates, exact chi-square, its p-value and the interval methods", "[fairness]") {
  const Cell cell = make_cell(3);
  CellStats stats(cell);
  // Seat 0 wins 10 times, seat 1 20, seat 2 30, whichever label sits there:
  // chi-square (100 + 0 + 100) / 20 = 10 with two degrees of freedom,
  // p = exp(-5).
  for (int i = 0; i < 60; ++i) {
    const int winner = i < 10 ? 0 : i < 30 ? 1 : 2;
    std::vector<Placement> places(3);
    for (int s = 0; s < 3; ++s) places[static_cast<std::size_t>(s)] = place(1 + (s - winner + 3) % 3);
    stats.add(make_record({i % 3, (i + 1) % 3, (i + 2) % 3}, places));
  }
  json summary = summary_of(cell, stats);
  CHECK(summary["intervals"] ==
        json({{"level", 0.95}, {"proportion", "wilson"}, {"mean", "student-t"}, {"by_seat", "pearson-chi-square"}}));
  CHECK(summary["cells"][0]["seats"] == 3);  // players at the table, as before
  json seats = summary["cells"][0]["by_seat"];
  CHECK(seats["entries"] == json::array({60, 60, 60}));
  CHECK(seats["win_rate"][0].get<double>() == Approx(10.0 / 60.0));
  CHECK(seats["win_rate"][2].get<double>() == 0.5);
  CHECK(seats["chi_square"].get<double>() == 10.0);
  CHECK(seats["df"] == 2);
  CHECK(seats["p_value"].get<double>() == Approx(std::exp(-5.0)).epsilon(1e-12));

  // Two more tournaments in which seats 0 and 1 share first place at the
  // cap: seats hold 11, 21 and 30 wins of 62, and with 3 seats
  // chi-square = sum (3 wins - 62)^2 / (3 * 62) = (29^2 + 1 + 28^2) / 186.
  for (int i = 0; i < 2; ++i) {
    TournamentRecord shared = make_record({0, 1, 2}, {place(1, 2), place(1, 2), place(3)});
    shared.capped = true;
    shared.final_chips = {1500, 1500, 0};
    stats.add(shared);
  }
  seats = summary_of(cell, stats)["cells"][0]["by_seat"];
  CHECK(seats["win_rate"][0].get<double>() == Approx(11.0 / 62.0));
  CHECK(seats["chi_square"].get<double>() == Approx(1626.0 / 186.0).epsilon(1e-15));
  CHECK(seats["p_value"].get<double>() == Approx(std::exp(-1626.0 / 186.0 / 2.0)).epsilon(1e-12));

  // No tournament: nothing to test.
  const json empty = summary_of(cell, CellStats(cell))["cells"][0]["by_seat"];
  CHECK(empty["chi_square"].is_null());
  CHECK(empty["p_value"].is_null());
  CHECK(empty["win_rate"][0].is_null());
}

TEST_CASE("fairness verdict: labels fair, one seat favoured, FAIL on the seats alone", "[fairness]") {
  // 3000 three-player tournaments in blocks of three: within a block the
  // labels rotate through the seats and the same seat wins (and the same
  // seat comes second), so every label wins exactly 1000 times with mean
  // place exactly 2, while seat 0 wins 40% of the blocks and seats 1 and 2
  // 30% each: chi-square (600^2 + 2 * 300^2) / 9000 = 60.
  const Cell cell = make_cell(3);
  CellStats stats(cell);
  for (int block = 0; block < 1000; ++block) {
    const int winner = block < 400 ? 0 : block < 700 ? 1 : 2;
    for (int rotation = 0; rotation < 3; ++rotation) {
      std::vector<int> labels(3);
      std::vector<Placement> places(3);
      for (int s = 0; s < 3; ++s) {
        labels[static_cast<std::size_t>(s)] = (s + rotation) % 3;
        places[static_cast<std::size_t>(s)] = place(1 + (s - winner + 3) % 3);
      }
      stats.add(make_record(labels, places));
    }
  }
  const FairnessVerdict verdict = judge_fairness(stats);
  INFO(describe(verdict));
  REQUIRE(verdict.labels.size() == 3);
  CHECK(verdict.interval_level == Approx(1.0 - 0.001 / 6.0));
  for (const LabelFairness& label : verdict.labels) {
    CHECK(label.win_rate == Approx(1.0 / 3.0));
    CHECK(label.mean_place == 2.0);
    CHECK(label.win_rate_fair);
    CHECK(label.mean_place_fair);
  }
  REQUIRE(verdict.seats);
  CHECK(verdict.seats->statistic == 60.0);
  CHECK(verdict.seats->p_value < 1e-12);
  CHECK_FALSE(verdict.seats_fair);
  CHECK_FALSE(verdict.passed());
}

TEST_CASE("fairness check passes on six identical tag bots at a fixed seed", "[fairness]") {
  // 20,000 tournaments, about two seconds on two threads. With a fair
  // simulator the check fails at most 0.2% of seeds (Bonferroni-adjusted
  // label intervals, seat p-value above 0.001); this seed is fixed.
  const FairnessSetup setup{6, "tag", 20'000, 20240807};
  const Experiment experiment = fairness_experiment(setup);
  REQUIRE(experiment.cells.size() == 1);
  CHECK(experiment.cells[0].entrants.size() == 6);
  CHECK(experiment.cells[0].entrants[5].label == "tag-6");
  const FairnessVerdict verdict = play_and_judge(experiment);
  INFO(describe(verdict));
  CHECK(verdict.tournaments == 20'000);
  CHECK(verdict.labels.size() == 6);
  CHECK(verdict.seat_win_rate.size() == 6);
  CHECK(verdict.seats_fair);
  CHECK(verdict.passed());
}

TEST_CASE("fairness check passes heads-up with a different strategy", "[fairness]") {
  const FairnessVerdict verdict = play_and_judge(fairness_experiment({2, "pushfold", 10'000, 7}));
  INFO(describe(verdict));
  CHECK(verdict.players == 2);
  CHECK(verdict.passed());
}

TEST_CASE("fairness check fails an unfair field: tag among random bots labelled alike", "[fairness]") {
  // The labels the check would use, but only tag-1 plays tag; the other two
  // play random. tag-1 must show up as favoured, and the two random ones as
  // losing; the seats stay fair because the seating is random.
  const Experiment experiment = parse_experiment(
      "seed: 5\ntournaments: 1000\ntable: {players: 3}\nlineup:\n"
      "  - {strategy: tag, label: tag-1}\n"
      "  - {strategy: random, label: tag-2}\n"
      "  - {strategy: random, label: tag-3}\n",
      "unfair.yaml");
  const FairnessVerdict verdict = play_and_judge(experiment);
  INFO(describe(verdict));
  REQUIRE(verdict.labels.size() == 3);
  CHECK_FALSE(verdict.passed());
  CHECK_FALSE(verdict.labels[0].win_rate_fair);
  CHECK_FALSE(verdict.labels[0].mean_place_fair);
  CHECK(verdict.labels[0].win_rate_z > 10.0);
  CHECK(verdict.labels[0].mean_place_t < -10.0);
  CHECK_FALSE(verdict.labels[1].win_rate_fair);
}

TEST_CASE("fairness soak: a million six-player tournaments (SNGSIM_SOAK=1)", "[fairness][soak]") {
  if (!soak_requested()) {
    SKIP_TEST("set SNGSIM_SOAK=1 to play the check at a million tournaments");
  }
  const FairnessVerdict verdict = play_and_judge(fairness_experiment({6, "tag", 1'000'000, 1}));
  INFO(describe(verdict));
  CHECK(verdict.passed());
}

}  // namespace sngsim
