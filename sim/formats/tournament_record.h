#pragma once
// What one finished tournament contributes to the statistics: small, fixed
// size, no allocation, so millions can stream through the accumulators.

#include <array>
#include <cstdint>

#include "engine/hand.h"
#include "engine/tournament.h"
#include "sim/formats/fault_counts.h"

namespace sngsim {

struct TournamentRecord {
  std::int64_t index = 0;  // tournament number within its cell
  int seats = 0;           // players at the table
  // Per seat (0..seats-1):
  std::array<std::int8_t, kMaxPlayers> label{};        // index into the cell's distinct labels
  std::array<Placement, kMaxPlayers> placement{};      // R20..R22
  std::array<Chips, kMaxPlayers> final_chips{};        // 0 for eliminated players
  std::array<std::int16_t, kMaxPlayers> bust_hand{};   // hand number of elimination, 0 if never
  std::array<FaultCounts, kMaxPlayers> faults{};       // V5: rejected or failed decisions
  // The hand of each seat's first fault (0: none) and its reason.
  std::array<std::int16_t, kMaxPlayers> first_fault_hand{};
  std::array<FaultReason, kMaxPlayers> first_fault_reason{};
  int hands = 0;          // hands played
  int level_reached = 1;  // blind level of the last hand
  bool capped = false;    // ended by the hand cap (R21)
};

}  // namespace sngsim
