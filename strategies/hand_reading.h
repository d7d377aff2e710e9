#pragma once
// What a player's hole cards make of the board after the flop: how strong
// the made hand is relative to what the board gives everybody, and which
// draws it has. Shared by the rule-based bots (rock, tag, profile).
//
// The point is "do my hole cards play": a pair on the board is everybody's
// pair, so a made hand counts only by what the hole cards add. Hold'em uses
// any of the hole cards; Omaha exactly two of them with exactly three board
// cards (R16), which the evaluator and the draw tests respect.

#include <cstdint>

#include "engine/evaluator.h"
#include "engine/hand.h"

namespace sngsim {

// Made-hand tiers, weakest first. Only what the hole cards add counts.
enum class MadeTier : std::uint8_t {
  kNothing,   // the hole cards add nothing (high card, or the board's own hand)
  kWeakPair,  // a pair below top pair: middle or bottom pair, an underpair
  kTopPair,   // pairs the board's highest card, or an overpair
  kTwoPair,   // two pair made with the hole cards on an unpaired board
  kTrips,     // three of a kind using a hole card (set or trips)
  kStrong,    // a straight or better that the hole cards improve
};

struct HandReading {
  HandCategory category = HandCategory::kHighCard;  // the player's best hand
  MadeTier tier = MadeTier::kNothing;
  bool overpair = false;    // a pocket pair above every board card
  bool top_pair = false;    // a hole card pairs the board's highest rank
  bool flush_draw = false;  // one card from a flush the hole cards play in
  bool open_ended = false;  // two ranks complete a straight the hole cards play in
  bool gutshot = false;     // exactly one rank does
  bool has_draw() const { return flush_draw || open_ended; }
};

// Precondition: observation.board_count >= 3.
HandReading read_hand(const Observation& observation);

}  // namespace sngsim
