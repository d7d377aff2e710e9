#pragma once
// One hand at a table of strategies, the piece every format plays with:
// asks the strategy of the acting seat, enforces V5 on faults and V8's
// sitting out, and can pause at a decision of an outside seat (a bot in
// another process) until it is answered.

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/hand.h"
#include "engine/sit_out.h"
#include "sim/formats/fault_counts.h"
#include "sim/observe/table_observer.h"
#include "strategies/strategy.h"

namespace sngsim {

// V8 at one table: the rule, each seat's clock, and the seats sitting out
// the hand being played (a tournament deals them in; play_hand checks or
// folds for them without asking their strategies).
struct TableSitOuts {
  SitOutRule rule;
  std::array<SitOutClock*, kMaxPlayers> clock{};  // by seat; the table's own (a cash table keeps them)
  std::array<bool, kMaxPlayers> out{};
};

// Plays a started hand to its end, asking the strategy of the acting
// player's seat; a decision that throws or that the engine rejects is a
// check when checking is free and a fold otherwise, counted in
// faults_of_seat[seat] by reason (V5). With `sit_outs`, a seat marked out
// is checked or folded without being asked, and every decision asked for
// goes to the seat's clock (V8). Then tells every player of the hand it is
// over. A BotSetupFailure from a strategy propagates. Returns the faults of
// the hand.
int play_hand(Hand& hand, const std::vector<std::unique_ptr<Strategy>>& strategy_of_seat,
              std::span<FaultCounts> faults_of_seat, TableSitOuts* sit_outs = nullptr);

// A seat's first fault in a hand: its reason and the reply behind it
// (Strategy::fault_reply), for the fault examples.
struct HandFault {
  int seat = 0;
  FaultReason reason = FaultReason::kIllegal;
  std::string reply;
};

// Where a hand that may pause stands between calls of continue_hand.
struct HandProgress {
  bool waiting = false;                 // the player to act was asked (Strategy::ask) and not yet answered
  int faults = 0;                       // the hand's faults so far
  std::vector<HandFault> first_faults;  // each faulting seat's first, in the order they happened
};

// play_hand in steps: plays the started hand on from `progress` until it
// ends (true, every player told) or, when `may_pause` and `sit_outs` is
// given, until a seat whose strategy decides_outside() has been asked
// (false): call again with the same progress once it is answered, and the
// answer is applied as decide()'s would have been. With `observer`, every
// decision asked for is reported (TableObserver::decision_made, at `view`).
bool continue_hand(Hand& hand, const std::vector<std::unique_ptr<Strategy>>& strategy_of_seat,
                   std::span<FaultCounts> faults_of_seat, TableSitOuts* sit_outs, HandProgress& progress,
                   bool may_pause, TableObserver* observer = nullptr, const TableView* view = nullptr);

}  // namespace sngsim
