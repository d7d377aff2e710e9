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
#include "sim/formats/board_luck.h"
#include "sim/formats/luck_value.h"
#include "sim/formats/play_tournament.h"
#include "sim/formats/runout_luck.h"
#include "sim/formats/tournament_record.h"
#include "strategies/strategy.h"

namespace sngsim {

class TablePlay {
 public:
  // As play_table: `cell`, `rules`, `label_of_entrant`, `hand` and
  // `observer` must outlive the table; `hand` is its alone while it plays.
  TablePlay(const Cell& cell, const TournamentRules& rules, std::vector<int> entrant_of_seat,
            const std::vector<int>& label_of_entrant, std::uint64_t key, std::int64_t index, Hand& hand,
            HandObserver* observer = nullptr, const PlaceValues* luck_place_values = nullptr);
  ~TablePlay();
  TablePlay(const TablePlay&) = delete;
  TablePlay& operator=(const TablePlay&) = delete;

  // Plays on until the table is over (true) or, when `may_pause`, until an
  // outside seat has been asked (false; call again once it is answered:
  // bot_hosting/bot_pool.h, answer_waiting_decisions). Without `may_pause`
  // outside seats are asked and answered one at a time.
  bool play(bool may_pause);
  // The record, once play() returned true; tells the strategies their places.
  TournamentRecord finish();

 private:
  const Cell& cell_;
  std::vector<int> entrant_of_seat_;
  Hand& hand_;
  HandObserver* observer_;
  // Made before the Tournament, as play_table always has (a process bot
  // hears of its table first).
  std::vector<std::unique_ptr<Strategy>> strategies_;
  Tournament tournament_;
  TournamentRecord record_;
  std::unique_ptr<RunoutLuck> luck_;
  std::unique_ptr<BoardLuck> board_luck_;
  std::array<SitOutClock, kMaxPlayers> clocks_{};
  TableSitOuts sit_outs_;
  bool in_hand_ = false;
  HandProgress progress_;
};

}  // namespace sngsim
