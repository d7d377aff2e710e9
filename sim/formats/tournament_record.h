#pragma once
// What one finished tournament contributes to the statistics: small, fixed
// size, no allocation (the fault replies are empty strings but after a
// fault), so millions can stream through the accumulators.

#include <array>
#include <cstdint>
#include <string>

#include "engine/hand.h"
#include "engine/tournament.h"
#include "sim/formats/fault_counts.h"
#include "sim/luck/luck_metrics.h"

namespace sngsim {

struct TournamentRecord {
  std::int64_t index = 0;  // tournament number within its cell
  int seats = 0;           // players at the table
  // Per seat (0..seats-1):
  // Index into the cell's distinct labels (a league's up to 500 entrants).
  std::array<std::int16_t, kMaxPlayers> label{};
  std::array<Placement, kMaxPlayers> placement{};     // R20..R22
  std::array<Chips, kMaxPlayers> final_chips{};       // 0 for eliminated players
  std::array<std::int16_t, kMaxPlayers> bust_hand{};  // hand number of elimination, 0 if never
  std::array<FaultCounts, kMaxPlayers> faults{};      // V5: rejected or failed decisions
  // The hand of each seat's first fault (0: none), its reason and the reply
  // behind it (Strategy::fault_reply: escaped, cut; empty for most).
  std::array<std::int16_t, kMaxPlayers> first_fault_hand{};
  std::array<FaultReason, kMaxPlayers> first_fault_reason{};
  std::array<std::string, kMaxPlayers> first_fault_reply{};
  int hands = 0;          // hands played
  int level_reached = 1;  // blind level of the last hand
  bool capped = false;    // ended by the hand cap (R21)
  // Cell::adjust_luck only (else zeros): per seat, the sum over the
  // tournament's all-in run-outs of V(after) - E[V(after) | before], in
  // kLuckUnit; the adjusted outcome is the raw one minus this.
  std::array<LuckTerms, kMaxPlayers> luck{};
};

}  // namespace sngsim
