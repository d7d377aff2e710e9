#include "engine/hand.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <limits>

#include "engine/game_definition.h"
#include "engine/evaluator.h"

namespace sngsim {

const char* apply_error_name(ApplyError error) {
  switch (error) {
    case ApplyError::kNone: return "ok";
    case ApplyError::kHandOver: return "the hand is over";
    case ApplyError::kCannotRaise: return "raising is not allowed now";
    case ApplyError::kRaiseTooSmall: return "raise below the minimum";
    case ApplyError::kRaiseTooLarge: return "raise above the maximum";
    case ApplyError::kWrongLimitSize: return "raise is not the fixed-limit size";
    case ApplyError::kUnknownAction: return "unknown action type";
  }
  return "?";
}

namespace {
constexpr int kFixedLimitBetCap = 4;  // one bet and three raises (V2)
}  // namespace

Hand::Hand() {
  state_.street = Street::kShowdown;  // no hand yet: nothing to act on
}

void Hand::make_room_for_orbit() { log_.make_room(kMaxPlayers + 1); }

inline void Hand::record_in_room(EventType type, int player, Chips amount, CardSet cards) {
  log_.record_in_room(Event{type, static_cast<std::int8_t>(player), state_.street, amount, cards});
}

inline void Hand::record(EventType type, int player, Chips amount, CardSet cards) {
  log_.record(Event{type, static_cast<std::int8_t>(player), state_.street, amount, cards});
}

int Hand::active_count() const { return std::popcount(active_mask_); }

int Hand::live_count() const { return std::popcount(live_mask_); }

void Hand::fold(int player) {
  state_.folded[static_cast<std::size_t>(player)] = true;
  const std::uint32_t keep = ~(1u << player);
  live_mask_ &= keep;
  active_mask_ &= keep;
  pending_mask_ &= keep;
}

Chips Hand::max_bet_of_others(int player) const {
  Chips highest = 0;
  for (int q = 0; q < state_.num_players; ++q) {
    if (q != player && !state_.folded[static_cast<std::size_t>(q)])
      highest = std::max(highest, state_.bets[static_cast<std::size_t>(q)]);
  }
  return highest;
}

Chips Hand::max_reach_of_others(int player) const {
  Chips reach = 0;
  for (std::uint32_t rest = live_mask_ & ~(1u << player); rest != 0; rest &= rest - 1) {
    const auto q = static_cast<std::size_t>(std::countr_zero(rest));
    reach = std::max(reach, state_.bets[q] + state_.stacks[q]);
  }
  return reach;
}

void Hand::put_in(int player, Chips amount) {
  const auto p = static_cast<std::size_t>(player);
  state_.stacks[p] -= amount;
  state_.bets[p] += amount;
  state_.committed[p] += amount;
  state_.pot += amount;
  if (state_.stacks[p] == 0) active_mask_ &= ~(1u << player);
}

void Hand::start(const HandSetup& setup) {
  setup_ = setup;
  state_.num_players = setup.num_players;
  state_.rules = setup.rules;
  state_.level = setup.level;
  state_.min_bet = setup.min_bet;
  state_.big_bet = setup.big_bet;
  state_.seats = setup.seats;
  // Room for the start's events (at most three a player: ante, blind,
  // cards) and the first orbit, so that they all skip the capacity check.
  log_.clear();
  log_.make_room(4 * kMaxPlayers + 1);
  state_.street = Street::kPreflop;
  state_.board = {};  // board cards not dealt yet stay hidden (0)
  state_.board_count = 0;
  state_.betting = BettingCount{};
  state_.actions = ActionCounts{};
  to_act_ = -1;
  state_.pot = 0;
  rake_ = 0;
  antes_posted_ = false;
  live_mask_ = (1u << state_.num_players) - 1;
  active_mask_ = 0;
  // Whole-array fills (a few vector stores each), then only the seated
  // players: this runs once per hand.
  state_.stacks.fill(0);
  state_.bets.fill(0);
  state_.committed.fill(0);
  ante_.fill(0);
  state_.folded.fill(true);  // players beyond state_.num_players are out of the hand
  reset_reopen_levels();
  Chips any_ante = 0;
  for (int p = 0; p < state_.num_players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    state_.stacks[i] = setup.stacks[i];
    state_.folded[i] = false;
    active_mask_ |= std::uint32_t{state_.stacks[i] > 0} << p;
    any_ante |= setup.antes[i];
  }

  // Antes first, as dead money that counts toward nobody's bet (V3).
  for (int p = 0; any_ante != 0 && p < state_.num_players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    const Chips ante = std::min(setup.antes[i], state_.stacks[i]);
    if (ante <= 0) continue;
    state_.stacks[i] -= ante;
    state_.committed[i] += ante;
    ante_[i] = ante;
    state_.pot += ante;
    antes_posted_ = true;
    if (state_.stacks[i] == 0) active_mask_ &= ~(1u << p);
    record_in_room(EventType::kAnte, p, ante);
  }
  // Blinds: a short stack posts what it has (R15), but the bet to match stays
  // the nominal big blind.
  Chips big_blind = 0;
  big_blind_player_ = state_.num_players - 1;
  for (int p = 0; p < state_.num_players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    if (setup.blinds[i] <= 0) continue;
    put_in(p, std::min(setup.blinds[i], state_.stacks[i]));
    record_in_room(EventType::kBlind, p, state_.bets[i]);
    if (setup.blinds[i] >= big_blind) {
      big_blind = setup.blinds[i];
      big_blind_player_ = p;
    }
  }
  // V9: posts after the blinds, from what the ante left. Rare (cash tables
  // only), so a single test of an OR of the array decides.
  Chips any_post = 0;
  for (int p = 0; p < state_.num_players; ++p) any_post |= setup.posts[static_cast<std::size_t>(p)];
  for (int p = 0; any_post != 0 && p < state_.num_players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    const Chips post = std::min(setup.posts[i], state_.stacks[i]);
    if (post <= 0) continue;
    put_in(p, post);
    record_in_room(EventType::kBlind, p, state_.bets[i]);
    big_blind = std::max(big_blind, setup.posts[i]);
  }
  for (int p = 0; p < state_.num_players; ++p) record_in_room(EventType::kDealHole, p);

  state_.highest_bet = big_blind;
  min_raise_increment_ = setup.min_bet;
  last_full_bet_ = big_blind;
  full_bets_ = big_blind > 0 ? 1 : 0;
  cap_lifted_ = live_count() == 2;
  pending_mask_ = active_mask_;

  if (round_is_over()) {
    advance();
  } else {
    to_act_ = next_to_act(big_blind_player_);
  }
}

bool Hand::can_reopen(int player) const {
  const auto p = static_cast<std::size_t>(player);
  if (setup_.rules.betting == BettingStructure::kFixedLimit) return full_bets_ > full_bets_seen_[p];
  return state_.highest_bet >= reopen_level_[p];
}

bool Hand::round_is_over() const {
  if ((pending_mask_ & active_mask_) == 0) return true;
  // A lone player who can act but owes nothing has nothing to decide: every
  // other player is all-in (R9, R12).
  if (std::popcount(active_mask_) != 1) return false;
  const int last_active = std::countr_zero(active_mask_);
  return state_.bets[static_cast<std::size_t>(last_active)] >= max_bet_of_others(last_active);
}

Chips Hand::bet_size() const {
  const bool big_street = state_.street == Street::kTurn || state_.street == Street::kRiver;
  if (!big_street) return setup_.min_bet;
  return setup_.big_bet > 0 ? setup_.big_bet : 2 * setup_.min_bet;
}

Chips Hand::pot_limit_raise_to(int player) const {
  // V1: raise to B + (P + B - c).
  return state_.highest_bet + (pot() + state_.highest_bet - state_.bets[static_cast<std::size_t>(player)]);
}

LegalActions Hand::legal_actions() const {
  LegalActions legal;
  write_legal_actions(legal);
  return legal;
}

void Hand::write_legal_actions(LegalActions& legal) const {
  legal = LegalActions{};
  if (to_act_ < 0) return;
  const auto p = static_cast<std::size_t>(to_act_);
  const Chips to_call = std::max<Chips>(0, state_.highest_bet - state_.bets[p]);
  legal.call_amount = std::min(to_call, state_.stacks[p]);
  legal.can_check = to_call == 0;
  legal.can_fold = !legal.can_check;

  const Chips all_in_to = state_.bets[p] + state_.stacks[p];
  const bool someone_can_answer = (active_mask_ & ~(1u << to_act_)) != 0;
  const bool under_cap =
      setup_.rules.betting != BettingStructure::kFixedLimit || cap_lifted_ || full_bets_ < kFixedLimitBetCap;
  if (!(all_in_to > state_.highest_bet && someone_can_answer && under_cap && can_reopen(to_act_))) return;
  // R12: chips beyond what another live player could put in this round can
  // never be called, so no bet goes past that; when nobody can match more
  // than the current bet, raising is closed.
  const Chips answerable_to = max_reach_of_others(to_act_);
  if (answerable_to <= state_.highest_bet) return;
  legal.can_raise = true;

  Chips min_to = state_.highest_bet + min_raise_increment_;
  Chips max_to = all_in_to;
  switch (setup_.rules.betting) {
    case BettingStructure::kNoLimit: break;
    case BettingStructure::kPotLimit: max_to = std::max(min_to, pot_limit_raise_to(to_act_)); break;
    case BettingStructure::kFixedLimit: min_to = max_to = last_full_bet_ + bet_size(); break;
  }
  // A raise to what the others can reach is allowed even when that is less
  // than a full raise, as going all-in for less is.
  legal.max_raise_to = std::min({max_to, all_in_to, answerable_to});
  legal.min_raise_to = std::min(min_to, legal.max_raise_to);
}

namespace {

// The first player of `waiting` (a bit per player) clockwise after `after`,
// wrapping around. Precondition: waiting != 0.
int first_waiting_after(std::uint32_t waiting, int after) {
  const std::uint32_t later = waiting & ~((2u << after) - 1u);
  return std::countr_zero(later != 0 ? later : waiting);
}

}  // namespace

int Hand::next_to_act(int after) const {
  const std::uint32_t waiting = pending_mask_ & active_mask_;
  return waiting == 0 ? -1 : first_waiting_after(waiting, after);
}

inline ApplyError Hand::action_taken(int player) {
  ++state_.actions.taken[static_cast<std::size_t>(player)];
  const std::uint32_t bit = 1u << player;
  unsettled_mask_ |= bit;
  pending_mask_ &= ~bit;

  // Someone still to act and two or more who can: the round goes on (and the
  // hand, since two can act only if two are live).
  const std::uint32_t waiting = pending_mask_ & active_mask_;
  if (waiting != 0 && (active_mask_ & (active_mask_ - 1u)) != 0) [[likely]] {
    to_act_ = first_waiting_after(waiting, player);
    return ApplyError::kNone;
  }
  return after_last_action(player);
}

// The engine's hot path: a check or call that leaves someone to act costs a
// few dozen instructions; raises and the ends of rounds are out of line.
// apply(), bet_or_raise() and after_last_action() end in action_taken(), a
// tail call each, so that the hot path saves no registers.
ApplyError Hand::apply(Action action) {
  if (to_act_ < 0) return ApplyError::kHandOver;
  const int player = to_act_;
  const auto p = static_cast<std::size_t>(player);
  const Chips to_call = std::max<Chips>(0, state_.highest_bet - state_.bets[p]);
  if (action.type == ActionType::kCheckCall) {
    if (to_call == 0) {
      record_in_room(EventType::kCheck, player);
    } else {
      put_in(player, std::min(to_call, state_.stacks[p]));
      ++state_.betting.callers_this_round;
      record_in_room(EventType::kCall, player, state_.bets[p]);
    }
  } else if (action.type == ActionType::kFold) {
    if (to_call == 0) {
      record_in_room(EventType::kCheck, player);  // a fold when checking is free is a check (R10)
    } else {
      fold(player);
      record_in_room(EventType::kFold, player);
    }
  } else if (action.type == ActionType::kBetRaise) {
    return bet_or_raise(player, action.amount);
  } else {
    // An ActionType cast from a bad integer (a bot's bug) is refused, not ignored.
    return ApplyError::kUnknownAction;
  }
  return action_taken(player);
}

[[gnu::noinline]] ApplyError Hand::bet_or_raise(int player, Chips to) {
  const auto p = static_cast<std::size_t>(player);
  const LegalActions legal = legal_actions();
  if (!legal.can_raise) return ApplyError::kCannotRaise;
  // legal.min_raise_to already drops to the stack for a short all-in.
  // Beyond the stack is too large in every structure; in fixed limit any
  // other size is the wrong size (min == max there).
  if (to > state_.bets[p] + state_.stacks[p]) return ApplyError::kRaiseTooLarge;
  if (setup_.rules.betting == BettingStructure::kFixedLimit) {
    if (to != legal.min_raise_to) return ApplyError::kWrongLimitSize;
  } else {
    if (to > legal.max_raise_to) return ApplyError::kRaiseTooLarge;
    if (to < legal.min_raise_to) return ApplyError::kRaiseTooSmall;
  }
  settle_reopen_levels();  // before the bet moves the level
  // Whether this bet is a full one decides reopening (R12) and the cap (V2).
  bool full = false;
  if (setup_.rules.betting == BettingStructure::kFixedLimit) {
    full = 2 * (to - last_full_bet_) >= bet_size();
    if (full) last_full_bet_ = to;
  } else {
    const Chips increment = to - state_.highest_bet;
    full = increment >= min_raise_increment_;
    if (full) min_raise_increment_ = increment;
  }
  if (full) ++full_bets_;
  put_in(player, to - state_.bets[p]);
  state_.highest_bet = to;
  ++state_.betting.raises_this_round;
  state_.betting.callers_this_round = 0;
  state_.betting.last_raiser_this_round = player;
  ++state_.actions.aggressive[p];
  if (state_.street == Street::kPreflop) {
    state_.betting.last_preflop_raiser = player;
    state_.actions.preflop_raisers |= 1u << player;
  }
  pending_mask_ = active_mask_ & ~(1u << player);
  record(EventType::kBetRaise, player, to);
  make_room_for_orbit();
  return action_taken(player);
}

// unsettled_mask_ is declared away from pending_mask_ in hand.h: side by
// side, the compiler merged the two updates of every action into slower
// vector instructions.
void Hand::settle_reopen_levels() {
  for (std::uint32_t rest = unsettled_mask_; rest != 0; rest &= rest - 1) {
    const auto p = static_cast<std::size_t>(std::countr_zero(rest));
    reopen_level_[p] = state_.highest_bet + min_raise_increment_;
    full_bets_seen_[p] = full_bets_;
  }
  unsettled_mask_ = 0;
}

void Hand::reset_reopen_levels() {
  reopen_level_.fill(0);
  full_bets_seen_.fill(-1);
  unsettled_mask_ = 0;
}

// Kept out of line on purpose (here and bet_or_raise): inlined into apply(),
// their calls made apply() save registers on every check and call, which
// the inliner decided differently as these functions changed size.
[[gnu::noinline]] ApplyError Hand::after_last_action(int player) {
  if (live_count() == 1) {
    award_to_last_player();
  } else if (round_is_over()) {
    advance();
  } else {
    to_act_ = next_to_act(player);
  }
  return ApplyError::kNone;
}

void Hand::deal_board_to(int count) {
  if (count <= state_.board_count) return;
  CardSet dealt;
  for (int i = state_.board_count; i < count; ++i) {
    const Card card = setup_.board[static_cast<std::size_t>(i)];
    dealt.add(card);
    state_.board[static_cast<std::size_t>(i)] = card;
  }
  state_.board_count = count;
  record_in_room(EventType::kDealBoard, -1, 0, dealt);
}

void Hand::begin_round(Street street) {
  make_room_for_orbit();
  state_.street = street;
  static_assert(static_cast<int>(Street::kFlop) == 1 && static_cast<int>(Street::kRiver) == 3);
  deal_board_to(static_cast<int>(street) + 2);  // flop 3 cards, turn 4, river 5
  state_.highest_bet = 0;
  min_raise_increment_ = setup_.min_bet;
  last_full_bet_ = 0;
  full_bets_ = 0;
  cap_lifted_ = live_count() == 2;
  state_.betting.raises_this_round = 0;
  state_.betting.callers_this_round = 0;
  state_.betting.last_raiser_this_round = -1;
  state_.bets.fill(0);  // a few vector stores, where a loop over the seats branches
  reset_reopen_levels();
  pending_mask_ = active_mask_;
}

void Hand::advance() {
  to_act_ = -1;
  if (state_.street == Street::kRiver) {
    showdown(/*run_out=*/false);
    return;
  }
  if (active_count() <= 1) {
    showdown(/*run_out=*/true);
    return;
  }
  begin_round(static_cast<Street>(static_cast<int>(state_.street) + 1));
  to_act_ = next_to_act(state_.num_players - 1);
}

Chips Hand::bet_total(int player) const {
  const auto p = static_cast<std::size_t>(player);
  return state_.committed[p] - ante_[p];
}

void Hand::return_uncalled() {
  // Folded players count: chips they put in did match the bet at the time.
  // Whole arrays (seats beyond the players hold 0), which vectorise.
  std::array<Chips, kMaxPlayers> put_in{};
  for (int p = 0; p < kMaxPlayers; ++p) put_in[static_cast<std::size_t>(p)] = bet_total(p);
  const Chips top = *std::max_element(put_in.begin(), put_in.end());
  Chips second = 0;
  int at_top = 0;
  for (const Chips c : put_in) {
    at_top += c == top ? 1 : 0;
    second = std::max(second, c == top ? 0 : c);
  }
  if (at_top > 1 || top <= second) return;  // the highest was matched
  const int player = static_cast<int>(std::find(put_in.begin(), put_in.end(), top) - put_in.begin());
  const auto t = static_cast<std::size_t>(player);
  const Chips excess = top - second;
  state_.committed[t] -= excess;
  state_.bets[t] -= std::min(excess, state_.bets[t]);
  state_.stacks[t] += excess;
  state_.pot -= excess;
  record(EventType::kUncalledReturn, player, excess);
}

bool Hand::is_single_pot() const {
  const Chips level = bet_total(std::countr_zero(live_mask_));
  bool single = true;  // and-ed without a branch per player
  for (std::uint32_t rest = live_mask_; rest != 0; rest &= rest - 1) {
    const int p = std::countr_zero(rest);
    const auto i = static_cast<std::size_t>(p);
    single &= static_cast<int>(ante_[i] >= setup_.antes[i]) & static_cast<int>(bet_total(p) == level);
  }
  return single;
}

Chips Hand::rake_of_pot() const {
  const RakeRule& rule = setup_.rake;
  if (rule.hundredths_percent == 0) [[likely]]
    return 0;
  if (rule.no_flop_no_drop && state_.board_count == 0) return 0;
  Chips rake = state_.pot * rule.hundredths_percent / 10000;  // floored: whole chips (R17)
  if (rule.cap > 0) rake = std::min(rake, rule.cap);
  return rake;
}

void Hand::award_to_last_player() {
  to_act_ = -1;
  return_uncalled();
  const int winner = std::countr_zero(live_mask_);
  const Chips rake = rake_of_pot();
  if (rake != 0) [[unlikely]] {
    rake_ = rake;
    rake_paid_.fill(0);
    rake_paid_[static_cast<std::size_t>(winner)] = rake;
    state_.pot -= rake;
  }
  state_.stacks[static_cast<std::size_t>(winner)] += pot();
  record(EventType::kWin, winner, pot());
  end_hand();
}

namespace {

using Ranks = std::array<HandRank, kMaxPlayers>;
using Winnings = std::array<Chips, kMaxPlayers>;

// The players holding the best hand among `eligible` (a bit per player).
std::uint32_t best_hands(std::span<const HandRank, kMaxPlayers> rank, std::uint32_t eligible) {
  // On the raw values, which compile to conditional moves: who holds the
  // best hand is as good as random, a branch on it a coin toss.
  std::uint16_t best = 0;
  for (std::uint32_t rest = eligible; rest != 0; rest &= rest - 1) {
    best = std::max(best, rank[static_cast<std::size_t>(std::countr_zero(rest))].value);
  }
  std::uint32_t winners = 0;
  for (std::uint32_t rest = eligible; rest != 0; rest &= rest - 1) {
    const int p = std::countr_zero(rest);
    winners |= std::uint32_t{rank[static_cast<std::size_t>(p)].value == best} << p;
  }
  return winners;
}

// R17: equal shares; the odd chips one each from the first seat left of the
// button, which is hand-order index 0 (the lowest bit).
void share_out(Winnings& winnings, std::uint32_t winners, Chips amount) {
  const int count = std::popcount(winners);
  const Chips share = amount / count;
  Chips odd = amount % count;
  for (std::uint32_t rest = winners; rest != 0; rest &= rest - 1) {
    const Chips extra = odd > 0 ? 1 : 0;
    winnings[static_cast<std::size_t>(std::countr_zero(rest))] += share + extra;
    odd -= extra;
  }
}

}  // namespace

CardSet Hand::hole_set(int player) const {
  const auto& cards = setup_.hole[static_cast<std::size_t>(player)];
  CardSet hole;
  hole.add(cards[0]);  // every game deals at least two
  hole.add(cards[1]);
  for (int c = 2; c < setup_.rules.hole_cards; ++c) hole.add(cards[static_cast<std::size_t>(c)]);
  return hole;
}

void Hand::showdown(bool run_out) {
  to_act_ = -1;
  return_uncalled();
  // R19: with nobody left to bet, every hand is turned up before the rest of
  // the board comes. (Rare: building the hole sets again below is cheaper
  // than a second pass over the players in every showdown.)
  if (run_out) {
    for (std::uint32_t rest = live_mask_; rest != 0; rest &= rest - 1) {
      const int p = std::countr_zero(rest);
      record(EventType::kShow, p, 0, hole_set(p));
    }
    make_room_for_orbit();
    deal_board_to(kBoardSize);
  }

  Ranks rank{};
  std::array<CardSet, kMaxPlayers> hole{};
  if (is_holdem(setup_.rules.hole_cards)) {
    // Hold'em: the board's sums once, then two adds per player
    // (engine/evaluator.h), the fastest of the evaluator's paths.
    HoldemHand board;
    for (const Card card : setup_.board) board.add(card);
    for (std::uint32_t rest = live_mask_; rest != 0; rest &= rest - 1) {
      const int p = std::countr_zero(rest);
      const auto i = static_cast<std::size_t>(p);
      hole[i] = hole_set(p);
      rank[i] = evaluate_holdem(board, setup_.hole[i][0], setup_.hole[i][1]);
    }
  } else {
    CardSet board;
    for (const Card card : setup_.board) board.add(card);
    for (std::uint32_t rest = live_mask_; rest != 0; rest &= rest - 1) {
      const int p = std::countr_zero(rest);
      const auto i = static_cast<std::size_t>(p);
      hole[i] = hole_set(p);
      rank[i] = evaluate_hand(setup_.rules.hole_cards, hole[i], board);
    }
  }

  // Usually every live player contests every chip: one pot, several times
  // cheaper than the layering of side pots.
  Winnings winnings{};
  if (is_single_pot()) {
    share_out(winnings, best_hands(rank, live_mask_), pot());
  } else {
    winnings = side_pot_winnings(rank, 0);
  }
  // R18: who shows and who mucks changes no chip, so it is decided after the
  // awards: the river's last aggressor first (else the first player left of
  // the button), then clockwise; a player shows when it beats or ties the
  // best hand shown so far, or wins something.
  if (!run_out) {
    const int last_aggressor = state_.betting.last_raiser_this_round;
    const std::uint32_t from_first = last_aggressor < 0 ? ~0u : ~((1u << last_aggressor) - 1u);
    std::uint16_t best_shown = 0;
    auto show_or_muck = [&](std::uint32_t players) {
      for (std::uint32_t rest = players; rest != 0; rest &= rest - 1) {
        const int p = std::countr_zero(rest);
        const auto i = static_cast<std::size_t>(p);
        // Without a branch, as in best_hands(). A hand that does not show
        // is below the best shown, so max() changes nothing for it.
        const std::uint16_t value = rank[i].value;
        const bool shows = (value >= best_shown) | (winnings[i] > 0);
        best_shown = std::max(best_shown, value);
        static_assert(static_cast<int>(EventType::kMuck) == static_cast<int>(EventType::kShow) + 1);
        record(static_cast<EventType>(static_cast<int>(EventType::kMuck) - int{shows}), p, 0,
               CardSet::from_bits(hole[i].bits() & (std::uint64_t{0} - std::uint64_t{shows})));
      }
    };
    show_or_muck(live_mask_ & from_first);
    show_or_muck(live_mask_ & ~from_first);
  }
  // V10: the rake comes out of the pot before the awards; who shows (above)
  // was decided on the pot as played. Each player's part of the rake is
  // what it cost the player.
  if (const Chips rake = rake_of_pot(); rake != 0) [[unlikely]] {
    Winnings net{};
    if (is_single_pot()) {
      share_out(net, best_hands(rank, live_mask_), pot() - rake);
    } else {
      net = side_pot_winnings(rank, rake);
    }
    rake_ = rake;
    for (std::size_t i = 0; i < net.size(); ++i) rake_paid_[i] = winnings[i] - net[i];
    winnings = net;
    state_.pot -= rake;
  }
  std::uint32_t paid = 0;  // without a branch per player, as above
  for (std::uint32_t rest = live_mask_; rest != 0; rest &= rest - 1) {
    const int p = std::countr_zero(rest);
    paid |= std::uint32_t{winnings[static_cast<std::size_t>(p)] != 0} << p;
  }
  for (std::uint32_t rest = paid; rest != 0; rest &= rest - 1) {
    const int p = std::countr_zero(rest);
    const auto i = static_cast<std::size_t>(p);
    state_.stacks[i] += winnings[i];
    record(EventType::kWin, p, winnings[i]);
  }
  end_hand();
}

std::array<Chips, kMaxPlayers> Hand::side_pot_winnings(std::span<const HandRank, kMaxPlayers> rank, Chips rake) const {
  // Pots won by exactly the same players are split as one: splitting them one
  // by one would make odd chips the combined amount does not have (the
  // oracle histories demand this; docs/rules.md, R17). At most one pot
  // per ante level and one per bet level.
  std::array<std::uint32_t, 2 * kMaxPlayers> pot_winners{};
  std::array<Chips, 2 * kMaxPlayers> pot_amount{};
  int pot_count = 0;
  Chips distributed = 0;
  auto add_pot = [&](std::uint32_t eligible, Chips amount) {
    if (amount == 0) return;
    const std::uint32_t winners = best_hands(rank, eligible);
    int k = 0;
    while (k < pot_count && pot_winners[static_cast<std::size_t>(k)] != winners) ++k;
    if (k == pot_count) pot_winners[static_cast<std::size_t>(pot_count++)] = winners;
    pot_amount[static_cast<std::size_t>(k)] += amount;
    distributed += amount;
  };
  // Splits contributions into layers at the given levels (sorted, distinct):
  // the layer up to each level is contested by the live players whose limit
  // reaches it (R13).
  auto add_layers = [&](const std::array<Chips, kMaxPlayers>& put_in, const std::array<Chips, kMaxPlayers>& limit,
                        std::array<Chips, kMaxPlayers> levels, int level_count) {
    std::sort(levels.begin(), levels.begin() + level_count);
    level_count = static_cast<int>(std::unique(levels.begin(), levels.begin() + level_count) - levels.begin());
    Chips previous = 0;
    for (int l = 0; l < level_count; ++l) {
      const Chips level = levels[static_cast<std::size_t>(l)];
      Chips amount = 0;
      std::uint32_t eligible = 0;
      for (int p = 0; p < state_.num_players; ++p) {
        const auto i = static_cast<std::size_t>(p);
        amount += std::min(put_in[i], level) - std::min(put_in[i], previous);
        if (!state_.folded[i] && limit[i] >= level) eligible |= 1u << p;
      }
      add_pot(eligible, amount);
      previous = level;
    }
  };

  // Antes (V3) are dead money that every live player contests, except that a
  // player who could not cover its own ante wins from each ante at most what
  // it posted (R13). A big-blind ante is thus won by whoever wins the main
  // pot, and it is never an uncalled bet.
  std::array<Chips, kMaxPlayers> levels{};
  int level_count = 0;
  if (antes_posted_) {
    constexpr Chips kUncapped = std::numeric_limits<Chips>::max();
    std::array<Chips, kMaxPlayers> ante_limit{};
    Chips highest_limit = 0;
    for (int p = 0; p < state_.num_players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      ante_limit[i] = ante_[i] < setup_.antes[i] ? ante_[i] : kUncapped;
      if (!state_.folded[i]) highest_limit = std::max(highest_limit, ante_limit[i]);
    }
    for (int p = 0; p < state_.num_players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      if (state_.folded[i]) continue;
      // When every live player is short, the longest takes the rest, as a
      // full ante would.
      if (ante_limit[i] == highest_limit) ante_limit[i] = kUncapped;
      levels[static_cast<std::size_t>(level_count++)] = ante_limit[i];
    }
    add_layers(ante_, ante_limit, levels, level_count);
  }

  // Bets (R13): one pot per distinct bet level of the live players, each
  // contested by those who reached it.
  std::array<Chips, kMaxPlayers> bets{};
  level_count = 0;
  for (int p = 0; p < state_.num_players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    bets[i] = bet_total(p);
    if (!state_.folded[i]) levels[static_cast<std::size_t>(level_count++)] = bets[i];
  }
  add_layers(bets, bets, levels, level_count);
  // Nothing may be left behind, whatever the commitments looked like.
  if (pot_count > 0) pot_amount[static_cast<std::size_t>(pot_count - 1)] += pot() - distributed;
  // V10: the rake from the main pot first, then from the next.
  for (int k = 0; rake > 0 && k < pot_count; ++k) {
    Chips& amount = pot_amount[static_cast<std::size_t>(k)];
    const Chips taken = std::min(rake, amount);
    amount -= taken;
    rake -= taken;
  }

  Winnings winnings{};
  for (int k = 0; k < pot_count; ++k) {
    share_out(winnings, pot_winners[static_cast<std::size_t>(k)], pot_amount[static_cast<std::size_t>(k)]);
  }
  return winnings;
}

void Hand::end_hand() {
  state_.pot = 0;  // every chip is in a stack again
  state_.street = Street::kShowdown;
}

const Observation& Hand::observe() const {
  state_.player = to_act_;
  state_.hole = to_act_ >= 0 ? setup_.hole[static_cast<std::size_t>(to_act_)] : std::array<Card, 4>{};
  write_legal_actions(state_.legal);
  state_.history = events();
  return state_;
}

}  // namespace sngsim
