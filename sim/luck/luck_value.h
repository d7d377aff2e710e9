#pragma once
// The value function V of the sit-and-go luck estimators (the run-out terms,
// sim/luck/runout_luck.h, and the board terms, sim/luck/board_luck.h),
// fixed before any data: the Malmuth-Harville place distribution of the
// stacks (poker_math/icm.h), with the players busted in a hand placed below
// the survivors by their stacks at its start (R20), equal ones sharing. From
// it come the four metrics of LuckMetric: the prize in percent of the pool by
// the cell's payouts, the chance to win, to cash, the expected place. At the
// end of a tournament V is the actual result (unless the hand cap ended it,
// R21, where V stays the ICM of the stacks). docs/statistics.md
// ("Luck-adjusted estimates") gives the method.

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "engine/hand.h"
#include "engine/tournament.h"
#include "sim/config/experiment.h"
#include "sim/luck/luck_metrics.h"

namespace sngsim {

// V of every table seat, [seat][LuckMetric].
using LuckValues = std::array<std::array<double, kLuckMetricCount>, kMaxPlayers>;

// A sit-and-go table of `players` paid by `payout_percent` ([place - 1]):
// place k is worth its payout in percent of the pool, a win if k = 1, a
// paid place if its payout is not zero, and k places.
PlaceValues sit_and_go_place_values(const std::vector<int>& payout_percent, int players);

class LuckValue {
 public:
  // V values the places of the table by `place_values`, or as a sit-and-go
  // of the cell (sit_and_go_place_values of its payouts and players).
  explicit LuckValue(const PlaceValues& place_values) : place_values_(place_values) {}
  explicit LuckValue(const Cell& cell);

  // V of every seat for the seat stacks `after` of the hand being played:
  // the seats alive at its start (tournament.is_alive) and with chips after
  // it survive; the others are its busts.
  void of_stacks(const Tournament& tournament, std::span<const Chips, kMaxPlayers> after, LuckValues& value) const;

  // The seat stacks after the hand of `setup` when its players put
  // `contributed[p]` into the pots and won `winnings[p]` (hand-order
  // indices); seats not in the hand keep their stacks.
  static std::array<Chips, kMaxPlayers> stacks_after(const Tournament& tournament, const HandSetup& setup,
                                                     std::span<const Chips, kMaxPlayers> contributed,
                                                     std::span<const Chips, kMaxPlayers> winnings);

 private:
  PlaceValues place_values_;
};

// Adds to each seat's luck, per metric, the term after - before rounded once
// to kLuckUnit: the one rounding that keeps the sums integers (bit-identical
// for any thread split).
void add_luck_terms(std::array<LuckTerms, kMaxPlayers>& luck, const LuckValues& after, const LuckValues& before);

}  // namespace sngsim
