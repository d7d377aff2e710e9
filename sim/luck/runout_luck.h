#pragma once
// The luck of all-in run-outs, measured while a sit-and-go is played: an
// observer of play (Cell::adjust_luck) that leaves the engine and the
// strategies untouched. docs/statistics.md ("Luck-adjusted estimates")
// gives the method and why it is unbiased.
//
// The value function V, fixed before any data: the Malmuth-Harville place
// distribution of the stacks (poker_math/icm.h), with the players busted in
// a hand placed below the survivors by their stacks at its start (R20),
// equal ones sharing. From it come the four metrics of LuckMetric (the prize
// in percent of the pool by the cell's payouts, the chance to win, to cash,
// the expected place); at the end of a tournament V is the actual result
// (unless the hand cap ended it, R21, where V stays the ICM of the stacks).
//
// The chance event: a hand whose betting ended with board cards still to
// come (R19's run-out). The board to come is uniform over the cards dealt to
// nobody, folded players' cards and the known board excluded. For each such
// hand every seat alive at its start gets the term
//   V(stacks after the actual board) - E[V(stacks after the board) | before],
// where the stacks after a board come from the hand's contributions split
// into side pots (split_runout_pots). E[.] is exact, by enumeration of every
// card, when one card is to come, and otherwise (all in on the flop or
// before it) the mean over kRunoutSamples boards drawn from the observer's
// own random stream, derived from the table's key and the hand number: never
// the deck's stream, so the sample is independent of the real board and the
// term keeps mean zero.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/hand.h"
#include "engine/tournament.h"
#include "sim/config/experiment.h"
#include "sim/luck/luck_metrics.h"
#include "sim/luck/luck_value.h"
#include "sim/observe/table_observer.h"

namespace sngsim {

// Boards drawn when two or more cards are to come. They are balanced (no
// card twice before every card once), which leaves less of the run-out's
// variance than independent draws. The evaluations are most of the
// estimator's cost: 16 boards keep 98% of the ROI variance reduction of 32
// (and of exact enumeration on the flop) for about a quarter less time
// (docs/statistics.md has the measurements).
inline constexpr int kRunoutSamples = 16;

// Each player's chips won from the pots when the live players in
// `live_mask` (bit per hand-order index) hold `rank` and `contributed[p]`
// chips went into the pots from player p (antes included; folded players'
// chips are dead money): side pots by contribution level (R13), pots with
// the same winners split as one, odd chips from hand-order index 0 (R17).
// The engine's split (engine/hand.cpp) except that an ante short of its full
// amount counts as a bet: the value function's split, not the rules'.
std::array<Chips, kMaxPlayers> split_runout_pots(int players, std::span<const Chips, kMaxPlayers> contributed,
                                                 std::uint32_t live_mask,
                                                 std::span<const std::uint16_t, kMaxPlayers> rank);

// An all-in run-out read off a finished hand's events (R19): with nobody
// left to bet, every live hand is shown before the rest of the board comes
// (after a river showdown they are shown after it, and that is no run-out).
struct HandRunout {
  int known = 0;                                 // board cards dealt before the hands were shown
  std::uint32_t live = 0;                        // the shown hands, a bit per hand-order index
  std::array<Chips, kMaxPlayers> contributed{};  // chips each player put into the pots, antes included
};
// The run-out of `hand`, or nullopt if it did not end in one.
std::optional<HandRunout> runout_of(const Hand& hand);
// The rank of each live player's hand on the hand's actual board.
std::array<std::uint16_t, kMaxPlayers> actual_ranks(const HandSetup& setup, std::uint32_t live);

// The boards that complete a hand's known board, counted by the order of
// the live hands on them: what a run-out's E[V] needs (RunoutLuck, and the
// cash table's chips, CashRunoutLuck). Keeps its room from call to call.
class RunoutOrders {
 public:
  struct Order {
    std::uint32_t key;                            // order_key of the ranks
    std::array<std::uint16_t, kMaxPlayers> rank;  // ranks (by hand-order index) that order the hands so
    std::int64_t count;                           // boards with this order
  };
  // The boards completing setup.board's first `known` cards, counted by
  // the order of the live hands (`live`, hand-order bits) on them: every
  // card when one card is to come, else `samples` balanced boards drawn
  // from CounterRng(sample_key). Orders are listed by their first board.
  void count(const HandSetup& setup, std::uint32_t live, int known, std::uint64_t sample_key, int samples);
  const std::vector<Order>& orders() const { return orders_; }
  // For each live player, how many live hands beat it (3 bits each): the
  // split of the pots depends on nothing else.
  static std::uint32_t order_key(std::uint32_t live, const std::array<std::uint16_t, kMaxPlayers>& rank);

 private:
  std::vector<Order> orders_;
  std::vector<std::array<std::uint16_t, kMaxPlayers>> ranks_;  // [board][live player]
};

// The mean V over the boards `orders` counted, the pots split by
// split_runout_pots among the live players `live` from `contributed`.
// `live` may be a subset of the live set the orders were counted for (a
// hand that lost players since): the split reads the ranks of `live` only.
// When `wanted_key` is given, `*wanted` gets the V of the order with that
// order_key (of the counted live set), if there is one.
struct MeanOverBoards {
  std::int64_t boards = 0;  // boards counted
  bool found = false;       // the wanted order was among them
};
MeanOverBoards mean_value_over(const LuckValue& value, const Tournament& tournament, const HandSetup& setup,
                               const RunoutOrders& orders, std::span<const Chips, kMaxPlayers> contributed,
                               std::uint32_t live, LuckValues& mean,
                               std::optional<std::uint32_t> wanted_key = std::nullopt, LuckValues* wanted = nullptr);

class RunoutLuck : public TableObserver {
 public:
  // `value` is V of this table (its places' values); `key` is the luck
  // stream's key of this table (play_table derives it); `next`, when not
  // null, sees every call after this observer.
  RunoutLuck(const LuckValue& value, std::uint64_t key, TableObserver* next);

  void hand_finished(const TableView& table, const Hand& hand) override;
  void hand_settled(const TableView& table, const Hand& hand) override;
  void table_finished(const TableView& table) override;

  // The sum of the terms of each table seat so far, in kLuckUnit.
  const std::array<LuckTerms, kMaxPlayers>& luck_of_seat() const { return luck_; }
  // Run-outs seen, and those whose E[.] was sampled (for measurements).
  std::int64_t runouts() const { return runouts_; }
  std::int64_t sampled_runouts() const { return sampled_; }
  // Run-outs whose actual board split_runout_pots split otherwise than the
  // engine (a short ante, R13): V(after) is then not the actual stacks,
  // which costs variance, never bias.
  std::int64_t split_mismatches() const { return mismatches_; }

 private:
  RunoutOrders boards_;
  LuckValue value_;
  std::uint64_t key_;
  TableObserver* next_;
  std::array<LuckTerms, kMaxPlayers> luck_{};
  std::int64_t runouts_ = 0;
  std::int64_t sampled_ = 0;
  std::int64_t mismatches_ = 0;
};

}  // namespace sngsim
