#pragma once
// A 52-card deck dealt by a partial Fisher-Yates shuffle: drawing k cards
// costs k random numbers, and the cards drawn are a pure function of the
// generator's key.

#include <array>

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

  // Deals `count` cards into `out`, as `count` calls of deal() would. The
  // Fisher-Yates swap without its dead half: slot `dealt` is never read
  // again, so only the undealt card moves into the picked slot. The
  // generator, the deal position and the deck size live in locals for the
  // loop: as members they went back to memory after every card stored (a
  // Card may alias them).
  void deal(Card* out, int count) {
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

  int remaining() const { return size_ - dealt_; }

 private:
  CounterRng rng_;
  std::array<Card, kDeckSize> cards_;
  int size_ = kDeckSize;
  int dealt_ = 0;
};

}  // namespace sngsim
