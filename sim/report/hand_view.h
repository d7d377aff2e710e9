#pragma once
// One hand history as a hand viewer shows it: the hand replayed through the
// engine (sim/io/phh_replay.h plays it the same way), cut into steps, each
// with what the table looks like after it. `sngsim view` writes these into
// its page, so the page shows the chips the engine moved, not a second
// reading of the history.
//
// Steps follow the engine's events: antes and blinds, each player action,
// each board deal, the cards shown, uncalled bets returned and each pot
// won. After every step the view has each player's stack, the chips in front
// of each player on this street, the pot (every chip off the stacks) and,
// when the pot is split, the side pots. The stacks after the last step are
// the engine's final stacks: view_hand checks that the events it followed
// add up to the engine's stacks after every action, and throws
// std::logic_error if they ever do not (a bug, never bad input).

#include <optional>
#include <string>
#include <vector>

#include "engine/hand.h"
#include "sim/io/phh.h"

namespace sngsim {

enum class ViewStepKind { kAnte, kBlind, kFold, kCheck, kCall, kBet, kRaise, kBoard, kShow, kMuck, kReturn, kWin };

// "ante", "blind", "fold", "check", "call", "bet", "raise", "board", "show",
// "muck", "return", "win": the page's names.
const char* view_step_name(ViewStepKind kind);

struct ViewStep {
  ViewStepKind kind = ViewStepKind::kFold;
  int player = -1;   // hand-order index (p1 = 0); -1 for a board deal
  Chips amount = 0;  // ante/blind/call: chips put in now; bet/raise: the street's bet it makes; return/win: chips back
  bool all_in = false;           // the player has no chips behind after it
  int board = 0;                 // board cards dealt after this step
  Chips pot = 0;                 // every chip off the stacks: in front of players and in the middle
  std::vector<Chips> stacks;     // per player, after this step
  std::vector<Chips> bets;       // chips in front of each player on this street
  std::vector<Chips> side_pots;  // the pots as they stand, main pot first; empty while there is one pot
};

// The equity of the players still in when nobody can bet any more (an all-in
// called, the board still to come): sngsim's equity code over the cards
// still to come (poker_math/equity.h). Exact where cheap, else Monte Carlo.
struct AllInEquity {
  int step = 0;                // index of the step after which it holds
  std::vector<int> players;    // hand-order indices of the live players
  std::vector<double> equity;  // each one's share of the pot, same order
  bool exact = false;
};

struct HandView {
  int num_players = 0;
  int hole_cards = 2;
  std::vector<std::string> hole;   // per player, "AsKd" or "" when the history does not know them
  std::vector<bool> shown;         // the engine showed them at the showdown
  std::vector<std::string> board;  // five cards in dealing order; "" where the history deals none
  std::vector<Chips> starting_stacks;
  std::vector<Chips> antes;
  std::vector<Chips> blinds;  // per player, the nominal blind it posts
  std::vector<ViewStep> steps;
  std::vector<Chips> won;  // per player, chips won from the pots
  std::vector<Chips> net;  // per player, final stack - starting stack
  std::optional<AllInEquity> all_in_equity;
  bool has_all_in = false;     // a player put its last chip in
  std::string replay_problem;  // empty when the engine agreed with the whole history
};

// Replays `hand` into a view. A hand the engine refuses part-way keeps the
// steps up to the refusal and says why in replay_problem. Returns nullopt
// when the hand cannot be converted at all (`reason` says why).
std::optional<HandView> view_hand(const PhhHand& hand, std::string& reason);

}  // namespace sngsim
