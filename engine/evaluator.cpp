#include "engine/evaluator.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

namespace sngsim {
namespace {

using evaluator_detail::kTables;

// The highest `n` set bits of `mask` (all of them if fewer).
std::uint32_t top_bits(std::uint32_t mask, int n) {
  std::uint32_t top = 0;
  for (int i = 0; i < n && mask != 0; ++i) {
    const std::uint32_t bit = std::bit_floor(mask);
    top |= bit;
    mask ^= bit;
  }
  return top;
}

// Best flush made of exactly two of the hole ranks `hole` and three of the
// board ranks `board` of one suit (at least two and three of them).
std::uint16_t omaha_flush_value(std::uint32_t hole, std::uint32_t board) {
  // Among plain flushes the top two hole and top three board ranks win:
  // any other choice is card by card no higher.
  const std::uint16_t flush = kTables.flush_value[top_bits(hole, 2) | top_bits(board, 3)];
  // A straight flush beats it even with lower cards, if some five-rank run
  // is exactly two hole and three board ranks; the highest such run wins.
  const std::uint32_t both = hole | board;
  for (int high = kRanks - 1; high >= 3; --high) {
    const std::uint32_t run = high > 3 ? 0x1Fu << (high - 4) : 0x100Fu;  // 5-high: the wheel A-2-3-4-5
    if ((both & run) == run && std::popcount(run & hole) == 2) return kTables.flush_value[run];
  }
  return flush;
}

// The ranks of a set's first N cards, in bit order (suit-major). Unsigned,
// so that indexing with them needs no sign extension.
template <int N>
std::array<std::uint32_t, N> ranks_of(CardSet cards) {
  std::array<std::uint32_t, N> ranks{};
  std::uint64_t bits = cards.bits();
  for (std::uint32_t& rank : ranks) {
    rank = static_cast<std::uint32_t>(std::countr_zero(bits)) & 15;
    bits &= bits - 1;
  }
  return ranks;
}

// Best hand ignoring suits over every choice of two hole and three board
// cards. Each choice's value ignoring suits is at most its true value
// (suits can only add a flush), so with the flushes it gives the answer.
// Board sizes fixed at compile time let every loop unroll completely.
template <int kBoardCards>
std::uint16_t omaha_rank_value(CardSet hole, CardSet board) {
  using evaluator_detail::kRankPairs;
  const evaluator_detail::Tables& t = kTables;
  const auto h = ranks_of<4>(hole);
  const auto b = ranks_of<kBoardCards>(board);
  constexpr std::array<std::array<int, 2>, 6> kHolePairs = {{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}};

  if constexpr (kBoardCards == 3) {
    // A flop is one triple: six hold'em lookups.
    const auto weight = [&](std::uint32_t rank) { return t.rank_key_weight[rank]; };
    const std::uint32_t flop_key = weight(b[0]) + weight(b[1]) + weight(b[2]);
    std::uint16_t best = 0;
    for (const auto& [i, j] : kHolePairs) best = std::max(best, t.key_value(flop_key + weight(h[i]) + weight(h[j])));
    return best;
  } else {
    const auto pair = [&](std::uint32_t x, std::uint32_t y) { return std::size_t{t.rank_pair[(x << 4) | y]}; };
    const auto quad = [&](std::size_t p, std::size_t q) { return std::size_t{t.quad_of_pairs[p * kRankPairs + q]}; };
    // Board quads that hold every board triple between them: for five
    // cards, those leaving out card 4, 3, 2 and 1 (a triple leaves out two
    // cards, at least one of them among those four).
    std::array<std::size_t, kBoardCards == 4 ? 1 : 4> quads{};
    if constexpr (kBoardCards == 4) {
      quads = {quad(pair(b[0], b[1]), pair(b[2], b[3]))};
    } else {
      const std::size_t b01 = pair(b[0], b[1]);
      const std::size_t b34 = pair(b[3], b[4]);
      quads = {quad(b01, pair(b[2], b[3])), quad(b01, pair(b[2], b[4])), quad(b01, b34), quad(pair(b[0], b[2]), b34)};
    }
    std::array<std::size_t, kHolePairs.size()> hole_pairs{};
    for (std::size_t p = 0; p < kHolePairs.size(); ++p) hole_pairs[p] = pair(h[kHolePairs[p][0]], h[kHolePairs[p][1]]);
    // One running maximum per hole pair: six short dependency chains
    // rather than one long one.
    std::array<std::uint16_t, kHolePairs.size()> best{};
    for (const std::size_t q : quads) {
      const std::uint16_t* row = &t.two_plus_four[q * kRankPairs];
      for (std::size_t p = 0; p < kHolePairs.size(); ++p) best[p] = std::max(best[p], row[hole_pairs[p]]);
    }
    return *std::max_element(best.begin(), best.end());
  }
}

// Bit 15 of each 16-bit suit lane where a flush is possible: at least two
// hole cards and three board cards of that suit. Pairs of bits are counted
// bitwise, then a multiply sums the four nibbles of each lane into its top
// nibble; with at most five cards in all no partial sum carries. Adding 6
// (or 5) to a top nibble sets its high bit exactly when the count reaches 2
// (or 3).
std::uint64_t flush_suits(CardSet hole, CardSet board) {
  constexpr std::uint64_t kLanes = 0x0001'0001'0001'0001;
  const auto suit_counts = [](std::uint64_t bits) {
    bits -= (bits >> 1) & 0x5555'5555'5555'5555;
    bits = (bits & 0x3333'3333'3333'3333) + ((bits >> 2) & 0x3333'3333'3333'3333);
    return bits * 0x1111;
  };
  return (suit_counts(hole.bits()) + 0x6000 * kLanes) & (suit_counts(board.bits()) + 0x5000 * kLanes) &
         (0x8000 * kLanes);
}

template <int kBoardCards>
std::uint16_t omaha_value(CardSet hole, CardSet board) {
  const std::uint16_t best = omaha_rank_value<kBoardCards>(hole, board);
  // Computed without branches: one test of the whole, rarely true, costs
  // fewer mispredictions than eight of single suits. Three of five or fewer
  // board cards leave room for one flush suit only.
  const std::uint64_t flush = flush_suits(hole, board);
  if (flush == 0) return best;
  const int suit = std::countr_zero(flush) / 16;
  return std::max(best, omaha_flush_value(hole.suit_mask(suit), board.suit_mask(suit)));
}

}  // namespace

const char* category_name(HandCategory category) {
  switch (category) {
    case HandCategory::kHighCard: return "high card";
    case HandCategory::kPair: return "pair";
    case HandCategory::kTwoPair: return "two pair";
    case HandCategory::kThreeOfAKind: return "three of a kind";
    case HandCategory::kStraight: return "straight";
    case HandCategory::kFlush: return "flush";
    case HandCategory::kFullHouse: return "full house";
    case HandCategory::kFourOfAKind: return "four of a kind";
    case HandCategory::kStraightFlush: return "straight flush";
  }
  return "unknown";
}

HandCategory HandRank::category() const {
  int c = 0;
  while (c + 1 < kHandCategoryCount && value >= kCategoryFirstValue[c + 1]) ++c;
  return static_cast<HandCategory>(c);
}

HandRank evaluate_omaha(CardSet hole, CardSet board) {
  assert(hole.size() == 4 && board.size() >= 3 && board.size() <= 5 && (hole & board).empty());
  switch (board.size()) {
    case 3: return HandRank{omaha_value<3>(hole, board)};
    case 4: return HandRank{omaha_value<4>(hole, board)};
    default: return HandRank{omaha_value<5>(hole, board)};
  }
}

std::size_t evaluator_table_bytes() { return kTables.bytes(); }

}  // namespace sngsim
