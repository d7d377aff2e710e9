#include "sim/check/invariant_checker.h"

#include <algorithm>
#include <numeric>

namespace sngsim {

namespace {

std::size_t at(int seat) { return static_cast<std::size_t>(seat); }

std::string seat_text(int seat) { return seat < 0 ? std::string("none") : "seat " + std::to_string(seat); }

std::string place_text(Placement place) {
  if (!place.is_set()) return "no place";
  const int last = place.first + place.count - 1;
  return place.count == 1 ? "place " + std::to_string(place.first)
                          : "places " + std::to_string(place.first) + "-" + std::to_string(last) + " shared";
}

bool same_place(Placement a, Placement b) { return a.first == b.first && a.count == b.count; }

// Whether `seats` (with `place_of`) cover places lo..hi exactly: each group
// of players sharing places first..first+count-1 has exactly `count`
// members, and the groups follow each other without gap or overlap (R22).
bool covers(std::vector<int> seats, const std::array<Placement, kMaxPlayers>& place_of, int lo, int hi) {
  if (static_cast<int>(seats.size()) != hi - lo + 1) return false;
  std::sort(seats.begin(), seats.end(), [&](int a, int b) { return place_of[at(a)].first < place_of[at(b)].first; });
  int next = lo;
  for (std::size_t i = 0; i < seats.size();) {
    const Placement group = place_of[at(seats[i])];
    if (group.first != next || group.count < 1) return false;
    for (int k = 0; k < group.count; ++k, ++i) {
      if (i >= seats.size() || !same_place(place_of[at(seats[i])], group)) return false;
    }
    next += group.count;
  }
  return next == hi + 1;
}

std::string seats_and_places(const std::vector<int>& seats, const std::array<Placement, kMaxPlayers>& place_of) {
  std::string text;
  for (const int seat : seats) {
    if (!text.empty()) text += ", ";
    text += seat_text(seat) + " " + place_text(place_of[at(seat)]);
  }
  return text;
}

}  // namespace

const char* invariant_kind_name(InvariantKind kind) {
  switch (kind) {
    case InvariantKind::kChips: return "chips";
    case InvariantKind::kNegativeStack: return "negative-stack";
    case InvariantKind::kDealing: return "dealing";
    case InvariantKind::kButton: return "button";
    case InvariantKind::kSmallBlind: return "small-blind";
    case InvariantKind::kBigBlind: return "big-blind";
    case InvariantKind::kPlaceMissing: return "place-missing";
    case InvariantKind::kPlaceChanged: return "place-changed";
    case InvariantKind::kPlaceOrder: return "place-order";
    case InvariantKind::kPlacesCover: return "places-cover";
    case InvariantKind::kEnd: return "end";
    case InvariantKind::kRebuy: return "rebuy";
  }
  return "unknown";
}

InvariantChecker::InvariantChecker(const TableInvariantRules& rules) : rules_(rules) {
  for (int seat = 0; seat < rules_.players; ++seat) stack_[at(seat)] = rules_.starting_stack;
}

int InvariantChecker::next_alive_after(int seat, const std::array<Chips, kMaxPlayers>& stacks) const {
  const int n = rules_.players;
  if (seat < 0 || seat >= n) return -1;
  for (int i = 1; i <= n; ++i) {
    const int candidate = (seat + i) % n;
    if (stacks[at(candidate)] > 0) return candidate;
  }
  return -1;
}

std::vector<InvariantFailure> InvariantChecker::check_hand(const TableHandObservation& hand) {
  std::vector<InvariantFailure> failures;
  if (over_) {
    failures.push_back({InvariantKind::kEnd, "hand " + std::to_string(hand.hand) +
                                                 " was played after the tournament ended at hand " +
                                                 std::to_string(hands_)});
  } else if (hand.hand != hands_ + 1) {
    failures.push_back({InvariantKind::kEnd, "hand " + std::to_string(hand.hand) + " follows hand " +
                                                 std::to_string(hands_) + " (hands must be numbered 1, 2, ...)"});
  }
  check_chips(hand, failures);
  check_dealing(hand, failures);
  check_positions(hand, failures);
  check_places(hand, failures);
  hands_ = hand.hand;
  over_ = over_ || hand.over;
  stack_ = hand.stack_after;
  place_ = hand.place_after;
  return failures;
}

void InvariantChecker::check_chips(const TableHandObservation& hand, std::vector<InvariantFailure>& failures) const {
  const int n = rules_.players;
  std::array<bool, kMaxPlayers> dealt{};
  for (int p = 0; p < hand.dealt && p < kMaxPlayers; ++p) {
    const int seat = hand.hand_order[at(p)];
    if (seat >= 0 && seat < n) dealt[at(seat)] = true;
  }
  Chips before_in_hand = 0;
  Chips result_of_hand = 0;
  Chips total_after = 0;
  for (int seat = 0; seat < n; ++seat) {
    const auto s = at(seat);
    const std::string who = seat_text(seat);
    if (hand.stack_before[s] < 0 || hand.stack_after[s] < 0 || (dealt[s] && hand.hand_result[s] < 0)) {
      failures.push_back(
          {InvariantKind::kNegativeStack, who + " has a negative stack: " + std::to_string(hand.stack_before[s]) +
                                              " before, " + std::to_string(hand.hand_result[s]) +
                                              " left by the hand, " + std::to_string(hand.stack_after[s]) + " after"});
    }
    if (hand.stack_before[s] != stack_[s]) {
      failures.push_back({InvariantKind::kChips, who + " ended the previous hand with " + std::to_string(stack_[s]) +
                                                     " chips but starts this one with " +
                                                     std::to_string(hand.stack_before[s])});
    }
    const Chips expected_after = dealt[s] ? hand.hand_result[s] : hand.stack_before[s];
    if (hand.stack_after[s] != expected_after) {
      failures.push_back({InvariantKind::kChips, who + " has " + std::to_string(hand.stack_after[s]) +
                                                     " chips after the hand, but the hand left it " +
                                                     std::to_string(expected_after)});
    }
    if (dealt[s]) {
      before_in_hand += hand.stack_before[s];
      result_of_hand += hand.hand_result[s];
    }
    total_after += hand.stack_after[s];
  }
  if (result_of_hand != before_in_hand) {
    failures.push_back({InvariantKind::kChips, "the hand started with " + std::to_string(before_in_hand) +
                                                   " chips in play and left " + std::to_string(result_of_hand)});
  }
  const Chips total = rules_.starting_stack * n;
  if (total_after != total) {
    failures.push_back({InvariantKind::kChips, "the table holds " + std::to_string(total_after) + " chips, not " +
                                                   std::to_string(n) + " x " + std::to_string(rules_.starting_stack) +
                                                   " = " + std::to_string(total)});
  }
}

void InvariantChecker::check_dealing(const TableHandObservation& hand, std::vector<InvariantFailure>& failures) const {
  const int n = rules_.players;
  if (hand.button_seat < 0 || hand.button_seat >= n) return;  // check_positions reports it
  // Every player with chips, clockwise from the first seat left of the
  // button, live or dead (R5, R8).
  std::vector<int> expected;
  for (int i = 1; i <= n; ++i) {
    const int seat = (hand.button_seat + i) % n;
    if (hand.stack_before[at(seat)] > 0) expected.push_back(seat);
  }
  std::vector<int> actual(hand.hand_order.begin(), hand.hand_order.begin() + std::clamp(hand.dealt, 0, kMaxPlayers));
  if (actual != expected) {
    auto list = [](const std::vector<int>& seats) {
      std::string text;
      for (const int seat : seats) {
        if (!text.empty()) text += ' ';
        text += std::to_string(seat);
      }
      return "[" + text + "]";
    };
    failures.push_back({InvariantKind::kDealing, "seats dealt in " + list(actual) +
                                                     ", but the players with chips "
                                                     "clockwise from the button (seat " +
                                                     std::to_string(hand.button_seat) + ") are " + list(expected)});
  }
}

void InvariantChecker::check_positions(const TableHandObservation& hand, std::vector<InvariantFailure>& failures) {
  const int n = rules_.players;
  const auto& alive = hand.stack_before;
  const int alive_count =
      static_cast<int>(std::count_if(alive.begin(), alive.begin() + n, [](Chips chips) { return chips > 0; }));
  if (alive_count < 2) {
    failures.push_back(
        {InvariantKind::kEnd, "a hand was dealt with " + std::to_string(alive_count) + " player(s) holding chips"});
    return;
  }
  if (hand.button_seat < 0 || hand.button_seat >= n) {
    failures.push_back({InvariantKind::kButton, "the button is at seat " + std::to_string(hand.button_seat) +
                                                    ", not a seat of this " + std::to_string(n) + "-seat table"});
    return;
  }

  const bool heads_up = alive_count == 2;
  int button = 0;
  int small_blind = 0;
  int big_blind = 0;
  bool small_blind_posted = true;
  std::string why_button;
  std::string why_small_blind;
  std::string why_big_blind;
  if (hands_ == 0) {
    // The first hand uses the drawn button, which the checker cannot know;
    // the blinds follow it (R5; heads-up R6).
    button = hand.button_seat;
    small_blind = heads_up ? button : next_alive_after(button, alive);
    big_blind = next_alive_after(small_blind, alive);
    why_small_blind = heads_up ? "R6: heads-up the button posts the small blind"
                               : "R5: the first hand's small blind is the first player left of the drawn button";
    why_big_blind = "R5: the first hand's big blind is the next player after the small blind";
  } else {
    // R5: the big blind moves forward exactly one live player.
    big_blind = next_alive_after(big_blind_, alive);
    why_big_blind = "R5: the big blind moves from seat " + std::to_string(big_blind_) + " to the next live player";
    if (heads_up) {
      // R6: the other player has the button and posts the small blind.
      button = small_blind = next_alive_after(big_blind, alive);
      why_button = why_small_blind =
          "R6: heads-up the player who is not the big blind has the button and the small blind";
    } else {
      // R5: the small blind is posted from last hand's big-blind seat (none
      // if that player is gone) and the button goes to last hand's
      // small-blind seat, empty or not.
      small_blind = big_blind_;
      small_blind_posted = big_blind_ >= 0 && alive[at(big_blind_)] > 0;
      button = small_blind_;
      why_small_blind = "R5: the small blind is posted from last hand's big-blind seat " + std::to_string(big_blind_) +
                        (small_blind_posted ? "" : ", which is empty: no small blind");
      why_button = "R5: the button goes to last hand's small-blind seat " + std::to_string(small_blind_);
    }
  }

  if (hand.button_seat != button) {
    failures.push_back({InvariantKind::kButton, "the button is at " + seat_text(hand.button_seat) + ", " + why_button +
                                                    " (" + seat_text(button) + ")"});
  }
  const int expected_small_blind = small_blind_posted ? small_blind : -1;
  if (hand.small_blind_seat != expected_small_blind) {
    failures.push_back({InvariantKind::kSmallBlind, "the small blind is " + seat_text(hand.small_blind_seat) + ", " +
                                                        why_small_blind + " (" + seat_text(expected_small_blind) +
                                                        ")"});
  }
  if (hand.big_blind_seat != big_blind) {
    failures.push_back({InvariantKind::kBigBlind, "the big blind is " + seat_text(hand.big_blind_seat) + ", " +
                                                      why_big_blind + " (" + seat_text(big_blind) + ")"});
  }

  // The chips posted follow the positions: the big blind's is the largest
  // blind, the small blind's (when posted) no larger, nobody else's any.
  const Chips big_amount = big_blind >= 0 ? hand.blind[at(big_blind)] : 0;
  if (big_amount <= 0) {
    failures.push_back({InvariantKind::kBigBlind,
                        seat_text(big_blind) + " has the big blind but posted " + std::to_string(big_amount)});
  }
  for (int seat = 0; seat < n; ++seat) {
    const Chips posted = hand.blind[at(seat)];
    if (seat == big_blind || posted == 0) continue;
    if (small_blind_posted && seat == small_blind) {
      if (posted > big_amount) {
        failures.push_back({InvariantKind::kSmallBlind, "the small blind (" + seat_text(seat) + ") posted " +
                                                            std::to_string(posted) + ", more than the big blind's " +
                                                            std::to_string(big_amount)});
      }
      continue;
    }
    failures.push_back({InvariantKind::kSmallBlind, seat_text(seat) + " posted a blind of " + std::to_string(posted) +
                                                        " without being the small or the big blind"});
  }

  // Carry on from what the table did; the small blind's seat is kept even
  // when dead, for the next button.
  button_ = hand.button_seat;
  small_blind_ = hand.small_blind_seat >= 0 ? hand.small_blind_seat : small_blind;
  big_blind_ = hand.big_blind_seat >= 0 && hand.big_blind_seat < n ? hand.big_blind_seat : big_blind;
}

void InvariantChecker::check_places(const TableHandObservation& hand, std::vector<InvariantFailure>& failures) const {
  const int n = rules_.players;
  const auto& place = hand.place_after;
  std::vector<int> busted;     // had chips before the hand, none after
  std::vector<int> survivors;  // chips after the hand
  std::vector<int> out;        // no chips after the hand
  for (int seat = 0; seat < n; ++seat) {
    const auto s = at(seat);
    if (hand.stack_after[s] > 0) {
      survivors.push_back(seat);
    } else {
      out.push_back(seat);
      if (hand.stack_before[s] > 0) busted.push_back(seat);
    }
    if (place_[s].is_set() && !same_place(place[s], place_[s])) {
      failures.push_back({InvariantKind::kPlaceChanged,
                          seat_text(seat) + " had " + place_text(place_[s]) + " and now has " + place_text(place[s])});
    }
  }
  const int alive_after = static_cast<int>(survivors.size());
  const int alive_before = alive_after + static_cast<int>(busted.size());

  for (const int seat : busted) {
    if (!place[at(seat)].is_set()) {
      failures.push_back({InvariantKind::kPlaceMissing, seat_text(seat) + " busted in this hand but has no place"});
    }
  }
  // R20: an eliminated player places below everybody still in.
  for (const int seat : out) {
    if (place[at(seat)].is_set() && place[at(seat)].first <= alive_after) {
      failures.push_back({InvariantKind::kPlaceOrder, seat_text(seat) + " is out with " + place_text(place[at(seat)]) +
                                                          " but " + std::to_string(alive_after) +
                                                          " player(s) still have chips"});
    }
  }
  if (!hand.over) {
    for (const int seat : survivors) {
      if (place[at(seat)].is_set()) {
        failures.push_back({InvariantKind::kPlaceOrder,
                            seat_text(seat) + " still has chips but already has " + place_text(place[at(seat)])});
      }
    }
  }

  // Each pair of a group once: more chips rank strictly higher; equal chips
  // share (R20, R21, R22) or, by the configured alternative, go clockwise
  // from the button, the button's seat first (R20).
  const auto check_order = [&](const std::vector<int>& group, const std::array<Chips, kMaxPlayers>& chips,
                               const char* rule) {
    const auto distance = [&](int seat) { return (seat - hand.button_seat + n) % n; };
    for (std::size_t i = 0; i < group.size(); ++i) {
      for (std::size_t j = i + 1; j < group.size(); ++j) {
        int better = group[i];
        int worse = group[j];
        if (!place[at(better)].is_set() || !place[at(worse)].is_set()) continue;
        const bool tie = chips[at(better)] == chips[at(worse)];
        if (chips[at(worse)] > chips[at(better)] || (tie && distance(worse) < distance(better)))
          std::swap(better, worse);
        const Placement pb = place[at(better)];
        const Placement pw = place[at(worse)];
        const bool ok =
            tie && rules_.tie_rule == TieRule::kShare ? same_place(pb, pw) : pb.first + pb.count - 1 < pw.first;
        if (!ok) {
          failures.push_back(
              {InvariantKind::kPlaceOrder,
               std::string(rule) + ": " + seat_text(better) + " (" + std::to_string(chips[at(better)]) +
                   " chips) has " + place_text(pb) + " and " + seat_text(worse) + " (" +
                   std::to_string(chips[at(worse)]) + " chips) has " + place_text(pw) +
                   (tie ? rules_.tie_rule == TieRule::kShare ? ": equal chips share"
                                                             : ": equal chips go clockwise from the button"
                        : "")});
        }
      }
    }
  };

  if (!busted.empty()) {
    if (!covers(busted, place, alive_after + 1, alive_before)) {
      failures.push_back({InvariantKind::kPlacesCover, "the players busted in this hand (" +
                                                           seats_and_places(busted, place) + ") must cover places " +
                                                           std::to_string(alive_after + 1) + "-" +
                                                           std::to_string(alive_before) + " exactly"});
    }
    check_order(busted, hand.stack_before, "R20 (chips at the start of the hand)");
  }

  // R2, R21: the table ends with its last player or at the hand cap.
  const bool should_end = alive_after <= 1 || hand.hand >= rules_.hand_cap;
  if (hand.over != should_end) {
    failures.push_back({InvariantKind::kEnd,
                        hand.over
                            ? "the table ended with " + std::to_string(alive_after) +
                                  " players left before the hand cap of " + std::to_string(rules_.hand_cap)
                            : "the table did not end with " + std::to_string(alive_after) + " player(s) left at hand " +
                                  std::to_string(hand.hand) + " (cap " + std::to_string(rules_.hand_cap) + ")"});
  }
  if (!hand.over) return;
  if (!covers(survivors, place, 1, alive_after)) {
    failures.push_back({InvariantKind::kPlacesCover, "the players left at the end (" +
                                                         seats_and_places(survivors, place) + ") must cover places 1-" +
                                                         std::to_string(alive_after) + " exactly"});
  }
  check_order(survivors, hand.stack_after, "R21 (chips at the end)");
  std::vector<int> everybody(static_cast<std::size_t>(n));
  std::iota(everybody.begin(), everybody.end(), 0);
  if (!covers(everybody, place, 1, n)) {
    failures.push_back({InvariantKind::kPlacesCover, "the final places (" + seats_and_places(everybody, place) +
                                                         ") must cover places 1-" + std::to_string(n) + " exactly"});
  }
}

CashInvariantChecker::CashInvariantChecker(const CashInvariantRules& rules) : rules_(rules) {}

std::vector<InvariantFailure> CashInvariantChecker::check_hand(const CashHandObservation& hand) {
  std::vector<InvariantFailure> failures;
  // V8: a hand fewer than two players could be dealt is counted, not dealt.
  if (hand.hand <= hands_) {
    failures.push_back(
        {InvariantKind::kEnd, "hand " + std::to_string(hand.hand) + " follows hand " + std::to_string(hands_)});
  }
  Chips bought = 0;
  Chips before = 0;
  Chips after = 0;
  Chips left = 0;
  for (int seat = 0; seat < rules_.players; ++seat) {
    const auto s = at(seat);
    const std::string who = seat_text(seat);
    if (hand.stack_before[s] < 0 || hand.stack_after[s] < 0) {
      failures.push_back(
          {InvariantKind::kNegativeStack, who + " has a negative stack: " + std::to_string(hand.stack_before[s]) +
                                              " before, " + std::to_string(hand.stack_after[s]) + " after"});
    }
    // Chips reach a seat between hands only by buying them, and leave it
    // only with a player stood up (V8).
    const Chips new_buy = hand.bought_in[s] - bought_in_[s];
    const Chips gone = hand.left_with[s] - left_with_[s];
    if (new_buy < 0 || gone < 0 || hand.stack_before[s] != stack_[s] + new_buy - gone) {
      failures.push_back({InvariantKind::kChips, who + " had " + std::to_string(stack_[s]) + " chips, bought " +
                                                     std::to_string(new_buy) + " and took " + std::to_string(gone) +
                                                     " away but was dealt in with " +
                                                     std::to_string(hand.stack_before[s])});
    }
    if (!hand.dealt[s] && hand.stack_after[s] != hand.stack_before[s]) {
      failures.push_back({InvariantKind::kChips, who + " was not dealt in but its stack went from " +
                                                     std::to_string(hand.stack_before[s]) + " to " +
                                                     std::to_string(hand.stack_after[s])});
    }
    // V7: a stack below the threshold (or empty) tops up to exactly the
    // buy-in when dealt in; any other stack buys nothing (a new player,
    // V9, buys in once its seat is empty).
    const bool must_buy = hand.dealt[s] && (stack_[s] - gone == 0 || stack_[s] - gone < rules_.rebuy_below);
    if (!hand.dealt[s]) {
      if (new_buy != 0 && (stack_[s] - gone != 0 || hand.stack_before[s] != rules_.buy_in)) {
        failures.push_back({InvariantKind::kRebuy, who + " was not dealt in but bought " + std::to_string(new_buy)});
      }
    } else if (must_buy && (new_buy <= 0 || hand.stack_before[s] != rules_.buy_in)) {
      failures.push_back({InvariantKind::kRebuy, who + " had " + std::to_string(stack_[s]) + " chips (re-buy below " +
                                                     std::to_string(rules_.rebuy_below) + ") and was dealt in with " +
                                                     std::to_string(hand.stack_before[s]) + ", not the buy-in of " +
                                                     std::to_string(rules_.buy_in)});
    } else if (!must_buy && new_buy != 0) {
      failures.push_back({InvariantKind::kRebuy, who + " had " + std::to_string(stack_[s]) + " chips (re-buy below " +
                                                     std::to_string(rules_.rebuy_below) + ") but bought " +
                                                     std::to_string(new_buy)});
    }
    bought += hand.bought_in[s];
    before += hand.stack_before[s];
    after += hand.stack_after[s];
    left += hand.left_with[s];
  }
  // V10: the rake leaves the table; it is never negative, never above the
  // cap and never more than the rule's share of every chip in play.
  const bool rake_ok = hand.rake >= 0 && (rules_.rake_cap == 0 || hand.rake <= rules_.rake_cap) &&
                       hand.rake * 10000 <= static_cast<Chips>(rules_.rake_hundredths_percent) * before;
  if (!rake_ok) {
    failures.push_back({InvariantKind::kChips, "the hand's rake of " + std::to_string(hand.rake) +
                                                   " is negative, above the cap or above the rake's share of the " +
                                                   std::to_string(before) + " chips in play"});
  }
  if (before + left != bought - raked_ || after + left != bought - raked_ - hand.rake) {
    failures.push_back({InvariantKind::kChips,
                        "the table holds " + std::to_string(before) + " chips before the hand and " +
                            std::to_string(after) + " after, but " + std::to_string(bought) + " were bought in and " +
                            std::to_string(raked_) + " raked before, " + std::to_string(hand.rake) + " now"});
  }
  raked_ += hand.rake;
  hands_ = hand.hand;
  stack_ = hand.stack_after;
  bought_in_ = hand.bought_in;
  left_with_ = hand.left_with;
  return failures;
}

}  // namespace sngsim
