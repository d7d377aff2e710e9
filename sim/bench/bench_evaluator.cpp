#include "sim/bench/bench_evaluator.h"

#include <array>
#include <ctime>
#include <cstdint>
#include <vector>

#include "engine/card.h"
#include "engine/evaluator.h"
#include "engine/rng.h"

namespace sngsim {

namespace {

// 32 MB of hands: the input streams through the caches, as a simulation's
// deals would, while the tables must stay resident beside it. Each run
// makes kHoldemPasses passes (about 16M evaluations) to outlast timer noise.
constexpr int kHoldemHands = 1 << 22;
constexpr int kHoldemPasses = 4;
constexpr int kOmahaHands = 1 << 20;
constexpr std::int64_t kSevenCardHands = 133'784'560;

// Keeps results observable so the optimiser cannot drop the work.
volatile std::uint64_t g_sink = 0;

CardSet random_cards(CounterRng& rng, int count, CardSet dead = {}) {
  CardSet set;
  while (set.size() < count) {
    const auto card = static_cast<Card>(rng.below(kDeckSize));
    if (!dead.contains(card)) set.add(card);
  }
  return set;
}

double time_holdem_random(const std::vector<CardSet>& hands) {
  std::uint64_t checksum = 0;
  const CpuTime start = cpu_now();
  for (int pass = 0; pass < kHoldemPasses; ++pass) {
    for (const CardSet hand : hands) checksum += evaluate_holdem(hand).value;
  }
  const double ns = ns_since(start);
  g_sink = g_sink + checksum;
  return ns / (static_cast<double>(hands.size()) * kHoldemPasses);
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

struct OmahaHand {
  CardSet hole;
  CardSet board;
};

double time_omaha_random(const std::vector<OmahaHand>& hands) {
  std::uint64_t checksum = 0;
  const CpuTime start = cpu_now();
  for (const OmahaHand& hand : hands) checksum += evaluate_omaha(hand.hole, hand.board).value;
  const double ns = ns_since(start);
  g_sink = g_sink + checksum;
  return ns / static_cast<double>(hands.size());
}

BenchResult summarise(const char* name, std::vector<double> samples) {
  BenchResult result{name, "eval", median(samples), 0.0, std::move(samples)};
  result.median_ops_per_sec = 1e9 / result.median_ns_per_op;
  return result;
}

}  // namespace

std::vector<BenchResult> bench_evaluator(int runs) {
  CounterRng rng(derive_key(0xE7A1, 0));
  std::vector<CardSet> holdem_hands(kHoldemHands);
  for (CardSet& hand : holdem_hands) hand = random_cards(rng, 7);
  std::vector<OmahaHand> omaha_hands(kOmahaHands);
  for (OmahaHand& hand : omaha_hands) {
    hand.hole = random_cards(rng, 4);
    hand.board = random_cards(rng, 5, hand.hole);
  }

  std::vector<double> random_samples;
  std::vector<double> sequential_samples;
  std::vector<double> omaha_samples;
  // Interleaved so that all three see the same machine noise.
  for (int run = 0; run < runs; ++run) {
    random_samples.push_back(time_holdem_random(holdem_hands));
    sequential_samples.push_back(time_holdem_sequential());
    omaha_samples.push_back(time_omaha_random(omaha_hands));
  }
  return {summarise("evaluator: hold'em 7 cards, random order", std::move(random_samples)),
          summarise("evaluator: hold'em 7 cards, enumeration order", std::move(sequential_samples)),
          summarise("evaluator: Omaha 4 + 5 cards, random order", std::move(omaha_samples))};
}

}  // namespace sngsim
