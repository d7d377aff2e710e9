#pragma once
// The luck of the board cards of contested pots (issue 19's board terms,
// Cell::luck_board_terms): an observer of play beside RunoutLuck that leaves
// the engine and the strategies untouched. docs/statistics.md
// ("Board terms") gives the method and why it is unbiased.
//
// The chance event: the dealing of the flop, the turn or the river while at
// least two players are live and betting is not over (two or more of them
// can still bet). The cards dealt are uniform over the cards dealt to
// nobody, folded players' cards and the known board excluded. Boards dealt
// after betting is over are the run-out's (RunoutLuck), never counted here:
// the run-out term starts from the board known when the hands were shown.
//
// V at mid-hand is the value function of sim/luck/luck_value.h of the
// stacks if the live hands were checked down: the contributions at the time
// of the card are final, the live set stays, and the pots are split by
// split_runout_pots on the completed board; its mean over the rest of the
// board is Vcd(state). Every seat alive at the hand's start gets, per such
// card, the term
//   Vcd(after the card) - Vcd(before the card)
// with both states' contributions and live set those at the time of the
// card (the betting after the card is the bots' choice, not chance: it
// stays in the outcome). E over the card of Vcd(after) is Vcd(before), so
// the term has mean zero given the state before the card.
//
// Vcd is exact with one card to come (every card) and, on the river, the
// plain split; with two or more to come it is RunoutOrders::count's (exact
// or a balanced sample, kRunoutSamples boards), drawn from the luck's own
// stream keyed by the table and the hand, never the deck's: a sampled Vcd
// is then an unbiased estimate independent of the real card, so
// E[term | before] = Vcd(before) - Vcd(before) = 0 still. The samples are
// the run-out term's (same key), which correlates the two estimates of a
// hand and leaves less of their sampling noise in the sum.

#include <array>
#include <cstdint>
#include <vector>

#include "engine/hand.h"
#include "engine/tournament.h"
#include "sim/config/experiment.h"
#include "sim/luck/luck_metrics.h"
#include "sim/luck/luck_value.h"
#include "sim/luck/runout_luck.h"
#include "sim/observe/table_observer.h"

namespace sngsim {

// A board deal of a contested pot, read off a finished hand's events.
struct ContestedDeal {
  int known_before = 0;                          // board cards before it
  int known_after = 0;                           // board cards after it: 3 the flop, 4 the turn, 5 the river
  std::uint32_t live = 0;                        // players not folded then, a bit per hand-order index
  std::array<Chips, kMaxPlayers> contributed{};  // chips each player had put into the pots, antes included
};

// The deals of `hand` made while its pot was contested, in order (at most
// the flop, the turn and the river).
struct ContestedDeals {
  int count = 0;
  std::array<ContestedDeal, 3> deal{};
};
ContestedDeals contested_deals_of(const Hand& hand);

// One board term: per seat, Vcd before and after the deal; the term is
// after - before.
struct BoardTerm {
  ContestedDeal deal;
  LuckValues before{};
  LuckValues after{};
};

class BoardLuck : public TableObserver {
 public:
  // `value` is V of this table, and `key` the luck stream's key of this
  // table, both RunoutLuck's (play_table makes them); `next`, when not null,
  // sees every call after this observer.
  BoardLuck(const LuckValue& value, std::uint64_t key, TableObserver* next);

  void hand_finished(const TableView& table, const Hand& hand) override;
  void hand_settled(const TableView& table, const Hand& hand) override;
  void table_finished(const TableView& table) override;

  // The board terms of `hand` (not yet rounded), one per contested deal;
  // returns their count. What hand_finished adds, for tests and
  // measurements. `tournament` is the hand's, before it took the chips.
  int terms_of(const Tournament& tournament, const Hand& hand, std::array<BoardTerm, 3>& terms);

  // The sum of the terms of each table seat so far, in kLuckUnit.
  const std::array<LuckTerms, kMaxPlayers>& luck_of_seat() const { return luck_; }
  // Board terms added so far (for measurements).
  std::int64_t terms() const { return terms_; }

 private:
  RunoutOrders boards_;
  LuckValue value_;
  std::uint64_t key_;
  TableObserver* next_;
  std::array<LuckTerms, kMaxPlayers> luck_{};
  std::int64_t terms_ = 0;
};

}  // namespace sngsim
