#pragma once
// Helpers for scripted hand tests: build a HandSetup from readable strings
// ({"AhAs", "KdKc"}, board "2c3d4h5s9c"), take snapshots of a hand's public
// state, and list its events. No Catch2 here: the tests decide what to check.

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <numeric>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "engine/hand.h"

namespace sngsim::testing {

// One table, described as the hand sees it: players in hand order (index 0
// is the first seat left of the button; heads-up index 0 is the big blind).
struct TableSpec {
  BettingStructure betting = BettingStructure::kNoLimit;
  std::vector<Chips> stacks;
  // Nominal blind per player in hand order; use blinds_for() for the usual
  // small/big blind positions.
  std::vector<Chips> blinds;
  Chips ante = 0;                  // the same ante for every player (V3)
  Chips min_bet = 0;               // 0: the largest blind (NL/PL: the big blind; FL: the small bet)
  Chips big_bet = 0;               // FL only; 0: twice min_bet
  std::vector<std::string> holes;  // "AhAs" (hold'em) or "AhAsKdKc" (Omaha) per player
  std::string board;               // exactly five cards, "2c3d4h5s9c"
};

// Small blind and big blind in the usual positions: heads-up index 0 posts
// the big blind and index 1 (the button) the small blind; otherwise index 0
// posts the small blind and index 1 the big blind.
inline std::vector<Chips> blinds_for(int players, Chips small_blind, Chips big_blind) {
  std::vector<Chips> blinds(static_cast<std::size_t>(players), 0);
  if (players == 2) {
    blinds[0] = big_blind;
    blinds[1] = small_blind;
  } else {
    blinds[0] = small_blind;
    blinds[1] = big_blind;
  }
  return blinds;
}

inline Card card(std::string_view text) {
  const auto parsed = parse_card(text);
  if (!parsed) throw std::invalid_argument("bad card: " + std::string(text));
  return *parsed;
}

inline std::vector<Card> cards(std::string_view text) {
  if (text.size() % 2 != 0) throw std::invalid_argument("odd card string: " + std::string(text));
  std::vector<Card> out;
  for (std::size_t i = 0; i < text.size(); i += 2) out.push_back(card(text.substr(i, 2)));
  return out;
}

inline CardSet card_set(std::string_view text) {
  CardSet set;
  for (const Card c : cards(text)) set.add(c);
  return set;
}

// Builds the setup; throws std::invalid_argument on inconsistent input
// (wrong counts, malformed or duplicated cards), so a typo in a test cannot
// silently deal a different hand.
inline HandSetup make_setup(const TableSpec& spec) {
  const int n = static_cast<int>(spec.stacks.size());
  if (n < 2 || n > kMaxPlayers) throw std::invalid_argument("player count");
  if (spec.blinds.size() != spec.stacks.size() || spec.holes.size() != spec.stacks.size()) {
    throw std::invalid_argument("stacks, blinds and holes must have one entry per player");
  }
  HandSetup setup;
  setup.num_players = n;
  const std::size_t hole_chars = spec.holes[0].size();
  if (hole_chars != 4 && hole_chars != 8) throw std::invalid_argument("2 or 4 hole cards");
  setup.rules.betting = spec.betting;
  setup.rules.hole_cards = static_cast<int>(hole_chars / 2);
  const Chips largest_blind = *std::max_element(spec.blinds.begin(), spec.blinds.end());
  setup.min_bet = spec.min_bet > 0 ? spec.min_bet : largest_blind;
  if (spec.betting == BettingStructure::kFixedLimit) {
    setup.big_bet = spec.big_bet > 0 ? spec.big_bet : 2 * setup.min_bet;
  }
  CardSet seen;
  auto take = [&seen](Card c) {
    if (seen.contains(c)) throw std::invalid_argument("duplicate card " + card_to_string(c));
    seen.add(c);
    return c;
  };
  for (int p = 0; p < n; ++p) {
    const auto i = static_cast<std::size_t>(p);
    setup.stacks[i] = spec.stacks[i];
    setup.blinds[i] = spec.blinds[i];
    setup.antes[i] = spec.ante;
    setup.seats[i] = static_cast<std::int8_t>(p);
    if (spec.holes[i].size() != hole_chars) throw std::invalid_argument("hole card counts differ");
    const std::vector<Card> hole = cards(spec.holes[i]);
    for (std::size_t c = 0; c < hole.size(); ++c) setup.hole[i][c] = take(hole[c]);
  }
  const std::vector<Card> board = cards(spec.board);
  if (board.size() != kBoardSize) throw std::invalid_argument("the board needs five cards");
  for (std::size_t c = 0; c < board.size(); ++c) setup.board[c] = take(board[c]);
  return setup;
}

inline std::vector<Chips> stacks_of(const Hand& hand) {
  std::vector<Chips> out;
  for (int p = 0; p < hand.setup().num_players; ++p) out.push_back(hand.stack(p));
  return out;
}

inline Chips initial_total(const HandSetup& setup) {
  Chips total = 0;
  for (int p = 0; p < setup.num_players; ++p) total += setup.stacks[static_cast<std::size_t>(p)];
  return total;
}

// Every chip on the table: behind plus in the middle (the pot is 0 once the
// hand is over and everything has been paid out).
inline Chips chips_on_table(const Hand& hand) {
  const std::vector<Chips> s = stacks_of(hand);
  return std::accumulate(s.begin(), s.end(), Chips{0}) + hand.pot();
}

// The public state an illegal action must leave untouched.
struct Snapshot {
  Street street = Street::kPreflop;
  bool terminal = false;
  int current_player = -1;
  int board_count = 0;
  Chips pot = 0;
  std::vector<Chips> stacks;
  std::vector<Chips> committed;
  std::vector<bool> folded;
  std::size_t event_count = 0;
  LegalActions legal;

  bool operator==(const Snapshot& o) const {
    return street == o.street && terminal == o.terminal && current_player == o.current_player &&
           board_count == o.board_count && pot == o.pot && stacks == o.stacks && committed == o.committed &&
           folded == o.folded && event_count == o.event_count && legal.can_fold == o.legal.can_fold &&
           legal.can_check == o.legal.can_check && legal.call_amount == o.legal.call_amount &&
           legal.can_raise == o.legal.can_raise && legal.min_raise_to == o.legal.min_raise_to &&
           legal.max_raise_to == o.legal.max_raise_to;
  }
};

inline Snapshot snapshot(const Hand& hand) {
  Snapshot s;
  s.street = hand.street();
  s.terminal = hand.is_terminal();
  s.current_player = hand.current_player();
  s.board_count = hand.board_count();
  s.pot = hand.pot();
  s.stacks = stacks_of(hand);
  for (int p = 0; p < hand.setup().num_players; ++p) {
    s.committed.push_back(hand.committed(p));
    s.folded.push_back(hand.has_folded(p));
  }
  s.event_count = hand.events().size();
  s.legal = hand.legal_actions();
  return s;
}

// Events of the given types, in order, from index `from` of the log.
inline std::vector<Event> events_of(const Hand& hand, std::initializer_list<EventType> types, std::size_t from = 0) {
  std::vector<Event> out;
  const auto events = hand.events();
  for (std::size_t i = from; i < events.size(); ++i) {
    if (std::find(types.begin(), types.end(), events[i].type) != types.end()) out.push_back(events[i]);
  }
  return out;
}

inline std::size_t count_events(const Hand& hand, EventType type) {
  const auto events = hand.events();
  return static_cast<std::size_t>(
      std::count_if(events.begin(), events.end(), [type](const Event& e) { return e.type == type; }));
}

// Index in the log of the first event of `type` (events().size() if none).
inline std::size_t first_event(const Hand& hand, EventType type) {
  const auto events = hand.events();
  for (std::size_t i = 0; i < events.size(); ++i) {
    if (events[i].type == type) return i;
  }
  return events.size();
}

// "(type player amount)" pairs, compact enough to compare a whole showdown.
struct EventKey {
  EventType type;
  int player;
  Chips amount;
  bool operator==(const EventKey&) const = default;
};

inline std::vector<EventKey> keys_of(const std::vector<Event>& events) {
  std::vector<EventKey> out;
  for (const Event& e : events) out.push_back({e.type, e.player, e.amount});
  return out;
}

inline const char* event_type_name(EventType type) {
  switch (type) {
    case EventType::kAnte: return "ante";
    case EventType::kBlind: return "blind";
    case EventType::kDealHole: return "deal-hole";
    case EventType::kDealBoard: return "deal-board";
    case EventType::kFold: return "fold";
    case EventType::kCheck: return "check";
    case EventType::kCall: return "call";
    case EventType::kBetRaise: return "bet/raise";
    case EventType::kShow: return "show";
    case EventType::kMuck: return "muck";
    case EventType::kUncalledReturn: return "uncalled-return";
    case EventType::kWin: return "win";
  }
  return "?";
}

// Catch2 prints these in failed comparisons (found by argument-dependent lookup).
inline std::ostream& operator<<(std::ostream& os, const EventKey& k) {
  return os << "{" << event_type_name(k.type) << " p" << k.player << " " << k.amount << "}";
}

}  // namespace sngsim::testing
