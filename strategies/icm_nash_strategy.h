#pragma once
// `icm_nash`: plays the multiway ICM Nash push/fold equilibrium
// (poker_math/icm_pushfold.h) of its current spot at short stacks.
//
// Preflop in no-limit or pot-limit hold'em, when its effective stack (the
// smaller of its own chips and the largest stack of an opponent still in,
// both as they were when the hand began, in big blinds; as `pushfold`) is at
// most `max_bb`, and the hand so far is the push/fold game (every player
// before it folded, or folded until one moved all-in and every later one
// called all-in or folded), it builds the spot: every player's stack at the
// start of the hand, in preflop order (the big blind, the largest blind
// posted, last), the blinds and antes posted, in big blinds; the payouts of
// the places still open (places 1 to the players at the table, from the
// experiment's payouts: the table is taken as the whole tournament, which is
// what a sit-and-go is; a shoot-out's first-round table is valued with the
// final places too); the players before the first one still in folded
// (`first_to_act`). The spot is bucketed and solved once per process
// (poker_math/icm_spot_cache.h) and it plays the solved all-in probability
// of its hand class at its node: open (nobody in yet) or facing the first
// all-in and the players who called it. The draw comes from its own stream.
//
// Everything else is its `fallback` (a registered strategy with its
// defaults): above `max_bb`; postflop; Omaha and fixed limit; a limp or a
// raise short of all-in before it; a second decision in the hand; a cash
// session or a run without payouts; a spot the solver cannot take (a player
// all-in by posting, no big blind last in preflop order); a node the others'
// equilibrium strategies never reach (a push no Nash range contains, so the
// solution says nothing there).
//
// Deviations, for experiments: `push_scale` scales every opening range and
// `call_scale` every range facing an all-in, by combos, along the strength
// order of scale_range (icm_spot_cache.h); 1 is the equilibrium.

#include "strategies/strategy_info.h"

namespace sngsim {

StrategyInfo icm_nash_strategy_info();

}  // namespace sngsim
