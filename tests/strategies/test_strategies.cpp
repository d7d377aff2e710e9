// The strategy library: the starting-hand ranking and hand reading the bots
// share, V5 (faults never stop a run), every built-in answering only legal
// actions from a million random states, and statistical tests with fixed
// seeds and wide margins, so they cannot flake.
//
// SNGSIM_SOAK=1 gives every strategy the full million decisions.

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "engine/deck.h"
#include "engine/hand.h"
#include "engine/rng.h"
#include "sim/stats/cell_stats.h"
#include "sim/config/experiment_config.h"
#include "sim/stats/intervals.h"
#include "sim/formats/play_tournament.h"
#include "sim/run/runner.h"
#include "strategies/hand_reading.h"
#include "strategies/opponent_model.h"
#include "strategies/registry.h"
#include "poker_math/starting_hands.h"
#include "strategies/table_reading.h"
#include "tests/hand_test_util.h"

namespace sngsim {
namespace {

using testing::card;
using testing::cards;

bool soak_requested() {
  const char* soak = std::getenv("SNGSIM_SOAK");
  return soak != nullptr && std::string(soak) != "0" && !std::string(soak).empty();
}

// --- Starting hands and hand reading ---------------------------------------

int class_of(const char* two_cards) {
  const std::vector<Card> c = cards(two_cards);
  return hand_class_of(c[0], c[1]);
}

TEST_CASE("starting-hand classes cover the 1,326 hands and rank the obvious ones", "[strategies]") {
  int combos = 0;
  for (int c = 0; c < kHandClassCount; ++c) combos += hand_class_combo_count(c);
  CHECK(combos == 1326);
  CHECK(hand_class_name(class_of("AsAh")) == "AA");
  CHECK(hand_class_name(class_of("KdAd")) == "AKs");
  CHECK(hand_class_name(class_of("7c2d")) == "72o");
  CHECK(class_of("AsKs") == class_of("KhAh"));

  CHECK(holdem_percentile(class_of("AsAh")) == Approx(6.0 / 1326));  // the best class
  double worst = 0.0;
  for (int c = 0; c < kHandClassCount; ++c) worst = std::max(worst, holdem_percentile(c));
  CHECK(worst == Approx(1.0));
  // Orders far wider than the Monte Carlo error (about 0.75 points of equity).
  CHECK(holdem_percentile(class_of("AsAh")) < holdem_percentile(class_of("KsKh")));
  CHECK(holdem_percentile(class_of("KsKh")) < holdem_percentile(class_of("JsJh")));
  CHECK(holdem_percentile(class_of("AsKs")) < holdem_percentile(class_of("AsKh")));
  CHECK(holdem_percentile(class_of("AsKh")) < holdem_percentile(class_of("AsTh")));
  CHECK(holdem_percentile(class_of("AsKh")) < holdem_percentile(class_of("7s6s")));
  CHECK(holdem_percentile(class_of("JsTs")) < holdem_percentile(class_of("7c2d")));
  CHECK(holdem_percentile(class_of("7c2d")) > 0.9);
  // Equities close to the exact values (AA 85.2%, AKo 65.4%, 72o 34.6%).
  CHECK(holdem_equity_vs_random(class_of("AsAh")) == Approx(0.852).margin(0.03));
  CHECK(holdem_equity_vs_random(class_of("AsKh")) == Approx(0.654).margin(0.03));
  CHECK(holdem_equity_vs_random(class_of("7c2d")) == Approx(0.346).margin(0.03));
}

TEST_CASE("the Omaha starting score follows its documented formula", "[strategies]") {
  auto score = [](const char* text) {
    const std::vector<Card> c = cards(text);
    const std::array<Card, 4> hole = {c[0], c[1], c[2], c[3]};
    return omaha_starting_score(hole);
  };
  CHECK(score("AsAhKsKh") == 71);
  CHECK(score("JsTs9h8h") == 27);
  CHECK(score("7c2d9hJs") == 8);
  CHECK(score("AsAhKsKh") > score("AsAcKdKh") - 1);  // double-suited beats rainbow
  CHECK(score("2c2d2h2s") < score("AsAhKsKh"));
  CHECK(omaha_percentile(score("AsAhKsKh")) < 0.001);
  CHECK(omaha_percentile(0) == Approx(1.0));
  CHECK(omaha_percentile(score("JsTs9h8h")) < omaha_percentile(score("7c2d9hJs")));
}

Observation observation_with(const char* hole, const char* board) {
  Observation obs;
  const std::vector<Card> h = cards(hole);
  const std::vector<Card> b = cards(board);
  obs.rules.hole_cards = static_cast<int>(h.size());
  for (std::size_t i = 0; i < h.size(); ++i) obs.hole[i] = h[i];
  for (std::size_t i = 0; i < b.size(); ++i) obs.board[i] = b[i];
  obs.board_count = static_cast<int>(b.size());
  return obs;
}

TEST_CASE("hand reading counts only what the hole cards add", "[strategies]") {
  auto tier = [](const char* hole, const char* board) { return read_hand(observation_with(hole, board)).tier; };
  CHECK(tier("AsKd", "Kh7c2d") == MadeTier::kTopPair);
  CHECK(read_hand(observation_with("AsKd", "Kh7c2d")).top_pair);
  CHECK(tier("QsQd", "Jh7c2d") == MadeTier::kTopPair);
  CHECK(read_hand(observation_with("QsQd", "Jh7c2d")).overpair);
  CHECK(tier("As7d", "Kh7c2d") == MadeTier::kWeakPair);
  CHECK(tier("AsQd", "Kh7c2d") == MadeTier::kNothing);
  CHECK(tier("AsQd", "7h7c2d") == MadeTier::kNothing);      // the board's pair
  CHECK(tier("AsQd", "7h7c2d2s9h") == MadeTier::kNothing);  // the board's two pair, a kicker
  CHECK(tier("Ks7d", "Kh7c2d") == MadeTier::kTwoPair);
  CHECK(tier("2s2h", "Kh7c2d") == MadeTier::kTrips);
  CHECK(tier("9s8d", "Th7cJd") == MadeTier::kStrong);
  CHECK(tier("AsQd", "9h9c9d9s2h") == MadeTier::kNothing);  // quads on the board

  const HandReading flush_draw = read_hand(observation_with("AhKh", "Qh7h2d"));
  CHECK(flush_draw.flush_draw);
  CHECK_FALSE(flush_draw.open_ended);
  const HandReading straight_draw = read_hand(observation_with("9s8d", "Th7c2d"));
  CHECK(straight_draw.open_ended);
  CHECK_FALSE(straight_draw.flush_draw);
  CHECK(read_hand(observation_with("9s5d", "8h7c2d")).gutshot);
  CHECK_FALSE(read_hand(observation_with("9s8d", "Th7c2d3s4h")).open_ended);  // no draws on the river
  CHECK_FALSE(read_hand(observation_with("2s3d", "Th9c8d")).has_draw());      // the board's straight draw
}

TEST_CASE("Omaha hand reading uses exactly two hole cards", "[strategies]") {
  auto reading = [](const char* hole, const char* board) { return read_hand(observation_with(hole, board)); };
  // One heart in the hand and four on the board is no flush and no draw in Omaha.
  CHECK(reading("Ah2c3d4s", "KhQh7h2h").category < HandCategory::kFlush);
  CHECK_FALSE(reading("Ah2c3d4s", "KhQh7h").flush_draw);
  CHECK(reading("AhKh3d4s", "Qh7h2d").flush_draw);
  CHECK(reading("AsKd7c2h", "Kh9c3d").tier == MadeTier::kTopPair);
  CHECK(reading("9s8d2c2h", "Th7cKd").open_ended);
  CHECK_FALSE(reading("9s3d2c2h", "Th8c7d").open_ended);  // one hole card near the run is not enough
}

TEST_CASE("positions run from the blinds to the button in hand order", "[strategies]") {
  CHECK(position_of(6, 0) == Position::kBlinds);
  CHECK(position_of(6, 1) == Position::kBlinds);
  CHECK(position_of(6, 2) == Position::kEarly);
  CHECK(position_of(6, 3) == Position::kMiddle);
  CHECK(position_of(6, 4) == Position::kLate);
  CHECK(position_of(6, 5) == Position::kLate);
  CHECK(position_of(2, 0) == Position::kBlinds);
  CHECK(position_of(2, 1) == Position::kLate);
}

// --- Random hand states ----------------------------------------------------

class Random {
 public:
  explicit Random(std::uint64_t key) : rng_(key) {}
  Chips between(Chips lo, Chips hi) {
    if (hi <= lo) return lo;
    return lo + static_cast<Chips>(rng_.next() % static_cast<std::uint64_t>(hi - lo + 1));
  }
  int below(int n) { return static_cast<int>(rng_.below(static_cast<std::uint32_t>(n))); }
  bool chance(double p) { return rng_.uniform() < p; }
  std::uint64_t next() { return rng_.next(); }

 private:
  CounterRng rng_;
};

// A random table: 2..6 players, stacks from a chip to 400 big blinds, every
// betting structure, hold'em and Omaha, sometimes antes.
// `players` > 0 fixes the number of players.
HandSetup random_setup(Random& random, int players = 0) {
  static constexpr Chips kBigBlinds[] = {2, 20, 100, 400};
  HandSetup setup;
  const int n = players > 0 ? players : 2 + random.below(5);
  setup.num_players = n;
  setup.rules.betting = static_cast<BettingStructure>(random.below(3));
  setup.rules.hole_cards = random.chance(0.3) ? 4 : 2;
  const Chips bb = kBigBlinds[random.below(4)];
  setup.min_bet = bb;
  if (setup.rules.betting == BettingStructure::kFixedLimit) setup.big_bet = 2 * bb;
  setup.level = 1 + random.below(12);
  const Chips ante = random.chance(0.2) ? std::max<Chips>(1, bb / 8) : 0;
  for (int p = 0; p < n; ++p) {
    const auto i = static_cast<std::size_t>(p);
    const int kind = random.below(10);
    setup.stacks[i] = kind == 0  ? random.between(1, 2 * bb)
                      : kind < 4 ? random.between(bb, 15 * bb)
                      : kind < 9 ? random.between(15 * bb, 120 * bb)
                                 : random.between(120 * bb, 400 * bb);
    setup.antes[i] = ante;
    setup.seats[i] = static_cast<std::int8_t>(p);
  }
  const std::vector<Chips> blinds = testing::blinds_for(n, bb / 2, bb);
  for (int p = 0; p < n; ++p) setup.blinds[static_cast<std::size_t>(p)] = blinds[static_cast<std::size_t>(p)];
  Deck deck(random.next());
  for (int p = 0; p < n; ++p) {
    for (int c = 0; c < setup.rules.hole_cards; ++c) {
      setup.hole[static_cast<std::size_t>(p)][static_cast<std::size_t>(c)] = deck.deal();
    }
  }
  for (auto& c : setup.board) c = deck.deal();
  return setup;
}

// Puts `hand` in a random state waiting for a decision: a random table, then
// random legal actions (folds, calls, raises of any legal size) until a coin
// says stop, so every street and every betting situation comes up.
void random_state(Random& random, Hand& hand) {
  while (true) {
    hand.start(random_setup(random));
    while (!hand.is_terminal() && !random.chance(0.3)) {
      const LegalActions legal = hand.legal_actions();
      const int pick = random.below(10);
      Action action = Action::check_call();
      if (pick < 2 && legal.can_fold) action = Action::fold();
      if (pick >= 7 && legal.can_raise) {
        action = Action::raise_to(random.between(legal.min_raise_to, legal.max_raise_to));
      }
      // No Catch2 macro per step: this loop runs a million times.
      if (hand.apply(action) != ApplyError::kNone) FAIL("a random legal action was rejected");
    }
    if (!hand.is_terminal()) return;
  }
}

std::string describe(const Observation& obs, const Action& action) {
  std::ostringstream out;
  out << betting_name(obs.rules.betting) << ", " << obs.rules.hole_cards << " hole cards, " << obs.num_players
      << " players, street " << static_cast<int>(obs.street) << ", player " << obs.player << " stack "
      << obs.stacks[static_cast<std::size_t>(obs.player)] << " bet " << obs.bets[static_cast<std::size_t>(obs.player)]
      << ", highest bet " << obs.highest_bet << ", pot " << obs.pot << "; legal: fold=" << obs.legal.can_fold
      << " check=" << obs.legal.can_check << " call=" << obs.legal.call_amount << " raise=" << obs.legal.can_raise
      << " [" << obs.legal.min_raise_to << ", " << obs.legal.max_raise_to << "]; action type "
      << static_cast<int>(action.type) << " amount " << action.amount;
  return out.str();
}

struct Variant {
  std::string name;
  const StrategyInfo* info = nullptr;
  StrategyParams params;
  bool expensive = false;
};

// Every registered built-in with its defaults, plus settings of the rule
// bots that reach their rarer branches (always raising, very wide ranges).
std::vector<Variant> strategy_variants() {
  // Strategies too slow for a million decisions in the default run. They get
  // one state in kExpensiveStride; SNGSIM_SOAK=1 gives them the full count.
  static const std::vector<std::string> kExpensive = {"equity"};
  std::vector<Variant> variants;
  auto add = [&](const StrategyInfo& info, const std::map<std::string, std::string>& given, const std::string& name) {
    Variant variant{name, &info, {}, false};
    const auto error = StrategyParams::resolve(info.params, given, variant.params);
    REQUIRE_FALSE(error.has_value());
    variant.expensive = std::find(kExpensive.begin(), kExpensive.end(), info.name) != kExpensive.end();
    variants.push_back(std::move(variant));
  };
  for (const StrategyInfo& info : builtin_strategies()) add(info, {}, info.name);
  add(*find_strategy("rock"), {{"top_percent", "100"}, {"open_bb", "1000"}}, "rock everything");
  add(*find_strategy("tag"), {{"range_scale", "10"}, {"shove_bb", "30"}, {"value_size", "10"}}, "tag loose");
  add(*find_strategy("profile"),
      {{"vpip", "1"}, {"pfr", "1"}, {"three_bet", "1"}, {"aggression", "1"}, {"bluff", "1"}, {"raise_size", "10"}},
      "profile maniac");
  add(*find_strategy("profile"), {{"bet_size", "0"}, {"raise_size", "0"}, {"bluff", "1"}}, "profile min-sizes");
  return variants;
}

TEST_CASE("every built-in strategy answers only legal actions from a million random states", "[strategies]") {
  constexpr int kDecisions = 1'000'000;
  constexpr int kExpensiveStride = 50;
  constexpr int kFreshInstanceEvery = 1000;  // states; each instance also sees many hands
  const bool soak = soak_requested();
  std::vector<Variant> variants = strategy_variants();
  int cheap = 0;
  for (const Variant& v : variants) cheap += v.expensive ? 0 : 1;
  // Soak: every variant decides kDecisions times. Default: kDecisions split
  // over the cheap variants.
  const int states = soak ? kDecisions : (kDecisions + cheap - 1) / std::max(1, cheap);

  struct Tally {
    long decisions = 0;
    long illegal = 0;
    long thrown = 0;
    std::string first_example;
  };
  std::vector<Tally> tallies(variants.size());
  std::vector<std::unique_ptr<Strategy>> instances(variants.size());
  Random random(0x1E6A1A11);
  Hand hand;
  Hand scratch;
  for (int s = 0; s < states; ++s) {
    random_state(random, hand);
    const Observation obs = hand.observe();
    for (std::size_t v = 0; v < variants.size(); ++v) {
      if (variants[v].expensive && !soak && s % kExpensiveStride != 0) continue;
      Tally& tally = tallies[v];
      if (s % kFreshInstanceEvery == 0 || instances[v] == nullptr) {
        try {
          instances[v] = variants[v].info->create(variants[v].params, {random.next(), obs.player});
        } catch (const std::exception& error) {
          if (tally.thrown++ == 0 && tally.illegal == 0)
            tally.first_example = std::string("create threw: ") + error.what();
          instances[v] = nullptr;
          continue;
        }
      }
      ++tally.decisions;
      Action action;
      try {
        action = instances[v]->decide(obs);
      } catch (const std::exception& error) {
        if (tally.thrown++ == 0 && tally.illegal == 0) tally.first_example = std::string("threw: ") + error.what();
        continue;
      }
      scratch = hand;
      const ApplyError error = scratch.apply(action);
      if (error != ApplyError::kNone && tally.illegal++ == 0 && tally.thrown == 0) {
        tally.first_example = std::string(apply_error_name(error)) + ": " + describe(obs, action);
      }
    }
  }
  long total = 0;
  for (std::size_t v = 0; v < variants.size(); ++v) {
    const Tally& tally = tallies[v];
    total += tally.decisions;
    INFO(variants[v].name << ": " << tally.decisions << " decisions, " << tally.illegal << " illegal, " << tally.thrown
                          << " thrown; first: " << tally.first_example);
    CHECK(tally.illegal == 0);
    CHECK(tally.thrown == 0);
    CHECK(tally.decisions > 0);
  }
  CHECK(total >= kDecisions);
}

// --- V5 --------------------------------------------------------------------

// How a broken bot breaks. Each counts the decisions it spoilt, so the test
// can ask for exactly that many faults.
enum class Breakage {
  kThrowsStd,        // throws a std::exception
  kThrowsOther,      // throws something that is not one
  kTooLarge,         // one chip above the largest legal raise
  kHugeAmount,       // the largest Chips value (a saturated non-finite double)
  kNegativeAmount,   // the smallest Chips value
  kRaiseWhenClosed,  // raises legally when it may, and also when it may not
};

class BrokenBot final : public Strategy {
 public:
  BrokenBot(Breakage breakage, long& spoilt, long& decisions)
      : breakage_(breakage), spoilt_(spoilt), decisions_(decisions) {}

  Action decide(const Observation& obs) override {
    ++decisions_;
    const LegalActions& legal = obs.legal;
    switch (breakage_) {
      case Breakage::kThrowsStd: ++spoilt_; throw std::runtime_error("broken bot");
      case Breakage::kThrowsOther: ++spoilt_; throw 42;
      case Breakage::kTooLarge:
        ++spoilt_;
        return Action::raise_to(legal.max_raise_to + 1 + obs.stacks[static_cast<std::size_t>(obs.player)]);
      case Breakage::kHugeAmount: ++spoilt_; return Action::raise_to(std::numeric_limits<Chips>::max());
      case Breakage::kNegativeAmount: ++spoilt_; return Action::raise_to(std::numeric_limits<Chips>::min());
      case Breakage::kRaiseWhenClosed:
        if (legal.can_raise) return Action::raise_to(legal.min_raise_to);
        ++spoilt_;
        return Action::raise_to(obs.highest_bet + obs.min_bet);
    }
    return Action::check_call();
  }

 private:
  Breakage breakage_;
  long& spoilt_;
  long& decisions_;
};

TEST_CASE("V5 broken strategies fault, fall back to check or fold, and never stop the run", "[strategies]") {
  const std::vector<std::pair<Breakage, const char*>> breakages = {
      {Breakage::kThrowsStd, "throws std::exception"},      {Breakage::kThrowsOther, "throws an int"},
      {Breakage::kTooLarge, "raise above the legal range"}, {Breakage::kHugeAmount, "raise to INT64_MAX"},
      {Breakage::kNegativeAmount, "raise to INT64_MIN"},    {Breakage::kRaiseWhenClosed, "raise when closed"},
  };
  const std::vector<std::pair<std::string, std::string>> tables = {
      {"no-limit", "holdem"}, {"pot-limit", "omaha"}, {"fixed-limit", "holdem"}};
  for (const auto& [breakage, what] : breakages) {
    for (const auto& [betting, game] : tables) {
      SECTION(std::string(what) + ", " + betting + " " + game) {
        long spoilt = 0;
        long decisions = 0;
        const StrategyInfo broken{"broken", "test", {}, [&, b = breakage](const StrategyParams&) -> StrategyMaker {
                                    return [&, b](const StrategyContext&) {
                                      return std::unique_ptr<Strategy>(new BrokenBot(b, spoilt, decisions));
                                    };
                                  }};
        Experiment experiment = parse_experiment("table: {players: 4, betting: " + betting + ", game: " + game +
                                                     ", hand_cap: 60}\n"
                                                     "lineup: [{strategy: maniac}, {strategy: calling_station}, "
                                                     "{strategy: random}, {strategy: tag, label: broken}]\n",
                                                 "v5.yaml");
        Cell& cell = experiment.cells.at(0);
        cell.entrants.at(3).info = &broken;
        cell.entrants.at(3).make = broken.bind({});
        const std::vector<int> labels = label_of_entrants(cell);
        Hand hand;
        long total_faults = 0;
        for (int index = 0; index < 20; ++index) {
          const long spoilt_before = spoilt;
          const TournamentRecord record = play_tournament(cell, labels, 99, index, hand);
          // The broken entrant's seat, and only it, has faults: exactly the
          // decisions it spoilt.
          const std::vector<int> entrant_of_seat = seat_entrants(cell, tournament_key(99, index), index);
          Chips chips = 0;
          for (int seat = 0; seat < record.seats; ++seat) {
            const auto s = static_cast<std::size_t>(seat);
            chips += record.final_chips[s];
            CHECK(record.placement[s].is_set());
            if (entrant_of_seat[s] == 3) {
              CHECK(record.faults[s].total() == spoilt - spoilt_before);
              total_faults += record.faults[s].total();
            } else {
              CHECK(record.faults[s].total() == 0);
            }
          }
          CHECK(chips == 4 * cell.rules.starting_stack);  // conserved
          CHECK(record.hands > 0);
        }
        CHECK(total_faults == spoilt);
        CHECK(spoilt > 0);
        if (breakage != Breakage::kRaiseWhenClosed) CHECK(spoilt == decisions);
      }
    }
  }
}

// The fallback itself, hand by hand: a bot that always faults only ever
// checks (when free) or folds (when facing a bet), never calls or raises.
TEST_CASE("V5 the fallback is a check when free and a fold otherwise", "[strategies]") {
  long spoilt = 0;
  long decisions = 0;
  const StrategyInfo broken{
      "broken", "test", {}, [&](const StrategyParams&) -> StrategyMaker {
        return [&](const StrategyContext&) {
          return std::unique_ptr<Strategy>(new BrokenBot(Breakage::kThrowsStd, spoilt, decisions));
        };
      }};
  Experiment experiment = parse_experiment(
      "table: {players: 3}\nlineup: [{strategy: maniac}, {strategy: calling_station}, "
      "{strategy: random, label: broken}]\n",
      "v5.yaml");
  Cell& cell = experiment.cells.at(0);
  cell.entrants.at(2).info = &broken;
  cell.entrants.at(2).make = broken.bind({});
  // Play hands directly so every fallback can be checked against the state
  // it was taken in. The broken bot is the big blind (hand-order index 1):
  // after the button's (random) limp it may check, after its raise it must
  // fold; the small blind calls everything.
  std::unique_ptr<Strategy> small_blind = find_strategy("calling_station")->create({}, {1, 0});
  std::unique_ptr<Strategy> button = find_strategy("random")->create({}, {2, 2});
  Random random(5);
  Hand hand;
  BrokenBot bot(Breakage::kThrowsStd, spoilt, decisions);
  long checks = 0;
  long folds = 0;
  for (int h = 0; h < 300; ++h) {
    hand.start(random_setup(random, 3));
    while (!hand.is_terminal()) {
      const Observation obs = hand.observe();
      const std::size_t before = hand.events().size();
      if (obs.player == 1) {
        // What play_tournament does on a fault (V5): the fallback is chosen
        // after the fault is caught. (Set before the call and overwritten by
        // its result, gcc 12 at -O1 dropped the first store as dead although
        // the call throws: wrong code that -fno-tree-dse or -fno-inline cure.)
        bool faulted = false;
        try {
          bot.decide(obs);
        } catch (...) {
          faulted = true;
        }
        REQUIRE(faulted);
        const Action fallback = obs.legal.can_check ? Action::check_call() : Action::fold();
        REQUIRE(hand.apply(fallback) == ApplyError::kNone);
        const EventType done = hand.events()[before].type;
        if (obs.legal.can_check) {
          CHECK(done == EventType::kCheck);
          ++checks;
        } else {
          CHECK(done == EventType::kFold);
          ++folds;
        }
      } else {
        const Action action = (obs.player == 0 ? small_blind : button)->decide(obs);
        REQUIRE(hand.apply(action) == ApplyError::kNone);
      }
    }
  }
  CHECK(checks > 0);
  CHECK(folds > 0);

  // And through play_tournament: the broken seat never calls or raises.
  class Watcher final : public TableObserver {
   public:
    void hand_finished(const TableView& table, const Hand& hand) override {
      const std::span<const int> entrant_of_seat = table.entrant_of_seat;
      for (const Event& event : hand.events()) {
        if (event.player < 0) continue;
        const int seat = hand.setup().seats[static_cast<std::size_t>(event.player)];
        if (entrant_of_seat[static_cast<std::size_t>(seat)] != 2) continue;
        if (event.type == EventType::kCall || event.type == EventType::kBetRaise) ++voluntary;
        if (event.type == EventType::kCheck) ++checks;
        if (event.type == EventType::kFold) ++folds;
      }
    }
    long voluntary = 0;
    long checks = 0;
    long folds = 0;
  } watcher;
  const std::vector<int> labels = label_of_entrants(cell);
  for (int index = 0; index < 20; ++index) play_tournament(cell, labels, 3, index, hand, &watcher);
  CHECK(watcher.voluntary == 0);
  CHECK(watcher.checks > 0);
  CHECK(watcher.folds > 0);
}

// --- Behaviour -------------------------------------------------------------

// The fraction of dealt hands in which each player put chips in voluntarily
// preflop (a tracker's VPIP), six players of one strategy at a table.
double measured_vpip(const std::string& params) {
  Experiment experiment = parse_experiment("lineup: [{strategy: profile, params: {" + params + "}}]\n", "vpip.yaml");
  const Entrant& entrant = experiment.cells.at(0).entrants.at(0);
  Random random(11);
  Hand hand;
  long dealt = 0;
  long played = 0;
  for (int h = 0; h < 2000; ++h) {
    HandSetup setup = random_setup(random, 6);
    setup.rules = GameRules{};  // no-limit hold'em (the first two of any four cards dealt)
    setup.big_bet = 0;
    for (int p = 0; p < 6; ++p) setup.stacks[static_cast<std::size_t>(p)] = 100 * setup.min_bet;
    const std::vector<Chips> blinds = testing::blinds_for(6, setup.min_bet / 2, setup.min_bet);
    std::copy(blinds.begin(), blinds.end(), setup.blinds.begin());
    hand.start(setup);
    std::vector<std::unique_ptr<Strategy>> bots;
    for (int p = 0; p < 6; ++p) bots.push_back(entrant.info->create(entrant.params, {random.next(), p}));
    while (!hand.is_terminal()) {
      const Observation obs = hand.observe();
      REQUIRE(hand.apply(bots[static_cast<std::size_t>(obs.player)]->decide(obs)) == ApplyError::kNone);
    }
    std::vector<bool> voluntary(6, false);
    for (const Event& event : hand.events()) {
      if (event.street == Street::kPreflop && (event.type == EventType::kCall || event.type == EventType::kBetRaise)) {
        voluntary[static_cast<std::size_t>(event.player)] = true;
      }
    }
    dealt += 6;
    played += std::count(voluntary.begin(), voluntary.end(), true);
  }
  return static_cast<double>(played) / static_cast<double>(dealt);
}

TEST_CASE("profile plays as many hands as its vpip says", "[strategies]") {
  const double tight = measured_vpip("vpip: 0.1, pfr: 0.05");
  const double loose = measured_vpip("vpip: 0.9, pfr: 0.05");
  INFO("vpip 0.1 plays " << tight << ", vpip 0.9 plays " << loose);
  // Facing raises, some playable hands fold (fold_to_raise), so the measured
  // VPIP sits a little below the parameter.
  CHECK(tight > 0.03);
  CHECK(tight < 0.13);
  CHECK(loose > 0.6);
  CHECK(loose > 5 * tight);
}

TEST_CASE("rock raises exactly its top percent when first in", "[strategies]") {
  Experiment experiment = parse_experiment("lineup: [{strategy: rock, params: {top_percent: 20}}]\n", "rock.yaml");
  const Entrant& entrant = experiment.cells.at(0).entrants.at(0);
  std::unique_ptr<Strategy> rock = entrant.info->create(entrant.params, {1, 0});
  Random random(12);
  Hand hand;
  long raises = 0;
  long folds = 0;
  constexpr int kDeals = 4000;
  for (int h = 0; h < kDeals; ++h) {
    HandSetup setup = random_setup(random, 6);
    setup.rules = GameRules{};  // no-limit hold'em (the first two of any four cards dealt)
    setup.big_bet = 0;
    for (int p = 0; p < 6; ++p) setup.stacks[static_cast<std::size_t>(p)] = 100 * setup.min_bet;
    const std::vector<Chips> blinds = testing::blinds_for(6, setup.min_bet / 2, setup.min_bet);
    std::copy(blinds.begin(), blinds.end(), setup.blinds.begin());
    hand.start(setup);
    const Observation obs = hand.observe();  // the first to act: nobody has raised
    const Action action = rock->decide(obs);
    raises += action.type == ActionType::kBetRaise ? 1 : 0;
    folds += action.type == ActionType::kFold ? 1 : 0;
    if (action.type == ActionType::kBetRaise) CHECK(action.amount == 3 * setup.min_bet);
  }
  CHECK(raises + folds == kDeals);
  CHECK(static_cast<double>(raises) / kDeals == Approx(0.2).margin(0.03));
}

TEST_CASE("the opponent model learns who raises and who only calls", "[strategies]") {
  // Seat 0 raises whenever it may, seat 1 only checks and calls, heads-up,
  // watched by a model that sees every decision.
  OpponentModel model;
  CHECK(model.preflop_raise_rate(0) == Approx(OpponentModel::kTypicalRaiseRate));
  CHECK(model.aggression(1) == Approx(OpponentModel::kTypicalAggression));
  Random random(13);
  Hand hand;
  for (int h = 0; h < 200; ++h) {
    HandSetup setup = random_setup(random, 2);
    setup.rules = GameRules{};
    setup.big_bet = 0;
    // Seats alternate between the two hand-order indices as the button moves.
    setup.seats[0] = static_cast<std::int8_t>(h % 2);
    setup.seats[1] = static_cast<std::int8_t>(1 - h % 2);
    hand.start(setup);
    while (!hand.is_terminal()) {
      const Observation obs = hand.observe();
      model.observe(obs);
      const bool is_maniac = obs.seats[static_cast<std::size_t>(obs.player)] == 0;
      const Action action =
          is_maniac && obs.legal.can_raise ? Action::raise_to(obs.legal.min_raise_to) : Action::check_call();
      REQUIRE(hand.apply(action) == ApplyError::kNone);
    }
    model.hand_over(hand.action_counts());
  }
  CHECK(model.preflop_raise_rate(0) > 0.8);
  CHECK(model.preflop_raise_rate(1) < 0.05);
  CHECK(model.aggression(0) > 0.7);
  CHECK(model.aggression(1) < 0.05);
}

// --- Statistical tests (fixed seeds, wide margins) ---------------------------

// The Wilson 95% interval of `label`'s win rate (a shared first place counts
// as its share) over a heads-up experiment.
Interval win_rate_interval(const std::string& yaml, const std::string& label) {
  const Experiment experiment = parse_experiment(yaml, "strength.yaml");
  RunOptions options;
  options.threads = 2;
  const RunResult result = run_experiment(experiment, options);
  REQUIRE(result.cells.size() == 1);
  const CellStats& stats = result.cells[0];
  const auto& labels = stats.labels();
  const auto it = std::find(labels.begin(), labels.end(), label);
  REQUIRE(it != labels.end());
  const LabelTotals& totals = stats.label_totals(static_cast<int>(it - labels.begin()));
  const double wins = static_cast<double>(totals.win_shares()) / static_cast<double>(kShareUnit);
  const auto interval = wilson_interval(wins, static_cast<double>(totals.entries));
  REQUIRE(interval.has_value());
  INFO(label << " won " << wins << " of " << totals.entries);
  return *interval;
}

TEST_CASE("tag beats random heads-up", "[strategies]") {
  const Interval interval = win_rate_interval(
      "seed: 20240601\ntournaments: 2000\nseating: rotate\ntable: {players: 2}\n"
      "lineup: [{strategy: tag}, {strategy: random}]\n",
      "tag");
  INFO("tag win rate 95% interval [" << interval.lo << ", " << interval.hi << "]");
  CHECK(interval.lo > 0.5);
}

TEST_CASE("tag beats calling_station heads-up", "[strategies]") {
  const Interval interval = win_rate_interval(
      "seed: 20240602\ntournaments: 3000\nseating: rotate\ntable: {players: 2}\n"
      "lineup: [{strategy: tag}, {strategy: calling_station}]\n",
      "tag");
  INFO("tag win rate 95% interval [" << interval.lo << ", " << interval.hi << "]");
  CHECK(interval.lo > 0.5);
}

TEST_CASE("pushfold beats calling_station at 10-big-blind stacks", "[strategies]") {
  // 200 chips at the standard 10/20 first level: ten big blinds.
  const Interval interval = win_rate_interval(
      "seed: 20240603\ntournaments: 6000\nseating: rotate\ntable: {players: 2, stack: 200}\n"
      "lineup: [{strategy: pushfold}, {strategy: calling_station}]\n",
      "pushfold");
  INFO("pushfold win rate 95% interval [" << interval.lo << ", " << interval.hi << "]");
  CHECK(interval.lo > 0.5);
}

}  // namespace
// icm_nash plays its solved ranges only where the experiment pays by place,
// which the million-state test's context does not say: here it does, with a
// cheap solver setting so that the spots of a few hundred states are solved
// in seconds (each random state is a spot of its own).
TEST_CASE("icm_nash with payouts answers only legal actions from random states", "[strategies][icm_nash]") {
  const StrategyInfo* info = find_strategy("icm_nash");
  REQUIRE(info != nullptr);
  StrategyParams params;
  REQUIRE_FALSE(StrategyParams::resolve(info->params,
                                        {{"samples", "1024"},
                                         {"samples3", "1024"},
                                         {"target", "1"},
                                         {"target3", "1"},
                                         {"iterations", "100"},
                                         {"max_bb", "30"}},
                                        params)
                    .has_value());
  const StrategyMaker make = info->bind(params);
  const std::vector<int> payouts = {50, 30, 20};
  Random random(0x1C3A'1E6A);
  Hand hand;
  long illegal = 0;
  long shoves = 0;
  std::string first_example;
  for (int s = 0; s < 400; ++s) {
    random_state(random, hand);
    const Observation obs = hand.observe();
    StrategyContext context(random.next(), obs.player);
    context.payout_percent = payouts;
    const Action action = make(context)->decide(obs);
    shoves += action.type == ActionType::kBetRaise && action.amount == obs.legal.max_raise_to;
    Hand scratch = hand;
    const ApplyError error = scratch.apply(action);
    if (error != ApplyError::kNone && illegal++ == 0) {
      first_example = std::string(apply_error_name(error)) + ": " + describe(obs, action);
    }
  }
  INFO(first_example);
  CHECK(illegal == 0);
  CHECK(shoves > 0);
}

}  // namespace sngsim
