#include "sim/bench/bench_hand.h"

#include <algorithm>
#include <cstdint>

#include "engine/deck.h"
#include "engine/evaluator.h"
#include "engine/hand.h"
#include "engine/rng.h"

namespace sngsim {

double median(std::vector<double> samples) {
  if (samples.empty()) return 0.0;
  std::sort(samples.begin(), samples.end());
  const std::size_t mid = samples.size() / 2;
  return samples.size() % 2 == 1 ? samples[mid] : 0.5 * (samples[mid - 1] + samples[mid]);
}

namespace {

constexpr int kPlayers = 6;
constexpr int kHandsPerRun = 200'000;

// Keeps results observable so the optimiser cannot drop the work.
volatile std::uint64_t g_sink = 0;

void deal(HandSetup& setup, std::uint64_t key) {
  Deck deck(key);
  for (int p = 0; p < kPlayers; ++p) {
    setup.hole[static_cast<std::size_t>(p)][0] = deck.deal();
    setup.hole[static_cast<std::size_t>(p)][1] = deck.deal();
  }
  for (auto& card : setup.board) card = deck.deal();
}

double time_floor(std::uint64_t seed) {
  HandSetup setup;
  std::uint64_t checksum = 0;
  const CpuTime start = cpu_now();
  for (int h = 0; h < kHandsPerRun; ++h) {
    deal(setup, derive_key(seed, static_cast<std::uint64_t>(h)));
    // The showdown's path (engine/hand.cpp): the board's sums once, two
    // hole cards added per player.
    HoldemHand board;
    for (const Card card : setup.board) board.add(card);
    for (int p = 0; p < kPlayers; ++p) {
      const auto& hole = setup.hole[static_cast<std::size_t>(p)];
      checksum += evaluate_holdem(board, hole[0], hole[1]).value;
    }
  }
  const double ns = ns_since(start);
  g_sink = g_sink + checksum;
  return ns / kHandsPerRun;
}

double time_hands(std::uint64_t seed) {
  HandSetup setup;
  setup.num_players = kPlayers;
  setup.min_bet = 20;
  for (int p = 0; p < kPlayers; ++p) setup.stacks[static_cast<std::size_t>(p)] = 1000;
  setup.blinds[0] = 10;
  setup.blinds[1] = 20;
  Hand hand;
  std::uint64_t checksum = 0;
  const CpuTime start = cpu_now();
  for (int h = 0; h < kHandsPerRun; ++h) {
    deal(setup, derive_key(seed, static_cast<std::uint64_t>(h)));
    hand.start(setup);
    while (!hand.is_terminal()) hand.apply(Action::check_call());
    checksum += static_cast<std::uint64_t>(hand.stack(0));
  }
  const double ns = ns_since(start);
  g_sink = g_sink + checksum;
  return ns / kHandsPerRun;
}

BenchResult summarise(const char* name, std::vector<double> samples) {
  BenchResult result;
  result.name = name;
  result.unit = "hand";
  result.median_ns_per_op = median(samples);
  result.samples_ns_per_op = std::move(samples);
  result.median_ops_per_sec = 1e9 / result.median_ns_per_op;
  return result;
}

}  // namespace

std::vector<BenchResult> bench_hand(int runs) {
  std::vector<double> floor_samples;
  std::vector<double> hand_samples;
  // Interleaved so that both see the same machine noise.
  for (int run = 0; run < runs; ++run) {
    floor_samples.push_back(time_floor(static_cast<std::uint64_t>(run)));
    hand_samples.push_back(time_hands(static_cast<std::uint64_t>(run)));
  }
  return {summarise("floor: shuffle + deal + 6 evaluations", std::move(floor_samples)),
          summarise("hand: 6-handed, always call, to showdown", std::move(hand_samples))};
}

}  // namespace sngsim
