#include "engine/evaluator_tables.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>
#include <vector>

#include "engine/card.h"
#include "engine/hand_value.h"

namespace sngsim::evaluator_detail {
namespace {

// A Score is a comparable description of a five-card hand, used only while
// building: category in bits 20..23, then up to five ranks, one per nibble,
// most significant first. Comparing Scores compares hands.
using Score = std::uint32_t;

class ScoreBuilder {
 public:
  explicit ScoreBuilder(HandCategory category) : score_(static_cast<Score>(category) << 20) {}
  ScoreBuilder& rank(int r) {
    shift_ -= 4;
    score_ |= static_cast<Score>(r) << shift_;
    return *this;
  }
  // The highest `n` ranks present in `mask`.
  ScoreBuilder& top(std::uint32_t mask, int n) {
    for (int r = kRanks - 1; r >= 0 && n > 0; --r) {
      if (mask & (1u << r)) {
        rank(r);
        --n;
      }
    }
    return *this;
  }
  Score score() const { return score_; }

 private:
  Score score_;
  int shift_ = 20;
};

// The top card of the best straight among the ranks in `mask`, or -1. The
// wheel A-2-3-4-5 counts as five-high.
int straight_high(std::uint32_t mask) {
  for (int high = kRanks - 1; high >= 4; --high) {
    const std::uint32_t run = 0x1Fu << (high - 4);
    if ((mask & run) == run) return high;
  }
  constexpr std::uint32_t kWheel = (1u << 12) | 0xFu;
  return (mask & kWheel) == kWheel ? 3 : -1;
}

// Best hand among five or more cards of one suit with these ranks.
Score flush_score(std::uint32_t mask) {
  const int high = straight_high(mask);
  if (high >= 0) return ScoreBuilder(HandCategory::kStraightFlush).rank(high).score();
  return ScoreBuilder(HandCategory::kFlush).top(mask, 5).score();
}

// Best hand among 5..7 cards, not all of one suit, with these rank counts.
Score rank_score(const std::array<int, kRanks>& count) {
  std::uint32_t present = 0;
  int quads = -1;
  // Seven cards hold at most two sets of trips or three pairs; descending.
  std::array<int, 2> trips{};
  std::array<int, 3> pairs{};
  std::size_t trip_count = 0;
  std::size_t pair_count = 0;
  for (int r = kRanks - 1; r >= 0; --r) {
    if (count[r] > 0) present |= 1u << r;
    if (count[r] == 4) quads = r;
    if (count[r] == 3) trips[trip_count++] = r;
    if (count[r] == 2) pairs[pair_count++] = r;
  }
  const auto without = [&](int a, int b = -1) {
    std::uint32_t mask = present & ~(1u << a);
    return b >= 0 ? mask & ~(1u << b) : mask;
  };

  if (quads >= 0) return ScoreBuilder(HandCategory::kFourOfAKind).rank(quads).top(without(quads), 1).score();
  if (trip_count > 0 && trip_count + pair_count > 1) {
    // A second set of trips plays as the pair when it beats every pair.
    const int pair = std::max(trip_count > 1 ? trips[1] : -1, pair_count > 0 ? pairs[0] : -1);
    return ScoreBuilder(HandCategory::kFullHouse).rank(trips[0]).rank(pair).score();
  }
  if (const int high = straight_high(present); high >= 0) {
    return ScoreBuilder(HandCategory::kStraight).rank(high).score();
  }
  if (trip_count > 0) {
    return ScoreBuilder(HandCategory::kThreeOfAKind).rank(trips[0]).top(without(trips[0]), 2).score();
  }
  if (pair_count >= 2) {
    // A third pair's rank can still be the kicker.
    return ScoreBuilder(HandCategory::kTwoPair)
        .rank(pairs[0])
        .rank(pairs[1])
        .top(without(pairs[0], pairs[1]), 1)
        .score();
  }
  if (pair_count == 1) {
    return ScoreBuilder(HandCategory::kPair).rank(pairs[0]).top(without(pairs[0]), 3).score();
  }
  return ScoreBuilder(HandCategory::kHighCard).top(present, 5).score();
}

// Calls visit(count) for every rank multiset of min_cards..max_cards cards
// with at most four of a rank.
template <typename Visit>
void for_each_rank_multiset(int min_cards, int max_cards, Visit&& visit) {
  std::array<int, kRanks> count{};
  const auto recurse = [&](auto&& self, int rank, int cards) -> void {
    if (rank == kRanks) {
      if (cards >= min_cards) visit(count);
      return;
    }
    for (int c = 0; c <= 4 && cards + c <= max_cards; ++c) {
      count[rank] = c;
      self(self, rank + 1, cards + c);
    }
    count[rank] = 0;
  };
  recurse(recurse, 0, 0);
}

std::uint32_t rank_key(const std::array<int, kRanks>& count) {
  std::uint32_t key = 0;
  for (int r = 0; r < kRanks; ++r) key += static_cast<std::uint32_t>(count[r]) * kKeyWeight[r];
  return key & kKeyMask;
}

// The 7,462 five-card scores in ascending order; a score's value is its
// index + 1.
std::vector<Score> five_card_scores() {
  std::vector<Score> scores;
  for_each_rank_multiset(5, 5, [&](const std::array<int, kRanks>& count) { scores.push_back(rank_score(count)); });
  for (std::uint32_t mask = 0; mask < kSuitFieldValues; ++mask) {
    if (std::popcount(mask) == 5) scores.push_back(flush_score(mask));
  }
  std::sort(scores.begin(), scores.end());
  scores.erase(std::unique(scores.begin(), scores.end()), scores.end());
  if (scores.size() != static_cast<std::size_t>(kHandValueCount)) {
    throw std::logic_error("evaluator: five-card hands do not give 7462 values");
  }
  return scores;
}

// Value of a hand's Score: its position among the 7,462 five-card scores.
class ValueOf {
 public:
  ValueOf() : scores_(five_card_scores()) {}
  std::uint16_t operator()(Score score) const {
    const auto it = std::lower_bound(scores_.begin(), scores_.end(), score);
    return static_cast<std::uint16_t>(it - scores_.begin() + 1);
  }

 private:
  std::vector<Score> scores_;
};

using KeyValue = std::pair<std::uint32_t, std::uint16_t>;

// (key, value) of every non-flush hand of 5..7 cards.
std::vector<KeyValue> rank_entries(const ValueOf& value_of) {
  std::vector<KeyValue> entries;
  for_each_rank_multiset(5, 7, [&](const std::array<int, kRanks>& count) {
    entries.emplace_back(rank_key(count), value_of(rank_score(count)));
  });
  return entries;
}

// Packs rows, most keys first, each at the lowest offset where none of its
// keys hits a used slot (first-fit decreasing). Offsets are tried 64 at a
// time: ANDing, for each of the row's columns, the 64-slot window of free
// bits it would land on leaves exactly the offsets that fit.
//
// Exact first fit rescans the whole crowded front of the table for every
// row (about 0.1 s); a row with as many keys as the last one placed rarely
// fits much before it, so the search starts kSearchBack slots before that
// one instead. That costs about 20% more slots (149.6k for 73,775 keys,
// 123k with exact first fit) and builds in a few milliseconds.
constexpr std::size_t kSearchBack = 2048;

void build_perfect_hash(Tables& tables, const std::vector<KeyValue>& entries) {
  std::vector<std::vector<std::uint32_t>> columns(kRowCount);
  for (const auto& [key, value] : entries) columns[key >> kRowShift].push_back(key & (kRowWidth - 1));
  std::vector<std::uint32_t> order;
  for (std::uint32_t row = 0; row < kRowCount; ++row) {
    auto& cols = columns[row];
    std::sort(cols.begin(), cols.end());
    if (std::adjacent_find(cols.begin(), cols.end()) != cols.end()) {
      throw std::logic_error("evaluator: key weights give two hands one key");
    }
    if (!cols.empty()) order.push_back(row);
  }
  std::stable_sort(order.begin(), order.end(),
                   [&](std::uint32_t a, std::uint32_t b) { return columns[a].size() > columns[b].size(); });

  // The window bits of possible bases (multiples of kRowBaseScale).
  constexpr std::uint64_t kBaseBits = [] {
    std::uint64_t bits = 0;
    for (std::uint32_t j = 0; j < 64; j += kRowBaseScale) bits |= std::uint64_t{1} << j;
    return bits;
  }();
  // One bit per slot, set when used; slots past the end are free.
  std::vector<std::uint64_t> used;
  const auto free_window = [&](std::size_t slot) {  // bit j: slot + j is free
    const std::size_t word = slot / 64;
    const unsigned shift = slot % 64;
    const std::uint64_t low = word < used.size() ? used[word] : 0;
    const std::uint64_t high = word + 1 < used.size() ? used[word + 1] : 0;
    return ~(shift == 0 ? low : (low >> shift) | (high << (64 - shift)));
  };
  std::size_t first_free = 0;  // every slot below it is used
  std::size_t slot_count = 0;
  std::vector<std::size_t> last_placed(columns[order.front()].size() + 1, 0);  // by key count
  for (const std::uint32_t row : order) {
    const auto& cols = columns[row];
    const std::size_t last = last_placed[cols.size()];
    const std::size_t start = std::max(first_free, last > kSearchBack ? last - kSearchBack : 0);
    // Bases are even (kRowBaseScale): only even bits of a window count.
    std::size_t base = (start > cols.front() ? start - cols.front() : 0) / kRowBaseScale * kRowBaseScale;
    for (;; base += 64) {
      std::uint64_t fits = kBaseBits;
      for (std::size_t i = 0; i < cols.size() && fits != 0; ++i) fits &= free_window(base + cols[i]);
      if (fits != 0) {
        base += static_cast<std::size_t>(std::countr_zero(fits));
        break;
      }
    }
    slot_count = std::max<std::size_t>(slot_count, base + cols.back() + 1);
    last_placed[cols.size()] = base + cols.front();
    used.resize(std::max(used.size(), slot_count / 64 + 1), 0);
    for (const std::uint32_t c : cols) used[(base + c) / 64] |= std::uint64_t{1} << ((base + c) % 64);
    while (first_free < slot_count && (used[first_free / 64] >> (first_free % 64)) & 1) ++first_free;
    if (base / kRowBaseScale > 0xFFFF || base % kRowBaseScale != 0)
      throw std::logic_error("evaluator: perfect hash outgrew its row bases");
    tables.row_base[row] = static_cast<std::uint16_t>(base / kRowBaseScale);
  }

  // Rows no hand uses keep base 0, the table's start, so that even a set of
  // fewer than five cards, whose key is in no row, reads inside the table.
  if (slot_count > kValueCapacity) throw std::logic_error("evaluator: perfect hash outgrew its table");
  tables.value_count = slot_count;
  for (const auto& [key, value] : entries) tables.value[tables.slot(key)] = value;
}

void build_suit_tables(Tables& tables, const ValueOf& value_of) {
  for (std::uint32_t mask = 0; mask < kSuitFieldValues; ++mask) {
    std::uint32_t key = 0;
    for (int r = 0; r < kRanks; ++r) {
      if (mask & (1u << r)) key += kKeyWeight[r];
    }
    const bool flush = std::popcount(mask) >= 5;
    tables.suit_key[mask] = (key & kKeyMask) | (flush ? kFlushFlag : 0);
    tables.flush_value[mask] = flush ? value_of(flush_score(mask)) : 0;
  }
}

// Needs the perfect hash built: every entry is a five-card value looked up
// there.
void build_omaha_tables(Tables& tables) {
  tables.rank_key_weight = kKeyWeight;

  std::vector<std::array<int, 2>> pairs;
  for (int a = 0; a < kRanks; ++a) {
    for (int b = a; b < kRanks; ++b) {
      tables.rank_pair[a << 4 | b] = tables.rank_pair[b << 4 | a] = static_cast<std::uint8_t>(pairs.size());
      pairs.push_back({a, b});
    }
  }
  std::vector<std::array<int, 4>> quads;
  std::vector<std::uint16_t> quad_number(kRanks * kRanks * kRanks * kRanks);
  const auto quad_slot = [](std::array<int, 4> ranks) {
    std::sort(ranks.begin(), ranks.end());
    return ((ranks[0] * kRanks + ranks[1]) * kRanks + ranks[2]) * kRanks + ranks[3];
  };
  for (int c = 0; c < kRanks; ++c) {
    for (int d = c; d < kRanks; ++d) {
      for (int e = d; e < kRanks; ++e) {
        for (int f = e; f < kRanks; ++f) {
          quad_number[quad_slot({c, d, e, f})] = static_cast<std::uint16_t>(quads.size());
          quads.push_back({c, d, e, f});
        }
      }
    }
  }
  for (std::size_t p = 0; p < kRankPairs; ++p) {
    for (std::size_t q = 0; q < kRankPairs; ++q) {
      const int slot = quad_slot({pairs[p][0], pairs[p][1], pairs[q][0], pairs[q][1]});
      tables.quad_of_pairs[p * kRankPairs + q] = quad_number[slot];
    }
  }

  for (std::size_t p = 0; p < kRankPairs; ++p) {
    const auto [a, b] = pairs[p];
    for (std::size_t q = 0; q < kRankQuads; ++q) {
      const auto& quad = quads[q];
      const std::uint32_t key = kKeyWeight[a] + kKeyWeight[b] + kKeyWeight[quad[0]] + kKeyWeight[quad[1]] +
                                kKeyWeight[quad[2]] + kKeyWeight[quad[3]];
      std::uint16_t best = 0;
      for (int left_out = 0; left_out < 4; ++left_out) {
        // Five cards of one rank do not exist: leave such choices out.
        const bool five_alike = a == b && std::count(quad.begin(), quad.end(), a) - (quad[left_out] == a) == 3;
        if (!five_alike) best = std::max(best, tables.key_value(key - kKeyWeight[quad[left_out]]));
      }
      tables.two_plus_four[q * kRankPairs + p] = best;
    }
  }
}

}  // namespace

HugePageRequest::HugePageRequest([[maybe_unused]] const void* start, [[maybe_unused]] std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // A hint: refused (no transparent huge pages), the tables work as before.
  madvise(const_cast<void*>(start), bytes, MADV_HUGEPAGE);
#endif
}

Tables::Tables() : HugePageRequest(this, sizeof(Tables)) {
  const ValueOf value_of;
  build_suit_tables(*this, value_of);
  build_perfect_hash(*this, rank_entries(value_of));
  build_omaha_tables(*this);
}

std::size_t Tables::bytes() const {
  return sizeof(suit_key) + sizeof(flush_value) + sizeof(row_base) + value_count * sizeof(value[0]) +
         sizeof(rank_key_weight) + sizeof(rank_pair) + sizeof(quad_of_pairs) + sizeof(two_plus_four);
}

// Constructed before every initialiser of default priority, so code running
// in other translation units' static initialisers can evaluate hands too.
[[gnu::init_priority(101)]] const Tables kTables;

}  // namespace sngsim::evaluator_detail
