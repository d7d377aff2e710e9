// The deck's fast paths must deal exactly the cards of the plain one: the
// results of every experiment depend on it card for card.

#include <array>
#include <catch2/catch.hpp>

#include "engine/deck.h"
#include "engine/seat_deal.h"

using namespace sngsim;

TEST_CASE("Dealing a run of cards equals dealing them one by one", "[deck]") {
  for (std::uint64_t key = 0; key < 200; ++key) {
    Deck one_by_one(key);
    Deck in_a_run(key);
    std::array<Card, 30> run{};
    in_a_run.deal(run.data(), 20);
    in_a_run.deal(run.data() + 20, 10);  // a second run continues the first
    for (const Card card : run) REQUIRE(card == one_by_one.deal());
    REQUIRE(in_a_run.remaining() == one_by_one.remaining());
  }
}

TEST_CASE("Seat dealing: a seat's cards do not depend on which other seats are empty", "[deck]") {
  for (const int hole_cards : {2, 4}) {
    for (std::uint64_t key = 0; key < 50; ++key) {
      HandSetup full;
      full.rules.hole_cards = hole_cards;
      std::array<std::int8_t, kMaxPlayers> everyone{};
      for (int seat = 0; seat < kMaxPlayers; ++seat) everyone[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(seat);
      deal_by_seat(key, kMaxPlayers, everyone, full);

      // Seats 1, 3 and the last three empty: the trailing ones are not dealt at all.
      HandSetup sparse;
      sparse.rules.hole_cards = hole_cards;
      std::array<std::int8_t, kMaxPlayers> some{};
      some.fill(-1);
      int player = 0;
      for (const int seat : {0, 2, 4, 5}) some[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(player++);
      deal_by_seat(key, kMaxPlayers, some, sparse);

      REQUIRE(sparse.board == full.board);
      for (int seat = 0; seat < kMaxPlayers; ++seat) {
        const int p = some[static_cast<std::size_t>(seat)];
        if (p >= 0) REQUIRE(sparse.hole[static_cast<std::size_t>(p)] == full.hole[static_cast<std::size_t>(seat)]);
      }
    }
  }
}
