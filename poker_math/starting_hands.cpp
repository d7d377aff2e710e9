#include "poker_math/starting_hands.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include "engine/game_definition.h"
#include "engine/evaluator.h"
#include "engine/rng.h"

namespace sngsim {

namespace {

constexpr std::uint64_t kRankingSeed = 0x57A27146;  // fixed: the ranking is part of the bots' definition

// Equal equities break by this order: pairs from 22 up, then the suited and
// then the offsuit hands by (high, low) rank. It is the numbering the
// ranking was first computed in, kept as data (not as the classes' index
// order) so that the ranking, and so every bot, stays what it was.
int tie_order(int hand_class) {
  const HandClassShape shape = hand_class_shape(hand_class);
  constexpr int kPairs = 13;
  constexpr int kSuited = 78;
  if (shape.high_rank == shape.low_rank) return shape.high_rank;
  const int rank_pair = shape.high_rank * (shape.high_rank - 1) / 2 + shape.low_rank;
  return shape.suited ? kPairs + rank_pair : kPairs + kSuited + rank_pair;
}

struct HoldemTable {
  std::array<double, kHandClassCount> equity{};
  std::array<double, kHandClassCount> percentile{};
};

// One hero hand of each class: its two cards.
std::array<Card, 2> class_representative(int hand_class) {
  const HandClassShape shape = hand_class_shape(hand_class);
  return {make_card(shape.high_rank, 0), make_card(shape.low_rank, shape.suited ? 0 : 1)};
}

// Equity of every class against a random hand and board, kHoldemTrials deals
// each. All classes share the deals (common random numbers): trial t draws
// the start of one shuffled deck, and each class takes the first seven of
// those cards that are not its own, which for any one class is a uniform
// deal from the 50 cards left. Sharing makes the classes' errors move
// together, so their order is far more precise than each equity alone.
std::array<double, kHandClassCount> monte_carlo_equities() {
  constexpr int kPrefix = 11;  // 7 cards plus up to 4 skipped hero cards
  std::array<std::array<Card, 2>, kHandClassCount> heroes{};
  for (int c = 0; c < kHandClassCount; ++c) heroes[static_cast<std::size_t>(c)] = class_representative(c);
  std::array<int, kHandClassCount> points{};  // 2 per win, 1 per tie
  std::array<Card, kDeckSize> deck{};
  for (int c = 0; c < kDeckSize; ++c) deck[static_cast<std::size_t>(c)] = static_cast<Card>(c);
  CounterRng rng(kRankingSeed);
  for (int trial = 0; trial < kHoldemTrials; ++trial) {
    // A partial Fisher-Yates pass over any arrangement draws a uniform
    // prefix, so the deck never needs resetting.
    for (int i = 0; i < kPrefix; ++i) {
      const auto pick = static_cast<std::size_t>(i) + rng.below(static_cast<std::uint32_t>(kDeckSize - i));
      std::swap(deck[static_cast<std::size_t>(i)], deck[pick]);
    }
    CardSet shared_board;
    for (std::size_t i = 0; i < 5; ++i) shared_board.add(deck[i]);
    CardSet shared_villain = shared_board;
    shared_villain.add(deck[5]);
    shared_villain.add(deck[6]);
    const HandRank shared_villain_rank = evaluate_holdem(shared_villain);
    CardSet first_seven = shared_villain;
    for (int c = 0; c < kHandClassCount; ++c) {
      const auto& hero = heroes[static_cast<std::size_t>(c)];
      CardSet hero_set;
      hero_set.add(hero[0]);
      hero_set.add(hero[1]);
      CardSet board = shared_board;
      HandRank villain_rank = shared_villain_rank;
      if (!(first_seven & hero_set).empty()) {
        std::array<Card, 7> seven{};
        std::size_t taken = 0;
        for (std::size_t i = 0; taken < seven.size(); ++i) {
          if (!hero_set.contains(deck[i])) seven[taken++] = deck[i];
        }
        board = CardSet{};
        for (std::size_t i = 0; i < 5; ++i) board.add(seven[i]);
        CardSet villain = board;
        villain.add(seven[5]);
        villain.add(seven[6]);
        villain_rank = evaluate_holdem(villain);
      }
      const HandRank mine = evaluate_holdem(hero_set | board);
      points[static_cast<std::size_t>(c)] += mine > villain_rank ? 2 : mine == villain_rank ? 1 : 0;
    }
  }
  std::array<double, kHandClassCount> equity{};
  for (int c = 0; c < kHandClassCount; ++c) {
    equity[static_cast<std::size_t>(c)] = points[static_cast<std::size_t>(c)] / (2.0 * kHoldemTrials);
  }
  return equity;
}

const HoldemTable& holdem_table() {
  static const HoldemTable table = [] {
    HoldemTable t;
    t.equity = monte_carlo_equities();
    std::array<int, kHandClassCount> order{};
    std::iota(order.begin(), order.end(), 0);
    // Ties break by tie_order, so the order is total.
    std::sort(order.begin(), order.end(), [&t](int a, int b) {
      const double ea = t.equity[static_cast<std::size_t>(a)];
      const double eb = t.equity[static_cast<std::size_t>(b)];
      return ea != eb ? ea > eb : tie_order(a) < tie_order(b);
    });
    int combos = 0;
    for (const int c : order) {
      combos += hand_class_combo_count(c);
      t.percentile[static_cast<std::size_t>(c)] = static_cast<double>(combos) / kHoldemComboCount;
    }
    return t;
  }();
  return table;
}

constexpr int kMaxOmahaScore = 128;  // above any score the formula can give

struct OmahaTable {
  // [s] = fraction of four-card hands scoring s or more.
  std::array<double, kMaxOmahaScore + 1> at_least{};
};

const OmahaTable& omaha_table() {
  static const OmahaTable table = [] {
    std::array<long, kMaxOmahaScore + 1> count{};
    long total = 0;
    std::array<Card, 4> hand{};
    for (int a = 0; a < kDeckSize; ++a) {
      for (int b = a + 1; b < kDeckSize; ++b) {
        for (int c = b + 1; c < kDeckSize; ++c) {
          for (int d = c + 1; d < kDeckSize; ++d) {
            hand = {static_cast<Card>(a), static_cast<Card>(b), static_cast<Card>(c), static_cast<Card>(d)};
            const int score = std::clamp(omaha_starting_score(hand), 0, kMaxOmahaScore);
            ++count[static_cast<std::size_t>(score)];
            ++total;
          }
        }
      }
    }
    OmahaTable t;
    long at_least = 0;
    for (int s = kMaxOmahaScore; s >= 0; --s) {
      at_least += count[static_cast<std::size_t>(s)];
      t.at_least[static_cast<std::size_t>(s)] = static_cast<double>(at_least) / static_cast<double>(total);
    }
    return t;
  }();
  return table;
}

}  // namespace

double holdem_equity_vs_random(int hand_class) { return holdem_table().equity[static_cast<std::size_t>(hand_class)]; }

double holdem_percentile(int hand_class) { return holdem_table().percentile[static_cast<std::size_t>(hand_class)]; }

int omaha_starting_score(std::span<const Card, 4> hole) {
  static constexpr std::array<int, kRanks> kHighPoints = {0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 6};
  std::array<int, kRanks> rank_count{};
  std::array<int, kSuits> suit_count{};
  std::array<bool, kSuits> suit_has_ace{};
  int score = 0;
  for (const Card card : hole) {
    score += kHighPoints[static_cast<std::size_t>(rank_of(card))];
    ++rank_count[static_cast<std::size_t>(rank_of(card))];
    ++suit_count[static_cast<std::size_t>(suit_of(card))];
    if (rank_of(card) == kRanks - 1) suit_has_ace[static_cast<std::size_t>(suit_of(card))] = true;
  }
  std::array<int, 4> distinct{};
  int distinct_count = 0;
  for (int rank = 0; rank < kRanks; ++rank) {
    const int n = rank_count[static_cast<std::size_t>(rank)];
    if (n == 0) continue;
    distinct[static_cast<std::size_t>(distinct_count++)] = rank;
    if (n >= 2) score += 6 + rank - (n >= 3 ? 6 : 0);
  }
  for (int suit = 0; suit < kSuits; ++suit) {
    const int n = suit_count[static_cast<std::size_t>(suit)];
    if (n == 2) score += 4 + (suit_has_ace[static_cast<std::size_t>(suit)] ? 2 : 0);
    if (n == 3) score += 2;
  }
  static constexpr std::array<int, 4> kGapPoints = {0, 4, 3, 1};  // by rank distance 0..3
  for (int i = 1; i < distinct_count; ++i) {
    const int gap = distinct[static_cast<std::size_t>(i)] - distinct[static_cast<std::size_t>(i - 1)];
    if (gap < 4) score += kGapPoints[static_cast<std::size_t>(gap)];
  }
  if (distinct_count == 4 && distinct[3] - distinct[0] <= 4) score += 4;
  return score;
}

double omaha_percentile(int score) {
  return omaha_table().at_least[static_cast<std::size_t>(std::clamp(score, 0, kMaxOmahaScore))];
}

double starting_hand_percentile(const std::array<Card, 4>& hole, int count) {
  if (is_omaha(count)) return omaha_percentile(omaha_starting_score(std::span<const Card, 4>(hole)));
  return holdem_percentile(hand_class_of(hole[0], hole[1]));
}

}  // namespace sngsim
