#include "strategies/hand_reading.h"

#include <array>
#include <bit>
#include <cassert>

#include "engine/game_definition.h"
#include "engine/holdem_category.h"

namespace sngsim {

namespace {

// Each card's bit in a CardSet, by table: one load instead of the shifts
// and masks that CardSet::bit_of computes, nine times per reading.
constexpr std::array<std::uint64_t, kDeckSize> kCardBits = [] {
  std::array<std::uint64_t, kDeckSize> bits{};
  for (int card = 0; card < kDeckSize; ++card) {
    bits[static_cast<std::size_t>(card)] = CardSet::bit_of(static_cast<Card>(card));
  }
  return bits;
}();

// The first `count` cards of `slots` as a set.
template <std::size_t N>
CardSet first_cards(const std::array<Card, N>& slots, int count) {
  std::uint64_t bits = 0;
  for (int i = 0; i < count; ++i) {
    const Card card = slots[static_cast<std::size_t>(i)];
    assert(card < kDeckSize);
    bits |= kCardBits[card];
  }
  return CardSet::from_bits(bits);
}

// The ranks of any suit in `cards`.
std::uint32_t ranks_in(CardSet cards) {
  return cards.suit_mask(0) | cards.suit_mask(1) | cards.suit_mask(2) | cards.suit_mask(3);
}

// The ranks of two or more cards in `cards`.
std::uint32_t ranks_held_twice(CardSet cards) {
  const std::uint32_t s0 = cards.suit_mask(0);
  const std::uint32_t s1 = cards.suit_mask(1);
  const std::uint32_t s2 = cards.suit_mask(2);
  const std::uint32_t s3 = cards.suit_mask(3);
  return (s0 & s1) | (s2 & s3) | ((s0 | s1) & (s2 | s3));
}

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
  const std::uint32_t two_or_more = ranks_held_twice(board);
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

// Straights are found on a "ladder" of ranks: bit 0 is the ace playing low,
// bit r + 1 the rank r (so bit 13 is the ace playing high). A straight is
// five adjacent ladder bits; window w is the five bits w .. w + 4, from the
// wheel (w = 0) to ace high (w = 9). Shifting a ladder by k lines bit w + k
// up with bit w, so one operation tests a rule for all ten windows at once,
// where a loop over the runs would test them one by one.
constexpr std::uint32_t kAllWindows = 0x3FFu;  // one bit per window start

constexpr std::uint32_t ladder_of(std::uint32_t ranks) { return (ranks << 1) | ((ranks >> (kRanks - 1)) & 1u); }

// Back to ranks: either end of the ladder is the ace.
constexpr std::uint32_t ranks_of(std::uint32_t ladder) {
  return ((ladder >> 1) | ((ladder & 1u) << (kRanks - 1))) & 0x1FFFu;
}

// The windows holding at least one bit of `ladder`.
constexpr std::uint32_t windows_touching(std::uint32_t ladder) {
  return (ladder | (ladder >> 1) | (ladder >> 2) | (ladder >> 3) | (ladder >> 4)) & kAllWindows;
}

// The ladder bits inside any of `windows`.
constexpr std::uint32_t bits_inside(std::uint32_t windows) {
  return windows | (windows << 1) | (windows << 2) | (windows << 3) | (windows << 4);
}

// The windows in which exactly four of the five bits are in `present`:
// one rank short of a straight.
constexpr std::uint32_t windows_one_short(std::uint32_t present) {
  const std::uint32_t b0 = present;
  const std::uint32_t b1 = present >> 1;
  const std::uint32_t b2 = present >> 2;
  const std::uint32_t b3 = present >> 3;
  const std::uint32_t b4 = present >> 4;
  const std::uint32_t b01 = b0 & b1;
  const std::uint32_t b34 = b3 & b4;
  // Four or more: every bit but one of the five, for each one left out.
  const std::uint32_t four_or_more = (b34 & ((b2 & (b0 | b1)) | b01)) | (b01 & b2 & (b3 | b4));
  const std::uint32_t five = b01 & b2 & b34;
  return four_or_more & ~five & kAllWindows;
}

// The ranks missing from the windows in `one_short`: each such window lacks
// exactly one bit of `present`, so every absent bit inside one of them is
// that window's missing rank.
constexpr std::uint32_t missing_ranks(std::uint32_t one_short, std::uint32_t present) {
  return ranks_of(bits_inside(one_short) & ~present);
}

// A five-rank run ending at `high` (3 = the wheel A-2-3-4-5 .. 12 = ace high).
constexpr std::uint32_t straight_run(int high) { return high > 3 ? 0x1Fu << (high - 4) : 0x100Fu; }

// The ranks that would complete a straight the hole cards play in.
// Hold'em: some rank of the straight must come from the hole cards alone,
// or the straight would be the board's.
std::uint32_t holdem_straight_outs(std::uint32_t hole_ranks, std::uint32_t board_ranks) {
  const std::uint32_t present = ladder_of(hole_ranks | board_ranks);
  const std::uint32_t one_short = windows_one_short(present) & windows_touching(ladder_of(hole_ranks & ~board_ranks));
  return missing_ranks(one_short, present);
}

// Omaha: exactly two hole ranks, the other three from the board, one of
// them still to come. This stays a loop over the runs: the compiler
// vectorises it, and the window tests above, pair by pair, measured slower.
std::uint32_t omaha_straight_outs(const std::array<Card, 4>& hole, std::uint32_t board_ranks) {
  std::uint32_t outs = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    for (std::size_t j = i + 1; j < 4; ++j) {
      const std::uint32_t pair = (1u << rank_of(hole[i])) | (1u << rank_of(hole[j]));
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

bool has_flush_draw(bool omaha, CardSet hole, CardSet board) {
  for (int suit = 0; suit < kSuits; ++suit) {
    const int in_hole = std::popcount(hole.suit_mask(suit));
    const int on_board = std::popcount(board.suit_mask(suit));
    if (omaha ? in_hole >= 2 && on_board == 2 : in_hole >= 1 && in_hole + on_board == 4) return true;
  }
  return false;
}

// The cards of a reading as sets and rank masks. This and the helpers
// below are forced inline: read_hand, read_made_hand and with_draws all
// call them, and GCC would otherwise keep them out of line, at about a
// fifth of a reading's cost in calls and spilled arguments (measured).
struct SeenCards {
  bool omaha = false;
  CardSet hole;
  CardSet board;
  std::uint32_t hole_ranks = 0;
  std::uint32_t board_ranks = 0;
};

[[gnu::always_inline]] inline SeenCards seen_cards(const Observation& obs) {
  SeenCards cards;
  cards.omaha = is_omaha(obs.rules.hole_cards);
  cards.hole = first_cards(obs.hole, obs.rules.hole_cards);
  cards.board = first_cards(obs.board, obs.board_count);
  cards.hole_ranks = ranks_in(cards.hole);
  cards.board_ranks = ranks_in(cards.board);
  return cards;
}

[[gnu::always_inline]] inline HandReading made_reading(const Observation& obs, const SeenCards& cards) {
  const bool omaha = cards.omaha;
  const CardSet hole = cards.hole;
  const CardSet board = cards.board;
  const std::uint32_t hole_ranks = cards.hole_ranks;
  const std::uint32_t board_ranks = cards.board_ranks;
  const int top_board_rank = std::bit_width(board_ranks) - 1;

  HandReading reading;
  // Hold'em needs only the category, which the suits' rank masks give
  // without the evaluator's table lookups (engine/holdem_category.h): on the
  // flop and the turn a reading evaluates nothing, and on the river only
  // when the board's own hand could be the player's.
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
  const std::uint32_t pocket_pairs = ranks_held_twice(hole) & ~board_ranks;
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
  return reading;
}

[[gnu::always_inline]] inline std::uint32_t straight_outs_of(const Observation& obs, const SeenCards& cards) {
  return cards.omaha ? omaha_straight_outs(obs.hole, cards.board_ranks)
                     : holdem_straight_outs(cards.hole_ranks, cards.board_ranks);
}

[[gnu::always_inline]] inline void add_draws(const Observation& obs, const SeenCards& cards, HandReading& reading) {
  if (obs.board_count >= kBoardSize) return;
  if (reading.category < HandCategory::kFlush) {
    reading.flush_draw = has_flush_draw(cards.omaha, cards.hole, cards.board);
  }
  if (reading.category < HandCategory::kStraight) {
    const int outs = std::popcount(straight_outs_of(obs, cards));
    reading.open_ended = outs >= 2;
    reading.gutshot = outs == 1;
  }
}

}  // namespace

HandReading read_made_hand(const Observation& obs) {
  assert(obs.board_count >= 3);
  return made_reading(obs, seen_cards(obs));
}

HandReading with_draws(const Observation& obs, HandReading made) {
  assert(obs.board_count >= 3);
  add_draws(obs, seen_cards(obs), made);
  return made;
}

std::uint32_t straight_outs(const Observation& obs) {
  assert(obs.board_count >= 3);
  return straight_outs_of(obs, seen_cards(obs));
}

HandReading read_hand(const Observation& obs) {
  assert(obs.board_count >= 3);
  const SeenCards cards = seen_cards(obs);
  HandReading reading = made_reading(obs, cards);
  add_draws(obs, cards, reading);
  return reading;
}

}  // namespace sngsim
