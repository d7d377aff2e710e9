#pragma once
// The lookup tables behind engine/evaluator.h. Internal to the evaluator:
// only its inline hot path and evaluator*.cpp use them.
//
// A CardSet keeps each suit's ranks as one 13-bit field, so
//
// - a flush is a suit field with five or more bits, and its value depends on
//   that field alone: flush_value, indexed by the field;
// - any other hand's value depends only on how many cards of each rank it
//   has. Each rank has a weight such that every multiset of at most seven
//   ranks (at most four of a rank) has a different weighted sum, the key.
//   suit_key holds each field's partial sum, so a hand's key is four
//   independent loads and three adds.
//
// Keys of 5..7-card hands are 73,775 values spread over 2^25, so a
// row-displacement perfect hash (Tarjan and Yao) packs them densely:
// key >> kRowShift picks a row offset, key + offset the slot in `value`.
//
// Omaha hands are two hole plus three board cards; their non-flush values
// come from a direct table indexed by (hole rank pair, four board ranks),
// each entry the best of the four board triples.
//
// Everything is computed from the ranking rules by evaluator_tables.cpp
// during static initialisation, before any other initialiser runs.

#include <array>
#include <cstddef>
#include <cstdint>

namespace sngsim::evaluator_detail {

inline constexpr std::size_t kSuitFieldValues = std::size_t{1} << 13;

// Keys are sums mod 2^25 (the largest raw sum, four aces and three kings,
// is below 2^25).
inline constexpr int kKeyBits = 25;
inline constexpr std::uint32_t kKeyMask = (1u << kKeyBits) - 1;

// Set in a field's partial sum when the field alone holds five or more
// ranks. At most one suit of 5..7 cards can, and four partial sums stay
// below 2^27, so the flag survives the sum and the non-flush path pays
// nothing for it.
inline constexpr std::uint32_t kFlushFlag = 1u << 31;

// Rows of 2^12 keys: 8,192 offsets (32 KB), about nine keys a row.
inline constexpr int kRowShift = 12;
inline constexpr std::size_t kRowCount = std::size_t{1} << (kKeyBits - kRowShift);

// Room for the packed perfect hash (it fills about 88.7k slots) plus one
// row, so that any key of up to seven cards indexes inside it. A fixed
// array, not a vector, so the hot path loads no pointer.
inline constexpr std::size_t kValueCapacity = 96 * 1024;

// Unordered rank pairs and rank quadruples, repeats allowed: C(14,2),
// C(16,4).
inline constexpr std::size_t kRankPairs = 91;
inline constexpr std::size_t kRankQuads = 1820;

struct Tables {
  Tables();  // builds every table (evaluator_tables.cpp)

  // Hold'em. Per suit field: the field's ranks' key weights summed mod 2^25,
  // | kFlushFlag if it has five or more ranks.
  std::array<std::uint32_t, kSuitFieldValues> suit_key{};
  // Per suit field with five or more ranks: its best flush or straight
  // flush; else 0.
  std::array<std::uint16_t, kSuitFieldValues> flush_value{};
  // Non-flush hands: value[key + row_offset[key >> kRowShift]], in unsigned
  // (wrapping) arithmetic. Slots from value_count on are unused.
  std::array<std::uint32_t, kRowCount> row_offset{};
  std::array<std::uint16_t, kValueCapacity> value{};
  std::size_t value_count = 0;

  // Per rank, its key weight: a 5-card hand's key is the sum of its ranks'.
  std::array<std::uint32_t, 13> rank_key_weight{};

  // Omaha, non-flush. rank_pair[a << 4 | b] numbers the rank pair {a, b}
  // (a shift and an or to index, rather than a multiply by 13);
  // quad_of_pairs[p * kRankPairs + q] numbers the four ranks of pairs p and
  // q together; two_plus_four[r * kRankPairs + p] is the best hand of the
  // two ranks of pair p with any three of the four ranks of quad r (0 where
  // that would be five of a rank). A 5-card board's ten triples all lie in
  // four of its five quads, so an Omaha hand takes 6 x 4 lookups, not 60;
  // quad-major, the six for one quad share a few cache lines.
  std::array<std::uint8_t, 16 * 16> rank_pair{};
  std::array<std::uint16_t, kRankPairs * kRankPairs> quad_of_pairs{};
  std::array<std::uint16_t, kRankPairs * kRankQuads> two_plus_four{};

  // Value of a non-flush hand of 5..7 cards from the sum of its ranks' key
  // weights (reduced mod 2^25 here).
  std::uint16_t key_value(std::uint32_t key_sum) const {
    const std::uint32_t key = key_sum & kKeyMask;
    return value[key + row_offset[key >> kRowShift]];
  }

  // Bytes the evaluators can touch (unused value slots excluded).
  std::size_t bytes() const;
};

extern const Tables kTables;

}  // namespace sngsim::evaluator_detail
