#pragma once
// The luck of all-in run-outs at a cash table (Cell::adjust_luck with
// format: cash): the run-out terms of sim/luck/runout_luck.h with V the
// chips a player holds after the hand, so that the adjusted chips won, and
// from them the all-in adjusted bb/100, stay unbiased (docs/statistics.md).
//
// For every hand whose betting ended with board cards to come, each player
// of the hand gets V(actual board) - E[V(board) | before]: the chips the
// pots give it on the actual board less their mean over the boards to come
// (exact with one card to come, else kRunoutSamples boards from the
// luck's own stream, keyed by the session and the hand number). The split
// is split_runout_pots' without the rake (V10): a raked pot's actual split
// differs from it by the rake, on the actual board and on every other, so
// the term keeps its zero mean; only its variance grows.

#include <array>
#include <cstdint>

#include "engine/cash_table.h"
#include "engine/hand.h"
#include "sim/luck/runout_luck.h"
#include "sim/observe/table_observer.h"

namespace sngsim {

// Chip luck is kept in integers, kChipLuckUnit per chip.
inline constexpr std::int64_t kChipLuckUnit = 1000;

class CashRunoutLuck : public TableObserver {
 public:
  // `key` is the luck stream's key of this session; `next`, when not null,
  // sees every hand after this observer.
  CashRunoutLuck(std::uint64_t key, TableObserver* next) : key_(key), next_(next) {}

  void hand_settled(const TableView& view, const Hand& hand) override;

  // The sum of the terms of each table seat so far, in kChipLuckUnit.
  const std::array<std::int64_t, kMaxPlayers>& luck_of_seat() const { return luck_; }
  std::int64_t runouts() const { return runouts_; }

 private:
  std::uint64_t key_;
  TableObserver* next_;
  RunoutOrders boards_;
  std::array<std::int64_t, kMaxPlayers> luck_{};
  std::int64_t runouts_ = 0;
};

}  // namespace sngsim
