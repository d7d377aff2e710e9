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
  bool operator==(const HandReading&) const = default;
};

// The made hand and the draws. Precondition (of every function here):
// observation.board_count >= 3, and its hole and board slots up to their
// counts hold valid cards.
HandReading read_hand(const Observation& observation);

// read_hand without the draws: the same category, tier, overpair and
// top_pair, the draw flags false. The draws are about a third of a
// reading's cost, so a bot that looks at them only in some branches reads
// the made hand first and adds them where it needs them:
// with_draws(observation, read_made_hand(observation)) == read_hand(observation).
HandReading read_made_hand(const Observation& observation);
// `made` (read_made_hand of this observation) with its draw flags set.
HandReading with_draws(const Observation& observation, HandReading made);

// The ranks (bit r for rank r, 0 = deuce) of which one more board card
// would complete a straight the hole cards play in: five ranks in a row
// (the ace also low). In hold'em at least one of the five is held in the
// hole and not on the board (else the straight is the board's); in Omaha
// two are the ranks of two hole cards, the other three board ranks. With
// two or more such ranks read_hand says open_ended, with one gutshot (on
// the flop and the turn, below a straight).
std::uint32_t straight_outs(const Observation& observation);

}  // namespace sngsim
