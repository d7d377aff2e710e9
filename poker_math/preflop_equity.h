#pragma once
// Exact heads-up preflop all-in equity between the 169 starting-hand classes.
//
// equity(i, j) is class i's share of the pot against class j, averaged over
// every pair of hole-card combos (one of class i, one of class j, sharing no
// card) and, for each pair, over all 1,712,304 boards; ties are half a pot.
// combo_pairs(i, j) is how many such combo pairs there are, the weight a
// range puts on class j when the hero holds class i (card removal).
//
// The numbers come from poker_math/data/preflop_equity.txt, generated once by
// `sngsim preflop-table --write poker_math/data/preflop_equity.txt` (which
// uses preflop_matchups() and format_preflop_equity_table() below) and
// compiled into the binary, so a bot never depends on the working directory.

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "poker_math/equity.h"
#include "poker_math/hand_classes.h"

namespace sngsim {

// Class weights in [0, 1], one per class: the share of the class's combos in
// a range.
using ClassWeights = std::array<double, kHandClassCount>;

class PreflopEquityTable {
 public:
  // Parses the text format written by format_preflop_equity_table. Throws
  // std::runtime_error naming the line on any malformed or missing entry.
  static PreflopEquityTable parse(std::string_view text);

  double equity(int hero, int villain) const { return equity_[index(hero, villain)]; }
  int combo_pairs(int hero, int villain) const { return pairs_[index(hero, villain)]; }

  // The hero class's equity against a range: each class weighted by its
  // weight times its combos compatible with the hero's cards. 0.5 for an
  // empty range.
  double equity_vs_range(int hero, const ClassWeights& weights) const;
  // equity_vs_range for every hero class at once.
  ClassWeights equities_vs_range(const ClassWeights& weights) const;
  // Against a uniformly random hand.
  double equity_vs_random(int hero) const { return vs_random_[static_cast<std::size_t>(hero)]; }
  // Every class, strongest first by equity_vs_random (ties by index).
  const std::array<int, kHandClassCount>& strength_order() const { return strength_order_; }

 private:
  static std::size_t index(int hero, int villain) {
    return static_cast<std::size_t>(hero) * kHandClassCount + static_cast<std::size_t>(villain);
  }

  std::vector<double> equity_ = std::vector<double>(kHandClassCount * kHandClassCount, 0.0);
  std::vector<int> pairs_ = std::vector<int>(kHandClassCount * kHandClassCount, 0);
  // pairs_ as doubles, and pairs_ x equity_: range equities are two dot
  // products per class, in loops the compiler vectorises.
  std::vector<double> pair_weight_ = std::vector<double>(kHandClassCount * kHandClassCount, 0.0);
  std::vector<double> won_weight_ = std::vector<double>(kHandClassCount * kHandClassCount, 0.0);
  std::array<double, kHandClassCount> vs_random_{};
  std::array<int, kHandClassCount> strength_order_{};
};

// The embedded table, parsed on first use (thread-safe). Throws
// std::runtime_error if the binary was built without the generated data.
const PreflopEquityTable& preflop_equity_table();

// The strongest `fraction` (0..1) of all 1,326 combos by strength_order():
// whole classes, and a partial weight on the class at the boundary so the
// range holds exactly fraction * 1,326 combos.
ClassWeights top_fraction_weights(double fraction);

// --- Generation -------------------------------------------------------------

// One heads-up matchup of two different classes, up to renaming suits: the
// canonical cards and how many combo pairs of the class pair it stands for.
struct PreflopMatchup {
  CardSet hero;
  CardSet villain;
  int hero_class = 0;  // hero_class < villain_class
  int villain_class = 0;
  int multiplicity = 0;
};

// Every distinct matchup of every class pair i < j (about 47,000, a
// twentieth of the 812,175 unordered pairs of disjoint combos). The diagonal
// needs none: a class against itself has equity 1/2 by symmetry.
std::vector<PreflopMatchup> preflop_matchups();

// The table's text from each matchup's exact tally (tallies[k] belongs to
// matchups[k], hero first). `header` lines are written as comments.
std::string format_preflop_equity_table(const std::vector<PreflopMatchup>& matchups,
                                        const std::vector<ShowdownTally>& tallies,
                                        const std::vector<std::string>& header);

}  // namespace sngsim
