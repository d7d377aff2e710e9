// The board terms of the luck estimator (issue 19, sim/luck/board_luck.h):
// the deals of contested pots are read off a hand as it was played; a
// hand-made hand gets the terms its checked-down values give; on a toy game
// of two hands that always check the adjusted outcome keeps the exact mean
// with a small part of the raw variance; on whole tournaments every label's
// mean luck stays zero, the terms remove more variance than the run-out
// terms alone, and the results do not depend on the thread count.

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/evaluator.h"
#include "engine/hand.h"
#include "engine/rng.h"
#include "engine/tournament.h"
#include "sim/config/experiment_config.h"
#include "sim/formats/play_tournament.h"
#include "sim/luck/board_luck.h"
#include "sim/luck/runout_luck.h"
#include "sim/run/runner.h"
#include "sim/stats/cell_stats.h"
#include "sim/stats/luck_summary.h"
#include "tests/config_error_util.h"

using namespace sngsim;

namespace {

constexpr std::array<int, 2> kTwoSeats{0, 1};  // entrant_of_seat of a heads-up table

constexpr auto kWin = static_cast<std::size_t>(LuckMetric::kWin);
constexpr auto kPlace = static_cast<std::size_t>(LuckMetric::kPlace);

Experiment heads_up() {
  return parse_experiment(
      "seed: 3\ntournaments: 1\nadjust_luck: true\nluck_board_terms: true\ntable: {players: 2, stack: 1000}\n"
      "lineup: [{strategy: tag}, {strategy: tag}]\npayouts: {places: [100]}\n",
      "toy.yaml", {});
}

Card card(const char* text) { return *parse_card(text); }

// The first hand of a heads-up tournament with AhAs for hand-order index 0
// (the big blind), KdKc for index 1 and `board`.
HandSetup aces_against_kings(Tournament& tournament, const std::vector<Card>& board) {
  HandSetup setup = tournament.deal_next_hand();
  setup.hole[0] = {card("Ah"), card("As"), 0, 0};
  setup.hole[1] = {card("Kd"), card("Kc"), 0, 0};
  for (std::size_t i = 0; i < kBoardSize; ++i) setup.board[i] = board[i];
  return setup;
}

void play(Hand& hand, const std::vector<Action>& actions) {
  for (const Action action : actions) REQUIRE(hand.apply(action) == ApplyError::kNone);
  REQUIRE(hand.is_terminal());
}

// Player 0's share of the boards RunoutOrders counted (a tie half): its
// equity as the estimator sees it, exact or sampled.
double counted_equity(const RunoutOrders& boards) {
  double score = 0;
  std::int64_t total = 0;
  for (const RunoutOrders::Order& order : boards.orders()) {
    const double share = order.rank[0] > order.rank[1] ? 1.0 : order.rank[0] == order.rank[1] ? 0.5 : 0.0;
    score += share * static_cast<double>(order.count);
    total += order.count;
  }
  return score / static_cast<double>(total);
}

// Exact equity of AhAs against KdKc over every river completing `turn`.
double river_equity(const HandSetup& setup) {
  CardSet dead;
  for (int p = 0; p < 2; ++p) {
    for (int c = 0; c < 2; ++c) dead.add(setup.hole[static_cast<std::size_t>(p)][static_cast<std::size_t>(c)]);
  }
  CardSet turn;
  for (int c = 0; c < 4; ++c) turn.add(setup.board[static_cast<std::size_t>(c)]);
  dead |= turn;
  double score = 0;
  int rivers = 0;
  for (int c = 0; c < 52; ++c) {
    if (dead.contains(static_cast<Card>(c))) continue;
    CardSet board = turn;
    board.add(static_cast<Card>(c));
    CardSet aces;
    aces.add(setup.hole[0][0]);
    aces.add(setup.hole[0][1]);
    CardSet kings;
    kings.add(setup.hole[1][0]);
    kings.add(setup.hole[1][1]);
    const auto a = evaluate_holdem(aces | board).value;
    const auto k = evaluate_holdem(kings | board).value;
    score += a > k ? 1.0 : a == k ? 0.5 : 0.0;
    ++rivers;
  }
  CHECK(rivers == 44);
  return score / rivers;
}

}  // namespace

TEST_CASE(
    "Contested deals are read off the hand: the flop, turn and river dealt while two players could "
    "still bet, with the live set and the chips in the pots at each",
    "[luck][board]") {
  const Experiment experiment = heads_up();
  const std::vector<Card> board = {card("Kh"), card("7c"), card("2d"), card("9s"), card("3h")};
  Hand hand;
  {
    Tournament tournament(experiment.cells[0].rules, 1);
    hand.start(aces_against_kings(tournament, board));
    // Preflop the button calls and the big blind checks; the big blind bets
    // 100 on the flop and is called; turn and river are checked.
    play(hand, {Action::check_call(), Action::check_call(), Action::raise_to(100), Action::check_call(),
                Action::check_call(), Action::check_call(), Action::check_call(), Action::check_call()});
    const ContestedDeals deals = contested_deals_of(hand);
    REQUIRE(deals.count == 3);
    const std::array<Chips, 3> in_pot = {20, 120, 120};
    for (int d = 0; d < 3; ++d) {
      const ContestedDeal& deal = deals.deal[static_cast<std::size_t>(d)];
      CHECK(deal.known_before == (d == 0 ? 0 : d + 2));
      CHECK(deal.known_after == d + 3);
      CHECK(deal.live == 0b11u);
      CHECK(deal.contributed[0] == in_pot[static_cast<std::size_t>(d)]);
      CHECK(deal.contributed[1] == in_pot[static_cast<std::size_t>(d)]);
    }
  }
  {
    // All in on the flop: the flop is contested, turn and river are the
    // run-out's.
    Tournament tournament(experiment.cells[0].rules, 1);
    hand.start(aces_against_kings(tournament, board));
    play(hand, {Action::check_call(), Action::check_call(), Action::raise_to(980), Action::check_call()});
    const ContestedDeals deals = contested_deals_of(hand);
    REQUIRE(deals.count == 1);
    CHECK(deals.deal[0].known_after == 3);
    REQUIRE(runout_of(hand));
    CHECK(runout_of(hand)->known == 3);
  }
  {
    // All in before the flop: no contested deal at all.
    Tournament tournament(experiment.cells[0].rules, 1);
    hand.start(aces_against_kings(tournament, board));
    play(hand, {Action::raise_to(1000), Action::check_call()});
    CHECK(contested_deals_of(hand).count == 0);
  }
}

TEST_CASE("A hand-made hand's board terms are its checked-down values after less before each card", "[luck][board]") {
  const Experiment experiment = heads_up();
  const Cell& cell = experiment.cells[0];
  // KdKc flops a set against AhAs.
  const std::vector<Card> board = {card("Kh"), card("7c"), card("2d"), card("9s"), card("3h")};
  Tournament tournament(cell.rules, 1);
  const HandSetup setup = aces_against_kings(tournament, board);
  Hand hand;
  hand.start(setup);
  play(hand, {Action::check_call(), Action::check_call(), Action::raise_to(100), Action::check_call(),
              Action::check_call(), Action::check_call(), Action::check_call(), Action::check_call()});
  constexpr std::uint64_t kKey = 5;
  BoardLuck luck(LuckValue(cell), kKey, nullptr);
  std::array<BoardTerm, 3> terms;
  REQUIRE(luck.terms_of(tournament, hand, terms) == 3);
  // Heads-up, winner takes all: V(win) is the stack over the 2,000 chips.
  const auto seat = static_cast<std::size_t>(setup.seats[0]);
  const auto other = static_cast<std::size_t>(setup.seats[1]);
  auto win_value = [](Chips in_pot, double equity) {
    return (1000.0 - static_cast<double>(in_pot) + 2.0 * static_cast<double>(in_pot) * equity) / 2000.0;
  };
  // The estimator's own E over the turn and river given the flop (exact or
  // sampled by RunoutOrders) is the flop term's after and the turn term's
  // before, at the flop's and the turn's chips.
  const std::uint64_t sample_key = derive_key(kKey, static_cast<std::uint64_t>(tournament.hands_played()));
  RunoutOrders counted;
  counted.count(setup, 0b11u, 3, sample_key, kRunoutSamples);
  const double flop_equity = counted_equity(counted);
  CHECK(terms[0].after[seat][kWin] == Approx(win_value(20, flop_equity)).margin(1e-12));
  CHECK(terms[1].before[seat][kWin] == Approx(win_value(120, flop_equity)).margin(1e-12));
  counted.count(setup, 0b11u, 0, sample_key, kRunoutSamples);
  CHECK(terms[0].before[seat][kWin] == Approx(win_value(20, counted_equity(counted))).margin(1e-12));
  // The turn term's after and the river term's before: exact over the 44
  // rivers; the river term's after is the actual split (kings win).
  const double turn_equity = river_equity(setup);
  CHECK(turn_equity == Approx(2.0 / 44.0));  // the aces need one of the two aces left
  CHECK(terms[1].after[seat][kWin] == Approx(win_value(120, turn_equity)).margin(1e-12));
  CHECK(terms[2].before[seat][kWin] == Approx(win_value(120, turn_equity)).margin(1e-12));
  CHECK(terms[2].after[seat][kWin] == Approx(880.0 / 2000.0).margin(1e-12));
  // Every metric's values of the two seats add up to the same whatever the
  // board: each term is the opposite of the other seat's.
  for (const BoardTerm& term : terms) {
    CHECK(term.before[seat][kWin] + term.before[other][kWin] == Approx(1.0));
    CHECK(term.after[seat][kPlace] + term.after[other][kPlace] == Approx(3.0));
    CHECK(term.after[seat][kPlace] == Approx(2.0 - term.after[seat][kWin]));
  }
  // hand_finished adds the terms, each rounded once to kLuckUnit.
  luck.hand_finished(TableView{&tournament, nullptr, kTwoSeats, {}}, hand);
  CHECK(luck.terms() == 3);
  double sum = 0;
  for (const BoardTerm& term : terms) sum += term.after[seat][kWin] - term.before[seat][kWin];
  CHECK(std::abs(static_cast<double>(luck.luck_of_seat()[seat][kWin]) - sum * static_cast<double>(kLuckUnit)) <= 1.5);
}

TEST_CASE(
    "Toy game, two hands checked down: the board terms leave the exact mean and a small part of the "
    "raw variance",
    "[luck][board]") {
  const Experiment experiment = heads_up();
  const Cell& cell = experiment.cells[0];
  // AhAs against KdKc, preflop: 81.255% (the run-out test's exact value).
  constexpr double kEquity = 0.81255;
  constexpr int kTrials = 2000;
  double raw_sum = 0, raw_sq = 0, adjusted_sum = 0, adjusted_sq = 0;
  Hand hand;
  for (int trial = 0; trial < kTrials; ++trial) {
    // A uniform board from the cards nobody holds.
    std::vector<Card> rest;
    for (int c = 0; c < 52; ++c) {
      const auto candidate = static_cast<Card>(c);
      if (candidate != card("Ah") && candidate != card("As") && candidate != card("Kd") && candidate != card("Kc")) {
        rest.push_back(candidate);
      }
    }
    CounterRng rng(derive_key(99, static_cast<std::uint64_t>(trial)));
    for (std::size_t i = 0; i < kBoardSize; ++i) {
      std::swap(rest[i], rest[i + rng.below(static_cast<std::uint32_t>(rest.size() - i))]);
    }
    Tournament tournament(cell.rules, derive_key(7, static_cast<std::uint64_t>(trial)));
    const HandSetup setup = aces_against_kings(tournament, rest);
    hand.start(setup);
    while (!hand.is_terminal()) hand.apply(Action::check_call());
    BoardLuck luck(LuckValue(cell), derive_key(11, static_cast<std::uint64_t>(trial)), nullptr);
    luck.hand_finished(TableView{&tournament, nullptr, kTwoSeats, {}}, hand);
    REQUIRE(luck.terms() == 3);
    const auto seat = static_cast<std::size_t>(setup.seats[0]);
    const double raw = static_cast<double>(hand.stack(0)) / 2000.0;
    const double adjusted = raw - static_cast<double>(luck.luck_of_seat()[seat][kWin]) / static_cast<double>(kLuckUnit);
    raw_sum += raw;
    raw_sq += raw * raw;
    adjusted_sum += adjusted;
    adjusted_sq += adjusted * adjusted;
  }
  const double exact = (980.0 + 40.0 * kEquity) / 2000.0;
  const double raw_mean = raw_sum / kTrials;
  const double adjusted_mean = adjusted_sum / kTrials;
  const double raw_variance = raw_sq / kTrials - raw_mean * raw_mean;
  const double adjusted_variance = adjusted_sq / kTrials - adjusted_mean * adjusted_mean;
  INFO("raw " << raw_mean << " (variance " << raw_variance << "), adjusted " << adjusted_mean << " (variance "
              << adjusted_variance << "), exact " << exact);
  CHECK(std::abs(raw_mean - exact) < 4 * std::sqrt(raw_variance / kTrials));
  CHECK(std::abs(adjusted_mean - exact) < 4 * std::sqrt(adjusted_variance / kTrials));
  // With the stacks checked down the terms add up to V(river) - Vcd(before
  // the flop): what is left is the sampled preflop E[.], about
  // 1/kRunoutSamples of the raw variance (less with balanced boards).
  CHECK(adjusted_variance * kRunoutSamples / 2 < raw_variance);
  CHECK(adjusted_variance > 0);
}

namespace {

Experiment six_max(std::int64_t tournaments, bool board_terms) {
  return parse_experiment("seed: 11\ntournaments: " + std::to_string(tournaments) + "\nadjust_luck: true\n" +
                              (board_terms ? "luck_board_terms: true\n" : "") +
                              "table: {players: 6, stack: 1000, blinds: turbo}\n"
                              "lineup:\n  - {label: tag, strategy: tag}\n  - {label: rock, strategy: rock}\n"
                              "  - {label: push, strategy: pushfold}\n  - {label: maniac, strategy: maniac}\n"
                              "  - {label: station, strategy: calling_station}\n  - {label: tag2, strategy: tag}\n"
                              "payouts: {places: [65, 35], buy_in: 10}\n",
                          "six.yaml", {});
}

RunOptions on_threads(int threads) {
  RunOptions options;
  options.threads = threads;
  return options;
}

}  // namespace

TEST_CASE(
    "Whole tournaments with board terms: the corrections of a table sum to zero and contested boards "
    "are found",
    "[luck][board]") {
  const Experiment experiment = six_max(100, true);
  const Cell& cell = experiment.cells[0];
  const std::vector<int> label_of_entrant = label_of_entrants(cell);
  Hand hand;
  std::int64_t terms = 0;
  for (std::int64_t index = 0; index < experiment.tournaments; ++index) {
    BoardLuck counter(LuckValue(cell), 1, nullptr);
    const TournamentRecord record = play_tournament(cell, label_of_entrant, experiment.seed, index, hand, &counter);
    terms += counter.terms();
    for (std::size_t m = 0; m < kLuckMetricCount; ++m) {
      std::int64_t sum = 0;
      for (int seat = 0; seat < record.seats; ++seat) sum += record.luck[static_cast<std::size_t>(seat)][m];
      // Each term is rounded once per seat: at most half a unit each, up to
      // four terms a hand (three board cards and a run-out).
      CHECK(std::abs(sum) <= 4 * 6 * static_cast<std::int64_t>(record.hands));
    }
  }
  CHECK(terms > experiment.tournaments);  // several contested boards per tournament
}

TEST_CASE(
    "With board terms every label's mean luck is zero within its interval, and the terms remove more "
    "variance than the run-out terms alone",
    "[luck][board]") {
  const Experiment experiment = six_max(3000, true);
  const RunResult result = run_experiment(experiment, on_threads(2));
  const CellStats& stats = result.cells[0];
  REQUIRE(stats.luck() != nullptr);
  for (int label = 0; label < stats.label_count(); ++label) {
    const LuckSummary summary = summarize_luck(stats, label, experiment.cells[0].payouts);
    for (const AdjustedMetric* metric : {&summary.roi, &summary.win_rate, &summary.itm_rate, &summary.mean_place}) {
      REQUIRE(metric->mean_luck_ci95);
      // 24 intervals: check at 3.5 standard errors (a 95% half-width is 1.96).
      const double half = (metric->mean_luck_ci95->hi - metric->mean_luck_ci95->lo) / 2;
      INFO("label " << stats.labels()[static_cast<std::size_t>(label)] << " mean luck " << *metric->mean_luck);
      CHECK(std::abs(*metric->mean_luck) < half * 3.5 / 1.96);
    }
  }
  const RunResult runout_only = run_experiment(six_max(3000, false), on_threads(2));
  const auto with_boards = variance_reduction(stats);
  const auto without = variance_reduction(runout_only.cells[0]);
  for (std::size_t m = 0; m < kLuckMetricCount; ++m) {
    INFO("metric " << m << ": " << *with_boards[m] << " with board terms, " << *without[m] << " without");
    CHECK(*with_boards[m] > *without[m]);
  }
}

TEST_CASE("Board terms are bit-identical for 1 and 2 threads", "[luck][board]") {
  const Experiment experiment = six_max(120, true);
  const RunResult a = run_experiment(experiment, on_threads(1));
  const RunResult b = run_experiment(experiment, on_threads(2));
  REQUIRE(a.cells[0].luck() != nullptr);
  CHECK(a.cells[0] == b.cells[0]);
  CHECK(a.cells[0].state() == b.cells[0].state());
  // And they change the luck: the same cell without them differs.
  const RunResult without = run_experiment(six_max(120, false), on_threads(1));
  CHECK_FALSE(without.cells[0] == a.cells[0]);
}

TEST_CASE("luck_board_terms needs adjust_luck and a sit-and-go: refused at the key otherwise",
          "[luck][board][config]") {
  const std::string lineup = "lineup: [{strategy: tag}, {strategy: tag}]\n";
  const std::string message =
      "luck_board_terms adds to the luck adjustment of a sit-and-go: it needs adjust_luck: true and format: sit-and-go";
  sngsim::testing::check_config_error("luck_board_terms: true\n" + lineup, "x.yaml", 1, 1, message);
  sngsim::testing::check_config_error("format: cash\nadjust_luck: true\nluck_board_terms: true\n" + lineup, "x.yaml", 3,
                                      1, message);
}
