#pragma once
// One hand of poker as a pure state machine (RULES R7..R19, V1..V4).
//
// Players are indexed in "hand order", the order of hand histories: index 0
// is the first seat left of the button (live or dead), the last index sits
// nearest the button on its right. Heads-up, index 0 is the big blind and
// index 1 the button (R6). The caller supplies who posts which blind, so the
// dead-button and dead-small-blind hands of R5 need nothing special here.
//
// The hand never allocates after its first use (the event log keeps its
// capacity), does no I/O and knows no threads. Every chip amount is an
// integer and the sum of stacks and pots is conserved by every transition.
//
// Behaviour on bad input, decided once here:
//  - apply() of an illegal action returns an ApplyError and changes nothing;
//    deciding what to do instead (V5) is the caller's policy.
//  - A fold when checking is free is taken as a check (R10).
//
// Pots, decided by replaying real and oracle hand histories
// (docs/rules.md, R13, R17, V3): antes are dead money in the main pot and never
// part of an uncalled bet; a player short on its own ante wins at most what it
// posted from each ante; pots with exactly the same winners are split as one
// before odd chips are given out (R17).

#include <array>
#include <cstdint>
#include <span>

#include "engine/card.h"
#include "engine/event_log.h"
#include "engine/game_rules.h"

namespace sngsim {

struct HandRank;

inline constexpr int kMaxPlayers = 9;
inline constexpr int kBoardSize = 5;

enum class ActionType : std::uint8_t {
  kFold,
  kCheckCall,
  kBetRaise,  // amount = total bet for this round after the action ("raise to")
};

struct Action {
  ActionType type = ActionType::kCheckCall;
  Chips amount = 0;

  static constexpr Action fold() { return {ActionType::kFold, 0}; }
  static constexpr Action check_call() { return {ActionType::kCheckCall, 0}; }
  static constexpr Action raise_to(Chips to) { return {ActionType::kBetRaise, to}; }
};

// What the player to act may do. Raise sizes are totals for this round.
struct LegalActions {
  bool can_fold = false;  // only when facing a bet (R10)
  bool can_check = false;
  Chips call_amount = 0;  // chips a call adds (all-in for less when short)
  bool can_raise = false;
  Chips min_raise_to = 0;  // smallest legal bet/raise-to (an all-in may be less)
  Chips max_raise_to = 0;  // largest legal bet/raise-to
};

enum class ApplyError : std::uint8_t {
  kNone,
  kHandOver,
  kCannotRaise,     // raising is closed (R12, cap V2) or nobody could call
  kRaiseTooSmall,   // below the minimum and not an all-in
  kRaiseTooLarge,   // above the stack or the pot limit (V1)
  kWrongLimitSize,  // fixed limit: not the fixed size (V2)
  kUnknownAction,   // not one of the ActionType values
};

const char* apply_error_name(ApplyError error);

// Everything a hand needs to start. Cards are dealt by the caller (from a
// seeded deck, or from a hand history) before the hand starts.
struct HandSetup {
  GameRules rules;
  int num_players = 0;
  Chips min_bet = 0;                        // NL/PL: the big blind (smallest bet, R11); FL: the small bet
  Chips big_bet = 0;                        // FL only: the bet size on turn and river (V2)
  std::array<Chips, kMaxPlayers> stacks{};  // before antes and blinds
  std::array<Chips, kMaxPlayers> antes{};   // per player, dead money (V3)
  std::array<Chips, kMaxPlayers> blinds{};  // nominal blind per player; the largest is the big blind
  // V9 (cash tables): a live bet posted out of turn by a player coming back
  // or new to the table. It is the player's bet like a blind, but the big
  // blind alone decides who acts first (PHH writes it as a negative blind).
  std::array<Chips, kMaxPlayers> posts{};
  std::array<std::array<Card, 4>, kMaxPlayers> hole{};
  std::array<Card, kBoardSize> board{};
  // Informational, passed through to observations.
  int level = 0;
  std::array<std::int8_t, kMaxPlayers> seats{};  // table seat of each hand-order index
  // V10 (cash tables): the house's share of the pot; the default takes none.
  RakeRule rake;
};

// The betting so far, counted as the hand goes: what bots would otherwise
// rescan the history for on every decision. Hand-order indices, -1 for none.
struct BettingCount {
  int raises_this_round = 0;   // bets and raises, blinds not counted
  int callers_this_round = 0;  // calls since the round's last bet or raise
  int last_raiser_this_round = -1;
  int last_preflop_raiser = -1;
};

// Each player's actions in the hand so far, counted as the hand applies
// them: what opponent models would otherwise rescan the events for after
// every hand. Public, like the events they count. Hand-order indices.
struct ActionCounts {
  std::array<int, kMaxPlayers> taken{};       // folds, checks, calls, bets and raises
  std::array<int, kMaxPlayers> aggressive{};  // bets and raises
  std::uint32_t preflop_raisers = 0;          // bit p: player p bet or raised preflop
};

// What the player to act sees (never the deck or other players' hole cards).
struct Observation {
  int player = -1;  // hand-order index of the observer
  int num_players = 0;
  GameRules rules;
  Street street = Street::kPreflop;
  int level = 0;
  Chips min_bet = 0;
  Chips big_bet = 0;
  std::array<Card, 4> hole{};  // own hole cards (rules.hole_cards of them)
  std::array<Card, kBoardSize> board{};
  int board_count = 0;
  std::array<Chips, kMaxPlayers> stacks{};     // behind, not yet in the pot
  std::array<Chips, kMaxPlayers> bets{};       // this round
  std::array<Chips, kMaxPlayers> committed{};  // whole hand, antes included
  std::array<bool, kMaxPlayers> folded{};
  std::array<std::int8_t, kMaxPlayers> seats{};
  Chips pot = 0;          // every chip in the middle, this round's bets included
  Chips highest_bet = 0;  // the bet to match this round
  BettingCount betting;
  ActionCounts actions;
  LegalActions legal;
  std::span<const Event> history;  // public events of this hand so far
};

class Hand {
 public:
  Hand();

  // Posts antes and blinds, deals, and runs until the first decision (or to
  // the end when nobody can act).
  void start(const HandSetup& setup);

  bool is_terminal() const { return state_.street == Street::kShowdown; }
  int current_player() const { return to_act_; }
  LegalActions legal_actions() const;
  ApplyError apply(Action action);
  // The view of the player to act. The reference stays valid for the life
  // of the hand object but its contents change with the next apply() or
  // start(): copy it to keep it.
  const Observation& observe() const;

  const HandSetup& setup() const { return setup_; }
  Street street() const { return state_.street; }
  Chips stack(int player) const { return state_.stacks[static_cast<std::size_t>(player)]; }
  Chips committed(int player) const { return state_.committed[static_cast<std::size_t>(player)]; }
  bool has_folded(int player) const { return state_.folded[static_cast<std::size_t>(player)]; }
  Chips pot() const { return state_.pot; }  // 0 once the hand is over
  int board_count() const { return state_.board_count; }
  std::span<const Event> events() const { return log_.view(); }
  // Every player's actions so far; the whole hand's once it is over.
  const ActionCounts& action_counts() const { return state_.actions; }
  // V10: the chips the house took from this hand (0 until it is over, and
  // without a rake), and each player's part of them: what the player would
  // have won without the rake less what it won. The parts add up to rake().
  Chips rake() const { return rake_; }
  Chips rake_paid(int player) const { return rake_ == 0 ? 0 : rake_paid_[static_cast<std::size_t>(player)]; }

 private:
  // legal_actions() written in place: observe() fills its observation's
  // directly, since copying a returned LegalActions into it read the struct
  // back in one vector load that stalled on the stores just made (a store
  // forwarding failure, a third of play_hand's time in a profile).
  void write_legal_actions(LegalActions& legal) const;
  void fold(int player);
  int active_count() const;
  int live_count() const;
  Chips max_bet_of_others(int player) const;
  // The most any other live player could have bet this round: stack plus bet.
  Chips max_reach_of_others(int player) const;
  bool can_reopen(int player) const;
  bool round_is_over() const;
  int next_to_act(int after) const;
  Chips bet_size() const;
  Chips pot_limit_raise_to(int player) const;

  // apply()'s parts off its hot path (checks and calls that leave someone
  // to act): a bet or raise, and the end of a round or of the hand
  // (hand.cpp says why they are kept apart).
  ApplyError bet_or_raise(int player, Chips to);
  ApplyError action_taken(int player);
  ApplyError after_last_action(int player);
  void settle_reopen_levels();
  void reset_reopen_levels();

  void put_in(int player, Chips amount);
  void record(EventType type, int player, Chips amount = 0, CardSet cards = {});
  // Between a bet (or the start of a round) and the next, each player acts
  // at most once: with room for that many events (and a round's board
  // cards) made at those points, checks, calls, folds and the board record
  // without a capacity check, which keeps apply()'s hot path free of calls.
  void make_room_for_orbit();
  void record_in_room(EventType type, int player, Chips amount = 0, CardSet cards = {});
  void begin_round(Street street);
  void advance();
  void deal_board_to(int count);
  Chips bet_total(int player) const;  // chips put in this hand apart from the ante
  void return_uncalled();
  // No side pots: every live player put in the same and covered its ante.
  bool is_single_pot() const;
  void award_to_last_player();
  void showdown(bool run_out);
  CardSet hole_set(int player) const;
  // Each player's share of a pot split into side pots (R13, antes V3, R17).
  // `rake` chips come out of the pots first, the main pot first (V10).
  std::array<Chips, kMaxPlayers> side_pot_winnings(std::span<const HandRank, kMaxPlayers> rank, Chips rake) const;
  // V10: what the house takes from the pot as it stands (after R14).
  Chips rake_of_pot() const;
  // After the awards: the pot is empty and the hand terminal.
  void end_hand();

  HandSetup setup_{};
  // The public state lives where observe() hands it out, so an observation
  // costs a few stores instead of a copy of every array. The observer's own
  // parts (player, hole cards, legal actions, history) are derived data that
  // observe() fills in, hence mutable. Stacks, bets, committed chips (antes
  // included), folds, pot (every chip in the middle, antes included),
  // highest bet, betting counts (its last raiser is the round's last
  // aggressor), street and revealed board are kept here as the hand goes.
  mutable Observation state_{};
  // Antes are dead money (V3): they sit in the main pot but are nobody's
  // bet, so uncalled bets (R14) and side pots (R13) are measured without them.
  std::array<Chips, kMaxPlayers> ante_{};
  // Bit p set: player p is still in the hand (live), also has chips behind
  // (active), still has to act this round (pending), or has acted since the
  // round's last bet (unsettled, below). Masks keep the per-action
  // bookkeeping to a few instructions.
  std::uint32_t live_mask_ = 0;
  std::uint32_t active_mask_ = 0;
  std::uint32_t pending_mask_ = 0;
  bool antes_posted_ = false;
  // Reopening: what a player saw when it last acted this round, against
  // which a later bet is measured (0 and -1, which reopen everything, for
  // one that has not acted). Checks and calls leave the bet level as it is,
  // so a check or call only marks its player unsettled and the next bet
  // writes the level for all of them at once (settle_reopen_levels), off
  // the hot path.
  // No-limit and pot-limit (R12): the bet level a player must face before
  // it may raise again.
  std::array<Chips, kMaxPlayers> reopen_level_{};
  // Fixed limit (V2): the count of full bets seen.
  std::array<int, kMaxPlayers> full_bets_seen_{};
  // Players who acted since the round's last bet (declared apart from the
  // other masks on purpose: hand.cpp, settle_reopen_levels).
  std::uint32_t unsettled_mask_ = 0;
  int to_act_ = -1;
  int big_blind_player_ = 0;
  Chips min_raise_increment_ = 0;
  Chips last_full_bet_ = 0;  // fixed limit: the level of the last full bet
  int full_bets_ = 0;        // full bets and raises this round (the BB counts preflop)
  bool cap_lifted_ = false;
  Chips rake_ = 0;                              // V10, set when the hand ends
  std::array<Chips, kMaxPlayers> rake_paid_{};  // valid only when rake_ != 0
  EventLog log_;
};

}  // namespace sngsim
