#pragma once
// The Independent Chip Model: what a tournament stack is worth in prize
// money, by Malmuth-Harville. A player finishes first with probability
// stack / total chips; given who finished first, the others finish second
// in proportion to their stacks among the rest, and so on down the paid
// places.

#include <span>
#include <vector>

namespace sngsim {

// Each player's expected prize. `stacks` in chips (>= 0), `payouts` the prize
// of place 1, 2, ... (any unit; places beyond the list pay 0). Exact
// recursion over the sets of players already placed: 2^n states, meant for
// the n <= 9 players of one table. Players with no chips take the places
// below every player with chips and share those places' prizes equally.
// The result sums to the prizes of the first min(n, payouts) places.
std::vector<double> icm_equity(std::span<const double> stacks, std::span<const double> payouts);

// The whole Malmuth-Harville place distribution of players that all have
// chips: out[i * n + k] is the probability that player i finishes in place
// k + 1 of places 1..n (n = stacks.size() <= 9, every stack > 0). Each row
// and each column sums to 1. The same recursion as icm_equity over all n
// places, for the luck estimator (sim/luck/runout_luck.h), which needs
// the chance to win, to cash and the expected place as well as the prize.
void icm_place_distribution(std::span<const double> stacks, std::span<double> out);

}  // namespace sngsim
