#pragma once
// An Observation as a fixed-length float32 vector, the input of a learned
// policy (docs/environment.md, "Observation encoding", lists every index).
// Shared by the training environment (sim/env/sit_and_go_env.h) and by
// in-process Python bots asked a batch: both hand a policy the same numbers.
//
// The encoding sees only the Observation (never another player's cards) and
// is a pure function of it: the same observation gives the same bits. Chips
// are in big blinds divided by 100 (a 50 bb stack is 0.5), so one network
// serves every stack depth and blind level. Players are listed relative to
// the observer: slot 0 is the observer, slot k the player k places after it
// in hand order (wrapping), so "the player to my left" has one index.

#include <cstddef>
#include <cstdint>
#include <span>

#include "engine/hand.h"

namespace sngsim {

// Bumped whenever an index or a scale changes: a policy trained on one
// version must not be fed another silently.
inline constexpr int kObservationEncodingVersion = 1;

// Where each part starts (docs/environment.md gives every index).
inline constexpr std::size_t kEncodeHole = 0;        // 52: own hole cards, one bit per card (rank*4+suit)
inline constexpr std::size_t kEncodeBoard = 52;      // 52: board cards
inline constexpr std::size_t kEncodeStrength = 104;  // 13: preflop equity, made tier, draws, category
inline constexpr std::size_t kEncodeGame = 117;      // 8: street, betting structure, hole-card count
inline constexpr std::size_t kEncodeTable = 125;     // 13: players, own position, button, level, blind size
inline constexpr std::size_t kEncodeBetting = 138;   // 14: pot, bet to match, call, raise bounds, counts
inline constexpr std::size_t kEncodeSlots = 152;     // kEncodeSlotCount * kEncodeSlotWidth
inline constexpr std::size_t kEncodeSlotCount = kMaxPlayers;
inline constexpr std::size_t kEncodeSlotWidth = 10;
inline constexpr std::size_t kObservationSize = kEncodeSlots + kEncodeSlotCount * kEncodeSlotWidth;  // 242

// Writes `observation` into `out` (every element is written). The
// observation must be one the engine handed to the player to act (its
// player, hole cards and legal actions filled in).
void encode_observation(const Observation& observation, std::span<float, kObservationSize> out);

}  // namespace sngsim
