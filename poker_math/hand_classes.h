#pragma once
// The 169 hold'em starting-hand classes (AA, AKs, AKo, ... 32o) and the 1,326
// two-card combos they group.
//
// Class indices follow the usual 13 x 13 chart, aces first: row r and column c
// (0 = ace .. 12 = deuce) hold the pair on the diagonal, the suited hand of
// ranks {r, c} above it (row < column) and the offsuit hand below it. So AA is
// 0, AKs 1, AKo 13, KK 14, 32o 167 and 22 168.
//
// Every combo of a class is the same up to renaming suits, so anything that
// depends only on ranks and suit pattern (combo counts with card removal,
// all-in equities) is a property of the class.

#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "engine/card.h"

namespace sngsim {

inline constexpr int kHandClassCount = 169;
inline constexpr int kHoldemComboCount = 1326;  // C(52, 2)

// The class of two distinct hole cards (a table lookup: bots call it on
// every preflop decision).
int hand_class_of(Card a, Card b);

// The ranks of a class (0 = deuce .. 12 = ace), high >= low, and whether it
// is suited (never for a pair).
struct HandClassShape {
  int high_rank = 0;
  int low_rank = 0;
  bool suited = false;
};
HandClassShape hand_class_shape(int hand_class);

// "AA", "AKs", "72o".
std::string hand_class_name(int hand_class);
// Inverse of hand_class_name; also accepts the ranks in either order ("KAs").
std::optional<int> parse_hand_class(std::string_view name);

bool is_pair_class(int hand_class);
bool is_suited_class(int hand_class);

// 6 for a pair, 4 suited, 12 offsuit.
int hand_class_combo_count(int hand_class);

// The combos of a class, each as (higher card, lower card).
struct ClassCombos {
  std::array<std::array<Card, 2>, 12> cards{};
  int count = 0;
};
ClassCombos hand_class_combos(int hand_class);

// How many combos of class `other` share no card with one given hand of
// class `hand_class` (the same for every hand of the class).
int compatible_combo_count(int hand_class, int other);

// Combos as indices 0..1325: cards a < b map to b * (b - 1) / 2 + a.
constexpr int combo_index(Card a, Card b) {
  if (a > b) std::swap(a, b);
  return b * (b - 1) / 2 + a;
}
std::array<Card, 2> combo_cards(int index);

}  // namespace sngsim
