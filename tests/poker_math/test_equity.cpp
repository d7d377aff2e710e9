// The equity calculator: exact enumeration against a brute force written
// here (its own board loop, the evaluators called directly), Monte Carlo
// against exact within its stated error (fixed seeds, so nothing flakes),
// equity against ranges, input checks, and the `sngsim equity` command.

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/card.h"
#include "engine/evaluator.h"
#include "poker_math/equity.h"

namespace sngsim {
namespace {

CardSet set_of(const std::string& text) {
  const auto set = parse_card_set(text);
  REQUIRE(set.has_value());
  return *set;
}

EquitySpot spot_of(std::vector<std::string> hands, const std::string& board = "", const std::string& dead = "") {
  EquitySpot spot;
  for (const auto& hand : hands) spot.hands.push_back(set_of(hand));
  spot.hole_cards = spot.hands[0].size();
  spot.board = set_of(board);
  spot.dead = set_of(dead);
  REQUIRE_FALSE(check_equity_spot(spot).has_value());
  return spot;
}

struct BruteForce {
  std::int64_t boards = 0;
  std::vector<double> win, tie, equity;
};

// Every completion of the board by a lexicographic odometer over the cards
// left, each hand ranked by the evaluator, ties shared.
BruteForce brute_force(const EquitySpot& spot) {
  CardSet used = spot.board | spot.dead;
  for (const CardSet& hand : spot.hands) used |= hand;
  std::vector<Card> deck;
  for (int c = 0; c < kDeckSize; ++c) {
    if (!used.contains(static_cast<Card>(c))) deck.push_back(static_cast<Card>(c));
  }
  const int missing = 5 - spot.board.size();
  const int n = static_cast<int>(deck.size());
  const std::size_t players = spot.hands.size();
  BruteForce result;
  result.win.assign(players, 0.0);
  result.tie.assign(players, 0.0);
  result.equity.assign(players, 0.0);
  std::vector<int> index(static_cast<std::size_t>(missing));
  for (int k = 0; k < missing; ++k) index[static_cast<std::size_t>(k)] = k;
  for (;;) {
    CardSet board = spot.board;
    for (const int i : index) board.add(deck[static_cast<std::size_t>(i)]);
    std::vector<HandRank> ranks;
    for (const CardSet& hand : spot.hands) {
      ranks.push_back(spot.hole_cards == 4 ? evaluate_omaha(hand, board) : evaluate_holdem(hand | board));
    }
    HandRank best = ranks[0];
    for (const HandRank& r : ranks) best = std::max(best, r);
    int winners = 0;
    for (const HandRank& r : ranks) winners += r == best;
    for (std::size_t p = 0; p < players; ++p) {
      if (ranks[p] != best) continue;
      (winners == 1 ? result.win : result.tie)[p] += 1.0;
      result.equity[p] += 1.0 / winners;
    }
    ++result.boards;
    // Next combination: the rightmost index that can move, then reset the rest.
    int k = missing - 1;
    while (k >= 0 && index[static_cast<std::size_t>(k)] == n - missing + k) --k;
    if (k < 0) break;
    ++index[static_cast<std::size_t>(k)];
    for (int j = k + 1; j < missing; ++j)
      index[static_cast<std::size_t>(j)] = index[static_cast<std::size_t>(j - 1)] + 1;
  }
  for (std::size_t p = 0; p < players; ++p) {
    result.win[p] /= static_cast<double>(result.boards);
    result.tie[p] /= static_cast<double>(result.boards);
    result.equity[p] /= static_cast<double>(result.boards);
  }
  return result;
}

void require_exact_matches_brute_force(const EquitySpot& spot) {
  EquityOptions options;
  options.method = EquityMethod::kExact;
  const EquityResult exact = calculate_equity(spot, options);
  const BruteForce brute = brute_force(spot);
  REQUIRE(exact.exact);
  REQUIRE(exact.boards == brute.boards);
  REQUIRE(exact.boards == exact_board_count(spot));
  double total = 0.0;
  for (std::size_t p = 0; p < spot.hands.size(); ++p) {
    CHECK(exact.players[p].win == Approx(brute.win[p]).margin(1e-12));
    CHECK(exact.players[p].tie == Approx(brute.tie[p]).margin(1e-12));
    CHECK(exact.players[p].equity == Approx(brute.equity[p]).margin(1e-12));
    total += exact.players[p].equity;
  }
  CHECK(total == Approx(1.0).margin(1e-12));
}

}  // namespace

TEST_CASE("Exact hold'em equity matches brute force", "[equity]") {
  SECTION("preflop heads-up, every one of 1,712,304 boards") {
    const EquitySpot spot = spot_of({"AhAs", "KdKc"});
    require_exact_matches_brute_force(spot);
    // Aces against kings of two other suits: the kings' flushes cannot be
    // blocked, so this combo is below the 82% of AA vs KK on average.
    const double aces = calculate_equity(spot).players[0].equity;
    CHECK(aces == Approx(0.81255).margin(5e-5));
  }
  SECTION("preflop, three players") { require_exact_matches_brute_force(spot_of({"AcKc", "7d7s", "QhJh"})); }
  SECTION("flop, three players, a dead card") {
    require_exact_matches_brute_force(spot_of({"AhKh", "QsQd", "9h8h"}, "Th7h2c", "3s"));
  }
  SECTION("turn, four players") {
    require_exact_matches_brute_force(spot_of({"AhAd", "KsQs", "5c5d", "JhTh"}, "As9sQh2d"));
  }
  SECTION("river: nothing left to deal, a split pot") {
    const EquitySpot spot = spot_of({"2c3d", "2h3s", "KhKc"}, "AsKdQcJsTd");
    require_exact_matches_brute_force(spot);
    const EquityResult result = calculate_equity(spot);
    CHECK(result.boards == 1);
    CHECK(result.players[0].equity == Approx(1.0 / 3.0));
    CHECK(result.players[2].tie == 1.0);
  }
}

TEST_CASE("Exact Omaha equity matches brute force", "[equity]") {
  SECTION("preflop heads-up") { require_exact_matches_brute_force(spot_of({"AhAsKdQc", "2c3c4d5d"})); }
  SECTION("flop, three players") {
    require_exact_matches_brute_force(spot_of({"AhKhQsJs", "9c9d8c7d", "AdAcTs2h"}, "Qh9h3s"));
  }
  SECTION("turn heads-up, dead cards") {
    require_exact_matches_brute_force(spot_of({"AsKsQdJd", "7h8h9cTc"}, "2s5s6h", "Ah"));
  }
}

TEST_CASE("Monte Carlo equity agrees with exact within its stated error", "[equity]") {
  const std::vector<EquitySpot> spots = {spot_of({"AhAs", "KdKc"}), spot_of({"AcKc", "7d7s", "QhJh"}),
                                         spot_of({"AhKh", "QsQd", "9h8h"}, "Th7h2c"), spot_of({"AhAsKdQc", "2c3c4d5d"}),
                                         spot_of({"AsKsQdJd", "7h8h9cTc", "2h2d3c4c"}, "Qs9h3s")};
  std::uint64_t seed = 11;
  for (const EquitySpot& spot : spots) {
    const EquityResult exact = calculate_equity(spot, {EquityMethod::kExact});
    EquityOptions options;
    options.method = EquityMethod::kMonteCarlo;
    options.samples = 200'000;
    options.seed = seed++;
    const EquityResult sampled = calculate_equity(spot, options);
    REQUIRE_FALSE(sampled.exact);
    for (std::size_t p = 0; p < spot.hands.size(); ++p) {
      const double error = sampled.players[p].std_error;
      INFO("hand " << p << ": exact " << exact.players[p].equity << ", sampled " << sampled.players[p].equity << " +- "
                   << error);
      CHECK(error > 0.0);
      CHECK(error < 0.002);
      CHECK(std::abs(sampled.players[p].equity - exact.players[p].equity) <= 4.0 * error);
    }
  }
}

TEST_CASE("Monte Carlo equity is a pure function of the seed", "[equity]") {
  const EquitySpot spot = spot_of({"AhKh", "QsQd"}, "Th7h2c");
  EquityOptions options{EquityMethod::kMonteCarlo, 0, 5'000, 42};
  CHECK(calculate_equity(spot, options).players[0].equity == calculate_equity(spot, options).players[0].equity);
  options.seed = 43;
  const double other = calculate_equity(spot, options).players[0].equity;
  options.seed = 42;
  CHECK(other != calculate_equity(spot, options).players[0].equity);
}

TEST_CASE("Automatic method enumerates cheap spots and samples expensive ones", "[equity]") {
  EquityOptions options;
  options.max_exact_evaluations = 1'000;
  options.samples = 1'000;
  CHECK(calculate_equity(spot_of({"AhKh", "QsQd"}, "Th7h2c5d"), options).exact);      // 44 boards
  CHECK_FALSE(calculate_equity(spot_of({"AhKh", "QsQd"}, "Th7h2c"), options).exact);  // 990 x 2
}

TEST_CASE("Equity spots with bad cards are refused with a reason", "[equity]") {
  EquitySpot spot;
  spot.hands = {set_of("AhAs"), set_of("AhKd")};
  CHECK(check_equity_spot(spot).value_or("") == "card Ah is used twice");
  spot.hands = {set_of("AhAs")};
  CHECK(check_equity_spot(spot).has_value());
  spot.hands = {set_of("AhAs"), set_of("KdKcQs")};
  CHECK(check_equity_spot(spot).has_value());
  spot.hands = {set_of("AhAs"), set_of("KdKc")};
  spot.board = set_of("2c3c");
  CHECK(check_equity_spot(spot).has_value());
  spot.board = set_of("2c3c4c");
  spot.dead = set_of("4c");
  CHECK(check_equity_spot(spot).has_value());
}

TEST_CASE("Equity against a range: exact agrees with enumerating the range by hand", "[equity]") {
  const CardSet hero = set_of("AhQh");
  const CardSet board = set_of("Qs7h2c9d");
  // The range: every pair, weight 1, and every suited ace, weight 0.5.
  std::array<double, kHandClassCount> weights{};
  for (int c = 0; c < kHandClassCount; ++c) {
    if (is_pair_class(c)) weights[static_cast<std::size_t>(c)] = 1.0;
    if (is_suited_class(c) && hand_class_name(c)[0] == 'A') weights[static_cast<std::size_t>(c)] = 0.5;
  }
  const ComboRange range = ComboRange::from_class_weights(weights);
  const ComboRange* opponents[] = {&range};
  RangeSpot spot;
  spot.hero = hero;
  spot.board = board;
  spot.opponents = opponents;
  CounterRng rng(1);
  const RangeEquity exact = equity_vs_ranges(spot, rng, 100, 1'000'000);
  REQUIRE(exact.exact);

  double weight_sum = 0.0;
  double share_sum = 0.0;
  for (int combo = 0; combo < kHoldemComboCount; ++combo) {
    const auto cards = combo_cards(combo);
    CardSet villain;
    villain.add(cards[0]);
    villain.add(cards[1]);
    if (!(villain & (hero | board)).empty() || range.weight(combo) == 0.0) continue;
    EquitySpot showdown;
    showdown.hands = {hero, villain};
    showdown.board = board;
    weight_sum += range.weight(combo);
    share_sum += range.weight(combo) * calculate_equity(showdown).players[0].equity;
  }
  CHECK(exact.equity == Approx(share_sum / weight_sum).margin(1e-12));

  // Monte Carlo against the same range, and against two of them.
  const RangeEquity sampled = equity_vs_ranges(spot, rng, 40'000, 0);
  REQUIRE_FALSE(sampled.exact);
  CHECK(std::abs(sampled.equity - exact.equity) <= 4.0 * sampled.std_error);
}

TEST_CASE("Equity against random hands matches the known-hands calculator", "[equity]") {
  // One random opponent on the river, exact: the average over its 990 hands.
  RangeSpot spot;
  spot.hero = set_of("AhKh");
  spot.board = set_of("Kd7h2c9d3s");
  const ComboRange* random_hand[] = {nullptr};
  spot.opponents = random_hand;
  CounterRng rng(5);
  const RangeEquity exact = equity_vs_ranges(spot, rng, 100, 10'000);
  REQUIRE(exact.exact);
  CHECK(exact.trials == 990);
  // Top pair top kicker loses only to two pair or better: 1 - 0.0x.
  CHECK(exact.equity > 0.9);
  const RangeEquity sampled = equity_vs_ranges(spot, rng, 50'000, 0);
  CHECK(std::abs(sampled.equity - exact.equity) <= 4.0 * sampled.std_error + 1e-9);

  // Omaha: two random opponents preflop, Monte Carlo; aces double-suited are
  // about 0.5 three-way (a fair share is 1/3).
  RangeSpot omaha;
  omaha.hole_cards = 4;
  omaha.hero = set_of("AhAsKhKs");
  const ComboRange* two_random[] = {nullptr, nullptr};
  omaha.opponents = two_random;
  const RangeEquity aces = equity_vs_ranges(omaha, rng, 20'000, 0);
  CHECK(aces.equity > 0.4);
  CHECK(aces.equity < 0.6);
}

}  // namespace sngsim
