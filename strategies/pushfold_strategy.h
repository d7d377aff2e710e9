#pragma once
// `pushfold`: a short-stack specialist. Preflop in no-limit or pot-limit
// hold'em, when its effective stack (the smaller of its own chips and the
// largest stack of an opponent still in the hand, both as they were when the
// hand began, in big blinds) is at most `threshold_bb`, it moves all-in or
// folds:
//
//  - first in (nobody raised yet; limpers count as players behind): all-in
//    with the hands of first_in_push_range(stack, players behind), which
//    heads-up is the solved Nash push range of the small blind;
//  - facing a raise: heads-up (two players dealt), calls with the Nash
//    calling range of the big blind; otherwise calls (or re-raises all-in
//    over a raise that is not all-in) when its table equity against the
//    raiser's assumed push range (first_in_push_range for the raiser's
//    stack and the number of players who were behind it) beats the pot odds
//    by 3 percentage points per opponent still able to act.
//
// Mixed equilibrium hands are randomised with the strategy's own stream.
// Postflop, above the threshold, and in Omaha or fixed limit it plays as its
// `fallback` strategy (any registered name, created with its defaults).

#include "strategies/strategy_info.h"

namespace sngsim {

StrategyInfo pushfold_strategy_info();

}  // namespace sngsim
