// Hand reading against references written the plain way: straight outs by
// trying every rank in every five-rank run, flush draws by counting suits,
// over many random deals of hold'em and Omaha (half of them from a narrow
// band of ranks, where straights and their draws are common). read_hand
// finds the outs with bit-parallel window tests and reads the made hand and
// the draws in parts; all of it must agree with the references exactly.

#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/evaluator.h"
#include "engine/hand.h"
#include "engine/rng.h"
#include "strategies/hand_reading.h"

namespace sngsim {
namespace {

// The five ranks of each straight, from the wheel (A-2-3-4-5) to ace high.
std::vector<std::array<int, 5>> straight_runs() {
  std::vector<std::array<int, 5>> runs = {{kRanks - 1, 0, 1, 2, 3}};
  for (int low = 0; low + 4 < kRanks; ++low) runs.push_back({low, low + 1, low + 2, low + 3, low + 4});
  return runs;
}

bool holds_rank(const std::vector<Card>& cards, int rank) {
  for (const Card card : cards) {
    if (rank_of(card) == rank) return true;
  }
  return false;
}

bool run_has(const std::array<int, 5>& run, int rank) {
  for (const int r : run) {
    if (r == rank) return true;
  }
  return false;
}

// Hold'em: rank `out`, held nowhere, would fill a run whose other four ranks
// are held, one of them in the hole and not on the board.
bool reference_holdem_out(const std::vector<Card>& hole, const std::vector<Card>& board, int out) {
  if (holds_rank(hole, out) || holds_rank(board, out)) return false;
  for (const auto& run : straight_runs()) {
    if (!run_has(run, out)) continue;
    bool others_held = true;
    bool hole_only_rank = false;
    for (const int rank : run) {
      if (rank == out) continue;
      others_held = others_held && (holds_rank(hole, rank) || holds_rank(board, rank));
      hole_only_rank = hole_only_rank || (holds_rank(hole, rank) && !holds_rank(board, rank));
    }
    if (others_held && hole_only_rank) return true;
  }
  return false;
}

// Omaha: two hole cards of different ranks in a run, two more of its ranks
// on the board, and `out` the fifth, not on the board.
bool reference_omaha_out(const std::vector<Card>& hole, const std::vector<Card>& board, int out) {
  if (holds_rank(board, out)) return false;
  for (std::size_t i = 0; i < hole.size(); ++i) {
    for (std::size_t j = i + 1; j < hole.size(); ++j) {
      const int a = rank_of(hole[i]);
      const int b = rank_of(hole[j]);
      if (a == b || a == out || b == out) continue;
      for (const auto& run : straight_runs()) {
        if (!run_has(run, a) || !run_has(run, b) || !run_has(run, out)) continue;
        bool rest_on_board = true;
        for (const int rank : run) {
          if (rank != a && rank != b && rank != out) rest_on_board = rest_on_board && holds_rank(board, rank);
        }
        if (rest_on_board) return true;
      }
    }
  }
  return false;
}

std::uint32_t reference_straight_outs(const std::vector<Card>& hole, const std::vector<Card>& board) {
  std::uint32_t outs = 0;
  for (int rank = 0; rank < kRanks; ++rank) {
    const bool omaha = hole.size() == 4;
    if (omaha ? reference_omaha_out(hole, board, rank) : reference_holdem_out(hole, board, rank)) outs |= 1u << rank;
  }
  return outs;
}

bool reference_flush_draw(const std::vector<Card>& hole, const std::vector<Card>& board) {
  for (int suit = 0; suit < kSuits; ++suit) {
    int in_hole = 0;
    int on_board = 0;
    for (const Card card : hole) in_hole += suit_of(card) == suit;
    for (const Card card : board) on_board += suit_of(card) == suit;
    const bool draw = hole.size() == 4 ? in_hole >= 2 && on_board == 2 : in_hole >= 1 && in_hole + on_board == 4;
    if (draw) return true;
  }
  return false;
}

struct Deal {
  std::vector<Card> hole;
  std::vector<Card> board;
  Observation observation;
};

// A random deal of `hole_count` hole cards and 3..5 board cards. Half of
// the deals come from the ranks of a band of seven plus the ace. The slots
// past the counts hold leftover cards, which the reading must ignore.
Deal random_deal(CounterRng& rng, int hole_count) {
  std::vector<Card> deck;
  const bool band = rng.below(2) == 0;
  const int low = static_cast<int>(rng.below(kRanks - 6));
  for (int card = 0; card < kDeckSize; ++card) {
    const int rank = rank_of(static_cast<Card>(card));
    if (!band || (rank >= low && rank < low + 7) || rank == kRanks - 1) deck.push_back(static_cast<Card>(card));
  }
  for (std::size_t i = 0; i < deck.size(); ++i) {
    const std::size_t pick = i + rng.below(static_cast<std::uint32_t>(deck.size() - i));
    std::swap(deck[i], deck[pick]);
  }
  Deal deal;
  const int board_count = 3 + static_cast<int>(rng.below(3));
  deal.hole.assign(deck.begin(), deck.begin() + hole_count);
  deal.board.assign(deck.begin() + hole_count, deck.begin() + hole_count + board_count);
  Observation& obs = deal.observation;
  obs.rules.hole_cards = hole_count;
  obs.board_count = board_count;
  // Leftovers in every slot first, then the dealt cards over them.
  for (std::size_t i = 0; i < obs.hole.size(); ++i) obs.hole[i] = deck[deck.size() - 1 - i];
  for (std::size_t i = 0; i < obs.board.size(); ++i) obs.board[i] = deck[deck.size() - 5 - i];
  for (int i = 0; i < hole_count; ++i) obs.hole[static_cast<std::size_t>(i)] = deal.hole[static_cast<std::size_t>(i)];
  for (int i = 0; i < board_count; ++i) {
    obs.board[static_cast<std::size_t>(i)] = deal.board[static_cast<std::size_t>(i)];
  }
  return deal;
}

HandCategory reference_category(const Deal& deal) {
  CardSet hole;
  CardSet board;
  for (const Card card : deal.hole) hole.add(card);
  for (const Card card : deal.board) board.add(card);
  return evaluate_hand(static_cast<int>(deal.hole.size()), hole, board).category();
}

void check_readings(int hole_count, std::uint64_t seed) {
  constexpr int kDeals = 100'000;
  CounterRng rng(seed);
  int draws_seen = 0;
  for (int d = 0; d < kDeals; ++d) {
    const Deal deal = random_deal(rng, hole_count);
    const Observation& obs = deal.observation;
    const std::uint32_t expected_outs = reference_straight_outs(deal.hole, deal.board);
    REQUIRE(straight_outs(obs) == expected_outs);

    const HandReading reading = read_hand(obs);
    const HandCategory category = reference_category(deal);
    REQUIRE(reading.category == category);
    const bool drawing = obs.board_count < kBoardSize;
    const int outs = std::popcount(expected_outs);
    const bool straight_draws = drawing && category < HandCategory::kStraight;
    REQUIRE(reading.open_ended == (straight_draws && outs >= 2));
    REQUIRE(reading.gutshot == (straight_draws && outs == 1));
    const bool flush_draws = drawing && category < HandCategory::kFlush;
    REQUIRE(reading.flush_draw == (flush_draws && reference_flush_draw(deal.hole, deal.board)));
    draws_seen += reading.open_ended || reading.gutshot || reading.flush_draw;

    // The made hand alone, and completed by its draws.
    const HandReading made = read_made_hand(obs);
    REQUIRE_FALSE((made.flush_draw || made.open_ended || made.gutshot));
    HandReading without_draws = reading;
    without_draws.flush_draw = without_draws.open_ended = without_draws.gutshot = false;
    REQUIRE(made == without_draws);
    REQUIRE(with_draws(obs, made) == reading);
  }
  CHECK(draws_seen > kDeals / 10);  // the deals did exercise the draws
}

TEST_CASE("hold'em hand reading matches the plain references on random deals", "[strategies]") {
  check_readings(2, 0x4EAD0002);
}

TEST_CASE("Omaha hand reading matches the plain references on random deals", "[strategies]") {
  check_readings(4, 0x4EAD0004);
}

TEST_CASE("straight outs of a few hands", "[strategies]") {
  auto outs_of = [](std::vector<Card> hole, std::vector<Card> board) {
    Observation obs;
    obs.rules.hole_cards = static_cast<int>(hole.size());
    obs.board_count = static_cast<int>(board.size());
    for (std::size_t i = 0; i < hole.size(); ++i) obs.hole[i] = hole[i];
    for (std::size_t i = 0; i < board.size(); ++i) obs.board[i] = board[i];
    return straight_outs(obs);
  };
  const auto c = [](int rank, int suit) { return make_card(rank, suit); };
  constexpr int kAce = kRanks - 1;
  // 9-8 on T-7-2: a jack or a six.
  CHECK(outs_of({c(7, 0), c(6, 1)}, {c(8, 2), c(5, 3), c(0, 0)}) == ((1u << 9) | (1u << 4)));
  // A-2 on 3-4-K: the wheel's five.
  CHECK(outs_of({c(kAce, 0), c(0, 1)}, {c(1, 2), c(2, 3), c(11, 0)}) == (1u << 3));
  // K-Q on J-T-3: an ace or a nine.
  CHECK(outs_of({c(11, 0), c(10, 1)}, {c(9, 2), c(8, 3), c(1, 0)}) == ((1u << kAce) | (1u << 7)));
  // 2-3 on T-9-8: the board's draw, not the player's.
  CHECK(outs_of({c(0, 0), c(1, 1)}, {c(8, 2), c(7, 3), c(6, 0)}) == 0);
  // Omaha 9-8-x-x on T-7-2: a jack or a six, as in hold'em; one hole card
  // with three board ranks is no straight.
  CHECK(outs_of({c(7, 0), c(6, 1), c(0, 2), c(0, 3)}, {c(8, 2), c(5, 3), c(3, 0)}) == ((1u << 9) | (1u << 4)));
  CHECK(outs_of({c(7, 0), c(0, 1), c(0, 2), c(kAce, 3)}, {c(8, 2), c(5, 3), c(4, 0)}) == 0);
}

}  // namespace
}  // namespace sngsim
