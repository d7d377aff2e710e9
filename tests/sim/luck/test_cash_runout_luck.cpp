// All-in adjusted bb/100 at a cash table (sim/luck/cash_runout_luck.h):
// the chips of each run-out's terms sum to zero over the table, the mean
// correction is zero within its interval, and the adjusted moments are the
// raw ones less the luck.

#include <catch2/catch.hpp>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/hand.h"
#include "sim/config/experiment_config.h"
#include "sim/formats/cash_session.h"
#include "sim/formats/play_tournament.h"
#include "sim/luck/cash_runout_luck.h"
#include "sim/run/runner.h"
#include "sim/stats/cash_stats.h"
#include "sim/stats/intervals.h"

using namespace sngsim;

namespace {

Experiment cash_table(int sessions) {
  return parse_experiment("seed: 5\ntournaments: " + std::to_string(sessions) +
                              "\nformat: cash\nadjust_luck: true\ncash: {hands: 200, blinds: [10, 20]}\n"
                              "table: {players: 6}\nlineup: [{strategy: maniac}, {strategy: calling_station}, "
                              "{strategy: tag}, {strategy: pushfold}, {strategy: rock}, {strategy: random}]\n",
                          "cash.yaml", {});
}

}  // namespace

TEST_CASE(
    "Cash luck: each session's terms sum to zero over the table, the mean luck of every label is zero within "
    "its interval, and adjusted = raw - luck",
    "[luck][cash]") {
  const Experiment experiment = cash_table(400);
  const Cell& cell = experiment.cells[0];
  const std::vector<int> label_of_entrant = label_of_entrants(cell);
  CashStats stats(cell, static_cast<int>(cell_labels(cell).size()));
  REQUIRE(stats.adjusted());
  Hand hand;
  std::int64_t runouts = 0;
  for (std::int64_t index = 0; index < experiment.tournaments; ++index) {
    // A second observer chained outside counts the run-outs of the session.
    CashRunoutLuck counter(1, nullptr);
    const CashSessionRecord record = play_cash_session(cell, label_of_entrant, experiment.seed, index, hand, &counter);
    runouts += counter.runouts();
    std::int64_t sum = 0;
    for (int seat = 0; seat < record.seats; ++seat) sum += record.luck[static_cast<std::size_t>(seat)];
    // The chips a run-out moves sum to zero; each term is rounded once.
    CHECK(std::abs(sum) <= 6 * static_cast<std::int64_t>(counter.runouts()));
    stats.add(record);
  }
  CHECK(runouts > experiment.tournaments);
  for (int label = 0; label < static_cast<int>(cell_labels(cell).size()); ++label) {
    const Moments& raw = stats.luck_raw(label);
    const Moments& luck = stats.luck_correction(label);
    const Moments& adjusted = stats.luck_adjusted(label);
    CHECK(raw.sum == adjusted.sum + luck.sum);
    CHECK(raw.sum == stats.label_totals(label).won_sum * kChipLuckUnit);
    const auto variance = sample_variance(luck.count, luck.sum, luck.sq_sum);
    REQUIRE(variance.has_value());
    const double mean = static_cast<double>(luck.sum) / static_cast<double>(luck.count);
    const double se = std::sqrt(*variance / static_cast<double>(luck.count));
    INFO("label " << label << ": mean luck " << mean / kChipLuckUnit << " chips, se " << se / kChipLuckUnit);
    // Six labels: 3.5 standard errors keep a fair estimator's failure rate
    // near 0.3%.
    CHECK(std::abs(mean) <= 3.5 * se);
  }
}

TEST_CASE("Cash luck: without adjust_luck a cash session keeps no luck", "[luck][cash]") {
  const Experiment experiment = parse_experiment(
      "seed: 5\ntournaments: 2\nformat: cash\ncash: {hands: 50, blinds: [10, 20]}\n"
      "table: {players: 2}\nlineup: [{strategy: maniac}, {strategy: calling_station}]\n",
      "cash.yaml", {});
  const Cell& cell = experiment.cells[0];
  Hand hand;
  const CashSessionRecord record = play_cash_session(cell, label_of_entrants(cell), experiment.seed, 0, hand);
  for (const std::int64_t luck : record.luck) CHECK(luck == 0);
  CHECK_FALSE(CashStats(cell, 2).adjusted());
}
