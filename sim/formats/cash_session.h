#pragma once
// Plays one session of a cash-table cell (RULES V7): fresh strategies seated
// as for a sit-and-go, a fixed number of hands at fixed blinds, re-buys as
// engine/cash_table says. One "tournament" index is one session, a pure
// function of (seed, index).

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/cash_table.h"
#include "engine/hand.h"
#include "sim/config/experiment.h"
#include "sim/formats/fault_counts.h"
#include "sim/formats/play_hand.h"
#include "sim/observe/table_observer.h"

namespace sngsim {

// What one finished session contributes to the statistics. Per seat.
struct CashSessionRecord {
  std::int64_t index = 0;
  int seats = 0;
  int hands = 0;  // hands the session counted (cash.hands)
  Chips big_blind = 0;
  std::array<std::int8_t, kMaxPlayers> label{};         // index into the cell's distinct labels
  std::array<Chips, kMaxPlayers> won{};                 // final stack less every chip bought in (net of rake)
  std::array<Chips, kMaxPlayers> rake_paid{};           // V10: won + rake_paid is what the seat won before rake
  std::array<std::int32_t, kMaxPlayers> rebuys{};       // buy-ins after the first
  std::array<std::int32_t, kMaxPlayers> hands_dealt{};  // hands the seat played (V8: not those it sat out)
  std::array<FaultCounts, kMaxPlayers> faults{};        // V5, and V8's sitting out
  // Cell::adjust_luck only (else zeros): per seat, the sum over the
  // session's all-in run-outs of the chips the actual board gave less their
  // mean over the boards to come, in kChipLuckUnit (cash_runout_luck.h);
  // the adjusted chips won are won less this.
  std::array<std::int64_t, kMaxPlayers> luck{};
};

class CashRunoutLuck;

// A session in play: play_cash_session's work as an object that can stop
// at a decision of an outside seat and go on once it is answered
// (sim/formats/table_play.h does the same for a sit-and-go table).
class CashSessionPlay {
 public:
  // As play_cash_session; `cell`, `label_of_entrant`, `hand` and
  // `observer` must outlive the session.
  CashSessionPlay(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed, std::int64_t index,
                  Hand& hand, TableObserver* observer = nullptr);
  ~CashSessionPlay();
  CashSessionPlay(const CashSessionPlay&) = delete;
  CashSessionPlay& operator=(const CashSessionPlay&) = delete;

  // As TablePlay::play: true when the session is over, false when paused.
  bool play(bool may_pause);
  CashSessionRecord finish();

 private:
  const Cell& cell_;
  Hand& hand_;
  TableObserver* observer_;           // the luck observer, then the one given
  TableObserver* decision_observer_;  // the one given
  std::vector<int> entrant_of_seat_;
  TableView view_;
  std::vector<std::unique_ptr<Strategy>> strategies_;
  CashSessionRecord record_;
  std::unique_ptr<CashRunoutLuck> luck_;
  std::optional<CashTable> table_;
  TableSitOuts sit_outs_;
  std::array<int, kMaxPlayers> empty_for_{};  // hands each seat has stood empty (V8)
  int hands_begun_ = 0;
  bool in_hand_ = false;
  HandProgress progress_;
};

// Plays session `index` of a cell whose format is Format::kCash.
// `label_of_entrant` and `hand` as for play_tournament.
CashSessionRecord play_cash_session(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                                    std::int64_t index, Hand& hand, TableObserver* observer = nullptr);

}  // namespace sngsim
