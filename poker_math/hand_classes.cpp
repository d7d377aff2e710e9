#include "poker_math/hand_classes.h"

#include <algorithm>
#include <cstdint>

namespace sngsim {

namespace {
constexpr std::string_view kRankChars = "23456789TJQKA";

// Chart row/column of a rank: 0 for the ace.
constexpr int chart_index(int rank) { return kRanks - 1 - rank; }
constexpr int rank_of_chart_index(int index) { return kRanks - 1 - index; }

using ClassShape = HandClassShape;

ClassShape shape_of(int hand_class) {
  const int row = hand_class / kRanks;
  const int column = hand_class % kRanks;
  if (row == column) return {rank_of_chart_index(row), rank_of_chart_index(row), false};
  if (row < column) return {rank_of_chart_index(row), rank_of_chart_index(column), true};
  return {rank_of_chart_index(column), rank_of_chart_index(row), false};
}

constexpr int class_of(int high_rank, int low_rank, bool suited) {
  const int high = chart_index(high_rank);
  const int low = chart_index(low_rank);
  if (high == low || suited) return high * kRanks + low;
  return low * kRanks + high;
}

// [a * kDeckSize + b]: one load instead of the rank and suit arithmetic.
constexpr auto kClassOfCards = [] {
  std::array<std::uint8_t, kDeckSize * kDeckSize> table{};
  for (int a = 0; a < kDeckSize; ++a) {
    for (int b = 0; b < kDeckSize; ++b) {
      if (a == b) continue;
      const Card x = static_cast<Card>(a);
      const Card y = static_cast<Card>(b);
      const int high = std::max(rank_of(x), rank_of(y));
      const int low = std::min(rank_of(x), rank_of(y));
      table[static_cast<std::size_t>(a * kDeckSize + b)] =
          static_cast<std::uint8_t>(class_of(high, low, high != low && suit_of(x) == suit_of(y)));
    }
  }
  return table;
}();
}  // namespace

int hand_class_of(Card a, Card b) { return kClassOfCards[static_cast<std::size_t>(a * kDeckSize + b)]; }

HandClassShape hand_class_shape(int hand_class) { return shape_of(hand_class); }

std::string hand_class_name(int hand_class) {
  const ClassShape shape = shape_of(hand_class);
  std::string name{kRankChars[static_cast<std::size_t>(shape.high_rank)],
                   kRankChars[static_cast<std::size_t>(shape.low_rank)]};
  if (shape.high_rank != shape.low_rank) name += shape.suited ? 's' : 'o';
  return name;
}

std::optional<int> parse_hand_class(std::string_view name) {
  if (name.size() != 2 && name.size() != 3) return std::nullopt;
  const auto first = kRankChars.find(name[0]);
  const auto second = kRankChars.find(name[1]);
  if (first == std::string_view::npos || second == std::string_view::npos) return std::nullopt;
  const int high = static_cast<int>(std::max(first, second));
  const int low = static_cast<int>(std::min(first, second));
  if (high == low) {
    if (name.size() != 2) return std::nullopt;
    return class_of(high, low, false);
  }
  if (name.size() != 3 || (name[2] != 's' && name[2] != 'o')) return std::nullopt;
  return class_of(high, low, name[2] == 's');
}

bool is_pair_class(int hand_class) { return hand_class / kRanks == hand_class % kRanks; }
bool is_suited_class(int hand_class) { return hand_class / kRanks < hand_class % kRanks; }

int hand_class_combo_count(int hand_class) {
  if (is_pair_class(hand_class)) return 6;
  return is_suited_class(hand_class) ? 4 : 12;
}

ClassCombos hand_class_combos(int hand_class) {
  const ClassShape shape = shape_of(hand_class);
  ClassCombos combos;
  for (int s1 = 0; s1 < kSuits; ++s1) {
    for (int s2 = 0; s2 < kSuits; ++s2) {
      const bool keep = shape.high_rank == shape.low_rank ? s1 < s2 : (shape.suited ? s1 == s2 : s1 != s2);
      if (!keep) continue;
      combos.cards[static_cast<std::size_t>(combos.count++)] = {make_card(shape.high_rank, s1),
                                                                make_card(shape.low_rank, s2)};
    }
  }
  return combos;
}

int compatible_combo_count(int hand_class, int other) {
  const auto hand = hand_class_combos(hand_class).cards[0];
  const ClassCombos others = hand_class_combos(other);
  int count = 0;
  for (int i = 0; i < others.count; ++i) {
    const auto& cards = others.cards[static_cast<std::size_t>(i)];
    if (cards[0] != hand[0] && cards[0] != hand[1] && cards[1] != hand[0] && cards[1] != hand[1]) ++count;
  }
  return count;
}

namespace {
// Combo -> cards is in the bots' sampling loops: a table, not a search.
constexpr auto kComboCards = [] {
  std::array<std::array<Card, 2>, kHoldemComboCount> cards{};
  for (int b = 1; b < kDeckSize; ++b) {
    for (int a = 0; a < b; ++a)
      cards[static_cast<std::size_t>(combo_index(static_cast<Card>(a), static_cast<Card>(b)))] = {static_cast<Card>(a),
                                                                                                  static_cast<Card>(b)};
  }
  return cards;
}();
}  // namespace

std::array<Card, 2> combo_cards(int index) { return kComboCards[static_cast<std::size_t>(index)]; }

}  // namespace sngsim
