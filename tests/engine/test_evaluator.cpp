// Hand evaluation (R16): exact category counts over every 5- and 7-card
// hand, agreement with a slow reference evaluator written here from the
// rules alone, Omaha against brute force over its two-plus-three choices,
// and hand-written rule cases.

#include <algorithm>
#include <bit>
#include <functional>
#include <array>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/card.h"
#include "engine/evaluator.h"
#include "engine/holdem_category.h"
#include "engine/rng.h"

namespace sngsim {
namespace {

CardSet cards(const std::string& text) {
  const auto set = parse_card_set(text);
  REQUIRE(set.has_value());
  return *set;
}

HandRank holdem(const std::string& text) { return evaluate_holdem(cards(text)); }

std::vector<Card> card_list(CardSet set) {
  std::vector<Card> list;
  for (int c = 0; c < kDeckSize; ++c) {
    if (set.contains(static_cast<Card>(c))) list.push_back(static_cast<Card>(c));
  }
  return list;
}

// `count` distinct random cards not in `dead`.
CardSet random_cards(CounterRng& rng, int count, CardSet dead = {}) {
  CardSet set;
  while (set.size() < count) {
    const auto card = static_cast<Card>(rng.below(kDeckSize));
    if (!dead.contains(card)) set.add(card);
  }
  return set;
}

// Counts hands per value, then per category.
struct Tally {
  std::vector<std::int64_t> per_value = std::vector<std::int64_t>(kHandValueCount + 1, 0);

  std::int64_t category(HandCategory c) const {
    const int index = static_cast<int>(c);
    std::int64_t total = 0;
    for (int v = kCategoryFirstValue[index]; v < kCategoryFirstValue[index + 1]; ++v) total += per_value[v];
    return total;
  }
  std::int64_t distinct() const {
    return std::count_if(per_value.begin() + 1, per_value.end(), [](std::int64_t n) { return n > 0; });
  }
};

// ---------------------------------------------------------------------------
// A reference evaluator, slow and written from the rules alone: score every
// five-card subset by category, then by the ranks in the order they are
// compared (bigger groups first, higher ranks first), and keep the best.

struct RefScore {
  int category = -1;           // HandCategory order
  std::array<int, 5> ranks{};  // compared left to right
  auto operator<=>(const RefScore&) const = default;
};

RefScore score_five(const std::array<Card, 5>& hand) {
  std::array<int, kRanks> count{};
  bool flush = true;
  for (const Card card : hand) {
    ++count[rank_of(card)];
    flush = flush && suit_of(card) == suit_of(hand[0]);
  }
  // (cards, rank) per rank held: biggest group first, then highest rank.
  std::array<std::pair<int, int>, 5> groups{};
  std::size_t group_count = 0;
  for (int r = 0; r < kRanks; ++r) {
    if (count[r] > 0) groups[group_count++] = {count[r], r};
  }
  std::sort(groups.begin(), groups.begin() + group_count, std::greater<>());
  RefScore score;
  int i = 0;
  for (std::size_t g = 0; g < group_count; ++g) {
    for (int k = 0; k < groups[g].first; ++k) score.ranks[i++] = groups[g].second;
  }

  int straight_high = -1;
  if (group_count == 5) {
    if (score.ranks[0] - score.ranks[4] == 4) straight_high = score.ranks[0];
    if (score.ranks[0] == 12 && score.ranks[1] == 3) straight_high = 3;  // A-5-4-3-2: five-high
  }
  const int big = groups[0].first;
  const int second = group_count > 1 ? groups[1].first : 0;
  if (straight_high >= 0) {
    score.category = flush ? 8 : 4;
    score.ranks = {straight_high, 0, 0, 0, 0};
  } else if (big == 4) {
    score.category = 7;
  } else if (big == 3 && second == 2) {
    score.category = 6;
  } else if (flush) {
    score.category = 5;
  } else if (big == 3) {
    score.category = 3;
  } else if (big == 2 && second == 2) {
    score.category = 2;
  } else if (big == 2) {
    score.category = 1;
  } else {
    score.category = 0;
  }
  return score;
}

RefScore reference_score(CardSet set) {
  std::array<Card, 7> all{};
  int n = 0;
  for (int c = 0; c < kDeckSize; ++c) {
    if (set.contains(static_cast<Card>(c))) all[n++] = static_cast<Card>(c);
  }
  RefScore best;
  // Every 5-subset, as the bit mask of the chosen positions.
  for (unsigned mask = 0; mask < (1u << n); ++mask) {
    if (std::popcount(mask) != 5) continue;
    std::array<Card, 5> hand{};
    int k = 0;
    for (int i = 0; i < n; ++i) {
      if (mask & (1u << i)) hand[k++] = all[i];
    }
    best = std::max(best, score_five(hand));
  }
  return best;
}

int sign(int x) { return (x > 0) - (x < 0); }

// Omaha by brute force: the best of evaluate_holdem over every choice of two
// hole and three board cards.
HandRank omaha_brute_force(CardSet hole, CardSet board) {
  const auto h = card_list(hole);
  const auto b = card_list(board);
  HandRank best;
  for (std::size_t i = 0; i < h.size(); ++i) {
    for (std::size_t j = i + 1; j < h.size(); ++j) {
      for (std::size_t x = 0; x < b.size(); ++x) {
        for (std::size_t y = x + 1; y < b.size(); ++y) {
          for (std::size_t z = y + 1; z < b.size(); ++z) {
            CardSet five;
            for (const Card card : {h[i], h[j], b[x], b[y], b[z]}) five.add(card);
            best = std::max(best, evaluate_holdem(five));
          }
        }
      }
    }
  }
  return best;
}

}  // namespace

// ---------------------------------------------------------------------------
// Exhaustive counts.

TEST_CASE("R16 all 2,598,960 five-card hands: 7,462 distinct values and exact category counts", "[evaluator]") {
  Tally tally;
  std::int64_t hands = 0;
  for (int a = 0; a < kDeckSize; ++a) {
    for (int b = a + 1; b < kDeckSize; ++b) {
      for (int c = b + 1; c < kDeckSize; ++c) {
        for (int d = c + 1; d < kDeckSize; ++d) {
          for (int e = d + 1; e < kDeckSize; ++e) {
            const std::uint64_t bits = CardSet::bit_of(static_cast<Card>(a)) | CardSet::bit_of(static_cast<Card>(b)) |
                                       CardSet::bit_of(static_cast<Card>(c)) | CardSet::bit_of(static_cast<Card>(d)) |
                                       CardSet::bit_of(static_cast<Card>(e));
            ++tally.per_value[evaluate_holdem(CardSet::from_bits(bits)).value];
            ++hands;
          }
        }
      }
    }
  }
  CHECK(hands == 2'598'960);
  CHECK(tally.per_value[0] == 0);
  CHECK(tally.distinct() == 7462);    // every value 1..7462 occurs
  CHECK(tally.per_value[7462] == 4);  // royal flushes
  CHECK(tally.category(HandCategory::kStraightFlush) == 40);
  CHECK(tally.category(HandCategory::kFourOfAKind) == 624);
  CHECK(tally.category(HandCategory::kFullHouse) == 3744);
  CHECK(tally.category(HandCategory::kFlush) == 5108);
  CHECK(tally.category(HandCategory::kStraight) == 10200);
  CHECK(tally.category(HandCategory::kThreeOfAKind) == 54912);
  CHECK(tally.category(HandCategory::kTwoPair) == 123552);
  CHECK(tally.category(HandCategory::kPair) == 1098240);
  CHECK(tally.category(HandCategory::kHighCard) == 1302540);
}

TEST_CASE("R16 all 133,784,560 seven-card hands reproduce the exact category counts", "[evaluator][slow]") {
  Tally tally;
  // Built up card by card so the innermost loop is one OR and one lookup.
  std::array<std::uint64_t, kDeckSize> bit{};
  for (int c = 0; c < kDeckSize; ++c) bit[c] = CardSet::bit_of(static_cast<Card>(c));
  for (int a = 0; a < kDeckSize; ++a) {
    for (int b = a + 1; b < kDeckSize; ++b) {
      const std::uint64_t ab = bit[a] | bit[b];
      for (int c = b + 1; c < kDeckSize; ++c) {
        const std::uint64_t abc = ab | bit[c];
        for (int d = c + 1; d < kDeckSize; ++d) {
          const std::uint64_t abcd = abc | bit[d];
          for (int e = d + 1; e < kDeckSize; ++e) {
            const std::uint64_t abcde = abcd | bit[e];
            for (int f = e + 1; f < kDeckSize; ++f) {
              const std::uint64_t abcdef = abcde | bit[f];
              for (int g = f + 1; g < kDeckSize; ++g) {
                ++tally.per_value[evaluate_holdem(CardSet::from_bits(abcdef | bit[g])).value];
              }
            }
          }
        }
      }
    }
  }
  CHECK(tally.per_value[0] == 0);
  CHECK(tally.per_value[7462] == 4324);  // royal flushes
  CHECK(tally.category(HandCategory::kStraightFlush) == 41584);
  CHECK(tally.category(HandCategory::kFourOfAKind) == 224848);
  CHECK(tally.category(HandCategory::kFullHouse) == 3473184);
  CHECK(tally.category(HandCategory::kFlush) == 4047644);
  CHECK(tally.category(HandCategory::kStraight) == 6180020);
  CHECK(tally.category(HandCategory::kThreeOfAKind) == 6461620);
  CHECK(tally.category(HandCategory::kTwoPair) == 31433400);
  CHECK(tally.category(HandCategory::kPair) == 58627800);
  CHECK(tally.category(HandCategory::kHighCard) == 23294460);
  // Seven cards always hold a five-card hand better than the weakest ones
  // (seven distinct ranks avoid 7-5-4-3-2), so only 4,824 values occur.
  CHECK(tally.distinct() == 4824);
  std::int64_t total = 0;
  for (const auto n : tally.per_value) total += n;
  CHECK(total == 133'784'560);
}

// Every 7-card hand twice more: built card by card (HoldemHand, as a deal
// does), and as its first five cards for a board that takes the last two as
// hole cards (the showdown's path). Both must give the card set's value.
TEST_CASE("R16 all 133,784,560 seven-card hands: HoldemHand and the shared-board path equal the card set's value",
          "[evaluator][slow]") {
  std::int64_t hands = 0;
  std::int64_t built_mismatches = 0;
  std::int64_t board_mismatches = 0;
  for (int a = 0; a < kDeckSize; ++a) {
    for (int b = a + 1; b < kDeckSize; ++b) {
      for (int c = b + 1; c < kDeckSize; ++c) {
        for (int d = c + 1; d < kDeckSize; ++d) {
          for (int e = d + 1; e < kDeckSize; ++e) {
            HoldemHand board;
            for (const int card : {a, b, c, d, e}) board.add(static_cast<Card>(card));
            for (int f = e + 1; f < kDeckSize; ++f) {
              HoldemHand six = board;
              six.add(static_cast<Card>(f));
              for (int g = f + 1; g < kDeckSize; ++g) {
                HoldemHand seven = six;
                seven.add(static_cast<Card>(g));
                const HandRank expected = evaluate_holdem(seven.cards());
                built_mismatches += evaluate_holdem(seven) != expected;
                board_mismatches += evaluate_holdem(board, static_cast<Card>(f), static_cast<Card>(g)) != expected;
                ++hands;
              }
            }
          }
        }
      }
    }
  }
  CHECK(hands == 133'784'560);
  CHECK(built_mismatches == 0);
  CHECK(board_mismatches == 0);
}

TEST_CASE("R16 HoldemHand of 5 and 6 cards equals the card set's value", "[evaluator]") {
  CounterRng rng(0x5EED'0056);
  int mismatches = 0;
  for (int i = 0; i < 200'000; ++i) {
    const CardSet set = random_cards(rng, 5 + i % 2);
    const HoldemHand hand(set);
    if (hand.cards() != set || evaluate_holdem(hand) != evaluate_holdem(set)) ++mismatches;
    // A flop or turn with two hole cards added, as a bot reads its hand.
    const std::vector<Card> list = card_list(set);
    HoldemHand board;
    for (std::size_t c = 2; c < list.size(); ++c) board.add(list[c]);
    if (evaluate_holdem(board, list[0], list[1]) != evaluate_holdem(set)) ++mismatches;
  }
  CHECK(mismatches == 0);
  // Flushes of every suit, found from the suit counts.
  for (const char* text : {"2c5c8cJcQc3d4h", "2d5d8dJdQd3c4h", "2h5h8hJhQh3d4c", "2s5s8sJsQs3d4h", "9sTsJsQsKsAsAh"}) {
    CHECK(evaluate_holdem(HoldemHand(cards(text))) == holdem(text));
  }
}

// The bots' category without the tables (engine/holdem_category.h) against
// the evaluator's, over every hand of 5, 6 and 7 cards.
TEST_CASE("R16 holdem_category equals the evaluator's category on every 5-, 6- and 7-card hand", "[evaluator][slow]") {
  std::array<std::uint64_t, kDeckSize> bit{};
  for (int c = 0; c < kDeckSize; ++c) bit[c] = CardSet::bit_of(static_cast<Card>(c));
  std::array<std::int64_t, 3> hands{};
  std::array<std::int64_t, 3> mismatches{};
  const auto check = [&](std::uint64_t bits, int size) {
    const CardSet set = CardSet::from_bits(bits);
    mismatches[size - 5] += holdem_category(set) != evaluate_holdem(set).category();
    ++hands[size - 5];
  };
  for (int a = 0; a < kDeckSize; ++a) {
    for (int b = a + 1; b < kDeckSize; ++b) {
      for (int c = b + 1; c < kDeckSize; ++c) {
        for (int d = c + 1; d < kDeckSize; ++d) {
          const std::uint64_t abcd = bit[a] | bit[b] | bit[c] | bit[d];
          for (int e = d + 1; e < kDeckSize; ++e) {
            const std::uint64_t abcde = abcd | bit[e];
            check(abcde, 5);
            for (int f = e + 1; f < kDeckSize; ++f) {
              const std::uint64_t abcdef = abcde | bit[f];
              check(abcdef, 6);
              for (int g = f + 1; g < kDeckSize; ++g) check(abcdef | bit[g], 7);
            }
          }
        }
      }
    }
  }
  CHECK(hands == std::array<std::int64_t, 3>{2'598'960, 20'358'520, 133'784'560});
  CHECK(mismatches == std::array<std::int64_t, 3>{0, 0, 0});
  // The wheel, a wheel straight flush, and trips twice (a full house).
  CHECK(holdem_category(cards("Ac2d3h4s5c")) == HandCategory::kStraight);
  CHECK(holdem_category(cards("Ac2c3c4c5cKd")) == HandCategory::kStraightFlush);
  CHECK(holdem_category(cards("AcAdAh2c2d2hKs")) == HandCategory::kFullHouse);
  CHECK(holdem_category(cards("QcKdAh2c3d")) == HandCategory::kHighCard);
}

// ---------------------------------------------------------------------------
// Against the reference evaluator.

TEST_CASE("R16 evaluate_holdem orders 7-card hands as the reference evaluator does", "[evaluator][slow]") {
  CounterRng rng(0x5EED'0016);
  constexpr int kHands = 1'000'001;
  std::vector<std::pair<RefScore, HandRank>> scored;
  scored.reserve(kHands);
  for (int i = 0; i < kHands; ++i) {
    const CardSet hand = random_cards(rng, 7);
    scored.emplace_back(reference_score(hand), evaluate_holdem(hand));
  }

  // 1,000,000 random pairs (each hand against the next) compare alike, and
  // every hand's category agrees.
  int disagreements = 0;
  int wrong_category = 0;
  for (int i = 0; i + 1 < kHands; ++i) {
    const auto& [ref_a, rank_a] = scored[i];
    const auto& [ref_b, rank_b] = scored[i + 1];
    const int ref_order = ref_a < ref_b ? -1 : (ref_b < ref_a ? 1 : 0);
    if (ref_order != sign(rank_a.value - rank_b.value)) ++disagreements;
    if (ref_a.category != static_cast<int>(rank_a.category())) ++wrong_category;
  }
  CHECK(disagreements == 0);
  CHECK(wrong_category == 0);

  // Stronger, and free once sorted: across all million hands, the value is a
  // strictly increasing function of the reference score.
  std::sort(scored.begin(), scored.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  int out_of_order = 0;
  for (int i = 0; i + 1 < kHands; ++i) {
    const bool ref_tie = scored[i].first == scored[i + 1].first;
    const bool value_tie = scored[i].second == scored[i + 1].second;
    if (ref_tie != value_tie || (!ref_tie && !(scored[i].second < scored[i + 1].second))) ++out_of_order;
  }
  CHECK(out_of_order == 0);
}

TEST_CASE("R16 6-card hands agree with the reference evaluator", "[evaluator]") {
  CounterRng rng(0x5EED'0006);
  int disagreements = 0;
  HandRank previous;
  RefScore previous_ref;
  for (int i = 0; i < 200'000; ++i) {
    const CardSet hand = random_cards(rng, 6);
    const HandRank rank = evaluate_holdem(hand);
    const RefScore ref = reference_score(hand);
    const int ref_order = ref < previous_ref ? -1 : (previous_ref < ref ? 1 : 0);
    if (i > 0 && ref_order != sign(rank.value - previous.value)) ++disagreements;
    if (ref.category != static_cast<int>(rank.category())) ++disagreements;
    previous = rank;
    previous_ref = ref;
  }
  CHECK(disagreements == 0);
}

// ---------------------------------------------------------------------------
// Omaha.

TEST_CASE("R16 Omaha equals brute force over its two-hole, three-board choices", "[evaluator][slow]") {
  CounterRng rng(0x5EED'0004);
  int mismatches = 0;
  for (int i = 0; i < 1'000'000; ++i) {
    const CardSet hole = random_cards(rng, 4);
    const CardSet board = random_cards(rng, 5, hole);
    if (evaluate_omaha(hole, board) != omaha_brute_force(hole, board)) ++mismatches;
  }
  CHECK(mismatches == 0);
}

TEST_CASE("R16 Omaha on the flop and the turn equals brute force", "[evaluator]") {
  CounterRng rng(0x5EED'0034);
  const int board_cards = GENERATE(3, 4);
  int mismatches = 0;
  for (int i = 0; i < 200'000; ++i) {
    const CardSet hole = random_cards(rng, 4);
    const CardSet board = random_cards(rng, board_cards, hole);
    if (evaluate_omaha(hole, board) != omaha_brute_force(hole, board)) ++mismatches;
  }
  CHECK(mismatches == 0);
}

TEST_CASE("R16 Omaha flush-rich hands equal brute force", "[evaluator]") {
  // Random deals rarely hold the suited corner cases (two suited hole cards
  // and a straight flush using lower cards); deal from two suits only.
  CounterRng rng(0x5EED'F1A5);
  CardSet two_suits_dead;
  for (int c = 0; c < kDeckSize; ++c) {
    if (suit_of(static_cast<Card>(c)) >= 2) two_suits_dead.add(static_cast<Card>(c));
  }
  int mismatches = 0;
  for (int i = 0; i < 200'000; ++i) {
    const CardSet hole = random_cards(rng, 4, two_suits_dead);
    const CardSet board = random_cards(rng, 5, two_suits_dead | hole);
    if (evaluate_omaha(hole, board) != omaha_brute_force(hole, board)) ++mismatches;
  }
  CHECK(mismatches == 0);
}

TEST_CASE("R16 Omaha: four hearts in hand and one on the board is not a flush", "[evaluator]") {
  const HandRank rank = evaluate_omaha(cards("AhKhQhJh"), cards("Th2c3d7s9c"));
  CHECK(rank.category() == HandCategory::kHighCard);
  CHECK(rank == holdem("AhKd9c7sTd"));  // two hole cards, three board cards
}

TEST_CASE("R16 Omaha: a straight on the board counts only if two hole cards play", "[evaluator]") {
  const CardSet board = cards("5c6d7h8s9c");
  CHECK(evaluate_holdem(board).category() == HandCategory::kStraight);
  const HandRank no_help = evaluate_omaha(cards("AhAdKcKs"), board);
  CHECK(no_help.category() == HandCategory::kPair);
  CHECK(no_help == holdem("AhAd9c8s7h"));
  // Two hole cards that make a straight with three board cards do count.
  const HandRank with_help = evaluate_omaha(cards("TdJd2c2s"), board);
  CHECK(with_help == holdem("7h8s9cTdJd"));
}

TEST_CASE("R16 Omaha: exactly three board cards play", "[evaluator]") {
  // Four of a kind on the board is only trips plus two hole cards.
  const HandRank rank = evaluate_omaha(cards("2c3d8h9s"), cards("AcAdAhAsKd"));
  CHECK(rank.category() == HandCategory::kThreeOfAKind);
  CHECK(rank == holdem("AcAdAh9s8h"));
  // A flush needs two hole cards of the suit and three board cards.
  CHECK(evaluate_omaha(cards("AhKs2c3d"), cards("QhJh9h5h4h")).category() != HandCategory::kFlush);
  CHECK(evaluate_omaha(cards("AhKh2c3d"), cards("QhJh9h5s4s")) == holdem("AhKhQhJh9h"));
}

TEST_CASE("R16 Omaha: a straight flush with lower cards beats the higher flush", "[evaluator]") {
  const HandRank rank = evaluate_omaha(cards("9h8hAhKh"), cards("7h6h5hQh2c"));
  CHECK(rank.category() == HandCategory::kStraightFlush);
  CHECK(rank == holdem("9h8h7h6h5h"));
}

// ---------------------------------------------------------------------------
// Rules by example.

TEST_CASE("R16 the wheel A-2-3-4-5 is a straight, and the lowest one", "[evaluator]") {
  const HandRank wheel = holdem("Ah2d3c4s5h");
  CHECK(wheel.category() == HandCategory::kStraight);
  CHECK(wheel.value == kCategoryFirstValue[static_cast<int>(HandCategory::kStraight)]);
  CHECK(wheel < holdem("2h3d4c5s6h"));
  CHECK(wheel > holdem("AhAdAcKsQh"));
  // With a six, seven cards play the six-high straight, not the wheel.
  CHECK(holdem("Ah2d3c4s5h6dKc") == holdem("2h3d4c5s6h"));
  const HandRank steel_wheel = holdem("Ah2h3h4h5h");
  CHECK(steel_wheel.category() == HandCategory::kStraightFlush);
  CHECK(steel_wheel.value == kCategoryFirstValue[static_cast<int>(HandCategory::kStraightFlush)]);
}

TEST_CASE("R16 Q-K-A-2-3 does not wrap around into a straight", "[evaluator]") {
  CHECK(holdem("QhKdAc2s3h").category() == HandCategory::kHighCard);
  CHECK(holdem("QhKhAh2h3h").category() == HandCategory::kFlush);
  CHECK(holdem("JhQdKcAs2h3d4c").category() == HandCategory::kHighCard);
}

TEST_CASE("R16 the categories rank in the standard order", "[evaluator]") {
  const std::vector<std::pair<std::string, HandCategory>> ladder = {
      {"7h5d4c3s2h", HandCategory::kHighCard},     {"2h2d3c4s5d", HandCategory::kPair},
      {"2h2d3c3s4d", HandCategory::kTwoPair},      {"2h2d2c3s4d", HandCategory::kThreeOfAKind},
      {"Ah2d3c4s5d", HandCategory::kStraight},     {"2h3h4h5h7h", HandCategory::kFlush},
      {"2h2d2c3s3d", HandCategory::kFullHouse},    {"2h2d2c2s3d", HandCategory::kFourOfAKind},
      {"Ah2h3h4h5h", HandCategory::kStraightFlush}};
  for (std::size_t i = 0; i < ladder.size(); ++i) {
    INFO(ladder[i].first);
    const HandRank rank = holdem(ladder[i].first);
    CHECK(rank.category() == ladder[i].second);
    // The weakest hand of each category is its first value.
    CHECK(rank.value == kCategoryFirstValue[static_cast<int>(ladder[i].second)]);
    if (i > 0) CHECK(holdem(ladder[i - 1].first) < rank);
  }
  CHECK(holdem("AhKhQhJhTh").is_royal_flush());
  CHECK(holdem("AhKhQhJhTh").value == kHandValueCount);
  CHECK_FALSE(holdem("KhQhJhTh9h").is_royal_flush());
}

TEST_CASE("R16 suits do not rank: the same ranks in other suits tie", "[evaluator]") {
  CHECK(holdem("AsKd9c7h5s3d2c") == holdem("AhKc9d7s5h3c2d"));
  CHECK(holdem("AhKhQhJh9h") == holdem("AsKsQsJs9s"));
  CHECK(holdem("TcTd5h5s2c") == holdem("ThTs5c5d2h"));
  CHECK(evaluate_omaha(cards("AhAdKcQs"), cards("2c7d9hJsKh")) ==
        evaluate_omaha(cards("AsAcKdQh"), cards("2d7c9sJhKs")));
}

TEST_CASE("R16 kickers decide within a category, and only five cards play", "[evaluator]") {
  CHECK(holdem("AhAdKc7s5h") > holdem("AsAcQh7d5c"));  // pair: first kicker
  CHECK(holdem("AhAdKc7s5h") > holdem("AsAcKh7d4c"));  // pair: last kicker
  CHECK(holdem("KhKdQcQs9h") > holdem("KsKcQhQd8c"));  // two pair: kicker
  CHECK(holdem("7h7d7cAs2h") > holdem("7h7d7cKs2h"));  // trips: kicker
  CHECK(holdem("9h9d9c9sAh") > holdem("9h9d9c9sKh"));  // quads: kicker
  CHECK(holdem("AhJh9h7h3h") > holdem("AdJd9d7d2d"));  // flush: fifth card
  CHECK(holdem("AhKdQc9s8h") > holdem("AhKdQc9s7h"));  // high card: fifth card
  CHECK(holdem("3h3d3c2s2h") > holdem("2h2d2cAsAh"));  // full house: trips first
  // A sixth and seventh card below the best five do not count.
  CHECK(holdem("AhAdKcQsJh3c2d") == holdem("AsAcKdQhJd4h5c"));
  // Three pairs: the best two play, and the third pair's rank can be the
  // kicker.
  CHECK(holdem("KhKdQcQs2h2dJc") == holdem("KhKdQcQsJc"));
  CHECK(holdem("KhKdQcQsJhJd2c") == holdem("KhKdQcQsJh"));
  // Two sets of trips make a full house with the higher set.
  CHECK(holdem("9h9d9c5s5h5dAc") == holdem("9h9d9c5s5h"));
}

TEST_CASE("R16 a full house or quads outranks a flush the same cards could make", "[evaluator]") {
  CHECK(holdem("AhAdAc2h2d") > holdem("AhKhQhJh9h"));
  CHECK(holdem("KhKdKcKs2h").category() == HandCategory::kFourOfAKind);
  // A flush beats trips held among the same seven cards.
  CHECK(holdem("2h5h8hJhQh2d2c").category() == HandCategory::kFlush);
}

TEST_CASE("category names and value ranges", "[evaluator]") {
  CHECK(std::string(category_name(HandCategory::kHighCard)) == "high card");
  CHECK(std::string(category_name(HandCategory::kStraightFlush)) == "straight flush");
  std::set<std::string> names;
  for (int c = 0; c < kHandCategoryCount; ++c) names.insert(category_name(static_cast<HandCategory>(c)));
  CHECK(names.size() == kHandCategoryCount);
  CHECK(HandRank{1}.category() == HandCategory::kHighCard);
  CHECK(HandRank{1277}.category() == HandCategory::kHighCard);
  CHECK(HandRank{1278}.category() == HandCategory::kPair);
  CHECK(HandRank{7452}.category() == HandCategory::kFourOfAKind);
  CHECK(HandRank{7453}.category() == HandCategory::kStraightFlush);
  CHECK(HandRank{7462}.category() == HandCategory::kStraightFlush);
  CHECK(evaluator_table_bytes() < 1024 * 1024);
}

TEST_CASE("evaluate_hand dispatches on the number of hole cards", "[evaluator]") {
  const CardSet board = cards("5c6d7h8s9c");
  CHECK(evaluate_hand(2, cards("AhAd"), board) == evaluate_holdem(cards("AhAd") | board));
  CHECK(evaluate_hand(4, cards("AhAdKcKs"), board) == evaluate_omaha(cards("AhAdKcKs"), board));
}

}  // namespace sngsim
