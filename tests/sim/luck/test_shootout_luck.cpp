// Luck-adjusted shoot-outs (issue 19, Cell::adjust_luck with format:
// shootout): V's value of the first-round places, the corrections of every
// table summing to zero, each label's mean luck zero within its interval,
// the adjusted estimates in the summary, and bit-identical accumulators for
// any thread count.

#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/config/experiment_config.h"
#include "sim/formats/shootout.h"
#include "sim/report/summary.h"
#include "sim/run/runner.h"
#include "sim/stats/cell_stats.h"
#include "sim/stats/luck_summary.h"
#include "tests/luck_check_util.h"

using namespace sngsim;

namespace {

constexpr auto kPrize = static_cast<std::size_t>(LuckMetric::kPrize);
constexpr auto kWin = static_cast<std::size_t>(LuckMetric::kWin);
constexpr auto kItm = static_cast<std::size_t>(LuckMetric::kItm);
constexpr auto kPlace = static_cast<std::size_t>(LuckMetric::kPlace);

// Four heads-up first-round tables and a final table, three places paid.
Experiment heads_up_shootout(std::int64_t shootouts) {
  return parse_experiment(
      "seed: 5\ntournaments: " + std::to_string(shootouts) +
          "\nformat: shootout\nshootout: {tables: 4, winners: final-table}\nadjust_luck: true\n"
          "table: {players: 2, stack: 1000, blinds: turbo}\n"
          "lineup: [{strategy: tag}, {strategy: pushfold}, {strategy: maniac}, {strategy: rock},\n"
          "         {strategy: profile}, {strategy: calling_station}, {strategy: equity}, {strategy: random}]\n"
          "payouts: {places: [50, 30, 20], buy_in: 10}\n",
      "shootout.yaml", {});
}

}  // namespace

TEST_CASE(
    "Shoot-out luck: a first-round winner is worth an equal share of the final table's places, a "
    "loser the places its table rank shares",
    "[luck][shootout]") {
  const Experiment experiment = heads_up_shootout(1);
  const PlaceValues values = first_round_place_values(experiment.cells[0]);
  // First: overall places 1..4 shared, paying (50 + 30 + 20) / 4 percent,
  // a quarter of a win, three quarters of a paid place, place 2.5.
  CHECK(values[0][kPrize] == Approx(25.0));
  CHECK(values[0][kWin] == Approx(0.25));
  CHECK(values[0][kItm] == Approx(0.75));
  CHECK(values[0][kPlace] == Approx(2.5));
  // Second: the four tables' losers share places 5..8, none paid.
  CHECK(values[1][kPrize] == 0.0);
  CHECK(values[1][kWin] == 0.0);
  CHECK(values[1][kItm] == 0.0);
  CHECK(values[1][kPlace] == Approx(6.5));
}

TEST_CASE(
    "Shoot-out luck: the corrections of a shoot-out sum to zero over its field, and without "
    "adjust_luck none are kept",
    "[luck][shootout]") {
  const Experiment experiment = heads_up_shootout(200);
  const Cell& cell = experiment.cells[0];
  const std::vector<int> label_of_entrant = label_of_entrants(cell);
  Hand hand;
  std::int64_t nonzero = 0;
  for (std::int64_t index = 0; index < experiment.tournaments; ++index) {
    const ShootoutRecord record = play_shootout(cell, label_of_entrant, experiment.seed, index, hand);
    const int hands = record.final_hands + [&] {
      int sum = 0;
      for (int t = 0; t < record.tables; ++t) sum += record.table_hands[static_cast<std::size_t>(t)];
      return sum;
    }();
    for (std::size_t m = 0; m < kLuckMetricCount; ++m) {
      std::int64_t sum = 0;
      for (int f = 0; f < record.field; ++f) {
        sum += record.luck[static_cast<std::size_t>(f)][m];
        nonzero += record.luck[static_cast<std::size_t>(f)][m] != 0 ? 1 : 0;
      }
      // Every table's V sums to its place values whatever the stacks, so
      // its terms cancel but for one rounding per seat and term.
      CHECK(std::abs(sum) <= 2 * static_cast<std::int64_t>(hands));
    }
  }
  CHECK(nonzero > experiment.tournaments);  // run-outs in most shoot-outs

  Cell plain = cell;
  plain.adjust_luck = false;
  const ShootoutRecord record = play_shootout(plain, label_of_entrant, experiment.seed, 0, hand);
  for (const LuckTerms& terms : record.luck) CHECK(terms == LuckTerms{});
  CHECK(CellStats(plain).luck() == nullptr);
}

TEST_CASE(
    "Shoot-out luck: every label's mean luck is zero within its interval, the adjusted estimates "
    "need fewer shoot-outs, and 1 and 2 threads agree bit for bit",
    "[luck][shootout]") {
  const Experiment experiment = heads_up_shootout(3000);
  const RunResult result = run_experiment(experiment, sngsim::testing::on_threads(2));
  const CellStats& stats = result.cells[0];
  // 32 intervals: a 95% one may miss by chance, so check at 3.5 standard errors.
  sngsim::testing::check_mean_luck_is_zero(stats, experiment.cells[0].payouts, 3.5);
  const auto reduction = variance_reduction(stats);
  CHECK(*reduction[kPrize] > 1.3);
  CHECK(*reduction[kWin] > 1.3);

  const RunResult one = run_experiment(experiment, sngsim::testing::on_threads(1));
  CHECK(one.cells[0] == stats);
  CHECK(one.cells[0].state() == stats.state());
  CellStats restored(experiment.cells[0]);
  restored.restore(nlohmann::json::parse(stats.state().dump()));
  CHECK(restored == stats);

  // The summary carries them as for a sit-and-go.
  const RunSummary summary = summarize_run(experiment, result.cells, Provenance{});
  const auto& shootout = std::get<ShootoutSummary>(summary.cells[0].detail);
  REQUIRE(shootout.variance_reduction);
  CHECK((*shootout.variance_reduction)[kPrize] == reduction[kPrize]);
  for (const PlayerSummary& player : shootout.players) {
    REQUIRE(player.luck_adjusted);
    CHECK(player.luck_adjusted->roi.value);
  }
}
