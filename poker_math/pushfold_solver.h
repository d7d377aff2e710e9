#pragma once
// Push-or-fold preflop ranges for short stacks.
//
// Heads-up (exact game, solved): both players have `stack_bb` big blinds
// before the blinds, the small blind posts 0.5 and the big blind 1, no ante.
// The small blind moves all-in or folds; facing the all-in the big blind
// calls or folds. A hand's class is all that matters, so a strategy is one
// probability per class, and the showdown equity of class i against class j
// is the exact preflop table's, each class pair weighted by its combo pairs
// (card removal). The Nash equilibrium is found by CFR+ (regret matching
// with non-negative regrets, alternating updates and linearly weighted
// averages), iterated until neither side gains more than `tolerance_bb` per
// hand by deviating to its best response.
//
// More players (an approximation, not an equilibrium of the real game): a
// first-in push with k players still to act is valued against k callers who
// each call independently with one range C; the pot is the 1.5 bb of blinds,
// everybody folds with probability (1 - |C|)^k, and otherwise exactly one
// caller plays for the stacks, the blinds of the others being dead money
// (on average 1.5 - 1.5/k bb). C is the big blind's best response to the
// push range (pot odds against it with the table equities: call when
// equity x (2S + 0.5) - S > -1). Push range and C are iterated to a fixed
// point by fictitious play. The effect is the real one: the more players
// behind, the likelier someone wakes up with a hand, the tighter the push.
// Calls facing a push in a multi-way pot are pot odds against the pusher's
// assumed range (see pushfold_strategy.h).

#include <string>
#include <vector>

#include "poker_math/preflop_equity.h"

namespace sngsim {

struct PushFoldSolution {
  double stack_bb = 0.0;
  ClassWeights push{};    // small blind: probability of moving all-in, per class
  ClassWeights call{};    // big blind: probability of calling the all-in, per class
  double sb_value = 0.0;  // small blind's expected result per hand (bb) at (push, call)
  double sb_gain = 0.0;   // what the small blind gains by best-responding to `call`
  double bb_gain = 0.0;   // what the big blind gains by best-responding to `push`
  int iterations = 0;
};

// The small blind's expected result in bb per hand (relative to its stack
// before the blinds), averaged over all deals, for any pair of strategies.
double push_fold_sb_value(double stack_bb, const ClassWeights& push, const ClassWeights& call);
// The best the small blind can get against `call`, and the least the big
// blind can hold it to against `push`.
double push_fold_sb_best_response_value(double stack_bb, const ClassWeights& call);
double push_fold_bb_best_response_value(double stack_bb, const ClassWeights& push);

// Solves the heads-up game at one stack depth (>= 1 bb).
PushFoldSolution solve_heads_up_push_fold(double stack_bb, double tolerance_bb = 1e-4, int max_iterations = 200'000);

// The first-in push range with `players_behind` (>= 2) players still to act
// at one stack depth (see the top of this file), starting the fictitious
// play from `heads_up_call`, the heads-up big blind's calling range at that
// depth. A pure range: every weight is 0 or 1.
ClassWeights solve_first_in_push_range(double stack_bb, int players_behind, const ClassWeights& heads_up_call);

// Solutions on a grid: the stack rounded to the nearest 0.5 bb and clamped
// to [1, kMaxPushFoldStackBb]. They are solved ahead of time, by the two
// solvers above with their default arguments, and compiled into the binary
// (poker_math/data/pushfold_tables.inc, written by format_push_fold_tables),
// so a run pays nothing to solve them; a test re-solves a sample of grid
// points and compares them bit for bit.
inline constexpr double kMaxPushFoldStackBb = 30.0;
inline constexpr int kPushFoldGridPoints = static_cast<int>(2 * kMaxPushFoldStackBb) - 1;  // 1.0, 1.5, ..., 30.0
inline constexpr int kMaxPlayersBehind = 8;
int push_fold_grid_index(double stack_bb);
double push_fold_grid_stack(int index);
const PushFoldSolution& heads_up_push_fold(double stack_bb);

// The first-in push range with `players_behind` (>= 1) players still to
// act; 1 is the heads-up equilibrium's small-blind range. On the grid like
// heads_up_push_fold (players_behind clamped to 1..kMaxPlayersBehind).
const ClassWeights& first_in_push_range(double stack_bb, int players_behind);

// Every class's equity against first_in_push_range(stack_bb, players_behind):
// PreflopEquityTable::equities_vs_range of that range, bit for bit. Each
// range's equities are computed on its first use (thread-safe) and kept, as
// a bot facing a push would otherwise pay for a 169-term sum of dependent
// additions (about 260 ns) on every such decision.
const ClassWeights& first_in_push_range_equities(double stack_bb, int players_behind);

// Solves every grid point from scratch (a few seconds) and writes the
// compiled-in tables as C++ initialisers, doubles in hexadecimal so that
// they read back bit for bit: `sngsim pushfold-table --write
// poker_math/data/pushfold_tables.inc`. `header_lines` become comments.
std::string format_push_fold_tables(const std::vector<std::string>& header_lines);

// Share of all 1,326 combos a class-weight range holds.
double range_fraction(const ClassWeights& weights);

}  // namespace sngsim
