// The 169 starting-hand classes and the embedded exact preflop equity
// table: class bookkeeping, the table's internal consistency, and table
// entries recomputed here with the equity calculator (exact for a few,
// tight Monte Carlo for a random sample of 30).

#include <cmath>
#include <set>
#include <string>

#include <catch2/catch.hpp>

#include "engine/evaluator.h"
#include "engine/rng.h"
#include "poker_math/equity.h"
#include "poker_math/hand_classes.h"
#include "poker_math/preflop_equity.h"

namespace sngsim {
namespace {

int class_named(const std::string& name) {
  const auto c = parse_hand_class(name);
  REQUIRE(c.has_value());
  return *c;
}

CardSet two_cards(const std::array<Card, 2>& cards) {
  CardSet set;
  set.add(cards[0]);
  set.add(cards[1]);
  return set;
}

// The class pair's equity recomputed from scratch: every disjoint combo
// pair, each enumerated exactly by the calculator.
double exact_class_equity(int hero, int villain) {
  const ClassCombos a = hand_class_combos(hero);
  const ClassCombos b = hand_class_combos(villain);
  double sum = 0.0;
  int pairs = 0;
  for (int i = 0; i < a.count; ++i) {
    for (int j = 0; j < b.count; ++j) {
      const CardSet x = two_cards(a.cards[static_cast<std::size_t>(i)]);
      const CardSet y = two_cards(b.cards[static_cast<std::size_t>(j)]);
      if (!(x & y).empty()) continue;
      EquitySpot spot;
      spot.hands = {x, y};
      sum += calculate_equity(spot, {EquityMethod::kExact}).players[0].equity;
      ++pairs;
    }
  }
  return sum / pairs;
}

}  // namespace

TEST_CASE("There are 169 hand classes covering the 1,326 combos", "[equity][preflop]") {
  int combos = 0;
  std::set<std::string> names;
  for (int c = 0; c < kHandClassCount; ++c) {
    combos += hand_class_combo_count(c);
    names.insert(hand_class_name(c));
    CHECK(parse_hand_class(hand_class_name(c)) == c);
    const ClassCombos list = hand_class_combos(c);
    REQUIRE(list.count == hand_class_combo_count(c));
    for (int k = 0; k < list.count; ++k) {
      const auto& cards = list.cards[static_cast<std::size_t>(k)];
      CHECK(hand_class_of(cards[0], cards[1]) == c);
      CHECK(hand_class_of(cards[1], cards[0]) == c);
    }
  }
  CHECK(combos == kHoldemComboCount);
  CHECK(names.size() == 169);
  CHECK(hand_class_name(0) == "AA");
  CHECK(hand_class_name(1) == "AKs");
  CHECK(hand_class_name(13) == "AKo");
  CHECK(hand_class_name(168) == "22");
  CHECK(parse_hand_class("KAs") == parse_hand_class("AKs"));
  CHECK_FALSE(parse_hand_class("AAs").has_value());
  CHECK_FALSE(parse_hand_class("AK").has_value());
  CHECK(hand_class_combo_count(class_named("AKo")) == 12);
  CHECK(hand_class_combo_count(class_named("T9s")) == 4);
  CHECK(hand_class_combo_count(class_named("77")) == 6);
  for (int i = 0; i < kHoldemComboCount; ++i) {
    const auto cards = combo_cards(i);
    REQUIRE(cards[0] < cards[1]);
    CHECK(combo_index(cards[1], cards[0]) == i);
  }
}

TEST_CASE("Compatible combo counts follow card removal", "[equity][preflop]") {
  CHECK(compatible_combo_count(class_named("AA"), class_named("AA")) == 1);
  CHECK(compatible_combo_count(class_named("AA"), class_named("KK")) == 6);
  CHECK(compatible_combo_count(class_named("AA"), class_named("AKo")) == 6);   // 2 aces x 3 kings
  CHECK(compatible_combo_count(class_named("AKs"), class_named("AKo")) == 6);  // 3 x 3 minus 3 suited
  CHECK(compatible_combo_count(class_named("AKo"), class_named("AKs")) == 2);
  CHECK(compatible_combo_count(class_named("72o"), class_named("AA")) == 6);
  // Whatever the hand, 1,225 combos remain.
  for (int i = 0; i < kHandClassCount; i += 7) {
    int total = 0;
    for (int j = 0; j < kHandClassCount; ++j) total += compatible_combo_count(i, j);
    CHECK(total == 1225);
  }
}

TEST_CASE("The preflop table is complete and consistent", "[equity][preflop]") {
  const PreflopEquityTable& table = preflop_equity_table();
  for (int i = 0; i < kHandClassCount; ++i) {
    CHECK(table.equity(i, i) == 0.5);
    for (int j = 0; j < kHandClassCount; ++j) {
      REQUIRE(table.equity(i, j) + table.equity(j, i) == Approx(1.0).margin(1e-12));
      REQUIRE(table.combo_pairs(i, j) == hand_class_combo_count(i) * compatible_combo_count(i, j));
    }
  }
  // The strongest and weakest hands against a random hand.
  CHECK(hand_class_name(table.strength_order().front()) == "AA");
  CHECK(hand_class_name(table.strength_order().back()) == "32o");
  CHECK(table.equity_vs_random(class_named("AA")) == Approx(0.852).margin(0.001));
  CHECK(table.equity_vs_random(class_named("72o")) == Approx(0.346).margin(0.002));
  // A range holding exactly a fraction of the combos.
  const ClassWeights top = top_fraction_weights(0.1);
  double combos = 0.0;
  for (int c = 0; c < kHandClassCount; ++c) combos += top[static_cast<std::size_t>(c)] * hand_class_combo_count(c);
  CHECK(combos == Approx(132.6));
  CHECK(top[static_cast<std::size_t>(class_named("AA"))] == 1.0);
  CHECK(top[static_cast<std::size_t>(class_named("72o"))] == 0.0);
}

TEST_CASE("Known preflop table entries recompute exactly", "[equity][preflop][slow]") {
  const PreflopEquityTable& table = preflop_equity_table();
  const int aa = class_named("AA");
  const int kk = class_named("KK");
  const int ako = class_named("AKo");
  const int deuces = class_named("22");
  const int seven_deuce = class_named("72o");
  CHECK(table.equity(aa, kk) == Approx(0.8195).margin(0.0005));
  CHECK(table.equity(ako, deuces) == Approx(0.47).margin(0.01));
  CHECK(table.equity(seven_deuce, aa) == Approx(0.12).margin(0.02));
  // Exact to the last digit: the same boards and combos, counted otherwise.
  CHECK(table.equity(aa, kk) == Approx(exact_class_equity(aa, kk)).margin(1e-12));
  CHECK(table.equity(ako, deuces) == Approx(exact_class_equity(ako, deuces)).margin(1e-12));
  CHECK(table.equity(seven_deuce, aa) == Approx(exact_class_equity(seven_deuce, aa)).margin(1e-12));
}

TEST_CASE("Thirty random preflop table entries agree with Monte Carlo", "[equity][preflop]") {
  const PreflopEquityTable& table = preflop_equity_table();
  CounterRng rng(20240601);
  constexpr int kSamples = 300'000;
  for (int entry = 0; entry < 30; ++entry) {
    const int hero = static_cast<int>(rng.below(kHandClassCount));
    const int villain = static_cast<int>(rng.below(kHandClassCount));
    const ClassCombos a = hand_class_combos(hero);
    const ClassCombos b = hand_class_combos(villain);
    // Each sample: a uniformly random disjoint combo pair, then a random
    // board, so the sample mean estimates the table's average directly.
    double sum = 0.0;
    double sum_squares = 0.0;
    for (int s = 0; s < kSamples; ++s) {
      CardSet x, y;
      do {
        x = two_cards(a.cards[rng.below(static_cast<std::uint32_t>(a.count))]);
        y = two_cards(b.cards[rng.below(static_cast<std::uint32_t>(b.count))]);
      } while (!(x & y).empty());
      CardSet board;
      while (board.size() < 5) {
        const auto card = static_cast<Card>(rng.below(kDeckSize));
        if (!(x | y).contains(card)) board.add(card);
      }
      const HandRank rx = evaluate_holdem(x | board);
      const HandRank ry = evaluate_holdem(y | board);
      const double share = rx > ry ? 1.0 : (rx == ry ? 0.5 : 0.0);
      sum += share;
      sum_squares += share * share;
    }
    const double mean = sum / kSamples;
    const double error = std::sqrt((sum_squares / kSamples - mean * mean) / kSamples);
    INFO(hand_class_name(hero) << " vs " << hand_class_name(villain) << ": table " << table.equity(hero, villain)
                               << ", sampled " << mean << " +- " << error);
    CHECK(std::abs(mean - table.equity(hero, villain)) <= 4.0 * error + 1e-6);
  }
}

}  // namespace sngsim
