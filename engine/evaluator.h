#pragma once
// Poker hand evaluation: the best five-card hand a player can make.
//
// Ranks are totally ordered: a larger HandRank is a better hand, equal ranks
// tie. There are exactly 7,462 distinct five-card hand values, numbered
// 1 (7-5-4-3-2 high card) .. 7462 (royal flush); 0 means "no hand".
//
// Values are grouped by category, weakest first, so the category of a value
// is a range test:
//
//   high card 1..1277, pair 1278..4137, two pair 4138..4995,
//   three of a kind 4996..5853, straight 5854..5863, flush 5864..7140,
//   full house 7141..7296, four of a kind 7297..7452,
//   straight flush 7453..7462 (7462 = royal flush).
//
// Evaluators are table lookups (about 600 KB of tables, built from the
// ranking rules during static initialisation; see engine/evaluator_tables.h),
// thread-safe and allocation-free. evaluate_holdem is inline: its whole cost
// is a few nanoseconds, so a call would be a noticeable share of it.

#include <algorithm>
#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "engine/card.h"
#include "engine/evaluator_tables.h"

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

inline constexpr int kHandCategoryCount = 9;
inline constexpr int kHandValueCount = 7462;

// How many distinct five-card values each category has, in category order.
inline constexpr std::array<int, kHandCategoryCount> kCategoryValueCount = {1277, 2860, 858, 858, 10,
                                                                           1277, 156,  156, 10};

// The smallest value of each category; kCategoryFirstValue[c + 1] - 1 is the
// largest.
inline constexpr std::array<int, kHandCategoryCount + 1> kCategoryFirstValue = [] {
  std::array<int, kHandCategoryCount + 1> first{};
  first[0] = 1;
  for (int c = 0; c < kHandCategoryCount; ++c) first[c + 1] = first[c] + kCategoryValueCount[c];
  return first;
}();
static_assert(kCategoryFirstValue[kHandCategoryCount] == kHandValueCount + 1);

const char* category_name(HandCategory category);

struct HandRank {
  std::uint16_t value = 0;

  // Precondition: value != 0.
  HandCategory category() const;
  bool is_royal_flush() const { return value == 7462; }
  constexpr auto operator<=>(const HandRank&) const = default;
};

// Best hand from any five of 5, 6 or 7 cards (hold'em, R16). Precondition:
// `cards` holds 5..7 cards.
inline HandRank evaluate_holdem(CardSet cards);

// Best hand using exactly two of the four hole cards and exactly three of the
// board's 3..5 cards (Omaha, R16). Preconditions: `hole` holds 4 cards,
// `board` 3..5 others.
HandRank evaluate_omaha(CardSet hole, CardSet board);

// Best hand for a game with the given number of hole cards (2: hold'em,
// 4: Omaha).
inline HandRank evaluate_hand(int hole_card_count, CardSet hole, CardSet board) {
  return hole_card_count == 4 ? evaluate_omaha(hole, board) : evaluate_holdem(hole | board);
}

// Bytes of lookup tables the evaluators use (for reports and benchmarks).
std::size_t evaluator_table_bytes();

namespace evaluator_detail {

// The 16-bit lane of one suit, which is its 13-bit rank field as it stands:
// a CardSet sets no bits between fields. The middle lanes come out in one
// BEXTR where a copy, a shift and a zero-extension take three instructions;
// with the four lanes of every evaluation, that is a fifth of the hold'em
// evaluator's instructions. The outer lanes need one instruction either way.
// The compiler's builtin, not <immintrin.h>'s _bextr_u64: that header is
// 45,000 lines, which every source including this one would parse.
inline std::uint64_t suit_lane(std::uint64_t bits, int suit) {
#if defined(__BMI__)
  // Control word: start bit in bits 0-7, length in bits 8-15.
  if (suit == 1 || suit == 2) return __builtin_ia32_bextr_u64(bits, 16u * static_cast<unsigned>(suit) | 16u << 8);
#endif
  return static_cast<std::uint16_t>(bits >> (16 * suit));
}

}  // namespace evaluator_detail

inline HandRank evaluate_holdem(CardSet cards) {
  assert(cards.size() >= 5 && cards.size() <= 7);
  const evaluator_detail::Tables& t = evaluator_detail::kTables;
  const std::uint64_t bits = cards.bits();
  const auto field = [bits](int suit) { return evaluator_detail::suit_lane(bits, suit); };
  const std::uint32_t key =
      t.suit_key[field(0)] + t.suit_key[field(1)] + t.suit_key[field(2)] + t.suit_key[field(3)];
  // Five cards of one suit leave too few for quads or a full house among
  // seven, so a flush is the best hand; only one suit can hold five.
  if (key & evaluator_detail::kFlushFlag) [[unlikely]] {
    return HandRank{std::max({t.flush_value[field(0)], t.flush_value[field(1)], t.flush_value[field(2)],
                              t.flush_value[field(3)]})};
  }
  return HandRank{t.key_value(key)};
}

}  // namespace sngsim
