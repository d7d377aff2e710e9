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

}  // namespace sngsim
