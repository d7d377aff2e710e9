#pragma once
// Poker hand evaluation: the best five-card hand a player can make.
//
// Ranks are totally ordered: a larger HandRank is a better hand, equal ranks
// tie. There are exactly 7,462 distinct five-card hand values, numbered
// 1 (7-5-4-3-2 high card) .. 7462 (royal flush); 0 means "no hand".

#include <cstdint>

#include "engine/card.h"

namespace sngsim {

enum class HandCategory : std::uint8_t {
  kHighCard,
  kPair,
  kTwoPair,
  kThreeOfAKind,
  kStraight,
  kFlush,
  kFullHouse,
  kFourOfAKind,
  kStraightFlush,
};

const char* category_name(HandCategory category);

struct HandRank {
  std::uint16_t value = 0;

  HandCategory category() const;
  bool is_royal_flush() const { return value == 7462; }
  constexpr auto operator<=>(const HandRank&) const = default;
};

// Best hand from any five of 5, 6 or 7 cards (hold'em, R16).
HandRank evaluate_holdem(CardSet cards);

// Best hand using exactly two of the four hole cards and exactly three of the
// board's 3..5 cards (Omaha, R16).
HandRank evaluate_omaha(CardSet hole, CardSet board);

// Best hand for a game with the given number of hole cards (2: hold'em,
// 4: Omaha).
inline HandRank evaluate_hand(int hole_card_count, CardSet hole, CardSet board) {
  return hole_card_count == 4 ? evaluate_omaha(hole, board) : evaluate_holdem(hole | board);
}

}  // namespace sngsim
