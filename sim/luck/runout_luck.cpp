#include "sim/luck/runout_luck.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "engine/evaluator.h"
#include "engine/game_definition.h"
#include "engine/rng.h"
#include "poker_math/icm.h"

namespace sngsim {

namespace {

using Winnings = std::array<Chips, kMaxPlayers>;
using Values = std::array<std::array<double, kLuckMetricCount>, kMaxPlayers>;

std::uint32_t best_of(std::span<const std::uint16_t, kMaxPlayers> rank, std::uint32_t eligible) {
  std::uint16_t best = 0;
  for (std::uint32_t rest = eligible; rest != 0; rest &= rest - 1) {
    best = std::max(best, rank[static_cast<std::size_t>(std::countr_zero(rest))]);
  }
  std::uint32_t winners = 0;
  for (std::uint32_t rest = eligible; rest != 0; rest &= rest - 1) {
    const int p = std::countr_zero(rest);
    if (rank[static_cast<std::size_t>(p)] == best) winners |= 1u << p;
  }
  return winners;
}

}  // namespace

Winnings split_runout_pots(int players, std::span<const Chips, kMaxPlayers> contributed, std::uint32_t live_mask,
                           std::span<const std::uint16_t, kMaxPlayers> rank) {
  std::array<Chips, kMaxPlayers> levels{};
  int level_count = 0;
  for (std::uint32_t rest = live_mask; rest != 0; rest &= rest - 1) {
    levels[static_cast<std::size_t>(level_count++)] = contributed[static_cast<std::size_t>(std::countr_zero(rest))];
  }
  std::sort(levels.begin(), levels.begin() + level_count);
  level_count = static_cast<int>(std::unique(levels.begin(), levels.begin() + level_count) - levels.begin());

  std::array<std::uint32_t, kMaxPlayers> pot_winners{};
  std::array<Chips, kMaxPlayers> pot_amount{};
  int pot_count = 0;
  Chips previous = 0;
  for (int l = 0; l < level_count; ++l) {
    const Chips level = levels[static_cast<std::size_t>(l)];
    // Dead money above the highest live level (it cannot be: the uncalled
    // part went back) would belong to the last pot.
    const bool last = l + 1 == level_count;
    Chips amount = 0;
    std::uint32_t eligible = 0;
    for (int p = 0; p < players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      const Chips top = last ? contributed[i] : std::min(contributed[i], level);
      amount += top - std::min(contributed[i], previous);
      if ((live_mask >> p & 1u) != 0 && contributed[i] >= level) eligible |= 1u << p;
    }
    previous = level;
    if (amount == 0) continue;
    const std::uint32_t winners = best_of(rank, eligible);
    int k = 0;
    while (k < pot_count && pot_winners[static_cast<std::size_t>(k)] != winners) ++k;
    if (k == pot_count) pot_winners[static_cast<std::size_t>(pot_count++)] = winners;
    pot_amount[static_cast<std::size_t>(k)] += amount;
  }

  Winnings winnings{};
  for (int k = 0; k < pot_count; ++k) {
    const std::uint32_t winners = pot_winners[static_cast<std::size_t>(k)];
    const Chips amount = pot_amount[static_cast<std::size_t>(k)];
    const int count = std::popcount(winners);
    Chips odd = amount % count;
    for (std::uint32_t rest = winners; rest != 0; rest &= rest - 1) {
      const Chips extra = odd > 0 ? 1 : 0;
      winnings[static_cast<std::size_t>(std::countr_zero(rest))] += amount / count + extra;
      odd -= extra;
    }
  }
  return winnings;
}

RunoutLuck::RunoutLuck(const LuckValue& value, std::uint64_t key, TableObserver* next)
    : value_(value), key_(key), next_(next) {}

void RunoutOrders::count(const HandSetup& setup, std::uint32_t live, int known, std::uint64_t sample_key, int samples) {
  const int hole_cards = setup.rules.hole_cards;
  const bool holdem = is_holdem(hole_cards);
  std::array<CardSet, kMaxPlayers> hole{};
  CardSet dead;
  for (int p = 0; p < setup.num_players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    for (int c = 0; c < hole_cards; ++c) hole[i].add(setup.hole[i][static_cast<std::size_t>(c)]);
    dead |= hole[i];
  }
  CardSet board_known;
  for (int c = 0; c < known; ++c) board_known.add(setup.board[static_cast<std::size_t>(c)]);
  dead |= board_known;
  std::array<Card, 52> remaining{};
  int remaining_count = 0;
  for (int card = 0; card < 52; ++card) {
    if (!dead.contains(static_cast<Card>(card)))
      remaining[static_cast<std::size_t>(remaining_count++)] = static_cast<Card>(card);
  }
  std::array<int, kMaxPlayers> live_players{};
  int live_count = 0;
  for (std::uint32_t rest = live; rest != 0; rest &= rest - 1)
    live_players[static_cast<std::size_t>(live_count++)] = std::countr_zero(rest);

  // First every board's ranks of the live hands (ranks_[board][l], l the
  // l-th live player), then the counting. Apart from the evaluator's own
  // rare flush test, the first loop has no branch on the cards, so its
  // table reads (most of the estimator's time, mostly cache misses) overlap
  // each other; a mispredicted branch per board between them did not.
  const int missing = kBoardSize - known;
  const bool every_board = missing == 1;
  const auto board_count = static_cast<std::size_t>(every_board ? remaining_count : samples);
  if (ranks_.size() < board_count) ranks_.resize(board_count);
  // Hold'em keeps each live hand's key sums with the known board in it, so
  // a board costs `missing` adds and one lookup per hand (engine/evaluator.h,
  // HoldemHand): the same ranks as evaluate_hand.
  std::array<HoldemHand, kMaxPlayers> with_known{};
  if (holdem) {
    for (int l = 0; l < live_count; ++l) {
      with_known[static_cast<std::size_t>(l)] =
          HoldemHand(hole[static_cast<std::size_t>(live_players[static_cast<std::size_t>(l)])] | board_known);
    }
  }
  // Sampled boards are balanced: the remaining cards in a random order are
  // cut into disjoint boards, and ordered afresh when too few are left. Each
  // board is a uniform draw, so the mean V is an unbiased E[V], and no card
  // comes twice before every card has come once, which leaves less variance
  // than independent draws. With one card to come every card is a board.
  CounterRng rng(sample_key);
  int next = remaining_count;  // first card of the next board in `remaining`
  for (std::size_t board = 0; board < board_count; ++board) {
    if (next + missing > remaining_count) next = 0;
    CardSet cards = board_known;
    for (int c = next; c < next + missing; ++c) {
      // A partial Fisher-Yates over the cards this order has not used yet.
      if (!every_board) {
        const auto j = c + static_cast<int>(rng.below(static_cast<std::uint32_t>(remaining_count - c)));
        std::swap(remaining[static_cast<std::size_t>(c)], remaining[static_cast<std::size_t>(j)]);
      }
      cards.add(remaining[static_cast<std::size_t>(c)]);
    }
    for (int l = 0; l < live_count; ++l) {
      const auto p = static_cast<std::size_t>(live_players[static_cast<std::size_t>(l)]);
      if (holdem) {
        HoldemHand hand = with_known[static_cast<std::size_t>(l)];
        for (int c = next; c < next + missing; ++c) hand.add(remaining[static_cast<std::size_t>(c)]);
        ranks_[board][static_cast<std::size_t>(l)] = evaluate_holdem(hand).value;
      } else {
        ranks_[board][static_cast<std::size_t>(l)] = evaluate_hand(hole_cards, hole[p], cards).value;
      }
    }
    next += missing;
  }

  // The boards counted by the order of the live hands on them (for each
  // live player, how many live hands beat it: 3 bits each), which is all
  // the pot split depends on. A handful of orders come up, so the split and
  // V are computed once per order, not once per board. Orders are listed by
  // their first board.
  orders_.clear();
  if (live_count == 2) {
    // p ahead, q ahead or tied, counted with no branch on the outcome.
    std::array<std::int64_t, 3> count{};
    std::array<std::size_t, 3> first{};
    first.fill(std::numeric_limits<std::size_t>::max());
    for (std::size_t k = 0; k < board_count; ++k) {
      const std::uint16_t rank_p = ranks_[k][0];
      const std::uint16_t rank_q = ranks_[k][1];
      const auto order =
          static_cast<std::size_t>(static_cast<int>(rank_p < rank_q) + 2 * static_cast<int>(rank_p == rank_q));
      ++count[order];
      first[order] = std::min(first[order], k);
    }
    std::array<int, 3> listed = {0, 1, 2};
    std::sort(listed.begin(), listed.end(),
              [&](int x, int y) { return first[static_cast<std::size_t>(x)] < first[static_cast<std::size_t>(y)]; });
    for (const int order : listed) {
      if (count[static_cast<std::size_t>(order)] == 0) continue;
      // Ranks that order the two hands as the boards did (the split reads
      // nothing else).
      std::array<std::uint16_t, kMaxPlayers> rank{};
      rank[static_cast<std::size_t>(live_players[0])] = order == 1 ? 1 : 2;
      rank[static_cast<std::size_t>(live_players[1])] = order == 0 ? 1 : 2;
      orders_.push_back({order_key(live, rank), rank, count[static_cast<std::size_t>(order)]});
    }
    return;
  }
  for (std::size_t k = 0; k < board_count; ++k) {
    std::array<std::uint16_t, kMaxPlayers> rank{};
    for (int l = 0; l < live_count; ++l) {
      rank[static_cast<std::size_t>(live_players[static_cast<std::size_t>(l)])] =
          ranks_[k][static_cast<std::size_t>(l)];
    }
    const std::uint32_t key = order_key(live, rank);
    bool found = false;
    for (Order& order : orders_) {
      if (order.key == key) {
        ++order.count;
        found = true;
        break;
      }
    }
    if (!found) orders_.push_back({key, rank, 1});
  }
}

std::uint32_t RunoutOrders::order_key(std::uint32_t live, const std::array<std::uint16_t, kMaxPlayers>& rank) {
  std::uint32_t key = 0;
  for (std::uint32_t rest = live; rest != 0; rest &= rest - 1) {
    const int p = std::countr_zero(rest);
    std::uint32_t better = 0;
    for (std::uint32_t other = live; other != 0; other &= other - 1) {
      better += rank[static_cast<std::size_t>(std::countr_zero(other))] > rank[static_cast<std::size_t>(p)];
    }
    key |= better << (3 * p);
  }
  return key;
}

std::optional<HandRunout> runout_of(const Hand& hand) {
  HandRunout runout;
  bool shown = false;
  std::array<Chips, kMaxPlayers> won{};
  for (const Event& event : hand.events()) {
    if (event.type == EventType::kDealBoard && !shown) runout.known += event.cards.size();
    if (event.type == EventType::kShow) {
      shown = true;
      runout.live |= 1u << event.player;
    }
    if (event.type == EventType::kWin) won[static_cast<std::size_t>(event.player)] += event.amount;
  }
  if (!shown || runout.known >= kBoardSize) return std::nullopt;
  const HandSetup& setup = hand.setup();
  for (int p = 0; p < setup.num_players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    runout.contributed[i] = setup.stacks[i] - (hand.stack(p) - won[i]);
  }
  return runout;
}

std::array<std::uint16_t, kMaxPlayers> actual_ranks(const HandSetup& setup, std::uint32_t live) {
  CardSet board;
  for (const Card card : setup.board) board.add(card);
  std::array<std::uint16_t, kMaxPlayers> rank{};
  for (std::uint32_t rest = live; rest != 0; rest &= rest - 1) {
    const auto i = static_cast<std::size_t>(std::countr_zero(rest));
    CardSet hole;
    for (int c = 0; c < setup.rules.hole_cards; ++c) hole.add(setup.hole[i][static_cast<std::size_t>(c)]);
    rank[i] = evaluate_hand(setup.rules.hole_cards, hole, board).value;
  }
  return rank;
}

void RunoutLuck::hand_finished(const TableView& table, const Hand& hand) {
  if (next_ != nullptr) next_->hand_finished(table, hand);
  const Tournament& tournament = *table.tournament;
  const std::optional<HandRunout> runout = runout_of(hand);
  if (!runout) return;
  ++runouts_;

  const HandSetup& setup = hand.setup();
  const int players = setup.num_players;
  const int known = runout->known;
  const std::uint32_t live = runout->live;
  const std::array<Chips, kMaxPlayers>& contributed = runout->contributed;
  if (kBoardSize - known > 2) ++sampled_;
  boards_.count(setup, live, known, derive_key(key_, static_cast<std::uint64_t>(tournament.hands_played())),
                kRunoutSamples);

  const std::array<std::uint16_t, kMaxPlayers> actual_rank = actual_ranks(setup, live);
  // The split depends on the order of the live hands only, so the actual
  // board's V is that of its order.
  LuckValues expected{};
  LuckValues actual_value{};
  const MeanOverBoards mean = mean_value_over(value_, tournament, setup, boards_, contributed, live, expected,
                                              RunoutOrders::order_key(live, actual_rank), &actual_value);
  const std::array<Chips, kMaxPlayers> actual = LuckValue::stacks_after(
      tournament, setup, contributed, split_runout_pots(players, contributed, live, actual_rank));
  for (int p = 0; p < players; ++p) {
    if (actual[static_cast<std::size_t>(setup.seats[static_cast<std::size_t>(p)])] != hand.stack(p)) {
      ++mismatches_;
      break;
    }
  }
  if (!mean.found) value_.of_stacks(tournament, actual, actual_value);
  add_luck_terms(luck_, actual_value, expected);
}

MeanOverBoards mean_value_over(const LuckValue& value, const Tournament& tournament, const HandSetup& setup,
                               const RunoutOrders& orders, std::span<const Chips, kMaxPlayers> contributed,
                               std::uint32_t live, LuckValues& mean, std::optional<std::uint32_t> wanted_key,
                               LuckValues* wanted) {
  MeanOverBoards result;
  LuckValues sum{};
  LuckValues order_value{};
  for (const RunoutOrders::Order& order : orders.orders()) {
    value.of_stacks(tournament,
                    LuckValue::stacks_after(tournament, setup, contributed,
                                            split_runout_pots(setup.num_players, contributed, live, order.rank)),
                    order_value);
    result.boards += order.count;
    for (std::size_t s = 0; s < kMaxPlayers; ++s) {
      for (std::size_t m = 0; m < kLuckMetricCount; ++m)
        sum[s][m] += static_cast<double>(order.count) * order_value[s][m];
    }
    if (wanted_key && order.key == *wanted_key) {
      *wanted = order_value;
      result.found = true;
    }
  }
  for (std::size_t s = 0; s < kMaxPlayers; ++s) {
    for (std::size_t m = 0; m < kLuckMetricCount; ++m) mean[s][m] = sum[s][m] / static_cast<double>(result.boards);
  }
  return result;
}

void RunoutLuck::hand_settled(const TableView& table, const Hand& hand) {
  if (next_ != nullptr) next_->hand_settled(table, hand);
}

void RunoutLuck::table_finished(const TableView& table) {
  if (next_ != nullptr) next_->table_finished(table);
}

}  // namespace sngsim
