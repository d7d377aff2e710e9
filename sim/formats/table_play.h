#pragma once
// One sit-and-go table in play: play_table's work as an object that can
// stop at a decision of an outside seat (a bot in another process) and go
// on once its answer has come (docs/design-tables-in-flight.md). The
// engine's Tournament and Hand hold the game; this holds what the layer
// that plays tables adds around them between two calls: the strategies, the
// record, the sit-out clocks, the luck observers and where the hand stopped.

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/hand.h"
#include "engine/sit_out.h"
#include "engine/tournament.h"
#include "sim/config/experiment.h"
#include "sim/formats/play_hand.h"
#include "sim/formats/tournament_record.h"
#include "sim/luck/board_luck.h"
#include "sim/luck/luck_value.h"
#include "sim/luck/runout_luck.h"
#include "strategies/strategy.h"

namespace sngsim {

// The pool share a place pays, in percent (`percent`: the payouts of places
// 1, 2, ...): shared places pay the mean of the places they cover (R22).
double prize_percent(const std::vector<int>& percent, Placement place);

class TablePlay {
 public:
  // As play_table: `cell`, `rules`, `label_of_entrant`, `hand` and
  // `observer` must outlive the table; `hand` is its alone while it plays.
  // `table` is what the observer is told (TableView::table: a shoot-out's).
  TablePlay(const Cell& cell, const TournamentRules& rules, std::vector<int> entrant_of_seat,
            const std::vector<int>& label_of_entrant, std::uint64_t key, std::int64_t index, Hand& hand,
            TableObserver* observer = nullptr, const PlaceValues* luck_place_values = nullptr, int table = 0);
  ~TablePlay();
  TablePlay(const TablePlay&) = delete;
  TablePlay& operator=(const TablePlay&) = delete;

  // Plays on until the table is over (true) or, when `may_pause`, until an
  // outside seat has been asked (false; call again once it is answered:
  // bot_hosting/bot_pool.h, answer_waiting_decisions). Without `may_pause`
  // outside seats are asked and answered one at a time.
  // With `pause_between_hands` it also returns false after every hand
  // (the training environment, sim/env, looks at its learners there).
  bool play(bool may_pause, bool pause_between_hands = false);
  // The tournament as it stands (places of the players out so far, stacks).
  const Tournament& tournament() const { return tournament_; }
  // The record, once play() returned true; tells the strategies their places.
  TournamentRecord finish();

 private:
  const Cell& cell_;
  std::vector<int> entrant_of_seat_;
  Hand& hand_;
  TableObserver* observer_;           // the luck observers, then the one given
  TableObserver* decision_observer_;  // the one given: the luck observers need no decisions
  // Made before the Tournament, as play_table always has (a process bot
  // hears of its table first).
  std::vector<std::unique_ptr<Strategy>> strategies_;
  Tournament tournament_;
  TableView view_;
  TournamentRecord record_;
  std::unique_ptr<RunoutLuck> luck_;
  std::unique_ptr<BoardLuck> board_luck_;
  std::array<SitOutClock, kMaxPlayers> clocks_{};
  TableSitOuts sit_outs_;
  bool in_hand_ = false;
  HandProgress progress_;
};

}  // namespace sngsim
