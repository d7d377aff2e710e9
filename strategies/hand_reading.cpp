#include "strategies/hand_reading.h"

#include <bit>
#include <cassert>

#include "engine/holdem_category.h"

namespace sngsim {

namespace {

std::uint32_t rank_bit(Card card) { return 1u << rank_of(card); }

// The category the board alone shows. Three or four cards cannot be
// evaluated as a poker hand, but they can only show pairs, two pair, trips
// or quads: ranks in two, three or four of the suits' rank masks, which a
// few bit operations find for all thirteen ranks at once.
HandCategory board_category(CardSet board, int board_count) {
  const std::uint32_t s0 = board.suit_mask(0);
  const std::uint32_t s1 = board.suit_mask(1);
  const std::uint32_t s2 = board.suit_mask(2);
  const std::uint32_t s3 = board.suit_mask(3);
  const std::uint32_t odd = s0 ^ s1 ^ s2 ^ s3;  // one card or three
  const std::uint32_t two_or_more = (s0 & s1) | (s2 & s3) | ((s0 | s1) & (s2 | s3));
  const std::uint32_t four = s0 & s1 & s2 & s3;
  const int pairs = std::popcount(two_or_more & ~odd & ~four);
  if (four != 0) return HandCategory::kFourOfAKind;
  if ((two_or_more & odd) != 0) {
    return pairs > 0 && board_count == 5 ? HandCategory::kFullHouse : HandCategory::kThreeOfAKind;
  }
  if (pairs >= 2) return HandCategory::kTwoPair;
  if (pairs == 1) return HandCategory::kPair;
  return HandCategory::kHighCard;
}

// A five-rank run ending at `high` (3 = the wheel A-2-3-4-5 .. 12 = ace high).
std::uint32_t straight_run(int high) { return high > 3 ? 0x1Fu << (high - 4) : 0x100Fu; }

// The ranks that would complete a straight the hole cards play in.
std::uint32_t straight_outs(const Observation& obs, std::uint32_t board_ranks) {
  const int hole_count = obs.rules.hole_cards;
  std::uint32_t outs = 0;
  if (hole_count != 4) {
    std::uint32_t hole_ranks = 0;
    for (int i = 0; i < hole_count; ++i) hole_ranks |= rank_bit(obs.hole[static_cast<std::size_t>(i)]);
    const std::uint32_t all = hole_ranks | board_ranks;
    for (int high = 3; high < kRanks; ++high) {
      const std::uint32_t run = straight_run(high);
      const std::uint32_t missing = run & ~all;
      // Some rank of the run must come from the hole cards alone, or the
      // straight would be the board's.
      if (std::popcount(missing) == 1 && (run & hole_ranks & ~board_ranks) != 0) outs |= missing;
    }
    return outs;
  }
  // Omaha: exactly two hole ranks, the other three from the board, one of
  // them still to come.
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
  std::uint32_t hole_ranks = 0;
  std::uint32_t paired_hole_ranks = 0;  // ranks of two or more hole cards
  std::uint32_t board_ranks = 0;
  for (int i = 0; i < hole_count; ++i) {
    hole.add(obs.hole[static_cast<std::size_t>(i)]);
    paired_hole_ranks |= hole_ranks & rank_bit(obs.hole[static_cast<std::size_t>(i)]);
    hole_ranks |= rank_bit(obs.hole[static_cast<std::size_t>(i)]);
  }
  for (int i = 0; i < obs.board_count; ++i) {
    const Card card = obs.board[static_cast<std::size_t>(i)];
    board.add(card);
    board_ranks |= rank_bit(card);
  }
  const int top_board_rank = std::bit_width(board_ranks) - 1;

  HandReading reading;
  // Hold'em needs only the category, which the suits' rank masks give
  // without the evaluator's table lookups (engine/holdem_category.h): on the
  // flop and the turn a reading evaluates nothing, and on the river only
  // when the board's own hand could be the player's.
  const bool omaha = hole_count == 4;
  const HandRank omaha_rank = omaha ? evaluate_omaha(hole, board) : HandRank{};
  reading.category = omaha ? omaha_rank.category() : holdem_category(hole | board);
  const HandCategory on_board = board_category(board, obs.board_count);
  // Five board cards are a hand of their own: the hole cards play when they
  // beat it. A better category beats it; the same one needs both values.
  const auto hole_plays = [&] {
    if (obs.board_count != kBoardSize) return reading.category > on_board;
    if (omaha) return omaha_rank > evaluate_holdem(board);
    const HandCategory board_best = holdem_category(board);
    if (reading.category != board_best) return reading.category > board_best;
    return evaluate_holdem(hole | board) > evaluate_holdem(board);
  };

  // The highest pocket pair (any two hole cards of one rank in Omaha) off
  // the board, -1 for none.
  const std::uint32_t pocket_pairs = paired_hole_ranks & ~board_ranks;
  const int pocket_pair_rank = std::bit_width(pocket_pairs) - 1;
  const bool pairs_top = (hole_ranks & (1u << top_board_rank)) != 0;
  // The tier the hole cards make if they play: beating a five-card board
  // with a kicker is not a hand, so each case asks whether the hole cards
  // made the category itself.
  HandReading made = reading;
  auto pair_tier = [&] {
    if (pairs_top) {
      made.top_pair = true;
      return MadeTier::kTopPair;
    }
    if (pocket_pair_rank > top_board_rank) {
      made.overpair = true;
      return MadeTier::kTopPair;
    }
    return MadeTier::kWeakPair;
  };
  switch (reading.category) {
    case HandCategory::kHighCard: break;
    case HandCategory::kPair:
      if (on_board == HandCategory::kHighCard) made.tier = pair_tier();
      break;
    // Two pair on a paired board is one pair of the player's own.
    case HandCategory::kTwoPair:
      if (on_board == HandCategory::kHighCard) made.tier = MadeTier::kTwoPair;
      if (on_board == HandCategory::kPair) made.tier = pair_tier();
      break;
    case HandCategory::kThreeOfAKind:
      if (on_board < HandCategory::kThreeOfAKind) made.tier = MadeTier::kTrips;
      break;
    case HandCategory::kFourOfAKind:
      if (on_board != HandCategory::kFourOfAKind) made.tier = MadeTier::kStrong;
      break;
    default: made.tier = MadeTier::kStrong; break;
  }
  // A tier of nothing (its flags unset) stands whether or not they play.
  if (made.tier != MadeTier::kNothing && hole_plays()) reading = made;

  if (obs.board_count < kBoardSize) {
    if (reading.category < HandCategory::kFlush) reading.flush_draw = has_flush_draw(obs, hole, board);
    if (reading.category < HandCategory::kStraight) {
      const int outs = std::popcount(straight_outs(obs, board_ranks));
      reading.open_ended = outs >= 2;
      reading.gutshot = outs == 1;
    }
  }
  return reading;
}

}  // namespace sngsim
