#pragma once
// How a hand's deck reaches the table (R7), shared by tournaments and cash
// tables: the board first, then every seat of the table in seat order,
// hole card by hole card, whether or not the seat is still in the game. The
// cards of an empty seat (a busted player's) are dealt and thrown away.
//
// So the cards of seat s in hand h depend only on the deck key and s, never
// on who else is still alive. That is what keeps duplicate tournaments
// (sim/config/duplicate.h) paired: copies of a deal schedule in which players bust
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
  const int hole_cards = setup.rules.hole_cards;
  // Empty seats after the last occupied one are not dealt at all: no card
  // after them is ever used, so skipping them changes nothing.
  while (seats > 0 && player_of_seat[static_cast<std::size_t>(seats - 1)] < 0) --seats;
  // Drawn in one run, then handed out: the deck's loop stays tight.
  // Padded by four so the last seat's four-slot copy may read all four.
  std::array<Card, kBoardSize + kMaxPlayers * 4 + 4> drawn;
  Deck deck(deck_key);
  deck.deal(drawn.data(), kBoardSize + seats * hole_cards);
  for (int i = 0; i < kBoardSize; ++i) setup.board[static_cast<std::size_t>(i)] = drawn[static_cast<std::size_t>(i)];
  const Card* next = drawn.data() + kBoardSize;
  for (int seat = 0; seat < seats; ++seat, next += hole_cards) {
    const int player = player_of_seat[static_cast<std::size_t>(seat)];
    if (player < 0) continue;  // an empty seat's cards, dealt and never seen
    auto& hole = setup.hole[static_cast<std::size_t>(player)];
    // All four slots, those past hole_cards keeping their value: a loop to
    // hole_cards became a memcpy call per seat.
    for (int c = 0; c < 4; ++c) {
      const auto slot = static_cast<std::size_t>(c);
      hole[slot] = c < hole_cards ? next[c] : hole[slot];
    }
  }
}

}  // namespace sngsim
