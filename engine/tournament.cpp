#include "engine/tournament.h"

#include <algorithm>
#include <bit>

#include "engine/rng.h"
#include "engine/seat_deal.h"

namespace sngsim {

namespace {
// Independent streams of the tournament key.
constexpr std::uint64_t kButtonStream = 1;
constexpr std::uint64_t kDeckStream = 2;
}  // namespace

Tournament::Tournament(const TournamentRules& rules, std::uint64_t key)
    : rules_(&rules), deck_stream_key_(derive_key(key, kDeckStream)) {
  for (int seat = 0; seat < rules.players; ++seat) stack_[static_cast<std::size_t>(seat)] = rules.starting_stack;
  if (rules.starting_stack > 0) alive_mask_ = (1u << rules.players) - 1u;
  CounterRng rng(derive_key(key, kButtonStream));
  button_seat_ = static_cast<int>(rng.below(static_cast<std::uint32_t>(rules.players)));  // R3
  over_ = rules.players < 2;
}

int Tournament::players_left() const { return std::popcount(alive_mask_); }

int Tournament::next_alive_after(int seat) const {
  // The first seat with chips clockwise after `seat`, wrapping around to
  // `seat` itself; -1 when nobody has chips.
  if (alive_mask_ == 0) return -1;
  const std::uint32_t later = alive_mask_ & ~((2u << seat) - 1u);
  return std::countr_zero(later != 0 ? later : alive_mask_);
}

void Tournament::move_blinds() {
  const bool heads_up = players_left() == 2;
  if (hands_played_ == 0) {
    // The first hand uses the drawn button (R5); heads-up the button posts the
    // small blind (R6).
    small_blind_seat_ = heads_up ? button_seat_ : next_alive_after(button_seat_);
    big_blind_seat_ = next_alive_after(small_blind_seat_);
    small_blind_posted_ = true;
    return;
  }
  // R5: the big blind moves forward exactly one live player; the small blind
  // is posted from last hand's big-blind seat and the button goes to last
  // hand's small-blind seat, either of which may now be empty.
  const int last_small_blind = small_blind_seat_;
  const int last_big_blind = big_blind_seat_;
  big_blind_seat_ = next_alive_after(last_big_blind);
  if (heads_up) {
    // R6: the other player has the button and posts the small blind.
    small_blind_seat_ = button_seat_ = next_alive_after(big_blind_seat_);
    small_blind_posted_ = true;
  } else {
    small_blind_seat_ = last_big_blind;
    button_seat_ = last_small_blind;
    small_blind_posted_ = is_alive(small_blind_seat_);
  }
}

const HandSetup& Tournament::deal_next_hand() {
  move_blinds();
  ++hands_played_;
  level_ = rules_->schedule.level_of_hand(hands_played_);
  const BlindLevel blinds = rules_->schedule.level(level_);

  HandSetup& s = setup_;
  s.rules = rules_->game;
  s.level = level_;
  s.min_bet = blinds.big_blind;
  s.big_bet = 2 * blinds.big_blind;
  // Hand order starts left of the button, live or dead (R5, R8).
  // A wrap-around step rather than a modulo (a division) per seat: this runs
  // for every hand of every tournament.
  const int players = rules_->players;
  std::array<std::int8_t, kMaxPlayers> player_of_seat;
  player_of_seat.fill(-1);
  int seat = button_seat_;
  int n = 0;
  for (int i = 0; i < players; ++i) {
    seat = seat + 1 == players ? 0 : seat + 1;
    if (!is_alive(seat)) continue;
    player_of_seat[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(n);
    const auto p = static_cast<std::size_t>(n++);
    s.seats[p] = static_cast<std::int8_t>(seat);
    s.stacks[p] = stack_[static_cast<std::size_t>(seat)];
    s.antes[p] = blinds.ante;
    s.blinds[p] = seat == big_blind_seat_                              ? blinds.big_blind
                  : (small_blind_posted_ && seat == small_blind_seat_) ? blinds.small_blind
                                                                       : 0;
  }
  s.num_players = n;
  start_stack_ = stack_;
  start_alive_mask_ = alive_mask_;

  // R7: the deck of hand h is a pure function of (tournament key, h), and a
  // seat's cards do not depend on who has busted (engine/seat_deal.h).
  deal_by_seat(derive_key(deck_stream_key_, static_cast<std::uint64_t>(hands_played_)), players, player_of_seat, s);
  return setup_;
}

template <typename Better>
void Tournament::place_group(std::array<int, kMaxPlayers>& seats, int count, int best_place, Better better) {
  // Best first; players no rule separates share the places they cover (R22).
  std::sort(seats.begin(), seats.begin() + count, better);
  for (int i = 0; i < count;) {
    int j = i + 1;
    while (j < count && !better(seats[static_cast<std::size_t>(i)], seats[static_cast<std::size_t>(j)])) ++j;
    for (int k = i; k < j; ++k) {
      placement_[static_cast<std::size_t>(seats[static_cast<std::size_t>(k)])] =
          Placement{static_cast<std::int8_t>(best_place + i), static_cast<std::int8_t>(j - i)};
    }
    i = j;
  }
}

void Tournament::finish_hand(const Hand& hand) {
  const int players_before = std::popcount(start_alive_mask_);
  for (int p = 0; p < setup_.num_players; ++p) {
    const int seat = setup_.seats[static_cast<std::size_t>(p)];
    stack_[static_cast<std::size_t>(seat)] = hand.stack(p);
    if (hand.stack(p) == 0) alive_mask_ &= ~(1u << seat);
  }

  const int n = rules_->players;
  const int button = button_seat_;
  // Clockwise distance from the button, the button's own seat first (R20).
  auto button_distance = [&](int seat) { return (seat - button + n) % n; };
  auto ordered = [&](Chips a_chips, Chips b_chips, int a, int b) {
    if (a_chips != b_chips) return a_chips > b_chips;
    return rules_->tie_rule == TieRule::kButtonOrder && button_distance(a) < button_distance(b);
  };

  // R20: players busted in this hand place below everybody still in, ordered
  // by the chips they started the hand with.
  std::array<int, kMaxPlayers> busted{};
  int busted_count = 0;
  for (std::uint32_t rest = start_alive_mask_ & ~alive_mask_; rest != 0; rest &= rest - 1) {
    busted[static_cast<std::size_t>(busted_count++)] = std::countr_zero(rest);
  }
  if (busted_count > 0) {
    place_group(busted, busted_count, players_before - busted_count + 1, [&](int a, int b) {
      return ordered(start_stack_[static_cast<std::size_t>(a)], start_stack_[static_cast<std::size_t>(b)], a, b);
    });
  }

  const int left = players_before - busted_count;
  const bool capped = hands_played_ >= rules_->hand_cap;
  if (left > 1 && !capped) return;

  // R2 / R21: the last player wins; at the cap the survivors rank by chips.
  std::array<int, kMaxPlayers> survivors{};
  int survivor_count = 0;
  for (int seat = 0; seat < n; ++seat) {
    if (is_alive(seat)) survivors[static_cast<std::size_t>(survivor_count++)] = seat;
  }
  place_group(survivors, survivor_count, 1, [&](int a, int b) {
    return ordered(stack_[static_cast<std::size_t>(a)], stack_[static_cast<std::size_t>(b)], a, b);
  });
  over_ = true;
  ended_by_cap_ = left > 1;
}

}  // namespace sngsim
