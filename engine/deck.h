#pragma once
// A 52-card deck dealt by a partial Fisher-Yates shuffle: drawing k cards
// costs k random numbers, and the cards drawn are a pure function of the
// generator's key.

#include <array>

#include "engine/card.h"
#include "engine/rng.h"

namespace sngsim {

class Deck {
 public:
  explicit Deck(std::uint64_t key) : rng_(key) {
    for (int i = 0; i < kDeckSize; ++i) cards_[static_cast<std::size_t>(i)] = static_cast<Card>(i);
  }

  // Removes cards already known (e.g. fixed hole cards in an equity
  // calculation) so they are never dealt. Call before the first deal.
  void exclude(CardSet dead) {
    int kept = 0;
    for (int i = 0; i < kDeckSize; ++i) {
      const Card card = static_cast<Card>(i);
      if (!dead.contains(card)) cards_[static_cast<std::size_t>(kept++)] = card;
    }
    size_ = kept;
    dealt_ = 0;
  }

  Card deal() {
    const auto pick = dealt_ + static_cast<int>(rng_.below(static_cast<std::uint32_t>(size_ - dealt_)));
    std::swap(cards_[static_cast<std::size_t>(dealt_)], cards_[static_cast<std::size_t>(pick)]);
    return cards_[static_cast<std::size_t>(dealt_++)];
  }

  int remaining() const { return size_ - dealt_; }

 private:
  CounterRng rng_;
  std::array<Card, kDeckSize> cards_{};
  int size_ = kDeckSize;
  int dealt_ = 0;
};

}  // namespace sngsim
