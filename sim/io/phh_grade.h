#pragma once
// The judge of `sngsim grade`: how much ICM equity each push/fold decision of
// a hand history gave away against the Nash equilibrium of its spot
// (poker_math/icm_pushfold.h).
//
// A hand is graded when its preflop is a push/fold game: every player
// folds until one moves all-in, and every later player calls (any call or
// all-in raise counts as a call for the whole stack, as the model has it) or
// folds. A limp, a raise short of all-in, or a player acting twice ends the
// model: such a hand is counted, not graded. Each decision whose effective
// stack (the player's stack, capped at the largest stack of the others still
// in) is at most `max_bb` big blinds is graded: the spot (stacks in preflop
// order, blinds, antes, the payouts of the places still open) is solved once
// per distinct spot, and the decision's loss is
//   max(EV all-in, EV fold) - EV(the action taken)
// with the player's hand class at its node, the others playing the Nash
// strategies before and after it, in percent of the whole prize pool (places
// already paid count: the spot's payouts are the tournament's top places for
// the players at the table). The better action against the others' Nash
// ranges is the Nash action wherever Nash is pure; where it mixes, both
// actions are worth the same up to the solver's exploitability, so either
// loses about nothing. (The solver's average strategy carries a little
// weight of its first iterations, AA pushed with probability 0.998 rather
// than 1; comparing with that mix would charge the pure Nash action a
// negative loss.) Decisions at nodes the others' Nash strategies never reach
// (a push no Nash range contains) have no value to compare with and are
// counted apart.
//
// Stacks are rounded to `bucket_bb` big blinds before solving, so that spots
// a few chips apart share one solve (docs/strategies.md says what it costs).
// Results are deterministic: spots are solved in a fixed order, each solve is
// deterministic, and the threads only split the solves.

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/io/phh.h"
#include "poker_math/icm_pushfold.h"

namespace sngsim {

struct GradeOptions {
  double max_bb = 15.0;    // grade decisions at effective stacks up to this many big blinds
  double bucket_bb = 0.5;  // stacks are rounded to this many big blinds (0: exact)
  // Payouts (percent per place) for hands that carry no `_payouts`.
  std::optional<std::vector<double>> payouts;
  PushFoldOptions solver = default_solver();
  int threads = 1;

  // Coarser than `sngsim solve pushfold`'s defaults: a judge solves many spots.
  static PushFoldOptions default_solver() {
    PushFoldOptions o;
    o.target_exploitability = 0.05;
    o.max_iterations = 2000;
    o.multiway_samples = 1 << 16;
    return o;
  }
};

// Bad input the judge refuses (the message names the file and hand).
struct GradeError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct GradedDecision {
  std::string file;
  std::string hand;    // table name of the .phhs ("12"), or the .phh's
  std::string player;  // the player's name (sngsim: "label #entrant")
  std::string label;   // its label (sngsim: the `players` name)
  int position = 0;    // 0 = first to act preflop; players - 1 = the big blind
  int players = 0;
  std::string hand_class;  // "AA", "T9s", ...
  std::string action;      // "push", "fold", "call" (facing an all-in)
  bool facing_all_in = false;
  double effective_bb = 0.0;
  double nash_allin = 0.0;  // the Nash all-in probability of the class at the node
  double ev_taken = 0.0;    // % of the prize pool
  double ev_nash = 0.0;     // the better action's: max(EV all-in, EV fold)
  double loss = 0.0;        // ev_nash - ev_taken, >= 0
};

struct GradeTotals {
  std::int64_t decisions = 0;
  std::int64_t mistakes = 0;  // decisions that lost more than 0.001% of the pool
  double loss = 0.0;          // sum, % of the prize pool
};

struct GradeReport {
  std::vector<GradedDecision> decisions;  // in file, hand and action order
  std::map<std::string, GradeTotals> by_player;
  std::map<std::string, GradeTotals> by_label;
  std::int64_t hands = 0;         // hands read
  std::int64_t hands_graded = 0;  // hands with at least one graded decision
  std::int64_t hands_not_push_fold = 0;
  std::int64_t hands_unsolvable = 0;  // more than 6 players, a player all-in from the blinds, ...
  std::int64_t deep_decisions = 0;    // above max_bb
  std::int64_t unknown_cards = 0;     // decisions of players whose cards the history does not know
  std::int64_t unreached = 0;         // nodes the Nash strategies never lead to
  std::int64_t spots_solved = 0;
  double solve_seconds = 0.0;  // summed over the solves
};

// Grades every hand of the files. Throws GradeError for bad input: an
// unreadable file or hand, a hand without payouts when options.payouts is
// unset, a file whose hole cards are all unknown.
GradeReport grade_hand_histories(const std::vector<std::string>& files, const GradeOptions& options);
GradeReport grade_hands(const std::vector<PhhHand>& hands, const GradeOptions& options);

}  // namespace sngsim
