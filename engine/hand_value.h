#pragma once
// The space of five-card hand values (engine/evaluator.h): exactly 7,462
// distinct values, 1 (7-5-4-3-2 high card) .. 7462 (royal flush), grouped by
// category, weakest first. Its own header because both the evaluator and
// the tables it reads (engine/evaluator_tables.cpp, which builds them from
// these ranges) need it, and the evaluator includes the tables.

#include <array>
#include <cstdint>

namespace sngsim {

enum class HandCategory : std::uint8_t {
  kHighCard,
  kPair,
  kTwoPair,
  kThreeOfAKind,
  kStraight,
  kFlush,
  kFullHouse,
  kFourOfAKind,
  kStraightFlush,
};

inline constexpr int kHandCategoryCount = 9;
inline constexpr int kHandValueCount = 7462;

// How many distinct five-card values each category has, in category order.
inline constexpr std::array<int, kHandCategoryCount> kCategoryValueCount = {1277, 2860, 858, 858, 10,
                                                                            1277, 156,  156, 10};

// The smallest value of each category; kCategoryFirstValue[c + 1] - 1 is the
// largest.
inline constexpr std::array<int, kHandCategoryCount + 1> kCategoryFirstValue = [] {
  std::array<int, kHandCategoryCount + 1> first{};
  first[0] = 1;
  for (int c = 0; c < kHandCategoryCount; ++c) first[c + 1] = first[c] + kCategoryValueCount[c];
  return first;
}();
static_assert(kCategoryFirstValue[kHandCategoryCount] == kHandValueCount + 1);

}  // namespace sngsim
