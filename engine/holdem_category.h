#pragma once
// The category of the best hold'em hand in 5..7 cards, from the suits' rank
// masks alone: evaluate_holdem(cards).category() without the evaluator's
// table lookups.
//
// Why: a bot reading its hand after the flop needs the category, not the
// value, and the value's last load (a random slot of a 300 KB table) missed
// the first-level cache so often that it was most of the bots' hand reading
// (issue 20's profile). These few register operations never touch memory.
// The exhaustive evaluator test checks that both agree on every hand.

#include <bit>
#include <cstdint>

#include "engine/card.h"
#include "engine/evaluator.h"

namespace sngsim {

namespace category_detail {
// Whether a 13-bit rank mask (bit 0 = deuce .. 12 = ace) holds five ranks
// in a row, the ace also below the deuce (the wheel).
constexpr bool has_five_in_row(std::uint32_t ranks) {
  const std::uint32_t m = (ranks << 1) | ((ranks >> 12) & 1u);
  return (m & (m >> 1) & (m >> 2) & (m >> 3) & (m >> 4)) != 0;
}
}  // namespace category_detail

// Precondition: `cards` holds 5..7 cards.
constexpr HandCategory holdem_category(CardSet cards) {
  using category_detail::has_five_in_row;
  const std::uint32_t s0 = cards.suit_mask(0);
  const std::uint32_t s1 = cards.suit_mask(1);
  const std::uint32_t s2 = cards.suit_mask(2);
  const std::uint32_t s3 = cards.suit_mask(3);
  // Of at most seven cards only one suit can hold five.
  const std::uint32_t flush_suit = std::popcount(s0) >= 5   ? s0
                                   : std::popcount(s1) >= 5 ? s1
                                   : std::popcount(s2) >= 5 ? s2
                                   : std::popcount(s3) >= 5 ? s3
                                                            : 0u;
  if (flush_suit != 0 && has_five_in_row(flush_suit)) return HandCategory::kStraightFlush;
  const std::uint32_t four = s0 & s1 & s2 & s3;
  if (four != 0) return HandCategory::kFourOfAKind;
  // Ranks held in two or more suits, and in three or more.
  const std::uint32_t two_or_more = (s0 & s1) | (s2 & s3) | ((s0 | s1) & (s2 | s3));
  const std::uint32_t three_or_more = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1));
  const std::uint32_t pairs = two_or_more & ~three_or_more;
  if (three_or_more != 0 && (pairs != 0 || std::popcount(three_or_more) >= 2)) return HandCategory::kFullHouse;
  if (flush_suit != 0) return HandCategory::kFlush;
  if (has_five_in_row(s0 | s1 | s2 | s3)) return HandCategory::kStraight;
  if (three_or_more != 0) return HandCategory::kThreeOfAKind;
  if (std::popcount(pairs) >= 2) return HandCategory::kTwoPair;
  if (pairs != 0) return HandCategory::kPair;
  return HandCategory::kHighCard;
}

}  // namespace sngsim
