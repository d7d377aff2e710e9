#include "poker_math/equity.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "engine/game_definition.h"
#include "engine/evaluator.h"

namespace sngsim {

namespace {

constexpr int kFullBoard = 5;

constexpr std::int64_t choose(int n, int k) {
  if (k < 0 || k > n) return 0;
  std::int64_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return result;
}

// The cards of the deck outside `used`, as cards and as CardSet bits.
struct Remaining {
  std::array<Card, kDeckSize> cards{};
  std::array<std::uint64_t, kDeckSize> bits{};
  int count = 0;

  explicit Remaining(CardSet used) {
    for (int c = 0; c < kDeckSize; ++c) {
      const auto card = static_cast<Card>(c);
      if (used.contains(card)) continue;
      cards[static_cast<std::size_t>(count)] = card;
      bits[static_cast<std::size_t>(count)] = CardSet::bit_of(card);
      ++count;
    }
  }
};

// Calls visit(bits) for every K-card subset of bits[start..n), as the OR of
// its bits. K is a template argument so the nested loops unroll into
// straight-line code around the visitor.
template <int K, typename Visit>
inline void for_each_subset(const std::uint64_t* bits, int n, int start, std::uint64_t partial, Visit& visit) {
  if constexpr (K == 0) {
    visit(partial);
  } else {
    for (int i = start; i <= n - K; ++i) for_each_subset<K - 1>(bits, n, i + 1, partial | bits[i], visit);
  }
}

template <typename Visit>
void for_each_subset_of_size(int k, const std::uint64_t* bits, int n, std::uint64_t partial, Visit& visit) {
  switch (k) {
    case 0: for_each_subset<0>(bits, n, 0, partial, visit); break;
    case 1: for_each_subset<1>(bits, n, 0, partial, visit); break;
    case 2: for_each_subset<2>(bits, n, 0, partial, visit); break;
    case 3: for_each_subset<3>(bits, n, 0, partial, visit); break;
    case 4: for_each_subset<4>(bits, n, 0, partial, visit); break;
    default: for_each_subset<5>(bits, n, 0, partial, visit); break;
  }
}

inline std::uint16_t rank_of_hand(int hole_cards, std::uint64_t hole, std::uint64_t board) {
  if (is_omaha(hole_cards)) return evaluate_omaha(CardSet::from_bits(hole), CardSet::from_bits(board)).value;
  return evaluate_holdem(CardSet::from_bits(hole | board)).value;
}

// Ranks every player on one complete board and credits the winners.
struct ShowdownCounter {
  int hole_cards;
  int players;
  std::array<std::uint64_t, kMaxEquityPlayers> hands{};
  ShowdownTally* tally;

  // Returns the number of winners; sets `winner_mask`.
  int rank(std::uint64_t board, unsigned& winner_mask) const {
    std::array<std::uint16_t, kMaxEquityPlayers> ranks{};
    std::uint16_t best = 0;
    for (int p = 0; p < players; ++p) {
      ranks[static_cast<std::size_t>(p)] = rank_of_hand(hole_cards, hands[static_cast<std::size_t>(p)], board);
      best = std::max(best, ranks[static_cast<std::size_t>(p)]);
    }
    winner_mask = 0;
    int winners = 0;
    for (int p = 0; p < players; ++p) {
      if (ranks[static_cast<std::size_t>(p)] == best) {
        winner_mask |= 1u << p;
        ++winners;
      }
    }
    return winners;
  }

  void operator()(std::uint64_t board) {
    unsigned mask = 0;
    const int winners = rank(board, mask);
    ++tally->boards;
    for (int p = 0; p < players; ++p) {
      if ((mask >> p & 1u) == 0) continue;
      const auto i = static_cast<std::size_t>(p);
      ++(winners == 1 ? tally->wins[i] : tally->ties[i]);
      tally->share_units[i] += kPotShareUnit / winners;
    }
  }
};

// The heads-up hold'em case on its own: it is what the preflop table spends
// ~10^11 evaluations on, and two plain comparisons beat the general loop.
struct HeadsUpHoldemCounter {
  std::uint64_t hand0;
  std::uint64_t hand1;
  std::int64_t wins0 = 0;
  std::int64_t wins1 = 0;
  std::int64_t ties = 0;

  void operator()(std::uint64_t board) {
    const HandRank r0 = evaluate_holdem(CardSet::from_bits(hand0 | board));
    const HandRank r1 = evaluate_holdem(CardSet::from_bits(hand1 | board));
    wins0 += r0 > r1;
    wins1 += r1 > r0;
    ties += r0 == r1;
  }
};

CardSet used_cards(const EquitySpot& spot) {
  CardSet used = spot.board | spot.dead;
  for (const CardSet& hand : spot.hands) used |= hand;
  return used;
}

std::string describe(CardSet set) {
  std::string text;
  for (int c = 0; c < kDeckSize; ++c) {
    if (set.contains(static_cast<Card>(c))) text += card_to_string(static_cast<Card>(c));
  }
  return text;
}

}  // namespace

std::optional<std::string> check_equity_spot(const EquitySpot& spot) {
  if (!find_game_by_hole_cards(spot.hole_cards)) return "hole cards per hand must be 2 (hold'em) or 4 (Omaha)";
  const int players = static_cast<int>(spot.hands.size());
  if (players < 2 || players > kMaxEquityPlayers) {
    return "need 2 to " + std::to_string(kMaxEquityPlayers) + " hands, got " + std::to_string(players);
  }
  const int board = spot.board.size();
  if (board != 0 && board != 3 && board != 4 && board != 5) {
    return "the board must have 0, 3, 4 or 5 cards, got " + std::to_string(board);
  }
  CardSet seen = spot.board;
  for (int p = 0; p < players; ++p) {
    const CardSet hand = spot.hands[static_cast<std::size_t>(p)];
    if (hand.size() != spot.hole_cards) {
      return "hand " + std::to_string(p + 1) + " (" + describe(hand) + ") must have " +
             std::to_string(spot.hole_cards) + " cards";
    }
    if (!(hand & seen).empty()) return "card " + describe(hand & seen) + " is used twice";
    seen |= hand;
  }
  if (!(spot.dead & seen).empty()) return "dead card " + describe(spot.dead & seen) + " is also in a hand or the board";
  seen |= spot.dead;
  if (kDeckSize - seen.size() < kFullBoard - board) return "not enough cards left to complete the board";
  return std::nullopt;
}

std::int64_t exact_board_count(const EquitySpot& spot) {
  return choose(kDeckSize - used_cards(spot).size(), kFullBoard - spot.board.size());
}

ShowdownTally enumerate_showdowns(const EquitySpot& spot) {
  const Remaining remaining(used_cards(spot));
  const int missing = kFullBoard - spot.board.size();
  const int players = static_cast<int>(spot.hands.size());
  ShowdownTally tally;
  if (is_holdem(spot.hole_cards) && players == 2) {
    HeadsUpHoldemCounter counter{spot.hands[0].bits(), spot.hands[1].bits()};
    for_each_subset_of_size(missing, remaining.bits.data(), remaining.count, spot.board.bits(), counter);
    tally.boards = counter.wins0 + counter.wins1 + counter.ties;
    tally.wins = {counter.wins0, counter.wins1};
    tally.ties = {counter.ties, counter.ties};
    tally.share_units = {kPotShareUnit * counter.wins0 + kPotShareUnit / 2 * counter.ties,
                         kPotShareUnit * counter.wins1 + kPotShareUnit / 2 * counter.ties};
    return tally;
  }
  ShowdownCounter counter{spot.hole_cards, players, {}, &tally};
  for (int p = 0; p < players; ++p)
    counter.hands[static_cast<std::size_t>(p)] = spot.hands[static_cast<std::size_t>(p)].bits();
  for_each_subset_of_size(missing, remaining.bits.data(), remaining.count, spot.board.bits(), counter);
  return tally;
}

EquityResult calculate_equity(const EquitySpot& spot, const EquityOptions& options) {
  const int players = static_cast<int>(spot.hands.size());
  EquityResult result;
  result.players.resize(static_cast<std::size_t>(players));
  const std::int64_t boards = exact_board_count(spot);
  const bool exact = options.method == EquityMethod::kExact ||
                     (options.method == EquityMethod::kAuto && boards * players <= options.max_exact_evaluations);
  if (exact) {
    const ShowdownTally tally = enumerate_showdowns(spot);
    result.exact = true;
    result.boards = tally.boards;
    const auto n = static_cast<double>(tally.boards);
    for (int p = 0; p < players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      result.players[i].win = static_cast<double>(tally.wins[i]) / n;
      result.players[i].tie = static_cast<double>(tally.ties[i]) / n;
      result.players[i].equity = static_cast<double>(tally.share_units[i]) / (n * kPotShareUnit);
    }
    return result;
  }

  Remaining remaining(used_cards(spot));
  const int missing = kFullBoard - spot.board.size();
  ShowdownTally tally;
  ShowdownCounter counter{spot.hole_cards, players, {}, &tally};
  for (int p = 0; p < players; ++p)
    counter.hands[static_cast<std::size_t>(p)] = spot.hands[static_cast<std::size_t>(p)].bits();
  // Squared shares in units^2, for each player's sample variance.
  std::array<double, kMaxEquityPlayers> share_squares{};
  CounterRng rng(options.seed);
  const std::int64_t samples = std::max<std::int64_t>(options.samples, 2);
  for (std::int64_t s = 0; s < samples; ++s) {
    // A partial Fisher-Yates shuffle from wherever the last one left the
    // cards is still a uniform draw.
    std::uint64_t board = spot.board.bits();
    for (int t = 0; t < missing; ++t) {
      const auto pick = t + static_cast<int>(rng.below(static_cast<std::uint32_t>(remaining.count - t)));
      std::swap(remaining.bits[static_cast<std::size_t>(t)], remaining.bits[static_cast<std::size_t>(pick)]);
      board |= remaining.bits[static_cast<std::size_t>(t)];
    }
    unsigned mask = 0;
    const int winners = counter.rank(board, mask);
    const std::int64_t share = kPotShareUnit / winners;
    for (int p = 0; p < players; ++p) {
      if ((mask >> p & 1u) == 0) continue;
      const auto i = static_cast<std::size_t>(p);
      ++(winners == 1 ? tally.wins[i] : tally.ties[i]);
      tally.share_units[i] += share;
      share_squares[i] += static_cast<double>(share * share);
    }
  }
  result.exact = false;
  result.boards = samples;
  const auto n = static_cast<double>(samples);
  for (int p = 0; p < players; ++p) {
    const auto i = static_cast<std::size_t>(p);
    PlayerEquity& out = result.players[i];
    out.win = static_cast<double>(tally.wins[i]) / n;
    out.tie = static_cast<double>(tally.ties[i]) / n;
    out.equity = static_cast<double>(tally.share_units[i]) / (n * kPotShareUnit);
    const double mean_square = share_squares[i] / (n * kPotShareUnit * kPotShareUnit);
    const double variance = std::max(0.0, mean_square - out.equity * out.equity) * n / (n - 1);
    out.std_error = std::sqrt(variance / n);
  }
  return result;
}

ComboRange ComboRange::uniform() {
  ComboRange range;
  range.weights_.fill(1.0);
  range.build_alias_table();
  return range;
}

ComboRange ComboRange::from_class_weights(const std::array<double, kHandClassCount>& weights) {
  ComboRange range;
  for (int combo = 0; combo < kHoldemComboCount; ++combo) {
    const auto cards = combo_cards(combo);
    range.weights_[static_cast<std::size_t>(combo)] =
        std::max(0.0, weights[static_cast<std::size_t>(hand_class_of(cards[0], cards[1]))]);
  }
  range.build_alias_table();
  return range;
}

void ComboRange::build_alias_table() {
  constexpr std::size_t n = kHoldemComboCount;
  total_ = 0.0;
  positive_count_ = 0;
  for (std::size_t i = 0; i < n; ++i) {
    total_ += weights_[i];
    if (weights_[i] <= 0.0) continue;
    const auto cards = combo_cards(static_cast<int>(i));
    positive_bits_[static_cast<std::size_t>(positive_count_)] = CardSet::bit_of(cards[0]) | CardSet::bit_of(cards[1]);
    positive_weights_[static_cast<std::size_t>(positive_count_)] = weights_[i];
    ++positive_count_;
  }
  if (total_ <= 0.0) return;
  // Vose's construction: scaled weights average 1; each slot below 1 is
  // topped up from one above 1.
  std::array<double, n> scaled{};
  std::array<std::size_t, n> small{}, large{};
  std::size_t small_count = 0, large_count = 0;
  for (std::size_t i = 0; i < n; ++i) {
    scaled[i] = weights_[i] * n / total_;
    (scaled[i] < 1.0 ? small[small_count++] : large[large_count++]) = i;
  }
  constexpr double kScale = 4294967296.0;  // 2^32
  while (small_count > 0 && large_count > 0) {
    const std::size_t s = small[--small_count];
    const std::size_t l = large[--large_count];
    threshold_[s] = static_cast<std::uint64_t>(scaled[s] * kScale);
    alias_[s] = static_cast<std::int16_t>(l);
    scaled[l] -= 1.0 - scaled[s];
    (scaled[l] < 1.0 ? small[small_count++] : large[large_count++]) = l;
  }
  // What is left is 1 up to rounding: the slot keeps its own combo.
  while (large_count > 0) threshold_[large[--large_count]] = static_cast<std::uint64_t>(kScale);
  while (small_count > 0) threshold_[small[--small_count]] = static_cast<std::uint64_t>(kScale);
}

namespace {

const ComboRange& uniform_range() {
  static const ComboRange range = ComboRange::uniform();
  return range;
}

const std::array<std::uint64_t, kHoldemComboCount> kComboBits = [] {
  std::array<std::uint64_t, kHoldemComboCount> bits{};
  for (int combo = 0; combo < kHoldemComboCount; ++combo) {
    const auto cards = combo_cards(combo);
    bits[static_cast<std::size_t>(combo)] = CardSet::bit_of(cards[0]) | CardSet::bit_of(cards[1]);
  }
  return bits;
}();

std::uint64_t combo_bits(int combo) { return kComboBits[static_cast<std::size_t>(combo)]; }

// One opponent, every (board, opponent hand) pair.
RangeEquity exact_vs_one(const RangeSpot& spot, const ComboRange* range) {
  const std::uint64_t known = (spot.hero | spot.board | spot.dead).bits();
  const Remaining remaining(CardSet::from_bits(known));
  const int missing = kFullBoard - spot.board.size();
  const std::uint64_t hero = spot.hero.bits();
  double weight_sum = 0.0;
  double share_sum = 0.0;
  std::int64_t trials = 0;
  if (is_holdem(spot.hole_cards)) {
    const auto enumerate = [&](const ComboRange& combos) {
      const std::span<const std::uint64_t> bits = combos.positive_bits();
      const std::span<const double> weights = combos.positive_weights();
      const std::uint64_t blocked = known & ~spot.board.bits();  // the board is part of every `board` below
      auto visit = [&](std::uint64_t board) {
        const std::uint16_t mine = rank_of_hand(2, hero, board);
        for (std::size_t i = 0; i < bits.size(); ++i) {
          if ((bits[i] & (board | blocked)) != 0) continue;
          const std::uint16_t theirs = rank_of_hand(2, bits[i], board);
          weight_sum += weights[i];
          share_sum += weights[i] * (mine > theirs ? 1.0 : (mine == theirs ? 0.5 : 0.0));
          ++trials;
        }
      };
      for_each_subset_of_size(missing, remaining.bits.data(), remaining.count, spot.board.bits(), visit);
    };
    enumerate(range != nullptr ? *range : uniform_range());
    // A range the known cards rule out entirely counts as a random hand.
    if (weight_sum <= 0.0 && range != nullptr) enumerate(uniform_range());
  } else {
    // Omaha opponents are uniformly random: every four of the cards left.
    std::array<std::uint64_t, kDeckSize> after_board{};
    auto visit = [&](std::uint64_t board) {
      const std::uint16_t mine = rank_of_hand(4, hero, board);
      int n = 0;
      for (int i = 0; i < remaining.count; ++i) {
        if ((remaining.bits[static_cast<std::size_t>(i)] & board) == 0) {
          after_board[static_cast<std::size_t>(n++)] = remaining.bits[static_cast<std::size_t>(i)];
        }
      }
      auto opponent = [&](std::uint64_t hand) {
        const std::uint16_t theirs = rank_of_hand(4, hand, board);
        weight_sum += 1.0;
        share_sum += mine > theirs ? 1.0 : (mine == theirs ? 0.5 : 0.0);
        ++trials;
      };
      for_each_subset<4>(after_board.data(), n, 0, 0, opponent);
    };
    for_each_subset_of_size(missing, remaining.bits.data(), remaining.count, spot.board.bits(), visit);
  }
  RangeEquity result;
  result.exact = true;
  result.trials = trials;
  result.equity = weight_sum > 0.0 ? share_sum / weight_sum : 0.0;
  return result;
}

}  // namespace

RangeEquity equity_vs_ranges(const RangeSpot& spot, CounterRng& rng, int samples, std::int64_t max_exact_evaluations) {
  const CardSet known = spot.hero | spot.board | spot.dead;
  const int missing = kFullBoard - spot.board.size();
  const int opponents = static_cast<int>(spot.opponents.size());
  const int left = kDeckSize - known.size();
  if (opponents == 1) {
    const std::int64_t cost = choose(left, missing) * choose(left - missing, spot.hole_cards);
    if (cost <= max_exact_evaluations) return exact_vs_one(spot, spot.opponents[0]);
  }

  std::array<const ComboRange*, kMaxEquityPlayers> ranges{};
  for (int o = 0; o < opponents && o < kMaxEquityPlayers - 1; ++o) {
    ranges[static_cast<std::size_t>(o)] =
        is_holdem(spot.hole_cards) ? spot.opponents[static_cast<std::size_t>(o)] : nullptr;
  }
  // A range every combo of which clashes with the known cards is dealt as a
  // random hand instead: the known cards prove the range wrong. Checked only
  // when a draw keeps failing, which a sensible range never does.
  const auto range_is_dead = [&known](const ComboRange& range) {
    for (int combo = 0; combo < kHoldemComboCount; ++combo) {
      if ((combo_bits(combo) & known.bits()) == 0 && range.weight(combo) > 0.0) return false;
    }
    return true;
  };

  const int n = std::max(samples, 2);
  // Shares in integer units: a floating division per sample would be the
  // loop's longest instruction.
  static constexpr std::array<std::int64_t, kMaxEquityPlayers + 1> kUnitsOfTie = [] {
    std::array<std::int64_t, kMaxEquityPlayers + 1> units{};
    for (int k = 1; k <= kMaxEquityPlayers; ++k) units[static_cast<std::size_t>(k)] = kPotShareUnit / k;
    return units;
  }();
  std::int64_t share_sum = 0;
  std::int64_t share_square_sum = 0;
  std::array<std::uint64_t, kMaxEquityPlayers> hands{};
  std::array<std::uint16_t, 64> river_rank{};  // by CardSet bit; 0 = not evaluated yet
  std::uint64_t spare = 0;
  bool has_spare = false;
  for (int s = 0; s < n; ++s) {
    std::uint64_t used = known.bits();
    // Two cards per random word, each from 32 bits by multiply-and-shift
    // (its bias, 52 / 2^32, is far below anything a sample can show).
    const auto draw_card = [&rng, &used, &spare, &has_spare] {
      for (;;) {
        std::uint32_t bits32 = 0;
        if (has_spare) {
          bits32 = static_cast<std::uint32_t>(spare);
        } else {
          spare = rng.next();
          bits32 = static_cast<std::uint32_t>(spare >> 32);
        }
        has_spare = !has_spare;
        const auto card = static_cast<Card>((std::uint64_t{bits32} * kDeckSize) >> 32);
        const std::uint64_t bit = CardSet::bit_of(card);
        if ((used & bit) == 0) {
          used |= bit;
          return bit;
        }
      }
    };
    for (int o = 0; o < opponents; ++o) {
      const ComboRange*& range = ranges[static_cast<std::size_t>(o)];
      std::uint64_t hand = 0;
      // Rejection keeps the draw exactly proportional to the weights of the
      // combos still possible; the cap only guards against a range that the
      // known or earlier opponents' cards have emptied.
      for (int attempt = 0; range != nullptr && attempt < 1000 && hand == 0; ++attempt) {
        const std::uint64_t b = combo_bits(range->sample(rng));
        if ((b & used) == 0) hand = b;
        if (attempt == 63 && hand == 0 && range_is_dead(*range)) range = nullptr;
      }
      if (hand != 0) {
        used |= hand;
      } else {
        for (int c = 0; c < spot.hole_cards; ++c) hand |= draw_card();
      }
      hands[static_cast<std::size_t>(o)] = hand;
    }
    std::uint64_t board = spot.board.bits();
    std::uint16_t mine = 0;
    if (missing == 1) {
      // One card to come: the hero's hand depends on it alone, so each of
      // the 40-odd river cards is evaluated once, not once per sample.
      const std::uint64_t river = draw_card();
      board |= river;
      std::uint16_t& cached = river_rank[static_cast<std::size_t>(std::countr_zero(river))];
      if (cached == 0) cached = rank_of_hand(spot.hole_cards, spot.hero.bits(), board);
      mine = cached;
    } else {
      for (int c = 0; c < missing; ++c) board |= draw_card();
      mine = rank_of_hand(spot.hole_cards, spot.hero.bits(), board);
    }
    // No early exit on a loss: independent lookups overlap in the memory
    // system, which is worth more than the evaluations a break would save.
    int ties = 1;
    bool lost = false;
    for (int o = 0; o < opponents && !lost; ++o) {
      const std::uint16_t theirs = rank_of_hand(spot.hole_cards, hands[static_cast<std::size_t>(o)], board);
      lost = theirs > mine;
      ties += theirs == mine;
    }
    const std::int64_t share = lost ? 0 : kUnitsOfTie[static_cast<std::size_t>(ties)];
    share_sum += share;
    share_square_sum += share * share;
  }
  RangeEquity result;
  result.trials = n;
  result.equity = static_cast<double>(share_sum) / (static_cast<double>(n) * kPotShareUnit);
  const double mean_square =
      static_cast<double>(share_square_sum) / (static_cast<double>(n) * kPotShareUnit * kPotShareUnit);
  const double variance = std::max(0.0, mean_square - result.equity * result.equity) * n / (n - 1);
  result.std_error = std::sqrt(variance / n);
  return result;
}

}  // namespace sngsim
