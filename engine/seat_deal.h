#pragma once
// How a hand's deck reaches the table (R7), shared by tournaments and cash
// tables: the board first, then every seat of the table in seat order,
// hole card by hole card, whether or not the seat is still in the game. The
// cards of an empty seat (a busted player's) are dealt and thrown away.
//
// So the cards of seat s in hand h depend only on the deck key and s, never
// on who else is still alive. That is what keeps duplicate tournaments
// (sim/duplicate.h) paired: copies of a deal schedule in which players bust
// at different hands still give every seat the same cards, hand by hand.
// Dealing to the live players in hand order instead would shift every card
// after the first bust that differs between the copies.

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/deck.h"
#include "engine/hand.h"

namespace sngsim {

// Deals `setup.board` and the hole cards of every player in the hand from a
// fresh deck of `deck_key`. `player_of_seat[seat]` is the hand-order index of
// the player in table seat `seat` (0..seats-1), or -1 for a seat not in the
// hand. setup.rules.hole_cards must be set.
inline void deal_by_seat(std::uint64_t deck_key, int seats, const std::array<std::int8_t, kMaxPlayers>& player_of_seat,
                         HandSetup& setup) {
  Deck deck(deck_key);
  for (auto& card : setup.board) card = deck.deal();
  // The hole-card count in a local: stores of Cards (unsigned char) may alias
  // anything, so the compiler would reload it from the setup after every card.
  const int hole_cards = setup.rules.hole_cards;
  // Empty seats after the last occupied one are not dealt at all: no card
  // after them is ever used, so skipping them changes nothing.
  while (seats > 0 && player_of_seat[static_cast<std::size_t>(seats - 1)] < 0) --seats;
  for (int seat = 0; seat < seats; ++seat) {
    const int player = player_of_seat[static_cast<std::size_t>(seat)];
    if (player < 0) {
      for (int c = 0; c < hole_cards; ++c) deck.deal();  // an empty seat's cards, never seen
      continue;
    }
    auto& hole = setup.hole[static_cast<std::size_t>(player)];
    for (int c = 0; c < hole_cards; ++c) hole[static_cast<std::size_t>(c)] = deck.deal();
  }
}

}  // namespace sngsim
