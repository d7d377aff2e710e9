#pragma once
// A cash table (ring game) as a pure state machine (RULES V7..V10).
//
// The blinds are fixed (no levels) and nobody is eliminated. A player whose
// stack is below the re-buy threshold (or empty) when dealt in buys in
// again, topping the stack up to exactly the buy-in. What a seat has won is
// its stack (and what it left with) less everything it bought in. A rake
// (V10), when the rules set one, leaves the table with every hand.
//
// Blinds move as a forward-moving big blind: each hand the big blind goes to
// the next seat clockwise that can take it, the small blind to the seat that
// had the big blind (dead when that seat is not dealt in), the button to the
// seat that had the small blind. With every seat dealt in this is the button
// moving one seat a hand. Heads-up the button posts the small blind (R6).
//
// Sitting out (V8, engine/sit_out.h): a seat sitting out is not dealt in and
// posts nothing; the caller reports each decision (clock()); the table brings
// the seat back or stands it up (it leaves with its stack). Coming back and
// new players follow V9: blinds the seat missed are owed, the big blind as a
// live post, the small blind dead (as an ante: dead money, nobody's bet), or
// the seat waits for the big blind; a seat between the button and the big
// blind that owes anything waits a hand. docs/rules.md, V8 and V9.
//
//   CashTable t(rules, key);
//   for (h = 0; h < hands; ++h) {
//     const HandSetup& s = t.deal_next_hand();
//     if (!t.dealt()) continue;  // fewer than two players could be dealt in
//     hand.start(s); ...; t.finish_hand(hand);
//   }
//
// Everything random (first button, every deck) is a pure function of `key`.

#include <array>
#include <cstdint>

#include "engine/blind_schedule.h"
#include "engine/game_rules.h"
#include "engine/hand.h"
#include "engine/sit_out.h"

namespace sngsim {

struct CashTableRules {
  int players = 6;               // 2..6 seats, all taken at the start
  BlindLevel blinds{10, 20, 0};  // fixed for the session; ante per player (V3), 0 for none
  Chips buy_in = 2000;           // V7: 40..100 big blinds; every (re-)buy tops the stack up to this
  Chips rebuy_below = 800;       // a stack below this at the start of a hand buys in again (0: only empty stacks)
  GameRules game;                // V4
  RakeRule rake;                 // V10: none by default
  SitOutRule sit_out;            // V8
  // V9: a seat that missed the big blind comes back by posting both blinds
  // (false) or waits for the big blind (true); a new player posts a big
  // blind at once (false) or waits for it (true).
  bool missed_blinds_wait = false;
  bool new_player_waits = false;
};

class CashTable {
 public:
  CashTable(const CashTableRules& rules, std::uint64_t key);

  // Hands the session has counted, dealt or not (a hand nobody could be
  // dealt still passes for the seats sitting out).
  int hands_played() const { return hands_played_; }
  int seat_count() const { return rules_->players; }
  Chips stack(int seat) const { return stack_[index(seat)]; }
  // Chips bought in so far, the first buy-in included.
  Chips bought_in(int seat) const { return bought_in_[index(seat)]; }
  // Buy-ins after the first.
  int rebuys(int seat) const { return rebuys_[index(seat)]; }
  // What the seat has won (negative: lost) so far: its stack and what it
  // left the table with, less chips bought in.
  Chips won(int seat) const { return stack(seat) + left_with_[index(seat)] - bought_in(seat); }
  // V10: the rake the seat's pots paid so far (engine/hand.h, rake_paid):
  // won() + rake_paid() is what the seat would have won without a rake.
  Chips rake_paid(int seat) const { return rake_paid_[index(seat)]; }
  // The rake taken from every hand so far.
  Chips rake_taken() const { return rake_taken_; }
  // V8: the chips the seat's stood-up players took away.
  Chips left_with(int seat) const { return left_with_[index(seat)]; }
  // Hands the seat was dealt.
  int hands_dealt(int seat) const { return hands_dealt_[index(seat)]; }

  // V8: the seat's clock, to which the caller reports every decision the
  // seat's strategy made (SitOutClock::decided); and its counts.
  SitOutClock& clock(int seat) { return clock_[index(seat)]; }
  const SitOutCounts& sit_out_counts(int seat) const { return clock_[index(seat)].counts(); }
  // Whether a player sits at the seat (false once stood up, until a new one
  // sits down).
  bool occupied(int seat) const { return occupied_[index(seat)]; }
  // V9: the blinds the seat owes (it missed them, or is new: a big blind).
  bool owes_big_blind(int seat) const { return owes_big_[index(seat)]; }
  bool owes_small_blind(int seat) const { return owes_small_[index(seat)]; }

  // V9: a new player sits down at an empty seat with the buy-in; it waits
  // for the big blind or posts one as rules.new_player_waits says.
  void seat_new_player(int seat);

  // The hand being (or last) played. The button may be a seat not dealt in.
  int button_seat() const { return button_seat_; }
  const HandSetup& current_setup() const { return setup_; }
  // Whether the last deal_next_hand() dealt a hand (two players or more).
  bool dealt() const { return setup_.num_players >= 2; }
  // V9: the dead blind each player of the hand posted (hand order), part of
  // its setup.antes.
  Chips dead_blind(int player) const { return dead_[index(player)]; }

  // Starts the next hand's clock for every seat (V8), moves the blinds,
  // tops up every stack dealt in that is below the threshold (V7) and deals.
  const HandSetup& deal_next_hand();
  // Takes the chips of the finished hand.
  void finish_hand(const Hand& hand);

 private:
  static std::size_t index(int i) { return static_cast<std::size_t>(i); }
  int next_seat(int seat) const { return (seat + 1) % rules_->players; }
  void deal_first_hand();
  void deal_later_hand();
  // Deals the hand to `in` (by seat), the blinds as given (-1: none).
  void deal_to(const std::array<bool, kMaxPlayers>& in, int small_blind_seat, int big_blind_seat);

  const CashTableRules* rules_;
  // The parent of every hand's deck key, derived once rather than per hand.
  std::uint64_t deck_stream_key_;
  std::array<Chips, kMaxPlayers> stack_{};
  std::array<Chips, kMaxPlayers> bought_in_{};
  std::array<Chips, kMaxPlayers> left_with_{};  // stacks taken away by stand-ups (V8)
  std::array<int, kMaxPlayers> rebuys_{};
  std::array<Chips, kMaxPlayers> rake_paid_{};
  std::array<int, kMaxPlayers> hands_dealt_{};
  std::array<SitOutClock, kMaxPlayers> clock_{};
  std::array<bool, kMaxPlayers> occupied_{};
  std::array<bool, kMaxPlayers> out_{};      // sitting out this hand (V8)
  std::array<bool, kMaxPlayers> waiting_{};  // waiting for the big blind (V9)
  std::array<bool, kMaxPlayers> owes_big_{};
  std::array<bool, kMaxPlayers> owes_small_{};
  std::array<Chips, kMaxPlayers> dead_{};  // by hand-order index, this hand
  Chips rake_taken_ = 0;
  int hands_played_ = 0;
  int hands_dealt_total_ = 0;
  int button_seat_ = 0;
  int small_blind_seat_ = -1;  // the small blind's position (the last hand's big blind), live or dead
  int big_blind_seat_ = -1;
  HandSetup setup_{};
};

}  // namespace sngsim
