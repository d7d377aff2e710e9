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
// row-displacement perfect hash (Tarjan and Yao) packs them: key >> kRowShift
// picks a row, whose base plus the key's low bits is the slot in `value`.
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

#include "engine/card.h"

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

// Found by a greedy search (each weight the smallest that keeps all sums of
// up to seven ranks, at most four of a rank, distinct); the largest sum,
// four aces and three kings, is 18,393,157 < 2^25. The build re-checks
// distinctness for every hand the evaluator can see.
inline constexpr std::array<std::uint32_t, kRanks> kRankWeight = {1,     5,      24,     112,    521,     2247,   9244,
                                                                  30823, 103066, 250154, 667453, 1526359, 3453520};
static_assert(4 * kRankWeight[12] + 3 * kRankWeight[11] <= kKeyMask);

// Keys are scrambled by multiplying with an odd constant mod 2^25, a
// bijection, so distinct sums stay distinct. Unscrambled, the high ranks'
// weights crowd the keys into a few rows and the perfect hash packs at 33%;
// scrambled rows are evenly sparse and pack at about 83%. Multiplication
// distributes over the sum, so the scramble lives in the weights and costs
// the lookup only a mask.
inline constexpr std::uint32_t kScramble = 0x9E3779B1u;
inline constexpr std::array<std::uint32_t, kRanks> kKeyWeight = [] {
  std::array<std::uint32_t, kRanks> weight{};
  for (int r = 0; r < kRanks; ++r) weight[r] = (kRankWeight[r] * kScramble) & kKeyMask;
  return weight;
}();

// Hands built card by card (HoldemHand in engine/evaluator.h) keep one
// 64-bit word: the sum of their cards' key weights in bits 0..27 (seven
// weights below 2^25 stay below 2^28; slot() reads the low 25 bits), and
// each suit's count in a nibble of bits 32..47, started at 3 so that the
// nibble's top bit is set exactly when the suit holds five or more of at
// most seven cards. Adding a card is one add; no suit table is read.
inline constexpr int kSuitCountShift = 32;
inline constexpr std::uint64_t kEmptyHandKey = std::uint64_t{0x3333} << kSuitCountShift;
inline constexpr std::uint64_t kFlushCountBits = std::uint64_t{0x8888} << kSuitCountShift;

// Per card: what it adds to a hand's key word, and its CardSet bit, side by
// side so that adding a card reads one 16-byte entry.
struct CardEntry {
  std::uint64_t key;
  std::uint64_t bit;
};
inline constexpr std::array<CardEntry, kDeckSize> kCardEntry = [] {
  std::array<CardEntry, kDeckSize> entry{};
  for (int c = 0; c < kDeckSize; ++c) {
    const auto card = static_cast<Card>(c);
    entry[static_cast<std::size_t>(c)] = {kKeyWeight[static_cast<std::size_t>(rank_of(card))] +
                                              (std::uint64_t{1} << (kSuitCountShift + 4 * suit_of(card))),
                                          CardSet::bit_of(card)};
  }
  return entry;
}();

// Rows of 2^13 keys: 4,096 row bases of 16 bits (8 KB), about 18 keys a
// row. Every evaluation reads one base and one value at random, so the
// bases must stay in the 48 KB first-level cache beside the hot values and
// the suit tables: with 2^12 rows and 32-bit offsets (32 KB; the hash
// packed at 83%, 88.7k slots) a simulated Zen 5 cache (cachegrind) missed
// 1.29 times per random 7-card evaluation, with these 1.15 times, although
// the wider rows pack at about 49% (149.6k slots, 292 KB).
inline constexpr int kRowShift = 13;
inline constexpr std::uint32_t kRowWidth = 1u << kRowShift;
inline constexpr std::size_t kRowCount = std::size_t{1} << (kKeyBits - kRowShift);
// A row base counts groups of four slots (rows start at multiples of 4), so
// 16 bits reach 2^18 slots; x86 addressing scales it by 4 for free.
inline constexpr std::uint32_t kRowBaseScale = 4;

// Room for every slot a 16-bit base and a column can name, so that any key
// indexes inside it; the hash fills about 149.6k. A fixed array, not a
// vector, so the hot path loads no pointer.
inline constexpr std::size_t kValueCapacity = kRowBaseScale * 65536 + kRowWidth;

// Unordered rank pairs and rank quadruples, repeats allowed: C(14,2),
// C(16,4).
inline constexpr std::size_t kRankPairs = 91;
inline constexpr std::size_t kRankQuads = 1820;

// Constructed before any member of Tables is written: on Linux, asks for
// `bytes` at `start` to be backed by one huge page. With 4 KiB pages the
// lookups' speed depended on where each run's pages landed (the random
// evaluation bench took 1.70 ns in some processes and 2.1-2.3 ns in others);
// one 2 MiB page gives every run the fast placement.
struct HugePageRequest {
  HugePageRequest(const void* start, std::size_t bytes);
};

inline constexpr std::size_t kHugePageBytes = std::size_t{1} << 21;

// Huge-page aligned, so its size is a whole huge page.
struct alignas(kHugePageBytes) Tables : private HugePageRequest {
  Tables();  // builds every table (evaluator_tables.cpp)

  // Hold'em. Per suit field: the field's ranks' key weights summed mod 2^25,
  // | kFlushFlag if it has five or more ranks.
  std::array<std::uint32_t, kSuitFieldValues> suit_key{};
  // Per suit field with five or more ranks: its best flush or straight
  // flush; else 0.
  std::array<std::uint16_t, kSuitFieldValues> flush_value{};
  // Non-flush hands: value[slot(key)]. Slots from value_count on are unused.
  std::array<std::uint16_t, kRowCount> row_base{};
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
  std::uint16_t key_value(std::uint32_t key_sum) const { return value[slot(key_sum)]; }
  // The key's row base plus its column (low bits): the mask of the key and
  // the row index are one BEXTR on BMI machines.
  std::uint32_t slot(std::uint32_t key_sum) const {
    const std::uint32_t row = (key_sum >> kRowShift) & static_cast<std::uint32_t>(kRowCount - 1);
    return (key_sum & (kRowWidth - 1)) + kRowBaseScale * row_base[row];
  }

  // Bytes the evaluators can touch (unused value slots excluded).
  std::size_t bytes() const;
};

extern const Tables kTables;

}  // namespace sngsim::evaluator_detail
