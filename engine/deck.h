#pragma once
// A 52-card deck dealt by a partial Fisher-Yates shuffle: drawing k cards
// costs k random numbers, and the cards drawn are a pure function of the
// generator's key.

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

#include "engine/card.h"
#include "engine/rng.h"

namespace sngsim {

class Deck {
  static constexpr std::array<Card, kDeckSize> kOrderedDeck = [] {
    std::array<Card, kDeckSize> cards{};
    for (int i = 0; i < kDeckSize; ++i) cards[static_cast<std::size_t>(i)] = static_cast<Card>(i);
    return cards;
  }();

 public:
  // Copied from a constant table: one block copy per hand instead of a loop.
  explicit Deck(std::uint64_t key) : rng_(key), cards_(kOrderedDeck) {}

  Card deal() {
    Card card;
    deal(&card, 1);
    return card;
  }

  // Deals `count` (<= remaining()) cards into `out`, as `count` calls of
  // deal() would. The Fisher-Yates swap without its dead half: slot `dealt`
  // is never read again, so only the undealt card moves into the picked
  // slot.
  //
  // Lemire's method (CounterRng::below) accepts its first draw whenever the
  // low half of the product is at least the bound, which for a deck fails
  // with probability below 2^-26 per card. The picks are then the next
  // `count` outputs of the stream, independent of each other and of the
  // cards: one loop computes them all (it vectorises), and the swaps follow
  // with their slots known, instead of each waiting for its own draw. Any
  // draw that might be rejected sends the whole deal to the card-by-card
  // path, which draws exactly as below() does.
  void deal(Card* out, int count) {
    assert(count <= remaining());
    const int dealt = dealt_;
    const int undealt = size_ - dealt;
    const std::uint64_t first = rng_.counter() + 1;
    std::array<std::uint32_t, kDeckSize> picks;
    std::uint32_t maybe_rejected = 0;
    for (int i = 0; i < count; ++i) {
      const auto bound = static_cast<std::uint32_t>(undealt - i);
      const std::uint64_t product = (rng_.output(first + static_cast<std::uint64_t>(i)) >> 32) * bound;
      picks[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(product >> 32);
      maybe_rejected |= static_cast<std::uint32_t>(static_cast<std::uint32_t>(product) < bound);
    }
    if (maybe_rejected != 0) [[unlikely]] {
      deal_card_by_card(out, count);
      return;
    }
    rng_.skip(static_cast<std::uint64_t>(count));
    for (int i = 0; i < count; ++i) {
      const auto slot = static_cast<std::size_t>(dealt + i);
      const std::size_t pick = slot + picks[static_cast<std::size_t>(i)];
      out[i] = cards_[pick];
      cards_[pick] = cards_[slot];
    }
    dealt_ = dealt + count;
  }

  int remaining() const { return size_ - dealt_; }

 private:
  // deal() one below() at a time. The generator, the deal position and the
  // deck size live in locals for the loop: as members they went back to
  // memory after every card stored (a Card may alias them).
  void deal_card_by_card(Card* out, int count) {
    CounterRng rng = rng_;
    int dealt = dealt_;
    const int size = size_;
    const int end = dealt + count;
    for (; dealt < end; ++dealt) {
      const auto pick = dealt + static_cast<int>(rng.below(static_cast<std::uint32_t>(size - dealt)));
      *out++ = cards_[static_cast<std::size_t>(pick)];
      cards_[static_cast<std::size_t>(pick)] = cards_[static_cast<std::size_t>(dealt)];
    }
    rng_ = rng;
    dealt_ = dealt;
  }

  CounterRng rng_;
  std::array<Card, kDeckSize> cards_;
  int size_ = kDeckSize;
  int dealt_ = 0;
};

}  // namespace sngsim
