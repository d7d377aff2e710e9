#include "sim/bench/bench_evaluator.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <ctime>
#include <vector>

#include "engine/card.h"
#include "engine/evaluator.h"
#include "engine/rng.h"

namespace sngsim {

namespace {

// 4M hands: the input streams through the caches, as a simulation's deals
// would, while the tables must stay resident beside it. Each run makes
// kHoldemPasses passes (about 16M evaluations) to outlast timer noise.
constexpr int kHoldemHands = 1 << 22;
constexpr int kHoldemPasses = 4;
constexpr int kShowdownPlayers = 6;
constexpr int kBoardCards = 5;
constexpr int kShowdownBoards = 1 << 20;
constexpr int kOmahaHands = 1 << 20;
constexpr std::int64_t kSevenCardHands = 133'784'560;

// Keeps results observable so the optimiser cannot drop the work.
volatile std::uint64_t g_sink = 0;

// `count` distinct cards not in `dead`, in the order drawn.
template <int N>
std::array<Card, N> random_cards(CounterRng& rng, CardSet dead = {}) {
  std::array<Card, N> cards{};
  CardSet taken = dead;
  for (Card& card : cards) {
    do {
      card = static_cast<Card>(rng.below(kDeckSize));
    } while (taken.contains(card));
    taken.add(card);
  }
  return cards;
}

template <std::size_t N>
CardSet set_of(const std::array<Card, N>& cards) {
  CardSet set;
  for (const Card card : cards) set.add(card);
  return set;
}

// Processor ns per evaluation of `evaluate(item)` over `items`, `passes`
// times (each call may evaluate `per_item` hands).
template <typename Item, typename Evaluate>
double time_per_eval(const std::vector<Item>& items, int passes, int per_item, Evaluate evaluate) {
  std::uint64_t checksum = 0;
  const CpuTime start = cpu_now();
  for (int pass = 0; pass < passes; ++pass) {
    for (const Item& item : items) checksum += evaluate(item);
  }
  const double ns = ns_since(start);
  g_sink = g_sink + checksum;
  return ns / (static_cast<double>(items.size()) * passes * per_item);
}

// Every 7-card hand once, in lexicographic order of card indices. The last
// two cards come from one flat list per fifth card, so the innermost loop
// is long and its exit rarely mispredicted: otherwise the nested loops cost
// more than the evaluations.
double time_holdem_sequential() {
  std::array<std::uint64_t, kDeckSize> bit{};
  for (int c = 0; c < kDeckSize; ++c) bit[c] = CardSet::bit_of(static_cast<Card>(c));
  std::array<std::vector<std::uint64_t>, kDeckSize> two_above{};  // [e]: cards f < g, both above e
  for (int e = 0; e < kDeckSize; ++e) {
    for (int f = e + 1; f < kDeckSize; ++f) {
      for (int g = f + 1; g < kDeckSize; ++g) two_above[e].push_back(bit[f] | bit[g]);
    }
  }
  std::uint64_t checksum = 0;
  const CpuTime start = cpu_now();
  for (int a = 0; a < kDeckSize; ++a) {
    for (int b = a + 1; b < kDeckSize; ++b) {
      for (int c = b + 1; c < kDeckSize; ++c) {
        for (int d = c + 1; d < kDeckSize; ++d) {
          for (int e = d + 1; e < kDeckSize; ++e) {
            const std::uint64_t five = bit[a] | bit[b] | bit[c] | bit[d] | bit[e];
            for (const std::uint64_t two : two_above[e]) {
              checksum += evaluate_holdem(CardSet::from_bits(five | two)).value;
            }
          }
        }
      }
    }
  }
  const double ns = ns_since(start);
  g_sink = g_sink + checksum;
  return ns / static_cast<double>(kSevenCardHands);
}

struct Showdown {
  std::array<Card, kBoardCards> board;
  std::array<std::array<Card, 2>, kShowdownPlayers> hole;
};

struct OmahaHand {
  CardSet hole;
  CardSet board;
};

// The naive Omaha evaluation: every two of the four hole cards with every
// three of the five board cards, 60 five-card hold'em evaluations.
std::uint16_t omaha_naive(const OmahaHand& hand) {
  std::array<std::uint64_t, 4> hole{};
  std::array<std::uint64_t, 5> board{};
  std::uint64_t rest = hand.hole.bits();
  for (auto& bit : hole) {
    bit = rest & (0 - rest);
    rest &= rest - 1;
  }
  rest = hand.board.bits();
  for (auto& bit : board) {
    bit = rest & (0 - rest);
    rest &= rest - 1;
  }
  std::uint16_t best = 0;
  for (int i = 0; i < 4; ++i) {
    for (int j = i + 1; j < 4; ++j) {
      for (int a = 0; a < 5; ++a) {
        for (int b = a + 1; b < 5; ++b) {
          for (int c = b + 1; c < 5; ++c) {
            const auto five = CardSet::from_bits(hole[i] | hole[j] | board[a] | board[b] | board[c]);
            best = std::max(best, evaluate_holdem(five).value);
          }
        }
      }
    }
  }
  return best;
}

struct Timed {
  const char* name;
  const char* reference_name;  // nullptr: none
  std::vector<double> samples;
  std::vector<double> reference_samples;
};

BenchResult summarise(Timed timed) {
  BenchResult result;
  result.name = timed.name;
  result.unit = "eval";
  result.median_ns_per_op = median(timed.samples);
  result.median_ops_per_sec = 1e9 / result.median_ns_per_op;
  result.samples_ns_per_op = std::move(timed.samples);
  if (timed.reference_name != nullptr) {
    result.reference_name = timed.reference_name;
    result.reference_median_ns_per_op = median(timed.reference_samples);
    result.reference_samples_ns_per_op = std::move(timed.reference_samples);
  }
  return result;
}

}  // namespace

std::vector<BenchResult> bench_evaluator(int runs) {
  CounterRng rng(derive_key(0xE7A1, 0));
  // The same random hands in three forms: the cards as dealt, card sets and
  // hands built card by card (HoldemHand).
  std::vector<std::array<Card, 7>> holdem_cards(kHoldemHands);
  for (auto& cards : holdem_cards) cards = random_cards<7>(rng);
  std::vector<CardSet> holdem_sets(kHoldemHands);
  std::vector<HoldemHand> holdem_hands(kHoldemHands);
  for (std::size_t i = 0; i < holdem_cards.size(); ++i) {
    holdem_sets[i] = set_of(holdem_cards[i]);
    holdem_hands[i] = HoldemHand(holdem_sets[i]);
  }
  std::vector<Showdown> showdowns(kShowdownBoards);
  for (Showdown& showdown : showdowns) {
    const auto cards = random_cards<kBoardCards + 2 * kShowdownPlayers>(rng);
    std::copy_n(cards.begin(), kBoardCards, showdown.board.begin());
    for (int p = 0; p < kShowdownPlayers; ++p) {
      showdown.hole[static_cast<std::size_t>(p)] = {cards[kBoardCards + 2 * p], cards[kBoardCards + 2 * p + 1]};
    }
  }
  std::vector<OmahaHand> omaha_hands(kOmahaHands);
  for (OmahaHand& hand : omaha_hands) {
    hand.hole = set_of(random_cards<4>(rng));
    hand.board = set_of(random_cards<5>(rng, hand.hole));
  }

  Timed random{"evaluator: hold'em 7 cards, random order (HoldemHand)", "the same hands as card sets", {}, {}};
  Timed from_cards{
      "evaluator: hold'em 7 cards from card indices (HoldemHand::add)", "building a card set from the indices", {}, {}};
  Timed showdown{
      "evaluator: hold'em showdown, shared board + 2 hole cards x 6 players", "board | hole as card sets", {}, {}};
  Timed sequential{"evaluator: hold'em 7 cards, enumeration order (card sets)", nullptr, {}, {}};
  Timed omaha{"evaluator: Omaha 4 + 5 cards, random order", "60 five-card evaluations", {}, {}};
  // Interleaved, each beside its reference, so that both see the same
  // machine noise.
  for (int run = 0; run < runs; ++run) {
    random.samples.push_back(time_per_eval(holdem_hands, kHoldemPasses, 1,
                                           [](const HoldemHand& hand) { return evaluate_holdem(hand).value; }));
    random.reference_samples.push_back(
        time_per_eval(holdem_sets, kHoldemPasses, 1, [](CardSet hand) { return evaluate_holdem(hand).value; }));
    from_cards.samples.push_back(time_per_eval(holdem_cards, kHoldemPasses, 1, [](const std::array<Card, 7>& cards) {
      HoldemHand hand;
      for (const Card card : cards) hand.add(card);
      return evaluate_holdem(hand).value;
    }));
    from_cards.reference_samples.push_back(
        time_per_eval(holdem_cards, kHoldemPasses, 1,
                      [](const std::array<Card, 7>& cards) { return evaluate_holdem(set_of(cards)).value; }));
    showdown.samples.push_back(time_per_eval(showdowns, kHoldemPasses, kShowdownPlayers, [](const Showdown& s) {
      HoldemHand board;
      for (const Card card : s.board) board.add(card);
      std::uint64_t sum = 0;
      for (const auto& hole : s.hole) sum += evaluate_holdem(board, hole[0], hole[1]).value;
      return sum;
    }));
    showdown.reference_samples.push_back(
        time_per_eval(showdowns, kHoldemPasses, kShowdownPlayers, [](const Showdown& s) {
          const CardSet board = set_of(s.board);
          std::uint64_t sum = 0;
          for (const auto& hole : s.hole) sum += evaluate_holdem(board | set_of(hole)).value;
          return sum;
        }));
    sequential.samples.push_back(time_holdem_sequential());
    omaha.samples.push_back(time_per_eval(
        omaha_hands, 1, 1, [](const OmahaHand& hand) { return evaluate_omaha(hand.hole, hand.board).value; }));
    omaha.reference_samples.push_back(time_per_eval(omaha_hands, 1, 1, omaha_naive));
  }
  std::vector<BenchResult> results;
  for (Timed* timed : {&random, &from_cards, &showdown, &sequential, &omaha})
    results.push_back(summarise(std::move(*timed)));
  return results;
}

}  // namespace sngsim
