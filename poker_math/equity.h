#pragma once
// All-in equity: the share of the pot each hand wins on average over the
// board cards still to come, ties counted as fractional shares (a k-way tie
// gives each of the k hands 1/k of that board).
//
// Two questions are answered:
//  - known hands against each other (`calculate_equity`): exact enumeration
//    of every remaining board when that is cheap enough, Monte Carlo with a
//    seeded CounterRng and a standard error otherwise;
//  - one known hand against opponents' *ranges* (`equity_vs_ranges`): what
//    the bots need, exact against one opponent when cheap (e.g. on the
//    river), Monte Carlo otherwise.
//
// Hold'em hands have 2 cards, Omaha hands 4 (exactly two of them used,
// R16). Boards have 0, 3, 4 or 5 cards. Nothing here allocates inside its
// loops; a call allocates at most its result.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/card.h"
#include "engine/rng.h"
#include "poker_math/hand_classes.h"

namespace sngsim {

inline constexpr int kMaxEquityPlayers = 10;
// Pot shares are counted in units of 1/kPotShareUnit of a pot, so that every
// k-way tie (k <= 10) is a whole number of units and exact tallies stay
// integers.
inline constexpr std::int64_t kPotShareUnit = 2520;

// Known cards of one all-in showdown.
struct EquitySpot {
  int hole_cards = 2;          // 2 hold'em, 4 Omaha
  std::vector<CardSet> hands;  // each player's hole cards, 2..kMaxEquityPlayers of them
  CardSet board;               // 0, 3, 4 or 5 cards
  CardSet dead;                // cards out of play (burnt, folded, seen)
};

// Why the spot cannot be evaluated (wrong card counts, a card used twice,
// too few players), or nullopt when it can.
std::optional<std::string> check_equity_spot(const EquitySpot& spot);

enum class EquityMethod : std::uint8_t {
  kAuto,  // exact when boards x players <= max_exact_evaluations
  kExact,
  kMonteCarlo,
};

struct EquityOptions {
  EquityMethod method = EquityMethod::kAuto;
  // kAuto's budget, in hand evaluations (boards x players). Five million take
  // a few tens of milliseconds for hold'em and every preflop hold'em spot up
  // to six players fits.
  std::int64_t max_exact_evaluations = 5'000'000;
  std::int64_t samples = 1'000'000;  // Monte Carlo boards
  std::uint64_t seed = 1;            // Monte Carlo stream: same seed, same result
};

struct PlayerEquity {
  double win = 0.0;        // fraction of boards won alone
  double tie = 0.0;        // fraction of boards tied for the best hand
  double equity = 0.0;     // share of the pot: win + each tie's 1/k
  double std_error = 0.0;  // of `equity`; 0 when exact
};

struct EquityResult {
  std::vector<PlayerEquity> players;  // in the order of EquitySpot::hands
  bool exact = false;
  std::int64_t boards = 0;  // boards enumerated or sampled
};

// Integer counts of an exact enumeration, for callers that need the exact
// rational equity (the preflop table generator).
struct ShowdownTally {
  std::int64_t boards = 0;
  std::array<std::int64_t, kMaxEquityPlayers> wins{};
  std::array<std::int64_t, kMaxEquityPlayers> ties{};
  std::array<std::int64_t, kMaxEquityPlayers> share_units{};  // pots won, in 1/kPotShareUnit
};

// How many distinct completions of the board the spot has.
std::int64_t exact_board_count(const EquitySpot& spot);

// Every completion of the board. Precondition: check_equity_spot(spot) is nullopt.
ShowdownTally enumerate_showdowns(const EquitySpot& spot);

// Precondition: check_equity_spot(spot) is nullopt.
EquityResult calculate_equity(const EquitySpot& spot, const EquityOptions& options = {});

// A weighted set of hold'em hole-card combos (weights >= 0, any scale).
class ComboRange {
 public:
  // Every combo with weight 1: a uniformly random hand.
  static ComboRange uniform();
  // Each combo weighted by its class's weight.
  static ComboRange from_class_weights(const std::array<double, kHandClassCount>& weights);

  double weight(int combo) const { return weights_[static_cast<std::size_t>(combo)]; }
  // The combos with a positive weight, as CardSet bits, and their weights:
  // what an enumeration over the range walks.
  std::span<const std::uint64_t> positive_bits() const {
    return {positive_bits_.data(), static_cast<std::size_t>(positive_count_)};
  }
  std::span<const double> positive_weights() const {
    return {positive_weights_.data(), static_cast<std::size_t>(positive_count_)};
  }
  // A combo drawn with probability proportional to its weight, in constant
  // time (Walker's alias method). Precondition: some weight is positive.
  int sample(CounterRng& rng) const {
    const std::uint64_t r = rng.next();
    // The high 32 bits pick a slot, the low 32 the coin within it.
    const auto slot = static_cast<std::size_t>(((r >> 32) * kHoldemComboCount) >> 32);
    const auto coin = static_cast<std::uint32_t>(r);
    return coin < threshold_[slot] ? static_cast<int>(slot) : alias_[slot];
  }

 private:
  ComboRange() = default;
  void build_alias_table();

  std::array<double, kHoldemComboCount> weights_{};
  double total_ = 0.0;
  std::array<std::uint64_t, kHoldemComboCount> positive_bits_{};
  std::array<double, kHoldemComboCount> positive_weights_{};
  int positive_count_ = 0;
  // Slot s keeps its own combo when the coin is below threshold_[s]
  // (a probability scaled to 2^32), else gives alias_[s].
  std::array<std::uint64_t, kHoldemComboCount> threshold_{};
  std::array<std::int16_t, kHoldemComboCount> alias_{};
};

// One known hand against opponents whose hands are drawn from ranges.
struct RangeSpot {
  int hole_cards = 2;
  CardSet hero;
  CardSet board;  // 0, 3, 4 or 5 cards
  CardSet dead;
  // One entry per opponent; nullptr is a uniformly random hand (the only
  // choice for Omaha).
  std::span<const ComboRange* const> opponents;
};

struct RangeEquity {
  double equity = 0.0;  // the hero's share of the pot
  double std_error = 0.0;
  bool exact = false;
  std::int64_t trials = 0;  // (opponent hand, board) pairs enumerated, or samples
};

// The hero's equity. Exact when there is one opponent and boards x opponent
// hands <= max_exact_evaluations, otherwise `samples` Monte Carlo deals from
// `rng` (opponent hands drawn from their ranges without clashing with any
// known or already drawn card). A range with no combo left after card
// removal counts as a uniformly random hand.
RangeEquity equity_vs_ranges(const RangeSpot& spot, CounterRng& rng, int samples, std::int64_t max_exact_evaluations);

}  // namespace sngsim
