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
    stack_[static_cast<std::size_t>(seat)] = rules.buy_in;
    bought_in_[static_cast<std::size_t>(seat)] = rules.buy_in;
  }
  CounterRng rng(derive_key(key, kButtonStream));
  button_seat_ = static_cast<int>(rng.below(static_cast<std::uint32_t>(rules.players)));  // R3
}

const HandSetup& CashTable::deal_next_hand() {
  const int n = rules_->players;
  // V7: a short (or empty) stack buys in again, to exactly the buy-in.
  for (int seat = 0; seat < n; ++seat) {
    const auto i = static_cast<std::size_t>(seat);
    if (stack_[i] < rules_->rebuy_below || stack_[i] == 0) {
      bought_in_[i] += rules_->buy_in - stack_[i];
      stack_[i] = rules_->buy_in;
      ++rebuys_[i];
    }
  }
  if (hands_played_ > 0) button_seat_ = (button_seat_ + 1) % n;
  ++hands_played_;

  const int small_blind_seat = n == 2 ? button_seat_ : (button_seat_ + 1) % n;  // R6
  const int big_blind_seat = (small_blind_seat + 1) % n;
  HandSetup& s = setup_;
  s.rules = rules_->game;
  s.level = 1;
  s.min_bet = rules_->blinds.big_blind;
  s.big_bet = 2 * rules_->blinds.big_blind;
  s.num_players = n;
  s.rake = rules_->rake;
  // Hand order starts left of the button (R8).
  std::array<std::int8_t, kMaxPlayers> player_of_seat;
  player_of_seat.fill(-1);
  for (int p = 0; p < n; ++p) {
    const int seat = (button_seat_ + 1 + p) % n;
    const auto i = static_cast<std::size_t>(p);
    player_of_seat[static_cast<std::size_t>(seat)] = static_cast<std::int8_t>(p);
    s.seats[i] = static_cast<std::int8_t>(seat);
    s.stacks[i] = stack_[static_cast<std::size_t>(seat)];
    s.antes[i] = rules_->blinds.ante;
    s.blinds[i] = seat == big_blind_seat     ? rules_->blinds.big_blind
                  : seat == small_blind_seat ? rules_->blinds.small_blind
                                             : 0;
  }

  // R7: the deck of hand h is a pure function of (session key, h), dealt by
  // seat as a tournament's is (engine/seat_deal.h).
  deal_by_seat(derive_key(deck_stream_key_, static_cast<std::uint64_t>(hands_played_)), n,
               player_of_seat, s);
  return setup_;
}

void CashTable::finish_hand(const Hand& hand) {
  for (int p = 0; p < setup_.num_players; ++p) {
    const auto seat = static_cast<std::size_t>(setup_.seats[static_cast<std::size_t>(p)]);
    stack_[seat] = hand.stack(p);
    rake_paid_[seat] += hand.rake_paid(p);
  }
  rake_taken_ += hand.rake();
}

}  // namespace sngsim
