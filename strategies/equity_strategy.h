#pragma once
// `equity`: plays by its estimated showdown equity against what it assumes
// its opponents hold.
//
// Ranges. Every opponent starts as a uniformly random hand; one who raised
// preflop is assumed to hold the strongest `raise_range` of hands, one who
// called or limped the strongest `call_range` (hold'em; in Omaha every
// opponent stays a random hand). Strength is equity against a random hand
// from the exact preflop table.
//
// Equity. Preflop hold'em reads the table: the equity e_k against each
// opponent's range, combined as 1 / (1 + sum_k (1 - e_k) / e_k) (the
// Luce / Bradley-Terry model, exact for one opponent and the fair 1/(n+1)
// for coin flips). Otherwise equity_vs_ranges: exact against one opponent on
// the river, Monte Carlo from the strategy's own stream elsewhere, in two
// stages: a quarter of `samples` (at least 50), then the rest only if the
// estimate lies within two standard errors of an equity where the decision
// changes (or the decision is an all-in valued by utilities). The estimate
// is cached until the board or the set of opponents changes, so a street
// costs at most `samples` deals.
//
// Decisions. With n opponents the equity E is turned into the equivalent
// heads-up equity h = nE / (1 - E + nE) (the inverse of the same model), so
// one threshold serves any table size:
//  - h >= value_equity (+ 0.08 per raise already made this street): bet or
//    raise to bet_size x pot (the fixed size in fixed limit, clamped to the
//    legal range in pot limit);
//  - else call when E >= pot odds + call_margin, otherwise check or fold;
//  - preflop in no-limit with at most shove_bb effective big blinds: move
//    all-in when that is worth more than folding, assuming each opponent who
//    can call does so with the strongest raise_range of hands;
//  - all-in decisions (a call that puts either player all-in, or the shove
//    above) are valued in tournament money by ICM (Malmuth-Harville over
//    the stacks after each outcome, prizes from `payouts`) once the players
//    left are at most the paid places + 1 and `icm` is 1; in chips otherwise.

#include "strategies/strategy_info.h"

namespace sngsim {

StrategyInfo equity_strategy_info();

}  // namespace sngsim
