#pragma once
// A single-table sit-and-go as a pure state machine (RULES R1..R6, R20..R22).
//
// The tournament owns the table: seats, stacks, the button and blinds, the
// blind level, the deck of every hand and the places. It knows nothing about
// who sits in a seat: the caller plays each hand (asking its players for
// actions) and hands the finished Hand back.
//
//   Tournament t(rules, key);
//   while (!t.is_over()) { hand.start(t.deal_next_hand()); ...; t.finish_hand(hand); }
//
// Everything random (first button, every deck) is a pure function of `key`.

#include <array>
#include <cstdint>

#include "engine/blind_schedule.h"
#include "engine/game_rules.h"
#include "engine/hand.h"

namespace sngsim {

// How players who tie (same chips at the start of the hand they all bust in,
// or same chips at the hand cap) are ranked.
enum class TieRule : std::uint8_t {
  kShare,        // R20/R22: they share the places they cover
  kButtonOrder,  // R20's alternative: clockwise from the button, the button's seat first
};

struct TournamentRules {
  int players = 6;              // R1: 2..6 (one per seat, seats 0..players-1)
  Chips starting_stack = 1000;  // R1
  BlindSchedule schedule = BlindSchedule::standard(kNormalHandsPerLevel);  // R4
  int hand_cap = 120;                                                      // R21
  TieRule tie_rule = TieRule::kShare;
  GameRules game;  // V4
};

// The places a seat finished in: `count` tied players share places
// first .. first + count - 1 (R22). count is 1 when nobody tied.
struct Placement {
  std::int8_t first = 0;
  std::int8_t count = 0;
  bool is_set() const { return first > 0; }
  // The average of the covered places, times two, to stay an integer.
  int twice_mean() const { return 2 * first + count - 1; }
};

class Tournament {
 public:
  Tournament(const TournamentRules& rules, std::uint64_t key);

  bool is_over() const { return over_; }
  bool ended_by_cap() const { return ended_by_cap_; }
  int hands_played() const { return hands_played_; }
  int players_left() const;
  int seat_count() const { return rules_->players; }
  Chips stack(int seat) const { return stack_[static_cast<std::size_t>(seat)]; }
  bool is_alive(int seat) const { return (alive_mask_ >> seat) & 1u; }
  // Bit s set: seat s still has chips.
  std::uint32_t alive_mask() const { return alive_mask_; }
  Placement placement(int seat) const { return placement_[static_cast<std::size_t>(seat)]; }

  // The hand being (or last) played: its level and positions. The button or
  // small-blind seat may be empty (R5); small_blind_seat is -1 when no small
  // blind is posted.
  int level() const { return level_; }
  int button_seat() const { return button_seat_; }
  int small_blind_seat() const { return small_blind_posted_ ? small_blind_seat_ : -1; }
  int big_blind_seat() const { return big_blind_seat_; }
  const HandSetup& current_setup() const { return setup_; }
  Chips stack_at_hand_start(int seat) const { return start_stack_[static_cast<std::size_t>(seat)]; }

  // Positions, blinds, antes and cards of the next hand. Precondition: !is_over().
  const HandSetup& deal_next_hand();
  // Takes the chips of the finished hand, eliminates and places players, and
  // ends the tournament on the last player or the hand cap.
  void finish_hand(const Hand& hand);

 private:
  int next_alive_after(int seat) const;
  void move_blinds();
  template <typename Less>
  void place_group(std::array<int, kMaxPlayers>& seats, int count, int best_place, Less better);

  const TournamentRules* rules_;
  // The parent of every hand's deck key, derived once rather than per hand.
  std::uint64_t deck_stream_key_;
  std::array<Chips, kMaxPlayers> stack_{};
  std::array<Chips, kMaxPlayers> start_stack_{};
  std::array<Placement, kMaxPlayers> placement_{};
  // Bit s set: seat s has chips (in stack_, or in start_stack_ for the hand
  // being played). Seat scans run a few times a hand: a mask makes them a
  // popcount or a bit search.
  std::uint32_t alive_mask_ = 0;
  std::uint32_t start_alive_mask_ = 0;
  int hands_played_ = 0;
  int level_ = 1;
  int button_seat_ = 0;
  int small_blind_seat_ = 0;
  int big_blind_seat_ = 0;
  bool small_blind_posted_ = true;
  bool over_ = false;
  bool ended_by_cap_ = false;
  HandSetup setup_{};
};

}  // namespace sngsim
