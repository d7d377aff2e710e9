// Every game in the rule sheets: prizes (V6: shared places, the fee, ICM at
// the hand cap, shoot-outs), the cash table (V7), the shipped variant configs
// and the replay of their hand histories.

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/cash_table.h"
#include "sim/formats/cash_session.h"
#include "sim/stats/cell_stats.h"
#include "sim/config/experiment_config.h"
#include "sim/report/results_writer.h"
#include "sim/run/runner.h"
#include "sim/formats/shootout.h"
#include "sim/report/summary.h"
#include "poker_math/icm.h"
#include "tests/config_error_util.h"
#include "tests/hand_test_util.h"

namespace sngsim {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kConfigs = std::string(SNGSIM_SOURCE_DIR) + "/configs/";

Provenance test_provenance() {
  Provenance provenance;
  provenance.version = "test";
  provenance.commit = "test";
  provenance.config_hash = "test";
  provenance.threads = 1;
  return provenance;
}

json summary_of(const Experiment& experiment, const std::vector<CellStats>& cells) {
  json summary = summarize(experiment, cells, test_provenance());
  summary.erase("provenance");  // threads and wall time
  return summary;
}

RunResult run(const Experiment& experiment, int threads) {
  RunOptions options;
  options.threads = threads;
  return run_experiment(experiment, options);
}

Placement place(int first, int count = 1) {
  return Placement{static_cast<std::int8_t>(first), static_cast<std::int8_t>(count)};
}

// A sit-and-go cell of one label per seat.
Cell sng_cell(const std::vector<std::string>& labels, std::vector<int> percent, Chips buy_in = 100, int fee = 0) {
  Cell cell;
  cell.rules.players = static_cast<int>(labels.size());
  for (const std::string& label : labels) {
    Entrant entrant;
    entrant.label = label;
    entrant.strategy = "test";
    cell.entrants.push_back(entrant);
  }
  cell.payouts.percent = std::move(percent);
  cell.payouts.buy_in = buy_in;
  cell.payouts.fee_percent = fee;
  return cell;
}

Experiment experiment_of(const Cell& cell) {
  Experiment experiment;
  experiment.name = "variants";
  experiment.tournaments = 1;
  experiment.cells = {cell};
  return experiment;
}

// ---- scripted strategies ----------------------------------------------------

// Raises the minimum whenever it may, else checks or calls.
class MinRaiser final : public Strategy {
 public:
  Action decide(const Observation& o) override {
    return o.legal.can_raise ? Action::raise_to(o.legal.min_raise_to) : Action::check_call();
  }
};

// Folds to any bet; checks when checking is free.
class Folder final : public Strategy {
 public:
  Action decide(const Observation& o) override { return o.legal.can_fold ? Action::fold() : Action::check_call(); }
};

template <typename S>
const StrategyInfo& scripted_info(const char* name) {
  static const StrategyInfo info{name, "scripted test strategy", {}, [](const StrategyParams&) -> StrategyMaker {
                                   return [](const StrategyContext&) -> std::unique_ptr<Strategy> {
                                     return std::make_unique<S>();
                                   };
                                 }};
  return info;
}

Entrant scripted_entrant(const std::string& label, const StrategyInfo& info) {
  Entrant entrant;
  entrant.label = label;
  entrant.strategy = info.name;
  entrant.info = &info;
  entrant.make = info.bind(entrant.params);
  return entrant;
}

// Heads-up cash cell, blinds 10/20, buy-in 100 bb, re-buy below 40 bb: the
// min-raiser against the folder.
Experiment raiser_vs_folder(int hands, std::int64_t sessions) {
  Experiment experiment = parse_experiment(
      "format: cash\n"
      "cash: {hands: " +
          std::to_string(hands) +
          ", blinds: [10, 20], buy_in_bb: 100, rebuy_below_bb: 40}\n"
          "table: {players: 2}\n"
          "lineup: [{strategy: random}]\n",
      "raiser-vs-folder.yaml");
  experiment.tournaments = sessions;
  Cell& cell = experiment.cells.at(0);
  cell.entrants = {scripted_entrant("raiser", scripted_info<MinRaiser>("min_raiser")),
                   scripted_entrant("folder", scripted_info<Folder>("folder"))};
  return experiment;
}

}  // namespace

// ---- V6 prizes ---------------------------------------------------------------

TEST_CASE("V6 players sharing places share those places' prizes exactly, after the fee", "[variants]") {
  // Buy-in 110 with a 10% fee: the pool is 4 x 99 = 396. B and C bust in the
  // same hand with equal chips and share 2nd-3rd: (30% + 20%) / 2 = 25% each.
  const Cell cell = sng_cell({"A", "B", "C", "D"}, {50, 30, 20}, 110, 10);
  CellStats stats(cell);
  TournamentRecord record;
  record.seats = 4;
  record.hands = 9;
  const std::array<Placement, 4> places{place(1), place(2, 2), place(2, 2), place(4)};
  for (int s = 0; s < 4; ++s) {
    record.label[static_cast<std::size_t>(s)] = static_cast<std::int8_t>(s);
    record.placement[static_cast<std::size_t>(s)] = places[static_cast<std::size_t>(s)];
  }
  record.final_chips[0] = 4000;
  record.bust_hand = {0, 9, 9, 4};
  stats.add(record);
  CHECK(stats.label_totals(1).prize_units == 25 * kShareUnit);
  CHECK(stats.label_totals(1).prize_units == stats.label_totals(2).prize_units);

  const json c = summary_of(experiment_of(cell), {stats})["cells"][0];
  CHECK(c["payouts"]["prize_pool"].get<double>() == 396.0);
  CHECK(c["players"]["A"]["mean_prize"].get<double>() == 198.0);
  CHECK(c["players"]["B"]["mean_prize"].get<double>() == 99.0);
  CHECK(c["players"]["C"]["mean_prize"].get<double>() == 99.0);
  CHECK(c["players"]["D"]["mean_prize"].get<double>() == 0.0);
  CHECK(c["players"]["B"]["roi"].get<double>() == Approx(99.0 / 110.0 - 1.0).epsilon(1e-15));
  CHECK(c["players"]["B"]["itm_rate"].get<double>() == 1.0);  // both covered places pay
}

TEST_CASE("V6 the fee is at most 10% of the buy-in", "[variants]") {
  const std::string lineup = "lineup: [{strategy: random}]\n";
  CHECK(parse_experiment("payouts: {buy_in: 110, fee: 10}\n" + lineup, "f.yaml").cells[0].payouts.fee_percent == 10);
  CHECK_THROWS_WITH(parse_experiment("payouts: {buy_in: 110, fee: 11}\n" + lineup, "f.yaml"),
                    Catch::Contains("payouts.fee must be between 0 and 10, got 11"));
}

// A tournament of three the cap ends with A 2000, B 1000 and C busted (3rd),
// and one that ends normally with the order reversed.
TournamentRecord capped_record() {
  TournamentRecord record;
  record.seats = 3;
  record.hands = 120;
  record.capped = true;
  record.label = {0, 1, 2};
  record.placement = {place(1), place(2), place(3)};
  record.final_chips = {2000, 1000, 0};
  record.bust_hand = {0, 0, 50};
  return record;
}

TournamentRecord reversed_record() {
  TournamentRecord record = capped_record();
  record.hands = 90;
  record.capped = false;
  record.placement = {place(3), place(2), place(1)};
  record.final_chips = {0, 0, 3000};
  record.bust_hand = {60, 90, 0};
  return record;
}

TEST_CASE("V6 icm_at_cap values the survivors of a capped tournament by Malmuth-Harville", "[variants]") {
  // Three players, [65, 35], pool 300. The cap ends it with A 2000, B 1000
  // and C busted (3rd). By chips A gets 195 and B 105; by ICM A finishes
  // first 2/3 of the time: A = 2/3 65% + 1/3 35% = 55% (165), B = 45% (135).
  Cell cell = sng_cell({"A", "B", "C"}, {65, 35});
  cell.payouts.icm_at_cap = IcmAtCap::kAlways;
  const TournamentRecord record = capped_record();

  const std::vector<double> equity = icm_equity(std::vector<double>{2000, 1000}, std::vector<double>{65, 35});
  CHECK(equity[0] == Approx(55.0));

  CellStats stats(cell);
  stats.add(record);
  CHECK(stats.label_totals(0).icm_prize_units == 55 * kShareUnit * kIcmScale);
  CHECK(stats.label_totals(1).icm_prize_units == 45 * kShareUnit * kIcmScale);
  CHECK(stats.label_totals(2).icm_prize_units == 0);
  CHECK(stats.label_totals(0).prize_units == 65 * kShareUnit);  // the chip ranking is unchanged

  // A tournament that ends normally pays exact prizes in both columns.
  TournamentRecord finished = record;
  finished.capped = false;
  finished.final_chips = {3000, 0, 0};
  finished.bust_hand = {0, 80, 50};
  stats.add(finished);

  const json p = summary_of(experiment_of(cell), {stats})["cells"][0]["players"];
  CHECK(p["A"]["mean_prize"].get<double>() == 195.0);  // (195 + 195) / 2
  CHECK(p["A"]["icm_prize"].get<double>() == 180.0);   // (165 + 195) / 2
  CHECK(p["B"]["icm_prize"].get<double>() == 120.0);   // (135 + 105) / 2
  CHECK(p["A"]["icm_roi"].get<double>() == Approx(0.8));
  CHECK(p["C"]["icm_roi"].get<double>() == -1.0);
  CHECK(p["A"]["icm_roi_ci95"].is_array());

  // Any split of the work gives the same integers.
  CellStats first(cell);
  first.add(finished);
  CellStats second(cell);
  second.add(record);
  second.merge(first);
  CHECK(second == stats);

  // Off: no ICM column.
  cell.payouts.icm_at_cap = IcmAtCap::kNever;
  CellStats plain(cell);
  plain.add(record);
  CHECK(plain.label_totals(0).icm_prize_units == 0);
  CHECK(summary_of(experiment_of(cell), {plain})["cells"][0]["players"]["A"]["icm_roi"].is_null());
}

TEST_CASE("V6 icm_at_cap auto, the default, reports ICM values exactly when the cap ended a tournament", "[variants]") {
  Cell cell = sng_cell({"A", "B", "C"}, {65, 35});
  REQUIRE(cell.payouts.icm_at_cap == IcmAtCap::kWhenCapped);
  CellStats stats(cell);
  stats.add(reversed_record());
  json c = summary_of(experiment_of(cell), {stats})["cells"][0];
  CHECK(c["payouts"]["icm_at_cap"] == false);  // nothing capped: the summary is as with false
  CHECK(c["players"]["A"]["icm_prize"].is_null());
  CHECK(c["players"]["A"]["capped_icm_prize"].is_null());

  stats.add(capped_record());
  c = summary_of(experiment_of(cell), {stats})["cells"][0];
  CHECK(c["payouts"]["icm_at_cap"] == true);
  CHECK(c["players"]["A"]["icm_prize"].get<double>() == 82.5);  // (0 + 165) / 2: ICM 55% of 300 at the cap
  CHECK(c["players"]["C"]["icm_prize"].get<double>() == 97.5);  // (195 + 0) / 2

  // The same numbers as icm_at_cap: true, in any order.
  cell.payouts.icm_at_cap = IcmAtCap::kAlways;
  CellStats always(cell);
  always.add(capped_record());
  always.add(reversed_record());
  CHECK(summary_of(experiment_of(cell), {always})["cells"][0]["players"] == c["players"]);
}

TEST_CASE("R21 the rank order at the cap against the finishers of uncapped tournaments", "[variants]") {
  const Cell cell = sng_cell({"A", "B", "C"}, {65, 35});
  CellStats stats(cell);
  for (int i = 0; i < 3; ++i) stats.add(reversed_record());
  stats.add(capped_record());
  const json c = summary_of(experiment_of(cell), {stats})["cells"][0];
  CHECK(c["capped"] == 1);
  CHECK(c["capped_fraction"].get<double>() == 0.25);
  const std::optional<Interval> wilson = wilson_interval(1.0, 4.0);
  CHECK(c["capped_fraction_ci95"][0].get<double>() == wilson->lo);
  CHECK(c["capped_fraction_ci95"][1].get<double>() == wilson->hi);
  const json& a = c["players"]["A"];
  CHECK(a["capped_entries"] == 1);
  CHECK(a["capped_mean_place"].get<double>() == 1.0);    // first by chips at the cap
  CHECK(a["uncapped_mean_place"].get<double>() == 3.0);  // last whenever the tournament ended
  CHECK(a["capped_mean_place_ci95"].is_null());          // one capped entry: no interval
  CHECK(a["uncapped_mean_place_ci95"].is_array());
  CHECK(a["capped_icm_prize"].get<double>() == 165.0);  // 55% of the pool of 300
  CHECK(a["avg_chips_at_cap"].get<double>() == 2000.0);
  const json& cc = c["players"]["C"];
  CHECK(cc["capped_mean_place"].get<double>() == 3.0);
  CHECK(cc["uncapped_mean_place"].get<double>() == 1.0);
  CHECK(cc["capped_icm_prize"].get<double>() == 0.0);  // busted before the cap: its prize, nothing

  // Merged from parts in another order, the same integers.
  CellStats first(cell);
  first.add(capped_record());
  first.add(reversed_record());
  CellStats second(cell);
  second.add(reversed_record());
  second.add(reversed_record());
  second.merge(first);
  CHECK(second == stats);
}

TEST_CASE("configs/hand-cap.yaml: the statistics at the cap are the same on 1 and 3 threads", "[variants]") {
  const Experiment experiment =
      load_experiment(kConfigs + "hand-cap.yaml",
                      {"tournaments=300", "matrix.table.hands_per_level=[30]", "matrix.table.stack=[2000]"});
  const RunResult one = run(experiment, 1);
  const RunResult three = run(experiment, 3);
  REQUIRE(one.cells.size() == 1);
  CHECK(one.cells[0] == three.cells[0]);  // every integer accumulator
  const json c = summary_of(experiment, one.cells)["cells"][0];
  CHECK(c == summary_of(experiment, three.cells)["cells"][0]);
  CHECK(c["capped"].get<std::int64_t>() > 0);
  CHECK(c["payouts"]["icm_at_cap"] == true);  // auto: the cap binds
  CHECK(c["players"]["rock"]["capped_icm_prize"].is_number());
}

TEST_CASE("V6 icm_at_cap takes auto, true or false", "[variants]") {
  const std::string lineup = "lineup: [{strategy: random}]\n";
  CHECK(parse_experiment("payouts: {icm_at_cap: auto}\n" + lineup, "f.yaml").cells[0].payouts.icm_at_cap ==
        IcmAtCap::kWhenCapped);
  CHECK(parse_experiment("payouts: {icm_at_cap: false}\n" + lineup, "f.yaml").cells[0].payouts.icm_at_cap ==
        IcmAtCap::kNever);
  CHECK_THROWS_WITH(
      parse_experiment("payouts: {icm_at_cap: yes}\n" + lineup, "f.yaml"),
      Catch::Contains("f.yaml:1:") && Catch::Contains("payouts.icm_at_cap must be one of auto, true, false"));
}

TEST_CASE("V6 icm_at_cap runs and is read from the file", "[variants]") {
  Experiment experiment =
      load_experiment(kConfigs + "limit-sng.yaml", {"payouts.icm_at_cap=true", "table.hand_cap=30", "tournaments=200"});
  REQUIRE(experiment.cells[0].payouts.icm_at_cap == IcmAtCap::kAlways);
  const RunResult result = run(experiment, 2);
  const json c = summary_of(experiment, result.cells)["cells"][0];
  CHECK(c["capped"].get<std::int64_t>() > 0);
  CHECK(c["payouts"]["icm_at_cap"] == true);
  // Prizes are a zero-sum game either way (no fee): ROIs average to 0.
  double roi = 0.0;
  double icm_roi = 0.0;
  double entries = 0.0;
  for (const auto& [label, p] : c["players"].items()) {
    roi += p["roi"].get<double>() * p["entries"].get<double>();
    icm_roi += p["icm_roi"].get<double>() * p["entries"].get<double>();
    entries += p["entries"].get<double>();
  }
  CHECK(roi / entries == Approx(0.0).margin(1e-12));
  CHECK(icm_roi / entries == Approx(0.0).margin(1e-8));  // ICM values rounded seat by seat
  CHECK_THROWS_WITH(load_experiment(kConfigs + "shootout.yaml", {"payouts.icm_at_cap=true"}),
                    Catch::Contains("payouts.icm_at_cap applies to format: sit-and-go only"));
}

// ---- V6 shoot-outs -------------------------------------------------------------

TEST_CASE("V6 shoot-out: one winner per table advances, and the final table places them 1..T", "[variants]") {
  const Experiment experiment = load_experiment(kConfigs + "shootout.yaml");
  const Cell& cell = experiment.cells.at(0);
  REQUIRE(cell.format == Format::kShootout);
  REQUIRE(cell.shootout.tables == 3);
  REQUIRE(cell.rules.players == 6);
  REQUIRE(cell.field_size() == 18);
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  for (std::int64_t i = 0; i < 40; ++i) {
    const ShootoutRecord r = play_shootout(cell, labels, experiment.seed, i, hand);
    REQUIRE(r.tables == 3);
    REQUIRE(r.field == 18);
    std::set<int> final_places;
    for (int t = 0; t < r.tables; ++t) {
      CHECK(r.table_hands[static_cast<std::size_t>(t)] > 0);
      int winners = 0;
      for (int s = 0; s < r.table_seats; ++s) {
        const auto f = static_cast<std::size_t>(t * r.table_seats + s);
        if (!r.table_win[f]) {
          CHECK(r.placement[f].first > r.tables);  // losers rank below every finalist
          continue;
        }
        ++winners;
        CHECK(r.table_placement[f].first == 1);
        CHECK(r.placement[f].first <= r.tables);
        for (int p = r.placement[f].first; p < r.placement[f].first + r.placement[f].count; ++p) final_places.insert(p);
      }
      CHECK(winners == 1);
    }
    CHECK(final_places == std::set<int>{1, 2, 3});
    CHECK(r.final_hands > 0);
  }
}

TEST_CASE("V6 shoot-out: first-round losers rank by their table place, equal places shared", "[variants]") {
  const Experiment experiment = load_experiment(kConfigs + "shootout.yaml");
  const Cell& cell = experiment.cells.at(0);
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  for (std::int64_t i = 0; i < 40; ++i) {
    const ShootoutRecord r = play_shootout(cell, labels, experiment.seed, i, hand);
    // Every overall place 1..field is covered by exactly one seat's worth
    // of shares (R22), in whole units of 1/lcm.
    std::vector<std::int64_t> cover(static_cast<std::size_t>(r.field), 0);
    for (int f = 0; f < r.field; ++f) {
      const Placement p = r.placement[static_cast<std::size_t>(f)];
      for (int q = p.first; q < p.first + p.count; ++q) cover[static_cast<std::size_t>(q - 1)] += 720720 / p.count;
    }
    for (const std::int64_t c : cover) CHECK(c == 720720);
    // Losers: a better table place means a better overall place; equal
    // table places mean the same overall placement, shared by all of them.
    std::map<int, std::vector<int>> by_table_place;  // twice mean table place -> field seats
    for (int f = 0; f < r.field; ++f) {
      if (!r.table_win[static_cast<std::size_t>(f)]) {
        by_table_place[r.table_placement[static_cast<std::size_t>(f)].twice_mean()].push_back(f);
      }
    }
    int next_place = r.tables + 1;
    for (const auto& [rank, seats] : by_table_place) {
      for (const int f : seats) {
        const Placement p = r.placement[static_cast<std::size_t>(f)];
        CHECK(p.first == next_place);
        CHECK(p.count == static_cast<int>(seats.size()));
      }
      next_place += static_cast<int>(seats.size());
    }
    CHECK(next_place == r.field + 1);
  }
  // Every table's runner-up (alone in 2nd) shares places 4-6 with the others.
  bool seen = false;
  for (std::int64_t i = 0; i < 40 && !seen; ++i) {
    const ShootoutRecord r = play_shootout(cell, labels, experiment.seed, i, hand);
    int alone_second = 0;
    for (int f = 0; f < r.field; ++f)
      alone_second += r.table_placement[static_cast<std::size_t>(f)].first == 2 &&
                      r.table_placement[static_cast<std::size_t>(f)].count == 1;
    if (alone_second != 3) continue;
    seen = true;
    for (int f = 0; f < r.field; ++f) {
      if (r.table_placement[static_cast<std::size_t>(f)].first == 2)
        CHECK(r.placement[static_cast<std::size_t>(f)].first == 4);
      if (r.table_placement[static_cast<std::size_t>(f)].first == 2)
        CHECK(r.placement[static_cast<std::size_t>(f)].count == 3);
    }
  }
  CHECK(seen);
}

TEST_CASE("V6 shoot-out: exactly T first-round tables and one final table are played", "[variants]") {
  // Counts the tables a shoot-out plays through its observers.
  struct Counter final : TableObserver {
    int hands = 0;
    int finished = 0;
    int seats = 0;
    void hand_finished(const TableView& table, const Hand&) override {
      ++hands;
      seats = table.tournament->seat_count();
    }
    void table_finished(const TableView&) override { ++finished; }
  };
  for (const int tables : {2, 4, 6}) {
    for (const std::string winners : {"final-table", "paid"}) {
      INFO(tables << " tables, winners " << winners);
      const Experiment experiment = load_experiment(
          kConfigs + "shootout.yaml",
          {"shootout.tables=" + std::to_string(tables), "shootout.winners=" + winners, "table.players=4",
           "lineup=[{strategy: random}, {strategy: maniac, params: {size: 0.5}}]", "payouts={buy_in: 100}"});
      const Cell& cell = experiment.cells.at(0);
      REQUIRE(cell.field_size() == 4 * tables);
      std::vector<Counter> counters(static_cast<std::size_t>(tables) + 1);
      Hand hand;
      const ShootoutRecord r = play_shootout(cell, label_of_entrants(cell), experiment.seed, 3, hand,
                                             [&](int table) { return &counters.at(static_cast<std::size_t>(table)); });
      for (int t = 0; t < tables; ++t) {
        CHECK(counters[static_cast<std::size_t>(t)].finished == 1);
        CHECK(counters[static_cast<std::size_t>(t)].seats == 4);
        CHECK(counters[static_cast<std::size_t>(t)].hands == r.table_hands[static_cast<std::size_t>(t)]);
      }
      const Counter& final_table = counters.back();
      if (winners == "paid") {
        CHECK(final_table.finished == 0);
        CHECK(r.final_hands == 0);
        // The table winners share places 1..T and the prizes of those places.
        for (int f = 0; f < r.field; ++f) {
          if (r.table_win[static_cast<std::size_t>(f)]) CHECK(r.placement[static_cast<std::size_t>(f)].count == tables);
        }
      } else {
        CHECK(final_table.finished == 1);
        CHECK(final_table.seats == tables);
        CHECK(final_table.hands == r.final_hands);
      }
    }
  }
}

TEST_CASE("V6 shoot-out: paid table winners split the pool, and statistics add up", "[variants]") {
  Experiment experiment = load_experiment(
      kConfigs + "shootout.yaml", {"shootout.winners=paid", "payouts={buy_in: 100, fee: 5}", "tournaments=300"});
  const RunResult result = run(experiment, 2);
  const json c = summary_of(experiment, result.cells)["cells"][0];
  CHECK(c["format"] == "shootout");
  CHECK(c["tournaments"] == 300);
  CHECK(c["final_table"] == false);
  const double pool = c["payouts"]["prize_pool"].get<double>();
  CHECK(pool == 18 * 95.0);
  CHECK(c["payouts"]["per_table_winner"].get<double>() == 18 * 95.0 / 3);
  double prizes = 0.0;
  std::int64_t table_wins = 0;
  for (const auto& [label, p] : c["players"].items()) {
    // Each table win pays a third of the pool: the only prize there is.
    CHECK(p["mean_prize"].get<double>() ==
          Approx(p["table_wins"].get<double>() * pool / 3.0 / p["entries"].get<double>()).epsilon(1e-12));
    CHECK(p["table_win_rate"].get<double>() == Approx(p["itm_rate"].get<double>()).epsilon(1e-12));
    prizes += p["mean_prize"].get<double>() * p["entries"].get<double>();
    table_wins += p["table_wins"].get<std::int64_t>();
  }
  CHECK(table_wins == 3 * 300);
  CHECK(prizes == Approx(300 * pool).epsilon(1e-12));
}

TEST_CASE("V6 shoot-out is deterministic: any thread count gives identical statistics", "[variants]") {
  Experiment experiment = load_experiment(kConfigs + "shootout.yaml", {"tournaments=300"});
  const RunResult one = run(experiment, 1);
  const RunResult two = run(experiment, 2);
  REQUIRE(one.cells.size() == 1);
  CHECK(one.cells[0] == two.cells[0]);
  CHECK(summary_of(experiment, one.cells).dump() == summary_of(experiment, two.cells).dump());
  // Shoot-out i is a pure function of (seed, i).
  const Cell& cell = experiment.cells[0];
  Hand hand;
  const ShootoutRecord a = play_shootout(cell, label_of_entrants(cell), experiment.seed, 17, hand);
  play_shootout(cell, label_of_entrants(cell), experiment.seed, 5, hand);
  const ShootoutRecord b = play_shootout(cell, label_of_entrants(cell), experiment.seed, 17, hand);
  for (int f = 0; f < a.field; ++f) {
    CHECK(a.placement[static_cast<std::size_t>(f)].first == b.placement[static_cast<std::size_t>(f)].first);
    CHECK(a.placement[static_cast<std::size_t>(f)].count == b.placement[static_cast<std::size_t>(f)].count);
  }
  CHECK(a.label == b.label);
  CHECK(a.table_hands == b.table_hands);
  CHECK(a.final_hands == b.final_hands);
}

// ---- V7 cash table ---------------------------------------------------------------

TEST_CASE("V7 a busted player buys in again to exactly the buy-in, counted", "[variants]") {
  // Heads-up, 10/20, buy-in 2000, re-buy below 800. Hand 1 is rigged: both
  // all in, the big blind's aces beat the button's kings.
  CashTableRules rules;
  rules.players = 2;
  rules.blinds = {10, 20, 0};
  rules.buy_in = 2000;
  rules.rebuy_below = 800;
  CashTable table(rules, 99);
  HandSetup setup = table.deal_next_hand();
  REQUIRE(setup.num_players == 2);
  const int big_blind_seat = setup.seats[0];  // heads-up, index 0 is the big blind (R6)
  const int button_seat = setup.seats[1];
  CHECK(table.button_seat() == button_seat);
  CHECK(setup.blinds[0] == 20);
  CHECK(setup.blinds[1] == 10);
  testing::TableSpec spec;
  spec.stacks = {2000, 2000};
  spec.blinds = testing::blinds_for(2, 10, 20);
  spec.holes = {"AhAs", "KdKc"};
  spec.board = "2c7d9h3sJc";
  const HandSetup rigged = testing::make_setup(spec);
  setup.hole = rigged.hole;
  setup.board = rigged.board;
  Hand hand;
  hand.start(setup);
  REQUIRE(hand.apply(Action::raise_to(2000)) == ApplyError::kNone);  // the button shoves
  REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);
  REQUIRE(hand.is_terminal());
  table.finish_hand(hand);
  CHECK(table.stack(button_seat) == 0);
  CHECK(table.stack(big_blind_seat) == 4000);
  CHECK(table.won(button_seat) == -2000);

  // The next hand starts with the busted player bought in again: 2000 more.
  const HandSetup& next = table.deal_next_hand();
  CHECK(table.stack(button_seat) == 2000);
  CHECK(table.bought_in(button_seat) == 4000);
  CHECK(table.rebuys(button_seat) == 1);
  CHECK(table.won(button_seat) == -2000);
  CHECK(table.rebuys(big_blind_seat) == 0);  // 4000 is above the threshold, and nobody is capped
  CHECK(table.stack(big_blind_seat) == 4000);
  // The button moved: last hand's big blind now has it.
  CHECK(table.button_seat() == big_blind_seat);
  CHECK(next.stacks[0] + next.stacks[1] == 6000);
}

TEST_CASE("V7 a stack below 40 big blinds tops up to exactly the buy-in", "[variants]") {
  // The min-raiser against the folder, heads-up at 10/20: the folder loses
  // its small blind (10) on the button and its big blind (20) to a raise
  // otherwise. After losing more than 1200 it is below 800 (40 bb) and buys
  // back up to 2000, once.
  CashTableRules rules;
  rules.players = 2;
  rules.blinds = {10, 20, 0};
  rules.buy_in = 2000;
  rules.rebuy_below = 800;
  CashTable table(rules, 7);
  MinRaiser raiser;
  Folder folder;
  const int folder_seat = 1;
  Hand hand;
  Chips folder_stack = 2000;
  Chips bought_in = 2000;
  int rebuys = 0;
  for (int h = 0; h < 100; ++h) {
    const bool tops_up = folder_stack < 800;
    const HandSetup& setup = table.deal_next_hand();
    if (tops_up) {
      bought_in += 2000 - folder_stack;
      folder_stack = 2000;
      ++rebuys;
    }
    CHECK(table.stack(folder_seat) == folder_stack);
    CHECK(table.bought_in(folder_seat) == bought_in);
    hand.start(setup);
    while (!hand.is_terminal()) {
      const Observation o = hand.observe();
      Strategy& s = setup.seats[static_cast<std::size_t>(o.player)] == folder_seat ? static_cast<Strategy&>(folder)
                                                                                   : static_cast<Strategy&>(raiser);
      REQUIRE(hand.apply(s.decide(o)) == ApplyError::kNone);
    }
    table.finish_hand(hand);
    folder_stack -= table.button_seat() == folder_seat ? 10 : 20;
    CHECK(table.stack(folder_seat) == folder_stack);
  }
  CHECK(rebuys == 1);
  CHECK(table.rebuys(folder_seat) == 1);
  CHECK(table.won(folder_seat) == -1500);  // 50 small blinds and 50 big blinds
  CHECK(table.won(1 - folder_seat) == 1500);
}

TEST_CASE("V7 bb/100 is computed exactly for scripted sessions", "[variants]") {
  // 100 hands a session: the folder loses 1.5 big blinds every two hands,
  // -75 bb/100, whoever has the first button; the raiser wins it.
  Experiment experiment = raiser_vs_folder(100, 12);
  const RunResult result = run(experiment, 2);
  const CashStats& stats = *result.cells.at(0).cash();
  CHECK(stats.sessions() == 12);
  CHECK(stats.label_totals(0).won_sum == 12 * 1500);
  CHECK(stats.label_totals(1).won_sum == -12 * 1500);
  CHECK(stats.label_totals(1).hands == 1200);
  CHECK(stats.label_totals(1).rebuys == 12);
  CHECK(stats.label_totals(0).rebuys == 0);

  const json c = summary_of(experiment, result.cells)["cells"][0];
  CHECK(c["format"] == "cash");
  const json& folder = c["players"]["folder"];
  CHECK(folder["bb_per_100"].get<double>() == -75.0);
  CHECK(folder["chips_won"].get<std::int64_t>() == -18000);
  CHECK(folder["hands"] == 1200);
  CHECK(folder["sessions"] == 12);
  CHECK(folder["rebuys"] == 12);
  CHECK(folder["bb_per_100_sd"].get<double>() == 0.0);  // every session the same
  CHECK(folder["bb_per_100_ci95"][0].get<double>() == -75.0);
  CHECK(folder["bb_per_100_ci95"][1].get<double>() == -75.0);
  CHECK(c["players"]["raiser"]["bb_per_100"].get<double>() == 75.0);

  const std::string table = console_table(summarize_run(experiment, result.cells, test_provenance()));
  CHECK(table.find("bb/100") != std::string::npos);
  CHECK(table.find("-75.00") != std::string::npos);
}

TEST_CASE("V10 the rake is reported per hand and per label, with bb/100 net of it and before it", "[variants]") {
  // Raiser against folder, heads-up at 10/20, 5% with no flop no drop off:
  // with the folder on the button the raiser wins the 20 left after its
  // uncalled 10 (rake 1); with the raiser on the button it wins the 40
  // left after its uncalled 20 (rake 2). 100 hands: 150 chips of rake a
  // session, all paid by the raiser.
  Experiment experiment = raiser_vs_folder(100, 12);
  experiment.cells.at(0).cash.table.rake = RakeRule{500, 0, false};
  const RunResult result = run(experiment, 2);
  const CashStats& stats = *result.cells.at(0).cash();
  CHECK(stats.label_totals(0).rake_sum == 12 * 150);
  CHECK(stats.label_totals(0).won_sum == 12 * 1350);
  CHECK(stats.label_totals(0).gross_won_sum == 12 * 1500);
  CHECK(stats.label_totals(1).rake_sum == 0);
  CHECK(stats.label_totals(1).won_sum == -12 * 1500);

  const json c = summary_of(experiment, result.cells)["cells"][0];
  CHECK(c["rake"]["percent"].get<double>() == 5.0);
  CHECK(c["rake"]["cap"] == 0);
  CHECK(c["rake"]["no_flop_no_drop"] == false);
  CHECK(c["rake_total"] == 12 * 150);
  CHECK(c["rake_per_hand"].get<double>() == 1.5);
  const json& raiser = c["players"]["raiser"];
  CHECK(raiser["chips_won"] == 12 * 1350);
  CHECK(raiser["rake_paid"] == 12 * 150);
  CHECK(raiser["bb_per_100"].get<double>() == 67.5);
  CHECK(raiser["bb_per_100_before_rake"].get<double>() == 75.0);
  CHECK(raiser["rake_paid_bb_per_100"].get<double>() == 7.5);
  CHECK(raiser["bb_per_100_before_rake_ci95"][0].get<double>() == 75.0);  // every session the same
  const json& folder = c["players"]["folder"];
  CHECK(folder["rake_paid"] == 0);
  CHECK(folder["bb_per_100"].get<double>() == -75.0);
  CHECK(folder["bb_per_100_before_rake"].get<double>() == -75.0);

  const std::string table = console_table(summarize_run(experiment, result.cells, test_provenance()));
  CHECK(table.find("rake 5% (cap 0): 1800 chips, 1.50 a hand") != std::string::npos);
  CHECK(table.find("+75.00") != std::string::npos);

  // Without the rake key nothing of it is written.
  const json plain = summary_of(raiser_vs_folder(100, 2), run(raiser_vs_folder(100, 2), 1).cells)["cells"][0];
  CHECK_FALSE(plain.contains("rake"));
  CHECK_FALSE(plain["players"]["raiser"].contains("rake_paid"));
}

TEST_CASE("V7 bb/100 and its interval from per-session results of real bots", "[variants]") {
  Experiment experiment = load_experiment(kConfigs + "cash-bb100.yaml", {"cash.hands=200", "tournaments=30"});
  const RunResult result = run(experiment, 2);
  const CashStats& stats = *result.cells.at(0).cash();
  const json c = summary_of(experiment, result.cells)["cells"][0];
  Int128 total = 0;
  for (int label = 0; label < result.cells[0].label_count(); ++label) {
    const CashLabelTotals& t = stats.label_totals(label);
    total += t.won_sum;
    const json& p = c["players"][result.cells[0].labels()[static_cast<std::size_t>(label)]];
    CHECK(p["sessions"] == 60);  // two seats a label, 30 sessions
    CHECK(p["hands"] == 60 * 200);
    // bb/100 = 100 * chips won / (big blind * hands)
    CHECK(p["bb_per_100"].get<double>() ==
          static_cast<double>(static_cast<long double>(100 * t.won_sum) / (20.0L * static_cast<long double>(t.hands))));
    // The interval: Student t over the 60 sessions (59 degrees of freedom,
    // t = 2.000995), sd of a session's bb/100.
    const double sd_session = std::sqrt(*sample_variance(t.sessions, t.won_sum, t.won_sq_sum)) / 20.0;
    const double half = 2.0009953781 * (sd_session * 100.0 / 200.0) / std::sqrt(60.0);
    CHECK(p["bb_per_100_ci95"][0].get<double>() == Approx(p["bb_per_100"].get<double>() - half));
    CHECK(p["bb_per_100_ci95"][1].get<double>() == Approx(p["bb_per_100"].get<double>() + half));
    CHECK(p["bb_per_100_sd"].get<double>() == Approx(sd_session * std::sqrt(100.0 / 200.0)));
    CHECK(t.rebuys > 0);  // these bots bust each other all the time
  }
  CHECK(total == 0);  // no rake: a zero-sum game
  // Sessions are pure functions of (seed, index): one thread or two, same state.
  CHECK(run(experiment, 1).cells[0] == result.cells[0]);
}

TEST_CASE("V7 cash keys are validated", "[variants]") {
  const std::string lineup = "lineup: [{strategy: random}]\n";
  const auto error_of = [&](const std::string& text) {
    try {
      parse_experiment(text + lineup, "c.yaml");
    } catch (const ConfigError& error) {
      return error.message;
    }
    return std::string("no error");
  };
  const Experiment defaults = parse_experiment("format: cash\n" + lineup, "c.yaml");
  const CashRules& cash = defaults.cells[0].cash;
  CHECK(cash.hands == 1000);
  CHECK(cash.table.blinds == BlindLevel{10, 20, 0});
  CHECK(cash.table.buy_in == 2000);
  CHECK(cash.table.rebuy_below == 800);
  CHECK(parse_experiment("format: cash\ncash: {buy_in_bb: 40, blinds: [25, 50, 5]}\n" + lineup, "c.yaml")
            .cells[0]
            .cash.table.rebuy_below == 2000);
  CHECK(error_of("format: cash\ncash: {buy_in_bb: 39}\n") == "cash.buy_in_bb must be between 40 and 100, got 39");
  CHECK(error_of("format: cash\ncash: {buy_in_bb: 101}\n") == "cash.buy_in_bb must be between 40 and 100, got 101");
  CHECK(error_of("format: cash\ncash: {buy_in_bb: 60, rebuy_below_bb: 61}\n") ==
        "cash.rebuy_below_bb must be between 0 and 60, got 61");
  CHECK(error_of("format: cash\ntable: {stack: 1500}\n") ==
        "table.stack does not apply to format: cash (the buy-in is cash.buy_in_bb big blinds)");
  CHECK(error_of("format: cash\npayouts: {places: [100]}\n") ==
        "payouts does not apply to format: cash (results are big blinds won per 100 hands)");
  CHECK(error_of("cash: {hands: 10}\n") == "cash is only read with format: cash (format is sit-and-go)");
  CHECK(error_of("shootout: {tables: 3}\n") == "shootout is only read with format: shootout (format is sit-and-go)");
  CHECK(error_of("format: poker\n") == "format must be one of sit-and-go, shootout, cash, league; got 'poker'");
  CHECK(error_of("format: shootout\nshootout: {tables: 7}\n") == "shootout.tables must be between 2 and 6, got 7");
  CHECK(error_of("format: shootout\nshootout: {winners: paid}\npayouts: {places: [100]}\n") ==
        "payouts.places does not apply with shootout.winners: paid (each table winner gets the pool / tables)");
  CHECK(error_of("format: shootout\nshootout: {tables: 2}\ntable: {players: 3}\npayouts: {places: [50, 20, 10, 10, 5, "
                 "5, 0]}\n") ==
        "payouts.places pays 7 places but the shoot-out seats 6 (shootout.tables 2 x table.players 3)");
}

TEST_CASE("V7 a fixed-limit cash table buys in for at least 10 big bets, with no maximum", "[variants]") {
  const std::string lineup = "lineup: [{strategy: random}]\n";
  const std::string limit = "format: cash\ntable: {betting: fixed-limit}\n";
  // 10/20: a big bet is 40, 10 big bets 400 chips = 20 big blinds.
  CHECK(parse_experiment(limit + "cash: {buy_in_bb: 20, rebuy_below_bb: 20}\n" + lineup, "c.yaml")
            .cells[0]
            .cash.table.buy_in == 400);
  CHECK(parse_experiment(limit + "cash: {buy_in_bb: 5000}\n" + lineup, "c.yaml").cells[0].cash.table.buy_in == 100'000);
  // The default stays 100 big blinds, re-buying below 40.
  const CashRules defaults = parse_experiment(limit + lineup, "c.yaml").cells[0].cash;
  CHECK(defaults.table.buy_in == 2000);
  CHECK(defaults.table.rebuy_below == 800);
  testing::check_config_error(limit + "cash:\n  buy_in_bb: 19\n" + lineup, "c.yaml", 4, 14,
                              "cash.buy_in_bb must be at least 20 at a fixed-limit table (V7: 10 big bets of two "
                              "big blinds), got 19");
  // No-limit and pot-limit keep 40..100.
  testing::check_config_error("format: cash\ntable: {betting: pot-limit}\ncash: {buy_in_bb: 101}\n" + lineup, "c.yaml",
                              3, 19, "cash.buy_in_bb must be between 40 and 100, got 101");
}

TEST_CASE("V10 cash.rake is read exactly and refused above 10%", "[variants]") {
  const std::string lineup = "lineup: [{strategy: random}]\n";
  const auto rake_of = [&](const std::string& rake) {
    return parse_experiment("format: cash\ncash:\n  rake: " + rake + "\n" + lineup, "c.yaml").cells[0].cash.table.rake;
  };
  CHECK(rake_of("{percent: 5, cap: 60}") == RakeRule{500, 60, true});
  CHECK(rake_of("{percent: 2.5, no_flop_no_drop: false}") == RakeRule{250, 0, false});
  CHECK(rake_of("{percent: 4.75}") == RakeRule{475, 0, true});
  CHECK(rake_of("{percent: 10}") == RakeRule{1000, 0, true});
  CHECK(rake_of("{percent: 0}") == RakeRule{});
  CHECK(parse_experiment("format: cash\n" + lineup, "c.yaml").cells[0].cash.table.rake == RakeRule{});
  const auto refused = [&](const std::string& rake, int column, const std::string& message) {
    testing::check_config_error("format: cash\ncash:\n  rake: " + rake + "\n" + lineup, "c.yaml", 3, column, message);
  };
  refused("{percent: 10.01}", 19,
          "cash.rake.percent must be at most 10 (V10: at least 90% of the bets go to the players), got 10.01");
  refused("{percent: 12}", 19,
          "cash.rake.percent must be at most 10 (V10: at least 90% of the bets go to the players), got 12");
  refused("{percent: -1}", 19,
          "cash.rake.percent must be a percentage such as 5 or 2.5 (at most two decimals), got '-1'");
  refused("{percent: 2.125}", 19,
          "cash.rake.percent must be a percentage such as 5 or 2.5 (at most two decimals), got '2.125'");
  refused("{percent: 5, cap: -3}", 27, "cash.rake.cap must be at least 0, got -3");
  refused("{percent: 5, no_flop_no_drop: maybe}", 39,
          "cash.rake.no_flop_no_drop must be one of false, true; got 'maybe'");
  refused("{cap: 50}", 9, "cash.rake needs 'percent'");
  refused("{percent: 5, rate: 3}", 22,
          "unknown key 'rate' in cash.rake; expected one of: percent, cap, no_flop_no_drop");
  refused("5", 9, "cash.rake must be a mapping {percent: , cap: , no_flop_no_drop: }, got '5'");
  // A rake is a cash-table rule: in a tournament the whole cash section is refused.
  testing::check_config_error("cash:\n  rake: {percent: 5}\n" + lineup, "c.yaml", 1, 1,
                              "cash is only read with format: cash (format is sit-and-go)");
  // A matrix may vary it.
  const Experiment matrix = parse_experiment(
      "format: cash\nmatrix:\n  cash.rake.percent: [0, 5]\ncash: {rake: {percent: 1}}\n" + lineup, "c.yaml");
  REQUIRE(matrix.cells.size() == 2);
  CHECK(matrix.cells[0].cash.table.rake.hundredths_percent == 0);
  CHECK(matrix.cells[1].cash.table.rake.hundredths_percent == 500);
}

// ---- the shipped configs ----------------------------------------------------------

TEST_CASE("variant configs validate and run", "[variants]") {
  struct Expect {
    const char* file;
    Format format;
    std::vector<std::string> overrides;
  };
  const std::vector<Expect> configs = {
      {"plo-sng.yaml", Format::kSitAndGo, {"tournaments=40"}},
      {"limit-sng.yaml", Format::kSitAndGo, {"tournaments=40"}},
      {"antes-turbo.yaml", Format::kSitAndGo, {"tournaments=40"}},
      {"shootout.yaml", Format::kShootout, {"tournaments=20"}},
      {"cash-bb100.yaml", Format::kCash, {"tournaments=4", "cash.hands=100"}},
  };
  for (const Expect& expect : configs) {
    INFO(expect.file);
    const Experiment full = load_experiment(kConfigs + expect.file);
    CHECK(full.name + ".yaml" == expect.file);
    const Experiment experiment = load_experiment(kConfigs + expect.file, expect.overrides);
    for (const Cell& cell : experiment.cells) CHECK(cell.format == expect.format);
    const RunResult result = run(experiment, 2);
    CHECK_FALSE(result.partial);
    CHECK(result.tournaments_done == experiment.tournaments * static_cast<std::int64_t>(experiment.cells.size()));
    const json summary = summarize(experiment, result.cells, test_provenance());
    for (const json& cell : summary["cells"]) {
      CHECK(cell["format"] == format_name(expect.format));
      CHECK(cell["tournaments"] == experiment.tournaments);
      for (const auto& [label, p] : cell["players"].items()) CHECK(p["faults"] == 0);
    }
    CHECK_FALSE(console_table(summarize_run(experiment, result.cells, test_provenance())).empty());
  }
  // The rules the variant files promise.
  const Cell plo = load_experiment(kConfigs + "plo-sng.yaml").cells[0];
  CHECK(plo.rules.game.hole_cards == 4);
  CHECK(plo.rules.game.betting == BettingStructure::kPotLimit);
  const Cell limit = load_experiment(kConfigs + "limit-sng.yaml").cells[0];
  CHECK(limit.rules.game.hole_cards == 2);
  CHECK(limit.rules.game.betting == BettingStructure::kFixedLimit);
  const Experiment antes = load_experiment(kConfigs + "antes-turbo.yaml");
  REQUIRE(antes.cells.size() == 2);
  CHECK(antes.cells[1].rules.schedule.hands_per_level() == kTurboHandsPerLevel);
  CHECK(antes.cells[1].rules.schedule.level(3).ante == 0);
  CHECK(antes.cells[1].rules.schedule.level(4).ante == 10);
  CHECK(antes.cells[0].rules.schedule.level(4).ante == 0);
  CHECK(antes.cells[1].payouts.fee_percent == 10);
  const Cell cash = load_experiment(kConfigs + "cash-bb100.yaml").cells[0];
  CHECK(cash.cash.table.buy_in == 100 * cash.cash.table.blinds.big_blind);
  CHECK(cash.cash.table.rebuy_below == 40 * cash.cash.table.blinds.big_blind);
}

TEST_CASE("variant results are written: shootout.csv and cash.csv", "[variants]") {
  const fs::path out = fs::temp_directory_path() / ("sngsim-variants-" + std::to_string(::getpid()));
  fs::remove_all(out);
  for (const std::string file : {"shootout.yaml", "cash-bb100.yaml"}) {
    INFO(file);
    std::vector<std::string> overrides{"tournaments=4"};
    if (file == "cash-bb100.yaml") overrides.push_back("cash.hands=50");
    const Experiment experiment = load_experiment(kConfigs + file, overrides);
    const RunResult result = run(experiment, 2);
    write_results(out / file, summarize_run(experiment, result.cells, test_provenance()), experiment, false);
  }
  CHECK(fs::exists(out / "shootout.yaml" / "shootout.csv"));
  CHECK_FALSE(fs::exists(out / "shootout.yaml" / "cash.csv"));
  CHECK(fs::exists(out / "cash-bb100.yaml" / "cash.csv"));
  fs::remove_all(out);
}

}  // namespace sngsim
