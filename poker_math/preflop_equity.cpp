#include "poker_math/preflop_equity.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <stdexcept>

namespace sngsim {

namespace {

// The data file is a C++ raw string literal so that #include compiles it in
// as it stands; as a file it reads as a plain table between the two
// delimiter lines.
constexpr std::string_view kOpenDelimiter = "R\"table(";
constexpr std::string_view kCloseDelimiter = ")table\"";

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverlength-strings"
// An array, not a string_view: measuring half a megabyte in a constant
// expression exceeds the compiler's constexpr loop limit.
constexpr char kEmbeddedText[] =
#include "poker_math/data/preflop_equity.txt"
    ;
#pragma GCC diagnostic pop
constexpr std::string_view kEmbeddedTable(kEmbeddedText, sizeof kEmbeddedText - 1);

// Boards for two known hold'em hands: C(48, 5).
constexpr std::int64_t kHeadsUpBoards = 1'712'304;

std::string_view next_token(std::string_view& line) {
  const auto start = line.find_first_not_of(" \t\r");
  if (start == std::string_view::npos) {
    line = {};
    return {};
  }
  line.remove_prefix(start);
  const auto end = std::min(line.find_first_of(" \t\r"), line.size());
  const std::string_view token = line.substr(0, end);
  line.remove_prefix(end);
  return token;
}

template <typename T>
bool parse_number(std::string_view token, T& value) {
  const auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
  return ec == std::errc() && ptr == token.data() + token.size();
}

}  // namespace

PreflopEquityTable PreflopEquityTable::parse(std::string_view text) {
  if (text.starts_with(kOpenDelimiter)) text.remove_prefix(kOpenDelimiter.size());
  if (const auto close = text.rfind(kCloseDelimiter); close != std::string_view::npos) text = text.substr(0, close);

  PreflopEquityTable table;
  std::vector<bool> seen(kHandClassCount * kHandClassCount, false);
  int line_number = 0;
  while (!text.empty()) {
    const auto end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    ++line_number;
    const auto fail = [line_number](const std::string& why) {
      return std::runtime_error("preflop equity table line " + std::to_string(line_number) + ": " + why);
    };
    const std::string_view first = next_token(line);
    if (first.empty() || first.front() == '#') continue;
    const auto hero = parse_hand_class(first);
    const auto villain = parse_hand_class(next_token(line));
    if (!hero || !villain) throw fail("expected two hand classes");
    double equity = 0.0;
    int pairs = 0;
    std::int64_t half_pots = 0;
    if (!parse_number(next_token(line), equity) || !parse_number(next_token(line), pairs) ||
        !parse_number(next_token(line), half_pots) || !next_token(line).empty()) {
      throw fail("expected: hero villain equity combo_pairs half_pots_won");
    }
    if (pairs != hand_class_combo_count(*hero) * compatible_combo_count(*hero, *villain)) {
      throw fail("wrong combo pair count for " + hand_class_name(*hero) + " vs " + hand_class_name(*villain));
    }
    // The integer count is exact; the decimal is for people.
    const double exact = static_cast<double>(half_pots) / (2.0 * static_cast<double>(kHeadsUpBoards) * pairs);
    if (std::abs(exact - equity) > 1e-9) throw fail("equity does not match half_pots_won");
    table.equity_[index(*hero, *villain)] = exact;
    table.equity_[index(*villain, *hero)] = 1.0 - exact;
    table.pairs_[index(*hero, *villain)] = pairs;
    table.pairs_[index(*villain, *hero)] = pairs;
    seen[index(*hero, *villain)] = true;
    seen[index(*villain, *hero)] = true;
  }
  for (int i = 0; i < kHandClassCount; ++i) {
    for (int j = 0; j < kHandClassCount; ++j) {
      if (!seen[index(i, j)]) {
        throw std::runtime_error("preflop equity table: no entry for " + hand_class_name(i) + " vs " +
                                 hand_class_name(j) +
                                 " (regenerate it: sngsim preflop-table --write poker_math/data/preflop_equity.txt)");
      }
    }
  }
  for (std::size_t k = 0; k < table.equity_.size(); ++k) {
    table.pair_weight_[k] = table.pairs_[k];
    table.won_weight_[k] = table.pairs_[k] * table.equity_[k];
  }
  ClassWeights everything;
  everything.fill(1.0);
  for (int i = 0; i < kHandClassCount; ++i) {
    table.vs_random_[static_cast<std::size_t>(i)] = table.equity_vs_range(i, everything);
  }
  std::iota(table.strength_order_.begin(), table.strength_order_.end(), 0);
  std::stable_sort(table.strength_order_.begin(), table.strength_order_.end(), [&table](int a, int b) {
    return table.vs_random_[static_cast<std::size_t>(a)] > table.vs_random_[static_cast<std::size_t>(b)];
  });
  return table;
}

double PreflopEquityTable::equity_vs_range(int hero, const ClassWeights& weights) const {
  double weight_sum = 0.0;
  double equity_sum = 0.0;
  const double* pairs = &pair_weight_[index(hero, 0)];
  const double* won = &won_weight_[index(hero, 0)];
  for (std::size_t j = 0; j < kHandClassCount; ++j) {
    weight_sum += weights[j] * pairs[j];
    equity_sum += weights[j] * won[j];
  }
  return weight_sum > 0.0 ? equity_sum / weight_sum : 0.5;
}

ClassWeights PreflopEquityTable::equities_vs_range(const ClassWeights& weights) const {
  ClassWeights result{};
  for (int hero = 0; hero < kHandClassCount; ++hero)
    result[static_cast<std::size_t>(hero)] = equity_vs_range(hero, weights);
  return result;
}

const PreflopEquityTable& preflop_equity_table() {
  static const PreflopEquityTable table = PreflopEquityTable::parse(kEmbeddedTable);
  return table;
}

ClassWeights top_fraction_weights(double fraction) {
  const auto& order = preflop_equity_table().strength_order();
  ClassWeights weights{};
  double room = std::clamp(fraction, 0.0, 1.0) * kHoldemComboCount;
  for (const int c : order) {
    if (room <= 0.0) break;
    const double combos = hand_class_combo_count(c);
    weights[static_cast<std::size_t>(c)] = std::min(1.0, room / combos);
    room -= combos;
  }
  return weights;
}

namespace {

using SuitPermutation = std::array<int, kSuits>;

std::vector<SuitPermutation> suit_permutations() {
  std::vector<SuitPermutation> permutations;
  SuitPermutation p = {0, 1, 2, 3};
  do permutations.push_back(p);
  while (std::next_permutation(p.begin(), p.end()));
  return permutations;
}

// A matchup's cards under one renaming of suits, each hand's cards in
// descending order, packed into one comparable number.
std::uint32_t matchup_key(const std::array<Card, 2>& hero, const std::array<Card, 2>& villain,
                          const SuitPermutation& p) {
  const auto rename = [&p](Card card) { return make_card(rank_of(card), p[static_cast<std::size_t>(suit_of(card))]); };
  const auto pack = [&rename](const std::array<Card, 2>& hand) {
    const Card a = rename(hand[0]);
    const Card b = rename(hand[1]);
    return (static_cast<std::uint32_t>(std::max(a, b)) << 6) | std::min(a, b);
  };
  return pack(hero) << 12 | pack(villain);
}

CardSet unpack(std::uint32_t packed_hand) {
  CardSet set;
  set.add(static_cast<Card>(packed_hand >> 6 & 63));
  set.add(static_cast<Card>(packed_hand & 63));
  return set;
}

}  // namespace

std::vector<PreflopMatchup> preflop_matchups() {
  const std::vector<SuitPermutation> permutations = suit_permutations();
  std::vector<PreflopMatchup> matchups;
  for (int i = 0; i < kHandClassCount; ++i) {
    const ClassCombos hero_combos = hand_class_combos(i);
    for (int j = i + 1; j < kHandClassCount; ++j) {
      const ClassCombos villain_combos = hand_class_combos(j);
      std::vector<std::pair<std::uint32_t, int>> found;  // canonical key, multiplicity
      for (int a = 0; a < hero_combos.count; ++a) {
        const auto& hero = hero_combos.cards[static_cast<std::size_t>(a)];
        for (int b = 0; b < villain_combos.count; ++b) {
          const auto& villain = villain_combos.cards[static_cast<std::size_t>(b)];
          if (hero[0] == villain[0] || hero[0] == villain[1] || hero[1] == villain[0] || hero[1] == villain[1])
            continue;
          std::uint32_t key = UINT32_MAX;
          for (const auto& p : permutations) key = std::min(key, matchup_key(hero, villain, p));
          const auto it = std::find_if(found.begin(), found.end(), [key](const auto& f) { return f.first == key; });
          if (it == found.end()) {
            found.emplace_back(key, 1);
          } else {
            ++it->second;
          }
        }
      }
      std::sort(found.begin(), found.end());
      for (const auto& [key, multiplicity] : found) {
        matchups.push_back({unpack(key >> 12), unpack(key & 0xFFF), i, j, multiplicity});
      }
    }
  }
  return matchups;
}

std::string format_preflop_equity_table(const std::vector<PreflopMatchup>& matchups,
                                        const std::vector<ShowdownTally>& tallies,
                                        const std::vector<std::string>& header) {
  // Half pots won by the hero, per class pair: 2 per board won, 1 per tie.
  std::vector<std::int64_t> half_pots(kHandClassCount * kHandClassCount, 0);
  for (std::size_t k = 0; k < matchups.size(); ++k) {
    const PreflopMatchup& m = matchups[k];
    const ShowdownTally& t = tallies[k];
    if (t.boards != kHeadsUpBoards) throw std::logic_error("preflop matchup tally is not a full enumeration");
    half_pots[static_cast<std::size_t>(m.hero_class * kHandClassCount + m.villain_class)] +=
        m.multiplicity * (2 * t.wins[0] + t.ties[0]);
  }
  std::string text(kOpenDelimiter);
  for (const std::string& line : header) text += "# " + line + "\n";
  text +=
      "# One line per class pair, hero <= villain in chart order (the villain's equity is 1 - equity):\n"
      "#   hero villain equity combo_pairs half_pots_won\n"
      "# equity = half_pots_won / (2 * 1712304 * combo_pairs): the hero's share of the pot, exact,\n"
      "# averaged over every pair of hole-card combos sharing no card (combo_pairs of them) and all\n"
      "# 1,712,304 boards of each; a tie is half a pot. A class against itself is 1/2 by symmetry.\n";
  char buffer[96];
  for (int i = 0; i < kHandClassCount; ++i) {
    for (int j = i; j < kHandClassCount; ++j) {
      const int pairs = hand_class_combo_count(i) * compatible_combo_count(i, j);
      const std::int64_t won =
          i == j ? kHeadsUpBoards * pairs : half_pots[static_cast<std::size_t>(i * kHandClassCount + j)];
      const double equity = static_cast<double>(won) / (2.0 * static_cast<double>(kHeadsUpBoards) * pairs);
      std::snprintf(buffer, sizeof buffer, "%s %s %.10f %d %lld\n", hand_class_name(i).c_str(),
                    hand_class_name(j).c_str(), equity, pairs, static_cast<long long>(won));
      text += buffer;
    }
  }
  text += kCloseDelimiter;
  text += "\n";
  return text;
}

}  // namespace sngsim
