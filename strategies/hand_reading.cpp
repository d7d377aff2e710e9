#include "strategies/hand_reading.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cassert>

namespace sngsim {

namespace {

std::uint32_t rank_bit(Card card) { return 1u << rank_of(card); }

// The category the board alone shows. Three or four cards cannot be
// evaluated as a poker hand, but they can only show pairs, two pair, trips
// or quads, which the rank counts give: `pairs` ranks the board holds exactly
// twice, `most` cards of its commonest rank.
HandCategory board_category(int pairs, int most, int board_count) {
  if (most == 4) return HandCategory::kFourOfAKind;
  if (most == 3) return pairs > 0 && board_count == 5 ? HandCategory::kFullHouse : HandCategory::kThreeOfAKind;
  if (pairs >= 2) return HandCategory::kTwoPair;
  if (pairs == 1) return HandCategory::kPair;
  return HandCategory::kHighCard;
}

// A five-rank run ending at `high` (3 = the wheel A-2-3-4-5 .. 12 = ace high).
std::uint32_t straight_run(int high) { return high > 3 ? 0x1Fu << (high - 4) : 0x100Fu; }

// Rank bits with the ace also below the deuce: bit 0 the low ace, bit r + 1
// rank r, so each of the ten straights is five adjacent bits, starting at
// bits 0 (the wheel) to 9 (ten to ace).
constexpr std::uint32_t kAce = 1u << (kRanks - 1);
constexpr std::uint32_t with_low_ace(std::uint32_t ranks) { return ranks << 1 | ((ranks & kAce) != 0 ? 1u : 0u); }
constexpr std::uint32_t without_low_ace(std::uint32_t bits) {
  return (bits >> 1 | (bits & 1u) << (kRanks - 1)) & ((1u << kRanks) - 1);
}

// Hold'em: the ranks that would complete a straight with some rank from the
// hole cards alone (else the straight would be the board's). All ten
// straights at once, bit-parallel: bit s of a mask speaks of the straight
// starting at bit s.
std::uint32_t holdem_straight_outs(std::uint32_t hole_ranks, std::uint32_t board_ranks) {
  constexpr int kRun = 5;
  constexpr std::uint32_t kStraightStarts = (1u << (kRanks - 3)) - 1;
  const std::uint32_t missing = ~with_low_ace(hole_ranks | board_ranks) & ((1u << (kRanks + 1)) - 1);
  const std::uint32_t own = with_low_ace(hole_ranks & ~board_ranks);
  // Bit s: the straight from bit s lacks one rank or more, two or more, and
  // holds a rank of the player's own.
  std::uint32_t missing_some = 0;
  std::uint32_t missing_two = 0;
  std::uint32_t has_own = 0;
  for (int k = 0; k < kRun; ++k) {
    missing_two |= missing_some & missing >> k;
    missing_some |= missing >> k;
    has_own |= own >> k;
  }
  const std::uint32_t one_short = missing_some & ~missing_two & has_own & kStraightStarts;
  std::uint32_t outs = 0;
  for (int k = 0; k < kRun; ++k) outs |= one_short << k & missing;
  return without_low_ace(outs);
}

// Omaha: the ranks that would complete a straight with exactly two hole
// ranks and three from the board.
std::uint32_t omaha_straight_outs(const Observation& obs, std::uint32_t board_ranks) {
  std::uint32_t outs = 0;
  for (int i = 0; i < 4; ++i) {
    for (int j = i + 1; j < 4; ++j) {
      const std::uint32_t pair =
          rank_bit(obs.hole[static_cast<std::size_t>(i)]) | rank_bit(obs.hole[static_cast<std::size_t>(j)]);
      if (std::popcount(pair) != 2) continue;
      for (int high = 3; high < kRanks; ++high) {
        const std::uint32_t run = straight_run(high);
        if ((run & pair) != pair) continue;
        const std::uint32_t missing = run & ~pair & ~board_ranks;
        if (std::popcount(missing) == 1) outs |= missing;
      }
    }
  }
  return outs;
}

bool has_flush_draw(const Observation& obs, CardSet hole, CardSet board) {
  for (int suit = 0; suit < kSuits; ++suit) {
    const int in_hole = std::popcount(hole.suit_mask(suit));
    const int on_board = std::popcount(board.suit_mask(suit));
    if (obs.rules.hole_cards == 4 ? in_hole >= 2 && on_board == 2 : in_hole >= 1 && in_hole + on_board == 4) {
      return true;
    }
  }
  return false;
}

}  // namespace

HandReading read_hand(const Observation& obs) {
  assert(obs.board_count >= 3);
  const int hole_count = obs.rules.hole_cards;
  CardSet hole;
  CardSet board;
  std::array<int, kRanks> board_count_of_rank{};
  std::uint32_t hole_ranks = 0;
  std::uint32_t board_ranks = 0;
  for (int i = 0; i < hole_count; ++i) {
    hole.add(obs.hole[static_cast<std::size_t>(i)]);
    hole_ranks |= rank_bit(obs.hole[static_cast<std::size_t>(i)]);
  }
  int top_board_rank = 0;
  int board_pairs = 0;
  int board_most = 0;
  for (int i = 0; i < obs.board_count; ++i) {
    const Card card = obs.board[static_cast<std::size_t>(i)];
    board.add(card);
    board_ranks |= rank_bit(card);
    // Counted card by card: a rank's second card makes a pair, its third
    // turns that pair into trips.
    const int count = ++board_count_of_rank[static_cast<std::size_t>(rank_of(card))];
    board_pairs += count == 2 ? 1 : count == 3 ? -1 : 0;
    board_most = std::max(board_most, count);
    top_board_rank = std::max(top_board_rank, rank_of(card));
  }

  HandReading reading;
  const HandRank rank = evaluate_hand(hole_count, hole, board);
  reading.category = rank.category();
  const HandCategory on_board = board_category(board_pairs, board_most, obs.board_count);
  // Five board cards are a hand of their own: the hole cards play when they
  // beat it.
  const bool hole_plays = obs.board_count == 5 ? rank > evaluate_holdem(board) : reading.category > on_board;

  // A pocket pair (any two hole cards of one rank in Omaha) off the board.
  int pocket_pair_rank = -1;
  for (int i = 0; i < hole_count; ++i) {
    for (int j = i + 1; j < hole_count; ++j) {
      const int r = rank_of(obs.hole[static_cast<std::size_t>(i)]);
      if (r == rank_of(obs.hole[static_cast<std::size_t>(j)]) && (board_ranks & (1u << r)) == 0) {
        pocket_pair_rank = std::max(pocket_pair_rank, r);
      }
    }
  }
  const bool pairs_top = (hole_ranks & (1u << top_board_rank)) != 0;
  auto pair_tier = [&] {
    if (pairs_top) {
      reading.top_pair = true;
      return MadeTier::kTopPair;
    }
    if (pocket_pair_rank > top_board_rank) {
      reading.overpair = true;
      return MadeTier::kTopPair;
    }
    return MadeTier::kWeakPair;
  };

  if (hole_plays) {
    // Beating a five-card board with a kicker is not a hand: each case asks
    // whether the hole cards made the category itself.
    switch (reading.category) {
      case HandCategory::kHighCard: break;
      case HandCategory::kPair:
        if (on_board == HandCategory::kHighCard) reading.tier = pair_tier();
        break;
      // Two pair on a paired board is one pair of the player's own.
      case HandCategory::kTwoPair:
        if (on_board == HandCategory::kHighCard) reading.tier = MadeTier::kTwoPair;
        if (on_board == HandCategory::kPair) reading.tier = pair_tier();
        break;
      case HandCategory::kThreeOfAKind:
        if (on_board < HandCategory::kThreeOfAKind) reading.tier = MadeTier::kTrips;
        break;
      case HandCategory::kFourOfAKind:
        if (on_board != HandCategory::kFourOfAKind) reading.tier = MadeTier::kStrong;
        break;
      default: reading.tier = MadeTier::kStrong; break;
    }
  }

  if (obs.board_count < kBoardSize) {
    if (reading.category < HandCategory::kFlush) reading.flush_draw = has_flush_draw(obs, hole, board);
    if (reading.category < HandCategory::kStraight) {
      const std::uint32_t out_ranks = hole_count == 4 ? omaha_straight_outs(obs, board_ranks)
                                                      : holdem_straight_outs(hole_ranks, board_ranks);
      const int outs = std::popcount(out_ranks);
      reading.open_ended = outs >= 2;
      reading.gutshot = outs == 1;
    }
  }
  return reading;
}

}  // namespace sngsim
