#include "engine/cash_table.h"

#include "engine/rng.h"
#include "engine/seat_deal.h"

namespace sngsim {

namespace {
// Independent streams of the session key (the same roles as a tournament's).
constexpr std::uint64_t kButtonStream = 1;
constexpr std::uint64_t kDeckStream = 2;
}  // namespace

CashTable::CashTable(const CashTableRules& rules, std::uint64_t key)
    : rules_(&rules), deck_stream_key_(derive_key(key, kDeckStream)) {
  for (int seat = 0; seat < rules.players; ++seat) {
    stack_[index(seat)] = rules.buy_in;
    bought_in_[index(seat)] = rules.buy_in;
    occupied_[index(seat)] = true;
  }
  CounterRng rng(derive_key(key, kButtonStream));
  button_seat_ = static_cast<int>(rng.below(static_cast<std::uint32_t>(rules.players)));  // R3
}

void CashTable::seat_new_player(int seat) {
  const auto i = index(seat);
  if (occupied_[i]) return;
  occupied_[i] = true;  // the clock carries on: its counts are the seat's
  // The seat's results go on: the chips the last player left with stay in
  // left_with_, the new buy-in is bought in.
  stack_[i] = rules_->buy_in;
  bought_in_[i] += rules_->buy_in;
  out_[i] = false;
  // V9: a new player owes one big blind (live), or waits for it.
  owes_big_[i] = !rules_->new_player_waits;
  owes_small_[i] = false;
  waiting_[i] = rules_->new_player_waits;
}

const HandSetup& CashTable::deal_next_hand() {
  ++hands_played_;
  setup_.num_players = 0;
  if (hands_dealt_total_ == 0 && hands_played_ == 1) {
    deal_first_hand();
  } else {
    deal_later_hand();
  }
  if (dealt()) ++hands_dealt_total_;
  return setup_;
}

void CashTable::deal_first_hand() {
  // Every seat is taken and dealt in; the drawn button (R3), then the blinds.
  const int n = rules_->players;
  const int small_blind_seat = n == 2 ? button_seat_ : next_seat(button_seat_);  // R6
  std::array<bool, kMaxPlayers> in{};
  for (int seat = 0; seat < n; ++seat) in[index(seat)] = true;
  small_blind_seat_ = small_blind_seat;
  big_blind_seat_ = next_seat(small_blind_seat);
  deal_to(in, small_blind_seat, big_blind_seat_);
}

void CashTable::deal_later_hand() {
  const int n = rules_->players;
  // V8: every seat's clock moves on, dealt or not.
  for (int seat = 0; seat < n; ++seat) {
    const auto i = index(seat);
    out_[i] = false;
    if (!occupied_[i]) continue;
    switch (clock_[i].hand_starts(rules_->sit_out, true)) {
      case SitOutClock::Start::kStandsUp:
        // Leaves with the stack; the seat is empty from now on.
        occupied_[i] = false;
        left_with_[i] += stack_[i];
        stack_[i] = 0;
        waiting_[i] = owes_big_[i] = owes_small_[i] = false;
        break;
      case SitOutClock::Start::kSitsOut: out_[i] = true; break;
      case SitOutClock::Start::kReturns:
        // V9: one who missed the big blind may wait for it instead of posting.
        waiting_[i] = owes_big_[i] && rules_->missed_blinds_wait;
        break;
      case SitOutClock::Start::kPlays: break;
    }
  }
  // Who can take the big blind: every occupied seat not sitting out,
  // those waiting for it included.
  const auto can_take_big_blind = [&](int seat) { return occupied_[index(seat)] && !out_[index(seat)]; };
  int candidates = 0;
  for (int seat = 0; seat < n; ++seat) candidates += can_take_big_blind(seat) ? 1 : 0;
  if (candidates < 2) return;  // no hand: nobody to play against

  // The big blind moves to the next seat that can take it.
  int big_blind = big_blind_seat_;
  do {
    big_blind = next_seat(big_blind);
  } while (!can_take_big_blind(big_blind));
  const int small_blind_position = big_blind_seat_;  // the last big blind's seat
  const int button_position = small_blind_seat_;     // the last small blind's position

  // Dealt in: everyone playing and not waiting, and the big blind. A seat
  // that owes blinds and sits between the button and the big blind waits a
  // hand (V9: a player cannot come in between the blinds).
  std::array<bool, kMaxPlayers> in{};
  int dealt_count = 0;
  for (int seat = 0; seat < n; ++seat) {
    const auto i = index(seat);
    in[i] = seat == big_blind || (can_take_big_blind(seat) && !waiting_[i]);
  }
  for (int seat = next_seat(button_position); seat != big_blind; seat = next_seat(seat)) {
    const auto i = index(seat);
    if (seat != small_blind_position && (owes_big_[i] || owes_small_[i])) in[i] = false;
  }
  for (int seat = 0; seat < n; ++seat) dealt_count += in[index(seat)] ? 1 : 0;
  if (dealt_count < 2) return;

  // V9: the big blind passed the seats sitting out between the last big
  // blind and this one: they missed it (and the small blind before it). The
  // small blind's seat, when sitting out, missed the small blind.
  for (int seat = next_seat(big_blind_seat_); seat != big_blind; seat = next_seat(seat)) {
    const auto i = index(seat);
    if (occupied_[i] && out_[i]) owes_big_[i] = owes_small_[i] = true;
  }
  if (occupied_[index(small_blind_position)] && out_[index(small_blind_position)]) {
    owes_small_[index(small_blind_position)] = true;
  }

  int small_blind = in[index(small_blind_position)] && small_blind_position != big_blind ? small_blind_position : -1;
  int button = button_position;
  if (dealt_count == 2) {
    // R6: heads-up the other player has the button and posts the small blind.
    for (int seat = 0; seat < n; ++seat) {
      if (in[index(seat)] && seat != big_blind) small_blind = button = seat;
    }
    small_blind_seat_ = small_blind;
  } else {
    small_blind_seat_ = small_blind_position;
  }
  big_blind_seat_ = big_blind;
  button_seat_ = button;
  deal_to(in, small_blind, big_blind);
}

void CashTable::deal_to(const std::array<bool, kMaxPlayers>& in, int small_blind_seat, int big_blind_seat) {
  const int n = rules_->players;
  HandSetup& s = setup_;
  s.rules = rules_->game;
  s.level = 1;
  s.min_bet = rules_->blinds.big_blind;
  s.big_bet = 2 * rules_->blinds.big_blind;
  s.rake = rules_->rake;
  s.posts.fill(0);
  dead_.fill(0);
  // Hand order starts left of the button (R8), live or dead.
  std::array<std::int8_t, kMaxPlayers> player_of_seat;
  player_of_seat.fill(-1);
  int p = 0;
  for (int k = 1; k <= n; ++k) {
    const int seat = (button_seat_ + k) % n;
    const auto i = index(seat);
    if (!in[i]) continue;
    // V7: a short (or empty) stack buys in again, to exactly the buy-in.
    if (stack_[i] < rules_->rebuy_below || stack_[i] == 0) {
      bought_in_[i] += rules_->buy_in - stack_[i];
      stack_[i] = rules_->buy_in;
      ++rebuys_[i];
    }
    const auto pi = index(p);
    player_of_seat[i] = static_cast<std::int8_t>(p);
    s.seats[pi] = static_cast<std::int8_t>(seat);
    s.stacks[pi] = stack_[i];
    s.antes[pi] = rules_->blinds.ante;
    s.blinds[pi] = seat == big_blind_seat     ? rules_->blinds.big_blind
                   : seat == small_blind_seat ? rules_->blinds.small_blind
                                              : 0;
    // V9: what a seat coming back (or new) owes, unless its blind this hand
    // settles it: the big blind live, the small blind dead.
    if (s.blinds[pi] == 0) {
      if (owes_big_[i]) s.posts[pi] = rules_->blinds.big_blind;
      if (owes_small_[i]) {
        dead_[pi] = rules_->blinds.small_blind;
        s.antes[pi] += dead_[pi];
      }
    }
    owes_big_[i] = owes_small_[i] = waiting_[i] = false;
    ++hands_dealt_[i];
    ++p;
  }
  s.num_players = p;

  // R7: the deck of hand h is a pure function of (session key, h), dealt by
  // seat as a tournament's is (engine/seat_deal.h).
  deal_by_seat(derive_key(deck_stream_key_, static_cast<std::uint64_t>(hands_played_)), n, player_of_seat, s);
}

void CashTable::finish_hand(const Hand& hand) {
  for (int p = 0; p < setup_.num_players; ++p) {
    const auto seat = index(setup_.seats[index(p)]);
    stack_[seat] = hand.stack(p);
    rake_paid_[seat] += hand.rake_paid(p);
  }
  rake_taken_ += hand.rake();
}

}  // namespace sngsim
