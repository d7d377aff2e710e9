#pragma once
// A cash table (ring game) as a pure state machine (RULES V7, V10).
//
// Every seat is taken for the whole session and nobody is eliminated: the
// blinds are fixed (no levels), the button moves one seat clockwise every
// hand, and a player whose stack is below the re-buy threshold (or empty) at
// the start of a hand buys in again, topping the stack up to exactly the
// buy-in. What a seat has won is its stack less everything it bought in.
// A rake (V10), when the rules set one, leaves the table with every hand.
//
//   CashTable t(rules, key);
//   for (h = 0; h < hands; ++h) { hand.start(t.deal_next_hand()); ...; t.finish_hand(hand); }
//
// Everything random (first button, every deck) is a pure function of `key`.

#include <array>
#include <cstdint>

#include "engine/blind_schedule.h"
#include "engine/game_rules.h"
#include "engine/hand.h"

namespace sngsim {

struct CashTableRules {
  int players = 6;                 // 2..6 seats, all taken
  BlindLevel blinds{10, 20, 0};    // fixed for the session; ante per player (V3), 0 for none
  Chips buy_in = 2000;             // V7: 40..100 big blinds; every (re-)buy tops the stack up to this
  Chips rebuy_below = 800;         // a stack below this at the start of a hand buys in again (0: only empty stacks)
  GameRules game;                  // V4
  RakeRule rake;                   // V10: none by default
};

class CashTable {
 public:
  CashTable(const CashTableRules& rules, std::uint64_t key);

  int hands_played() const { return hands_played_; }
  int seat_count() const { return rules_->players; }
  Chips stack(int seat) const { return stack_[static_cast<std::size_t>(seat)]; }
  // Chips bought in so far, the first buy-in included.
  Chips bought_in(int seat) const { return bought_in_[static_cast<std::size_t>(seat)]; }
  // Buy-ins after the first.
  int rebuys(int seat) const { return rebuys_[static_cast<std::size_t>(seat)]; }
  // What the seat has won (negative: lost) so far: stack less chips bought in.
  Chips won(int seat) const { return stack(seat) - bought_in(seat); }
  // V10: the rake the seat's pots paid so far (engine/hand.h, rake_paid):
  // won() + rake_paid() is what the seat would have won without a rake.
  Chips rake_paid(int seat) const { return rake_paid_[static_cast<std::size_t>(seat)]; }
  // The rake taken from every hand so far.
  Chips rake_taken() const { return rake_taken_; }

  // The hand being (or last) played. Heads-up the button posts the small
  // blind (R6); otherwise the two seats after the button post the blinds.
  int button_seat() const { return button_seat_; }
  const HandSetup& current_setup() const { return setup_; }

  // Tops up every stack below the threshold (V7), moves the button (the
  // first hand keeps the drawn one) and deals the next hand.
  const HandSetup& deal_next_hand();
  // Takes the chips of the finished hand.
  void finish_hand(const Hand& hand);

 private:
  const CashTableRules* rules_;
  // The parent of every hand's deck key, derived once rather than per hand.
  std::uint64_t deck_stream_key_;
  std::array<Chips, kMaxPlayers> stack_{};
  std::array<Chips, kMaxPlayers> bought_in_{};
  std::array<int, kMaxPlayers> rebuys_{};
  std::array<Chips, kMaxPlayers> rake_paid_{};
  Chips rake_taken_ = 0;
  int hands_played_ = 0;
  int button_seat_ = 0;
  HandSetup setup_{};
};

}  // namespace sngsim
