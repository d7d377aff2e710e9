#pragma once
// How good a starting hand is, as the fraction of all starting hands that
// are at least as good: 0 for the very best, 1 for the worst. Bots say "play
// the top 12%" as `starting_hand_percentile(hole) <= 0.12`.
//
// Hold'em. The 1,326 two-card hands fall into the 169 classes of
// poker_math/hand_classes.h (13 pairs, 78 suited and 78 offsuit rank pairs),
// numbered as there. Classes are ranked by their equity
// against one random hand, estimated by Monte Carlo (kHoldemTrials deals
// shared by every class, a fixed seed, so the ranking is the same in every
// run); a class's percentile counts combinations (a pair is 6 of the 1,326,
// suited 4, offsuit 12) of every class ranked above it plus its own. Each
// equity has a standard error of about 0.75 percentage points, but the
// classes share their deals, so their errors largely cancel in the order;
// only neighbours of almost equal equity can swap. Computed on first use (a
// thread-safe function-local static) in about 25 ms.
//
// Omaha. A documented points score (omaha_starting_score) rather than an
// equity: high cards, pairs, suits that can make a flush with exactly two
// hole cards, and ranks close enough to make straights together. Its
// percentile is exact over all 270,725 four-card hands, enumerated on first
// use (a few ms).

#include <array>
#include <span>

#include "engine/card.h"
#include "poker_math/hand_classes.h"

namespace sngsim {

inline constexpr int kHoldemTrials = 4000;

// Equity (ties count half) of the class (hand_class_of) against one random
// hand, all five board cards dealt: the Monte Carlo estimate the ranking
// uses.
double holdem_equity_vs_random(int hand_class);
// Fraction of the 1,326 hands in classes ranked at or above this one.
double holdem_percentile(int hand_class);

// The Omaha points score of four distinct cards (larger is better):
//   high cards    A 6, K 4, Q 3, J 2, T 1 per card;
//   pairs         6 + rank (22 = 6 .. AA = 18) per paired rank, minus 6
//                 when the rank has three or four cards (dead cards);
//   suits         4 for each suit held exactly twice (+2 with its ace: the
//                 nut flush draw), 2 for a suit held three times, 0 for four;
//   connectedness over the distinct ranks in order, 4 per neighbour one
//                 rank apart, 3 two apart, 1 three apart, and 4 more when
//                 four distinct ranks fit in five (a rundown).
// AAKK double-suited scores 71, JT98 double-suited 27, 7-2-9-J rainbow 8.
int omaha_starting_score(std::span<const Card, 4> hole);
// Fraction of all four-card hands scoring at least as much.
double omaha_percentile(int score);

// The percentile of the first `count` cards of `hole` (2: hold'em, 4: Omaha).
double starting_hand_percentile(const std::array<Card, 4>& hole, int count);

}  // namespace sngsim
