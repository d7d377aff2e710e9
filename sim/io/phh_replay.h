#pragma once
// Replaying hand histories through the engine: external evidence that the
// engine moves chips as real games and an independent rules engine do.
//
// A hand passes when every player action of the history comes from the
// player the engine has to act, on the street the engine is on, is legal
// (Hand::apply returns ApplyError::kNone), the engine has finished the hand
// when the history ends, and the final stacks equal `finishing_stacks`.
// A hand without `finishing_stacks` is checked for legality only.
//
// Half chips (pluribus.phhs writes a split odd chip as `10162.5`) are
// resolved by R17 before comparing: the odd chip goes to the first winner
// left of the button, so of the players recorded with half a chip, the first
// half in hand order (p1 is first left of the button) are rounded up and the
// rest down. Two halves are one split odd chip; an odd count of halves cannot
// come from whole chips and fails the hand.

#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "sim/io/phh.h"

namespace sngsim {

struct ReplayOptions {
  std::vector<std::string> variants;  // PHH variant codes to replay ("NT", "PO", ...); empty = all
  int max_print = 20;                 // problems printed in full; the rest are only counted
};

struct ReplayResult {
  int passed = 0;
  int failed = 0;      // replayed, but an action was refused or the stacks differ
  int unreadable = 0;  // a hand (or a whole file) that could not be read or converted
  int skipped = 0;     // left out by ReplayOptions::variants

  bool ok() const { return failed == 0 && unreadable == 0; }
};

enum class ReplayStatus { kPassed, kFailed, kUnreadable };

// The outcome of one hand.
struct HandReplay {
  ReplayStatus status = ReplayStatus::kPassed;
  std::string reason;           // the first problem, empty when passed
  std::vector<Chips> expected;  // finishing stacks, half chips resolved (R17)
  std::vector<Chips> actual;    // the engine's stacks at the end, or where it stopped
};

HandReplay replay_hand(const PhhHand& hand);

// The actions of `game` played on `hand`, started from game.setup, as
// replay_hand plays them (a bet past what R12 lets any other player meet is
// played as the largest it allows). Calls `after_each`, when set, after each
// applied action. Returns the first problem, empty when the engine agreed
// with every action and finished the hand with the history.
std::string replay_actions(const PhhHand& phh, const PhhGame& game, Hand& hand,
                           const std::function<void(const Hand&)>& after_each = {});

// Whole chips for recorded stacks, half chips resolved as described above;
// nullopt when the halves do not pair up.
std::optional<std::vector<Chips>> resolve_half_chips(const std::vector<RecordedStack>& stacks);

// Replays every hand of the files, prints each problem (file, hand, reason,
// expected and actual stacks) and ends with the line `N passed, M failed`,
// where M counts every hand that did not pass, unreadable ones included.
ReplayResult replay_files(const std::vector<std::string>& paths, const ReplayOptions& options, std::ostream& out);

}  // namespace sngsim
