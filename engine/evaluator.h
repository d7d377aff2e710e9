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
// Evaluators are table lookups (about 700 KB of tables, built from the
// ranking rules during static initialisation; see engine/evaluator_tables.h),
// thread-safe and allocation-free. evaluate_holdem is inline: its whole cost
// is a few nanoseconds, so a call would be a noticeable share of it.

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "engine/card.h"
#include "engine/evaluator_tables.h"
#include "engine/game_definition.h"
#include "engine/hand_value.h"

namespace sngsim {

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

// A hold'em hand built card by card, with the sums its evaluation needs
// kept beside the cards: adding a card is one add and one or, and
// evaluating it reads no per-suit table (evaluate_holdem(CardSet) reads
// four). The fastest path when cards come one at a time (a deal), or when a
// shared board takes each player's hole cards (see below).
class HoldemHand {
 public:
  constexpr HoldemHand() = default;
  explicit constexpr HoldemHand(CardSet cards) {
    for (std::uint64_t rest = cards.bits(); rest != 0; rest &= rest - 1) {
      const int bit = std::countr_zero(rest);
      add(make_card(bit & 15, bit >> 4));
    }
  }
  // Precondition: `card` is not in the hand, which holds at most six.
  constexpr void add(Card card) {
    const evaluator_detail::CardEntry& entry = evaluator_detail::kCardEntry[card];
    key_ += entry.key;
    bits_ |= entry.bit;
  }
  constexpr CardSet cards() const { return CardSet::from_bits(bits_); }
  // Key weights and suit counts (evaluator_tables.h).
  constexpr std::uint64_t key() const { return key_; }

 private:
  std::uint64_t key_ = evaluator_detail::kEmptyHandKey;
  std::uint64_t bits_ = 0;
};

// Precondition: `hand` holds 5..7 cards.
inline HandRank evaluate_holdem(const HoldemHand& hand);

// The board every player shares plus one player's two hole cards, as a
// showdown evaluates them: two adds on the board's sums, no card set built
// unless a flush is possible. Preconditions: `board` holds 3..5 cards, the
// hole cards are two others.
inline HandRank evaluate_holdem(const HoldemHand& board, Card hole0, Card hole1);

// Best hand using exactly two of the four hole cards and exactly three of the
// board's 3..5 cards (Omaha, R16). Preconditions: `hole` holds 4 cards,
// `board` 3..5 others.
HandRank evaluate_omaha(CardSet hole, CardSet board);

// Best hand for a game with the given number of hole cards (2: hold'em,
// 4: Omaha).
inline HandRank evaluate_hand(int hole_card_count, CardSet hole, CardSet board) {
  return is_omaha(hole_card_count) ? evaluate_omaha(hole, board) : evaluate_holdem(hole | board);
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

// The best flush of a hand whose suit counts (a key word) say one suit
// holds five or more cards: that suit's field alone decides it.
inline std::uint16_t counted_flush_value(std::uint64_t key, std::uint64_t bits) {
  const int suit = (std::countr_zero(key & kFlushCountBits) - kSuitCountShift - 3) / 4;
  return kTables.flush_value[(bits >> (16 * suit)) & 0x1FFF];
}

}  // namespace evaluator_detail

inline HandRank evaluate_holdem(const HoldemHand& hand) {
  assert(hand.cards().size() >= 5 && hand.cards().size() <= 7);
  const std::uint64_t key = hand.key();
  if (key & evaluator_detail::kFlushCountBits) [[unlikely]] {
    return HandRank{evaluator_detail::counted_flush_value(key, hand.cards().bits())};
  }
  return HandRank{evaluator_detail::kTables.key_value(static_cast<std::uint32_t>(key))};
}

inline HandRank evaluate_holdem(const HoldemHand& board, Card hole0, Card hole1) {
  using evaluator_detail::kCardEntry;
  const std::uint64_t key = board.key() + kCardEntry[hole0].key + kCardEntry[hole1].key;
  if (key & evaluator_detail::kFlushCountBits) [[unlikely]] {
    const std::uint64_t bits = board.cards().bits() | kCardEntry[hole0].bit | kCardEntry[hole1].bit;
    return HandRank{evaluator_detail::counted_flush_value(key, bits)};
  }
  return HandRank{evaluator_detail::kTables.key_value(static_cast<std::uint32_t>(key))};
}

inline HandRank evaluate_holdem(CardSet cards) {
  assert(cards.size() >= 5 && cards.size() <= 7);
  const evaluator_detail::Tables& t = evaluator_detail::kTables;
  const std::uint64_t bits = cards.bits();
  const auto field = [bits](int suit) { return evaluator_detail::suit_lane(bits, suit); };
  const std::uint32_t key = t.suit_key[field(0)] + t.suit_key[field(1)] + t.suit_key[field(2)] + t.suit_key[field(3)];
  // Five cards of one suit leave too few for quads or a full house among
  // seven, so a flush is the best hand; only one suit can hold five.
  if (key & evaluator_detail::kFlushFlag) [[unlikely]] {
    return HandRank{
        std::max({t.flush_value[field(0)], t.flush_value[field(1)], t.flush_value[field(2)], t.flush_value[field(3)]})};
  }
  return HandRank{t.key_value(key)};
}

}  // namespace sngsim
