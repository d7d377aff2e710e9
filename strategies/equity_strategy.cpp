#include "strategies/equity_strategy.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <map>
#include <mutex>
#include <stdexcept>

#include "engine/game_definition.h"
#include "strategies/bet_sizing.h"
#include "poker_math/equity.h"
#include "poker_math/icm.h"
#include "poker_math/preflop_equity.h"

namespace sngsim {

namespace {

// Each raise already made this street asks this much more equity before
// raising again, so two strong hands do not raise each other forever.
constexpr double kReraiseStep = 0.08;
// Exact enumeration only when it costs at most this many evaluations: the
// river against one hold'em opponent (990 hands), never a whole turn.
constexpr std::int64_t kExactBudget = 2'000;
// Monte Carlo samples taken before asking whether the decision is clear.
constexpr int kFirstStage = 50;

struct Settings {
  int samples = 200;
  double raise_range = 0.2;
  double call_range = 0.5;
  double value_equity = 0.62;
  double bet_size = 0.75;
  double call_margin = 0.0;
  double shove_bb = 10.0;
  bool icm = true;
  std::vector<double> payouts;
};

std::vector<double> parse_payouts(const std::string& text) {
  std::vector<double> payouts;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    std::string item = text.substr(start, end - start);
    item.erase(0, item.find_first_not_of(' '));
    item.erase(item.find_last_not_of(' ') + 1);
    double value = 0.0;
    const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (item.empty() || ec != std::errc() || ptr != item.data() + item.size() || !(value >= 0.0)) {
      throw std::invalid_argument(
          "payouts must be prizes of places 1, 2, ... separated by commas, e.g. \"65,35\"; got \"" + text + "\"");
    }
    payouts.push_back(value);
    start = end + 1;
  }
  return payouts;
}

// The strongest `fraction` of hands as class weights and as combos, shared
// by every instance with the same fraction (built once per process).
struct TopRange {
  ClassWeights classes;
  ComboRange combos;
};

const TopRange& top_range(double fraction) {
  static std::mutex mutex;
  static std::map<double, std::unique_ptr<TopRange>> ranges;
  const std::lock_guard lock(mutex);
  auto& slot = ranges[fraction];
  if (!slot) {
    const ClassWeights classes = top_fraction_weights(fraction);
    slot = std::make_unique<TopRange>(TopRange{classes, ComboRange::from_class_weights(classes)});
  }
  return *slot;
}

enum class Read : std::uint8_t { kRandom, kCaller, kRaiser };

using Chips6 = std::array<double, kMaxPlayers>;

class EquityStrategy final : public Strategy {
 public:
  EquityStrategy(const Settings& settings, const StrategyContext& context)
      : s_(settings),
        rng_(context.rng_key),
        raisers_(&top_range(s_.raise_range)),
        callers_(&top_range(s_.call_range)) {}

  Action decide(const Observation& obs) override {
    const LegalActions& legal = obs.legal;
    const int opponents = live_opponents(obs);
    if (opponents == 0) return Action::check_call();
    const bool icm = s_.icm && obs.num_players <= static_cast<int>(s_.payouts.size()) + 1;
    const Chips to_call = legal.call_amount;
    const auto me = static_cast<std::size_t>(obs.player);
    int raises = 0;
    for (const Event& event : obs.history) raises += event.street == obs.street && event.type == EventType::kBetRaise;
    const double value_threshold = s_.value_equity + kReraiseStep * raises;
    const double pot_odds = static_cast<double>(to_call) / static_cast<double>(obs.pot + to_call);

    // The equities where the decision changes: raising (h >= threshold is
    // E >= t / (n - (n - 1) t)) and calling. Short-stack shoves and all-in
    // decisions under ICM use the equity in utilities rather than against
    // thresholds: full precision.
    std::array<double, 2> thresholds{};
    std::size_t threshold_count = 0;
    if (legal.can_raise)
      thresholds[threshold_count++] = value_threshold / (opponents - (opponents - 1) * value_threshold);
    if (to_call > 0) thresholds[threshold_count++] = pot_odds + s_.call_margin;
    const bool all_in_spot =
        call_is_all_in(obs) || (legal.can_raise && raise_size(obs) >= obs.stacks[me] + obs.bets[me]);
    const bool shove_spot = obs.street == Street::kPreflop && obs.rules.betting == BettingStructure::kNoLimit &&
                            legal.can_raise && effective_bb(obs) <= s_.shove_bb;
    const bool precise = shove_spot || (icm && all_in_spot);
    const double e = equity(obs, std::span<const double>(thresholds.data(), threshold_count), precise);
    const double heads_up = opponents * e / (1.0 - e + opponents * e);

    if (shove_spot) {
      const double stay = to_call > 0 ? utility(obs, icm, fold_outcome(obs)) : utility(obs, icm, check_outcome(obs, e));
      if (shove_value(obs, icm, heads_up) > stay) return Action::raise_to(legal.max_raise_to);
      if (to_call > 0 && !call_is_all_in(obs)) {
        // Too short to call and play on: shoving was not worth it, so fold.
        return Action::fold();
      }
    }

    if (legal.can_raise && heads_up >= value_threshold) {
      const Chips to = raise_size(obs);
      const bool all_in = to >= obs.stacks[me] + obs.bets[me];
      if (!all_in || !icm) return Action::raise_to(to);
      if (shove_value(obs, icm, heads_up) >
          utility(obs, icm, to_call > 0 ? fold_outcome(obs) : check_outcome(obs, e))) {
        return Action::raise_to(to);
      }
    }
    if (to_call == 0) return Action::check_call();
    if (icm && call_is_all_in(obs)) {
      return call_value(obs, icm, e) > utility(obs, icm, fold_outcome(obs)) ? Action::check_call() : Action::fold();
    }
    return e >= pot_odds + s_.call_margin ? Action::check_call() : Action::fold();
  }

 private:
  static std::size_t at(int player) { return static_cast<std::size_t>(player); }
  static Chips start_stack(const Observation& obs, int p) { return obs.stacks[at(p)] + obs.committed[at(p)]; }

  static int live_opponents(const Observation& obs) {
    int count = 0;
    for (int p = 0; p < obs.num_players; ++p) count += p != obs.player && !obs.folded[at(p)];
    return count;
  }

  static double effective_bb(const Observation& obs) {
    Chips largest = 0;
    for (int p = 0; p < obs.num_players; ++p) {
      if (p != obs.player && !obs.folded[at(p)]) largest = std::max(largest, start_stack(obs, p));
    }
    return static_cast<double>(std::min(start_stack(obs, obs.player), largest)) /
           static_cast<double>(std::max<Chips>(1, obs.min_bet));
  }

  // The opponent whose bet is being faced: the live one with the most chips in.
  static int aggressor(const Observation& obs) {
    int best = -1;
    for (int p = 0; p < obs.num_players; ++p) {
      if (p == obs.player || obs.folded[at(p)]) continue;
      if (best < 0 || obs.committed[at(p)] > obs.committed[at(best)]) best = p;
    }
    return best;
  }

  static bool call_is_all_in(const Observation& obs) {
    const int a = aggressor(obs);
    return obs.legal.call_amount >= obs.stacks[at(obs.player)] || (a >= 0 && obs.stacks[at(a)] == 0);
  }

  Chips raise_size(const Observation& obs) const {
    if (obs.rules.betting == BettingStructure::kFixedLimit) return obs.legal.min_raise_to;
    return pot_fraction_raise_to(obs, s_.bet_size);
  }

  // --- Outcomes: every player's chips afterwards --------------------------

  static Chips6 behind(const Observation& obs) {
    Chips6 chips{};
    for (int p = 0; p < obs.num_players; ++p) chips[at(p)] = static_cast<double>(obs.stacks[at(p)]);
    return chips;
  }

  // Folding hands the pot to the player being faced.
  static Chips6 fold_outcome(const Observation& obs) {
    Chips6 chips = behind(obs);
    const int a = aggressor(obs);
    if (a >= 0) chips[at(a)] += static_cast<double>(obs.pot);
    return chips;
  }

  // Checking keeps the hand going: credit the pot by equity.
  static Chips6 check_outcome(const Observation& obs, double e) {
    Chips6 chips = behind(obs);
    const int opponents = live_opponents(obs);
    const auto pot = static_cast<double>(obs.pot);
    chips[at(obs.player)] += e * pot;
    for (int p = 0; p < obs.num_players; ++p) {
      if (p != obs.player && !obs.folded[at(p)]) chips[at(p)] += (1.0 - e) * pot / opponents;
    }
    return chips;
  }

  // Me against `rival` for both our stacks; the others' chips in the pot go
  // to the winner.
  static void showdown_outcomes(const Observation& obs, int rival, Chips6& win, Chips6& lose) {
    const auto mine = static_cast<double>(start_stack(obs, obs.player));
    const auto theirs = static_cast<double>(start_stack(obs, rival));
    const double at_risk = std::min(mine, theirs);
    double dead = 0.0;
    for (int p = 0; p < obs.num_players; ++p) {
      if (p != obs.player && p != rival) dead += static_cast<double>(obs.committed[at(p)]);
    }
    win = behind(obs);
    lose = win;
    win[at(obs.player)] = mine + at_risk + dead;
    win[at(rival)] = theirs - at_risk;
    lose[at(obs.player)] = mine - at_risk;
    lose[at(rival)] = theirs + at_risk + dead;
  }

  double utility(const Observation& obs, bool icm, const Chips6& chips) const {
    if (!icm) return chips[at(obs.player)];
    return icm_equity(std::span<const double>(chips.data(), at(obs.num_players)), s_.payouts)[at(obs.player)];
  }

  double call_value(const Observation& obs, bool icm, double e) const {
    Chips6 win{}, lose{};
    showdown_outcomes(obs, aggressor(obs), win, lose);
    return e * utility(obs, icm, win) + (1.0 - e) * utility(obs, icm, lose);
  }

  // Everybody who can call does so with the strongest raise_range of hands;
  // when called, the biggest such stack is the one to beat.
  double shove_value(const Observation& obs, bool icm, double heads_up) const {
    int callers = 0;
    int rival = -1;
    for (int p = 0; p < obs.num_players; ++p) {
      if (p == obs.player || obs.folded[at(p)] || obs.stacks[at(p)] == 0) continue;
      ++callers;
      if (rival < 0 || start_stack(obs, p) > start_stack(obs, rival)) rival = p;
    }
    Chips6 all_fold = behind(obs);
    all_fold[at(obs.player)] += static_cast<double>(obs.pot);
    if (callers == 0) return utility(obs, icm, all_fold);
    const double folds = std::pow(1.0 - s_.raise_range, callers);
    double e = heads_up;
    if (is_holdem(obs.rules.hole_cards)) {
      e = preflop_equity_table().equity_vs_range(hand_class_of(obs.hole[0], obs.hole[1]), raisers_->classes);
    }
    Chips6 win{}, lose{};
    showdown_outcomes(obs, rival, win, lose);
    return folds * utility(obs, icm, all_fold) +
           (1.0 - folds) * (e * utility(obs, icm, win) + (1.0 - e) * utility(obs, icm, lose));
  }

  // --- Equity ---------------------------------------------------------------

  static Read read_of(const Observation& obs, int p) {
    Read read = Read::kRandom;
    for (const Event& event : obs.history) {
      if (event.street != Street::kPreflop || event.player != p) continue;
      if (event.type == EventType::kBetRaise) return Read::kRaiser;
      if (event.type == EventType::kCall) read = Read::kCaller;
    }
    return read;
  }

  const TopRange* range_for(Read read) const {
    switch (read) {
      case Read::kRaiser: return raisers_;
      case Read::kCaller: return callers_;
      case Read::kRandom: break;
    }
    return nullptr;
  }

  // The equity estimate of this street, sampled in stages: a quarter of
  // `samples` first, the rest only when the estimate is within two
  // standard errors of a threshold that matters (or `precise` is asked).
  // Clear-cut spots, most of them, cost a quarter. Cached per street.
  double equity(const Observation& obs, std::span<const double> thresholds, bool precise) {
    CardSet hole;
    for (int c = 0; c < obs.rules.hole_cards; ++c) hole.add(obs.hole[at(c)]);
    CardSet board;
    for (int c = 0; c < obs.board_count; ++c) board.add(obs.board[at(c)]);
    std::array<Read, kMaxPlayers> reads{};
    int opponents = 0;
    std::uint64_t key = derive_key(hole.bits(), board.bits());
    for (int p = 0; p < obs.num_players; ++p) {
      if (p == obs.player || obs.folded[at(p)]) continue;
      reads[at(opponents++)] = read_of(obs, p);
      key = derive_key(key, static_cast<std::uint64_t>(p) * 4 + static_cast<std::uint64_t>(reads[at(opponents - 1)]));
    }
    if (!cache_valid_ || key != cache_key_) {
      cache_valid_ = true;
      cache_key_ = key;
      cache_ = Estimate{};
      if (is_holdem(obs.rules.hole_cards) && obs.street == Street::kPreflop) {
        const PreflopEquityTable& table = preflop_equity_table();
        const int hand = hand_class_of(obs.hole[0], obs.hole[1]);
        double odds_against = 0.0;
        for (int o = 0; o < opponents; ++o) {
          const TopRange* range = range_for(reads[at(o)]);
          const double vs =
              range != nullptr ? table.equity_vs_range(hand, range->classes) : table.equity_vs_random(hand);
          odds_against += (1.0 - vs) / std::max(vs, 1e-9);
        }
        cache_.exact = true;
        cache_.mean = 1.0 / (1.0 + odds_against);
        return cache_.mean;
      }
      for (int o = 0; o < opponents; ++o) {
        const TopRange* range = is_holdem(obs.rules.hole_cards) ? range_for(reads[at(o)]) : nullptr;
        spot_ranges_[at(o)] = range != nullptr ? &range->combos : nullptr;
      }
      spot_.hole_cards = obs.rules.hole_cards;
      spot_.hero = hole;
      spot_.board = board;
      spot_.opponents = std::span<const ComboRange* const>(spot_ranges_.data(), at(opponents));
      sample(precise ? s_.samples : std::max(std::min(kFirstStage, s_.samples), s_.samples / 4));
    }
    if (!cache_.exact && cache_.count < s_.samples) {
      bool clear = !precise;
      const double margin = 2.0 * cache_.std_error();
      for (const double t : thresholds) clear = clear && std::abs(cache_.mean - t) > margin;
      if (!clear) sample(s_.samples - cache_.count);
    }
    return cache_.mean;
  }

  // Adds `count` samples (or an exact answer) to the cached estimate.
  void sample(int count) {
    const RangeEquity r = equity_vs_ranges(spot_, rng_, count, kExactBudget);
    if (r.exact) {
      cache_.exact = true;
      cache_.mean = r.equity;
      return;
    }
    const auto n = static_cast<double>(r.trials);
    // Back to sums: the variance from the standard error, unbiased.
    const double mean_square = r.std_error * r.std_error * (n - 1) + r.equity * r.equity;
    cache_.sum += r.equity * n;
    cache_.sum_squares += mean_square * n;
    cache_.count += static_cast<int>(r.trials);
    cache_.mean = cache_.sum / cache_.count;
  }

  struct Estimate {
    bool exact = false;
    double mean = 0.0;
    double sum = 0.0;
    double sum_squares = 0.0;
    int count = 0;
    double std_error() const {
      if (count < 2) return 1.0;
      const double n = count;
      const double variance = std::max(0.0, sum_squares / n - mean * mean) * n / (n - 1);
      return std::sqrt(variance / n);
    }
  };

  Settings s_;
  CounterRng rng_;
  const TopRange* raisers_;
  const TopRange* callers_;
  bool cache_valid_ = false;
  std::uint64_t cache_key_ = 0;
  Estimate cache_;
  RangeSpot spot_;  // what cache_ is an estimate of, for topping it up
  std::array<const ComboRange*, kMaxPlayers> spot_ranges_{};
};

}  // namespace

StrategyInfo equity_strategy_info() {
  return {
      "equity",
      "bets, calls or folds by its equity against action-narrowed ranges vs pot odds; ICM for all-in spots near the "
      "money; plays Omaha",
      {{"samples", "200", "most Monte Carlo deals per street for the equity estimate, count", true, 10, 100000},
       {"raise_range", "0.2", "a preflop raiser, or a caller of an all-in, holds this top fraction of hands (0..1)",
        true, 0.01, 1.0},
       {"call_range", "0.5", "a preflop caller or limper holds this top fraction of hands (0..1)", true, 0.01, 1.0},
       {"value_equity", "0.62", "bet/raise when the heads-up-equivalent equity reaches this (0.5..1)", true, 0.5, 1.0},
       {"bet_size", "0.75", "bet/raise size as a fraction of the pot after calling", true, 0.1, 10.0},
       {"call_margin", "0", "equity above the pot odds required to call (-0.5..0.5)", true, -0.5, 0.5},
       {"shove_bb", "10", "preflop no-limit: weigh all-in against folding at or below this effective stack, big blinds",
        true, 0.0, 1000.0},
       {"icm", "1", "1: value all-in decisions by ICM once players left <= paid places + 1; 0: chips always", true, 0,
        1},
       {"payouts", "65,35", "prize shares of places 1, 2, ... for ICM, comma-separated", false, 0.0, 0.0}},
      [](const StrategyParams& params) -> StrategyMaker {
        Settings settings;
        settings.samples = static_cast<int>(params.number("samples"));
        settings.raise_range = params.number("raise_range");
        settings.call_range = params.number("call_range");
        settings.value_equity = params.number("value_equity");
        settings.bet_size = params.number("bet_size");
        settings.call_margin = params.number("call_margin");
        settings.shove_bb = params.number("shove_bb");
        settings.icm = params.number("icm") >= 0.5;
        settings.payouts = parse_payouts(params.text("payouts"));  // throws std::invalid_argument
        return [settings](const StrategyContext& context) -> std::unique_ptr<Strategy> {
          return std::make_unique<EquityStrategy>(settings, context);
        };
      }};
}

}  // namespace sngsim
