// The luck estimator of all-in run-outs (issue 19, sim/luck/runout_luck.h):
// on a toy game whose answer is known exactly it is unbiased and has a far
// lower variance than the raw outcome; on whole tournaments its corrections
// sum to zero over the table, have mean zero within their interval, split
// the pots as the engine does, and its accumulators are bit-identical for
// any thread split and survive a state round trip and a merge.

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/evaluator.h"
#include "engine/hand.h"
#include "engine/rng.h"
#include "engine/tournament.h"
#include "poker_math/icm.h"
#include "sim/config/experiment_config.h"
#include "sim/formats/play_tournament.h"
#include "sim/luck/runout_luck.h"
#include "sim/run/play_unit.h"
#include "sim/run/runner.h"
#include "sim/stats/cell_stats.h"
#include "sim/stats/luck_summary.h"
#include "tests/config_error_util.h"
#include "tests/luck_check_util.h"

using namespace sngsim;

namespace {

constexpr auto kWin = static_cast<std::size_t>(LuckMetric::kWin);

Experiment heads_up() {
  return parse_experiment(
      "seed: 3\ntournaments: 1\nadjust_luck: true\ntable: {players: 2, stack: 1000}\n"
      "lineup: [{strategy: tag}, {strategy: tag}]\npayouts: {places: [100]}\n",
      "toy.yaml", {});
}

Card card(const char* text) { return *parse_card(text); }

// Plays the hand with every bet all in on `street`, checked or called
// through the streets before it.
void all_in(Hand& hand, Street street) {
  while (!hand.is_terminal()) {
    const LegalActions legal = hand.legal_actions();
    if (hand.street() == street && legal.can_raise) {
      hand.apply(Action::raise_to(legal.max_raise_to));
    } else {
      hand.apply(Action::check_call());
    }
  }
}

// Exact P(win) + P(tie) / 2 of hole `a` against `b` over every board that
// completes `known` (by enumeration of the cards dealt to nobody).
double exact_equity(CardSet a, CardSet b, const std::vector<Card>& known) {
  CardSet dead = a | b;
  for (const Card c : known) dead.add(c);
  std::vector<Card> rest;
  for (int c = 0; c < 52; ++c) {
    if (!dead.contains(static_cast<Card>(c))) rest.push_back(static_cast<Card>(c));
  }
  CardSet base;
  for (const Card c : known) base.add(c);
  const int missing = kBoardSize - static_cast<int>(known.size());
  double score = 0.0;
  std::int64_t boards = 0;
  std::vector<int> pick(static_cast<std::size_t>(missing));
  for (int i = 0; i < missing; ++i) pick[static_cast<std::size_t>(i)] = i;
  const int n = static_cast<int>(rest.size());
  while (true) {
    CardSet board = base;
    for (const int i : pick) board.add(rest[static_cast<std::size_t>(i)]);
    const auto va = evaluate_holdem(a | board).value;
    const auto vb = evaluate_holdem(b | board).value;
    score += va > vb ? 1.0 : va == vb ? 0.5 : 0.0;
    ++boards;
    int k = missing - 1;
    while (k >= 0 && pick[static_cast<std::size_t>(k)] == n - missing + k) --k;
    if (k < 0) break;
    ++pick[static_cast<std::size_t>(k)];
    for (int j = k + 1; j < missing; ++j) pick[static_cast<std::size_t>(j)] = pick[static_cast<std::size_t>(j - 1)] + 1;
  }
  return score / static_cast<double>(boards);
}

struct ToyDeal {
  double raw = 0.0;       // player 0's V after the hand: its chance to win the tournament
  double adjusted = 0.0;  // raw less its luck term
};

// One heads-up hand of AhAs against KdKc, both all in: the board is drawn
// uniformly from the cards nobody holds, completing `flop` (none, the flop,
// or the flop and the turn), and the chips go in on its last street.
ToyDeal toy_deal(const Experiment& experiment, std::uint64_t trial, const std::vector<Card>& flop) {
  const Cell& cell = experiment.cells[0];
  Tournament tournament(cell.rules, derive_key(7, trial));
  HandSetup setup = tournament.deal_next_hand();
  setup.hole[0] = {card("Ah"), card("As"), 0, 0};
  setup.hole[1] = {card("Kd"), card("Kc"), 0, 0};
  CardSet dead;
  for (const Card c : {card("Ah"), card("As"), card("Kd"), card("Kc")}) dead.add(c);
  for (const Card c : flop) dead.add(c);
  std::vector<Card> rest;
  for (int c = 0; c < 52; ++c) {
    if (!dead.contains(static_cast<Card>(c))) rest.push_back(static_cast<Card>(c));
  }
  CounterRng rng(derive_key(99, trial));
  for (std::size_t i = 0; i < kBoardSize; ++i) {
    if (i < flop.size()) {
      setup.board[i] = flop[i];
      continue;
    }
    const auto j = i - flop.size() + rng.below(static_cast<std::uint32_t>(rest.size() - (i - flop.size())));
    std::swap(rest[i - flop.size()], rest[j]);
    setup.board[i] = rest[i - flop.size()];
  }
  Hand hand;
  hand.start(setup);
  all_in(hand, flop.empty() ? Street::kPreflop : flop.size() == 3 ? Street::kFlop : Street::kTurn);
  RunoutLuck luck(LuckValue(cell), derive_key(11, trial), nullptr);
  const std::vector<int> entrants = {0, 1};
  luck.hand_finished(TableView{&tournament, nullptr, entrants, {}}, hand);
  REQUIRE(luck.runouts() == 1);
  REQUIRE(luck.split_mismatches() == 0);
  const auto seat = static_cast<std::size_t>(setup.seats[0]);
  ToyDeal deal;
  deal.raw = static_cast<double>(hand.stack(0)) / static_cast<double>(2 * cell.rules.starting_stack);
  deal.adjusted = deal.raw - static_cast<double>(luck.luck_of_seat()[seat][kWin]) / static_cast<double>(kLuckUnit);
  return deal;
}

CardSet set_of(std::initializer_list<const char*> cards) {
  CardSet set;
  for (const char* c : cards) set.add(card(c));
  return set;
}

}  // namespace

namespace {

struct ToyMoments {
  double raw_mean = 0, raw_variance = 0, adjusted_mean = 0, adjusted_variance = 0;
};

ToyMoments toy_moments(const Experiment& experiment, int trials, const std::vector<Card>& known) {
  double raw_sum = 0, raw_sq = 0, adjusted_sum = 0, adjusted_sq = 0;
  for (int trial = 0; trial < trials; ++trial) {
    const ToyDeal deal = toy_deal(experiment, static_cast<std::uint64_t>(trial), known);
    raw_sum += deal.raw;
    raw_sq += deal.raw * deal.raw;
    adjusted_sum += deal.adjusted;
    adjusted_sq += deal.adjusted * deal.adjusted;
  }
  ToyMoments moments;
  moments.raw_mean = raw_sum / trials;
  moments.adjusted_mean = adjusted_sum / trials;
  moments.raw_variance = raw_sq / trials - moments.raw_mean * moments.raw_mean;
  moments.adjusted_variance = adjusted_sq / trials - moments.adjusted_mean * moments.adjusted_mean;
  return moments;
}

}  // namespace

TEST_CASE(
    "Toy game, all in before the flop: the adjusted outcome is unbiased for the exact equity and "
    "its balanced sample leaves less than 1/kRunoutSamples of the raw variance",
    "[luck]") {
  const Experiment experiment = heads_up();
  const double exact = exact_equity(set_of({"Ah", "As"}), set_of({"Kd", "Kc"}), {});
  // The known answer (`sngsim equity AhAs KdKc`, no suit shared): 81.255%.
  CHECK(exact == Approx(0.81255).margin(0.00001));
  constexpr int kTrials = 2000;
  const ToyMoments m = toy_moments(experiment, kTrials, {});
  // Both within four standard errors of the exact answer.
  CHECK(std::abs(m.raw_mean - exact) < 4 * std::sqrt(m.raw_variance / kTrials));
  CHECK(std::abs(m.adjusted_mean - exact) < 4 * std::sqrt(m.adjusted_variance / kTrials));
  INFO("raw variance " << m.raw_variance << ", adjusted " << m.adjusted_variance);
  // Independent draws would leave 1/kRunoutSamples of the variance; boards
  // that share no card leave less (about half here), but a sample is not
  // exact: more than a quarter of that remains.
  CHECK(m.adjusted_variance * kRunoutSamples < m.raw_variance);
  CHECK(m.adjusted_variance * kRunoutSamples * 4 > m.raw_variance);
}

TEST_CASE(
    "Toy game, all in on the flop: the sampled E[.] is unbiased and leaves a small part of the "
    "variance",
    "[luck]") {
  const Experiment experiment = heads_up();
  const std::vector<Card> flop = {card("Kh"), card("7c"), card("2d")};
  const double exact = exact_equity(set_of({"Ah", "As"}), set_of({"Kd", "Kc"}), flop);
  constexpr int kTrials = 2000;
  const ToyMoments m = toy_moments(experiment, kTrials, flop);
  CHECK(std::abs(m.raw_mean - exact) < 4 * std::sqrt(m.raw_variance / kTrials));
  CHECK(std::abs(m.adjusted_mean - exact) < 4 * std::sqrt(m.adjusted_variance / kTrials));
  INFO("raw variance " << m.raw_variance << ", adjusted " << m.adjusted_variance);
  CHECK(m.adjusted_variance * kRunoutSamples < m.raw_variance);
  CHECK(m.adjusted_variance > 0);  // sampled, not exact
}

TEST_CASE("Toy game, all in on the turn: E[.] is exact, so every adjusted outcome is the exact equity", "[luck]") {
  const Experiment experiment = heads_up();
  const std::vector<Card> turn = {card("Kh"), card("7c"), card("2d"), card("Qs")};
  const double exact = exact_equity(set_of({"Ah", "As"}), set_of({"Kd", "Kc"}), turn);
  // The kings hold a set; of the 44 rivers only the two aces left beat it
  // (one card cannot make the aces a straight or a flush).
  CHECK(exact == Approx(2.0 / 44));
  for (int trial = 0; trial < 50; ++trial) {
    const ToyDeal deal = toy_deal(experiment, static_cast<std::uint64_t>(trial), turn);
    CHECK(deal.adjusted == Approx(exact).margin(1e-7));
  }
}

TEST_CASE(
    "The Malmuth-Harville place distribution: rows and columns sum to one, first place is "
    "stack / chips, and the prizes agree with icm_equity",
    "[luck][icm]") {
  const std::vector<double> stacks = {500, 1500, 3000, 1000};
  std::vector<double> place(16);
  icm_place_distribution(stacks, place);
  for (int i = 0; i < 4; ++i) {
    double row = 0, column = 0;
    for (int k = 0; k < 4; ++k) {
      row += place[static_cast<std::size_t>(i * 4 + k)];
      column += place[static_cast<std::size_t>(k * 4 + i)];
    }
    CHECK(row == Approx(1.0));
    CHECK(column == Approx(1.0));
    CHECK(place[static_cast<std::size_t>(i * 4)] == Approx(stacks[static_cast<std::size_t>(i)] / 6000));
  }
  const std::vector<double> payouts = {50, 30, 20};
  const std::vector<double> equity = icm_equity(stacks, payouts);
  for (int i = 0; i < 4; ++i) {
    double prize = 0;
    for (int k = 0; k < 3; ++k)
      prize += place[static_cast<std::size_t>(i * 4 + k)] * payouts[static_cast<std::size_t>(k)];
    CHECK(prize == Approx(equity[static_cast<std::size_t>(i)]));
  }
}

namespace {

Experiment six_max(std::int64_t tournaments, const std::string& extra = "") {
  return parse_experiment("seed: 11\ntournaments: " + std::to_string(tournaments) +
                              "\nadjust_luck: true\ntable: {players: 6, stack: 1000, blinds: turbo}\n" + extra +
                              "lineup:\n  - {label: tag, strategy: tag}\n  - {label: rock, strategy: rock}\n"
                              "  - {label: push, strategy: pushfold}\n  - {label: maniac, strategy: maniac}\n"
                              "  - {label: station, strategy: calling_station}\n  - {label: tag2, strategy: tag}\n"
                              "payouts: {places: [65, 35], buy_in: 10}\n",
                          "six.yaml", {});
}

}  // namespace

TEST_CASE(
    "Whole tournaments: the corrections of a table sum to zero, the pots split as the engine split "
    "them, and run-outs are found",
    "[luck]") {
  for (const std::string& antes : {std::string(), std::string("table: {players: 6, stack: 1000, blinds: turbo, "
                                                              "ante: {from_level: 2, amount: 10}}\n")}) {
    const Experiment experiment =
        antes.empty() ? six_max(200)
                      : parse_experiment("seed: 4\ntournaments: 200\nadjust_luck: true\n" + antes +
                                             "lineup: [{strategy: tag}, {strategy: maniac}, {strategy: pushfold}, "
                                             "{strategy: calling_station}, "
                                             "{strategy: rock}, {strategy: tag}]\npayouts: {places: [65, 35]}\n",
                                         "antes.yaml", {});
    const Cell& cell = experiment.cells[0];
    const std::vector<int> label_of_entrant = label_of_entrants(cell);
    Hand hand;
    std::int64_t runouts = 0;
    std::int64_t mismatches = 0;
    for (std::int64_t index = 0; index < experiment.tournaments; ++index) {
      // The observer play_table makes is internal; a second one, chained
      // as an outside observer, sees the same hands and counts them.
      RunoutLuck counter(LuckValue(cell), 1, nullptr);
      const TournamentRecord record = play_tournament(cell, label_of_entrant, experiment.seed, index, hand, &counter);
      runouts += counter.runouts();
      mismatches += counter.split_mismatches();
      for (std::size_t m = 0; m < kLuckMetricCount; ++m) {
        std::int64_t sum = 0;
        for (int seat = 0; seat < record.seats; ++seat) sum += record.luck[static_cast<std::size_t>(seat)][m];
        // Each term is rounded once per seat: at most half a unit each.
        CHECK(std::abs(sum) <= 6 * static_cast<std::int64_t>(record.hands));
      }
    }
    INFO("run-outs " << runouts << ", split mismatches " << mismatches);
    CHECK(runouts > experiment.tournaments);  // several all-ins per tournament
    CHECK(mismatches == 0);
  }
}

TEST_CASE(
    "On a larger run every label's mean luck is zero within its interval, and the adjusted "
    "estimates need fewer tournaments",
    "[luck]") {
  const Experiment experiment = six_max(3000);
  const RunResult result = run_experiment(experiment, sngsim::testing::on_threads(2));
  const CellStats& stats = result.cells[0];
  // 24 intervals: a 95% one may miss by chance, so check at 3.5 standard errors.
  sngsim::testing::check_mean_luck_is_zero(stats, experiment.cells[0].payouts, 3.5);
  const auto reduction = variance_reduction(stats);
  CHECK(*reduction[static_cast<std::size_t>(LuckMetric::kPrize)] > 1.5);
  CHECK(*reduction[static_cast<std::size_t>(LuckMetric::kWin)] > 1.5);
}

TEST_CASE("Luck accumulators are bit-identical for 1 and 2 threads and survive a state round trip and a merge",
          "[luck][run-state]") {
  const Experiment experiment = six_max(120);
  const RunResult a = run_experiment(experiment, sngsim::testing::on_threads(1));
  const RunResult b = run_experiment(experiment, sngsim::testing::on_threads(2));
  REQUIRE(a.cells[0].luck() != nullptr);
  CHECK(a.cells[0] == b.cells[0]);
  CHECK(a.cells[0].state() == b.cells[0].state());

  CellStats restored(experiment.cells[0]);
  restored.restore(nlohmann::json::parse(a.cells[0].state().dump()));
  CHECK(restored == a.cells[0]);

  // Two halves merged equal the whole.
  const Cell& cell = experiment.cells[0];
  const std::vector<int> label_of_entrant = label_of_entrants(cell);
  CellStats first(cell);
  CellStats second(cell);
  Hand hand;
  for (std::int64_t unit = 0; unit < 120; ++unit) {
    play_unit(cell, label_of_entrant, experiment.seed, unit, PlayOptions{}, hand, unit < 50 ? first : second);
  }
  first.merge(second);
  CHECK(first == a.cells[0]);

  // A state without the luck accumulators is refused by a luck cell.
  nlohmann::json state = a.cells[0].state();
  state.erase("luck");
  CellStats target(cell);
  CHECK_THROWS_WITH(target.restore(state), Catch::Contains("missing luck"));
}

TEST_CASE("Without adjust_luck no luck is measured or kept", "[luck]") {
  const Experiment experiment = parse_experiment(
      "seed: 3\ntournaments: 20\ntable: {players: 3}\nlineup: [{strategy: tag}, {strategy: maniac}, "
      "{strategy: calling_station}]\n",
      "plain.yaml", {});
  CellStats stats(experiment.cells[0]);
  CHECK(stats.luck() == nullptr);
  CHECK_FALSE(stats.state().contains("luck"));
  Hand hand;
  const TournamentRecord record =
      play_tournament(experiment.cells[0], label_of_entrants(experiment.cells[0]), 3, 0, hand);
  for (const LuckTerms& terms : record.luck) CHECK(terms == LuckTerms{});
}

TEST_CASE("adjust_luck must be a boolean", "[luck][config]") {
  sngsim::testing::check_config_error("adjust_luck: maybe\nlineup: [{strategy: tag}, {strategy: tag}]\n", "x.yaml", 1,
                                      14, "adjust_luck must be one of false, true; got 'maybe'");
}
