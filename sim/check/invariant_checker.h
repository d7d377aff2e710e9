#pragma once
// What every hand of a table must leave true (`sngsim run --check`), checked
// from plain observations: chips conserved, no negative stack, the button
// and blinds where R5/R6 put them, every bust placed at once, places never
// changed, below every survivor and covering 1..players at the end (R20..R22).
// A cash session (V7) is checked as far as these apply: chips conserved
// counting every buy-in and the rake (V10), no negative stack, re-buys
// exactly as V7 says, a rake within the rule's percentage and cap.
//
// Independence: the checkers call no engine code. They re-derive what the
// rules demand from their own memory of the previous hand (where the big
// blind was, which seat had the small blind, who was alive) and compare it
// with what the table did, so a bug in the engine cannot hide behind the
// same bug in its check. sim/check/invariant_observer feeds them from a running
// table; tests feed them deliberately broken sequences.
//
// A checker reports every failure of a hand (not only the first) so that a
// test can see that each kind is detected; after a failure it carries on
// from what it observed.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/game_rules.h"
#include "engine/hand.h"
#include "engine/tournament.h"

namespace sngsim {

enum class InvariantKind : std::uint8_t {
  kChips,  // chips created or lost, or a stack changed between hands
  kNegativeStack,
  kDealing,       // a busted player dealt in, a live one left out, or hand order not clockwise from the button
  kButton,        // R5 / R6
  kSmallBlind,    // R5 / R6
  kBigBlind,      // R5 / R6
  kPlaceMissing,  // a player busted and got no place in that hand
  kPlaceChanged,  // a place given earlier changed
  kPlaceOrder,    // a place not below every survivor, given to a live player, or against R20 / R21
  kPlacesCover,   // the places of a hand's busts, or of the whole table at the end, do not cover their range (R22)
  kEnd,           // the table ended too early or too late (R2, R21), or played on after its end
  kRebuy,         // cash (V7): a re-buy missing, not allowed, or not to exactly the buy-in
};

// A short name: "chips", "button", "places-cover", ...
const char* invariant_kind_name(InvariantKind kind);

struct InvariantFailure {
  InvariantKind kind;
  std::string message;  // one line, naming seats and amounts
};

// What one hand of a tournament table looked like. Per-seat arrays cover
// seats 0..players-1.
struct TableHandObservation {
  int hand = 0;               // 1, 2, ... at this table
  int button_seat = -1;       // may be an empty seat (R5)
  int small_blind_seat = -1;  // -1: no small blind this hand (R5)
  int big_blind_seat = -1;
  int dealt = 0;                                  // players dealt in
  std::array<int, kMaxPlayers> hand_order{};      // seat of each dealt player, first the one left of the button
  std::array<Chips, kMaxPlayers> blind{};         // nominal blind each seat posted, 0 for none
  std::array<Chips, kMaxPlayers> stack_before{};  // at the start of the hand, before antes and blinds
  std::array<Chips, kMaxPlayers> hand_result{};   // stack the hand left each dealt seat
  std::array<Chips, kMaxPlayers> stack_after{};   // once the table took the chips
  std::array<Placement, kMaxPlayers> place_after{};
  bool over = false;  // the table says the tournament has ended
};

// The rules a table's invariants depend on.
struct TableInvariantRules {
  int players = 0;
  Chips starting_stack = 0;
  int hand_cap = 0;
  TieRule tie_rule = TieRule::kShare;
};

class InvariantChecker {
 public:
  explicit InvariantChecker(const TableInvariantRules& rules);

  // Checks one hand against the previous ones; empty when all is well.
  std::vector<InvariantFailure> check_hand(const TableHandObservation& hand);
  // Whether the checker has seen the hand that ended the table.
  bool saw_end() const { return over_; }

 private:
  void check_chips(const TableHandObservation& hand, std::vector<InvariantFailure>& failures) const;
  void check_dealing(const TableHandObservation& hand, std::vector<InvariantFailure>& failures) const;
  void check_positions(const TableHandObservation& hand, std::vector<InvariantFailure>& failures);
  void check_places(const TableHandObservation& hand, std::vector<InvariantFailure>& failures) const;
  int next_alive_after(int seat, const std::array<Chips, kMaxPlayers>& stacks) const;

  TableInvariantRules rules_;
  int hands_ = 0;
  bool over_ = false;
  // Positions of the previous hand, as the checker derived them: the small
  // blind's seat is kept even when it was dead, because R5 puts the next
  // button there.
  int button_ = -1;
  int small_blind_ = -1;
  int big_blind_ = -1;
  std::array<Chips, kMaxPlayers> stack_{};  // after the previous hand
  std::array<Placement, kMaxPlayers> place_{};
};

// What one hand of a cash session looked like. Per seat.
struct CashHandObservation {
  int hand = 0;
  std::array<Chips, kMaxPlayers> stack_before{};  // as dealt, after this hand's re-buys
  std::array<Chips, kMaxPlayers> bought_in{};     // every chip bought so far, this hand's re-buys included
  std::array<Chips, kMaxPlayers> stack_after{};   // once the table took the chips
  Chips rake = 0;                                 // V10: taken from this hand
  // V8: the seats dealt this hand (the others' stacks stay as they were),
  // and the chips each seat's stood-up players took away so far.
  std::array<bool, kMaxPlayers> dealt{};
  std::array<Chips, kMaxPlayers> left_with{};
};

struct CashInvariantRules {
  int players = 0;
  Chips buy_in = 0;
  Chips rebuy_below = 0;            // a stack below this (or empty) buys in again before a hand
  int rake_hundredths_percent = 0;  // V10: 0 for no rake
  Chips rake_cap = 0;               // 0 for no cap
};

class CashInvariantChecker {
 public:
  explicit CashInvariantChecker(const CashInvariantRules& rules);
  std::vector<InvariantFailure> check_hand(const CashHandObservation& hand);

 private:
  CashInvariantRules rules_;
  int hands_ = 0;
  std::array<Chips, kMaxPlayers> stack_{};  // after the previous hand; 0 before the first buy-in
  std::array<Chips, kMaxPlayers> bought_in_{};
  std::array<Chips, kMaxPlayers> left_with_{};  // V8
  Chips raked_ = 0;                             // V10: every hand's rake so far
};

}  // namespace sngsim
