// V8 sitting out and V9 missed blinds where the simulator plays them: the
// tournament's automatic check or fold (sim/formats/play_tournament), the
// cash session's sitting out and stand-ups (sim/formats/cash_session), and
// the keys that set them (sim/config).

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "sim/config/experiment_config.h"
#include "sim/formats/cash_session.h"
#include "sim/formats/play_hand.h"
#include "sim/formats/play_tournament.h"
#include "sim/run/runner.h"
#include "strategies/strategy_fault.h"
#include "tests/config_error_util.h"
#include "tests/hand_test_util.h"

namespace sngsim {
namespace {

// Calls or checks; counts the decisions it was asked for.
class Caller final : public Strategy {
 public:
  explicit Caller(int& asked) : asked_(asked) {}
  Action decide(const Observation&) override {
    ++asked_;
    return Action::check_call();
  }

 private:
  int& asked_;
};

// Never asked: a seat sitting out is played for by the table.
class NeverAsked final : public Strategy {
 public:
  Action decide(const Observation&) override { throw std::logic_error("a seat sitting out was asked to decide"); }
};

// Runs out of time on every decision (what a process bot's clock reports).
class TimesOut final : public Strategy {
 public:
  explicit TimesOut(long& asked) : asked_(asked) {}
  Action decide(const Observation&) override {
    ++asked_;
    throw StrategyFault(FaultReason::kTimeout, "out of time");
  }

 private:
  long& asked_;
};

// An experiment whose third entrant is replaced by TimesOut: the seat the
// V8 tests watch. Not copyable: the cell points at `info`.
struct SlowThirdEntrant {
  explicit SlowThirdEntrant(const std::string& yaml) : experiment(parse_experiment(yaml, "v8.yaml")) {
    Entrant& slow = experiment.cells.at(0).entrants.at(2);
    slow.info = &info;
    slow.make = info.bind({});
  }
  SlowThirdEntrant(const SlowThirdEntrant&) = delete;
  SlowThirdEntrant& operator=(const SlowThirdEntrant&) = delete;
  Cell& cell() { return experiment.cells.at(0); }

  long asked = 0;  // decisions the slow seat was asked for
  const StrategyInfo info{"slow", "test", {}, [this](const StrategyParams&) -> StrategyMaker {
                            return [this](const StrategyContext&) {
                              return std::unique_ptr<Strategy>(new TimesOut(asked));
                            };
                          }};
  Experiment experiment;
};

}  // namespace

TEST_CASE("V8 a tournament seat sitting out is dealt in, posts its blinds and antes, and is checked or folded",
          "[sit-out]") {
  // Three-handed at 10/20 with an ante of 5: index 0 the small blind, 1 the
  // big blind, 2 the button.
  testing::TableSpec spec;
  spec.stacks = {1000, 1000, 1000};
  spec.blinds = testing::blinds_for(3, 10, 20);
  spec.ante = 5;
  spec.board = "2c7d9h3sJc";
  int asked = 0;
  std::vector<FaultCounts> faults(3);
  Hand hand;

  SECTION("the button sitting out is folded when it faces the big blind") {
    spec.holes = {"AhAs", "KdKc", "QhQc"};
    hand.start(testing::make_setup(spec));
    std::vector<std::unique_ptr<Strategy>> strategies;
    strategies.push_back(std::make_unique<Caller>(asked));
    strategies.push_back(std::make_unique<Caller>(asked));
    strategies.push_back(std::make_unique<NeverAsked>());
    TableSitOuts sit_outs;
    std::array<SitOutClock, kMaxPlayers> clocks{};
    for (std::size_t s = 0; s < clocks.size(); ++s) sit_outs.clock[s] = &clocks[s];
    sit_outs.out[2] = true;
    CHECK(play_hand(hand, strategies, faults, &sit_outs) == 0);
    CHECK(hand.has_folded(2));
    CHECK(hand.stack(2) == 995);        // its ante is gone
    CHECK(hand.stack(0) == 1000 + 30);  // the aces: 15 of antes and the big blind's 20, less its own 25
    CHECK(hand.stack(1) == 975);
    CHECK(asked == 8);              // the small blind calls, the big blind checks, then both check three streets
    CHECK(faults[2].total() == 0);  // sitting out is no fault
  }
  SECTION("the big blind sitting out is checked to the showdown and wins it") {
    spec.holes = {"KdKc", "AhAs", "QhQc"};
    hand.start(testing::make_setup(spec));
    std::vector<std::unique_ptr<Strategy>> strategies;
    strategies.push_back(std::make_unique<Caller>(asked));
    strategies.push_back(std::make_unique<NeverAsked>());
    strategies.push_back(std::make_unique<Caller>(asked));
    TableSitOuts sit_outs;
    std::array<SitOutClock, kMaxPlayers> clocks{};
    for (std::size_t s = 0; s < clocks.size(); ++s) sit_outs.clock[s] = &clocks[s];
    sit_outs.out[1] = true;
    CHECK(play_hand(hand, strategies, faults, &sit_outs) == 0);
    CHECK(hand.stack(1) == 1000 - 25 + 75);  // antes 15 and three calls of 20
    CHECK(hand.stack(0) == 975);
    CHECK(hand.stack(2) == 975);
  }
}

TEST_CASE("V8 a bot that times out in a tournament sits out, comes back, and is asked only while back", "[sit-out]") {
  SlowThirdEntrant slow(
      "table: {players: 3, hand_cap: 60}\nsit_out: {return_after_hands: 4}\n"
      "lineup: [{strategy: calling_station}, {strategy: rock}, {strategy: tag, label: slow}]\n");
  long& asked = slow.asked;
  Cell& cell = slow.cell();
  CHECK(cell.sit_out.return_after_hands == 4);
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  for (int index = 0; index < 10; ++index) {
    asked = 0;
    const TournamentRecord record = play_tournament(cell, labels, 5, index, hand);
    const std::vector<int> entrant_of_seat = seat_entrants(cell, tournament_key(5, index), index);
    for (int seat = 0; seat < 3; ++seat) {
      const auto s = static_cast<std::size_t>(seat);
      const FaultCounts& f = record.faults[s];
      if (entrant_of_seat[s] != 2) {
        CHECK(f.sit_out == SitOutCounts{});
        continue;
      }
      // Every decision asked for timed out; each timeout sat the bot out
      // for four hands, after which it came back (unless the tournament
      // ended first).
      INFO("tournament " << index);
      CHECK(f.count(FaultReason::kTimeout) == asked);
      CHECK(f.total() == asked);
      CHECK(f.sit_out.sit_outs >= 1);
      CHECK(f.sit_out.returns <= f.sit_out.sit_outs);
      CHECK(f.sit_out.returns >= f.sit_out.sit_outs - 1);
      CHECK(f.sit_out.hands_missed <= 4 * f.sit_out.sit_outs);
      CHECK(f.sit_out.hands_missed >= 4 * f.sit_out.returns);
      CHECK(f.sit_out.stand_ups == 0);
    }
  }
}

TEST_CASE("V8 a cash session stands up a seat that sat out, which leaves with its stack and plays no more hands",
          "[sit-out][cash]") {
  SlowThirdEntrant slow(
      "format: cash\ncash: {hands: 200, stand_up_after_hands: 3, new_player_after_hands: 0}\n"
      "sit_out: {return_after_hands: never}\ntable: {players: 3}\n"
      "lineup: [{strategy: calling_station}, {strategy: maniac}, {strategy: tag, label: slow}]\n");
  long& asked = slow.asked;
  Cell& cell = slow.cell();
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  for (int index = 0; index < 5; ++index) {
    asked = 0;
    const CashSessionRecord record = play_cash_session(cell, labels, 3, index, hand);
    const std::vector<int> entrant_of_seat = seat_entrants(cell, deal_key(cell, 3, index), index);
    Chips total = 0;
    for (int seat = 0; seat < 3; ++seat) {
      const auto s = static_cast<std::size_t>(seat);
      total += record.won[s];
      if (entrant_of_seat[s] != 2) {
        CHECK(record.hands_dealt[s] == 200);
        continue;
      }
      // Its first decision times out: it sits out three hands and is stood up.
      INFO("session " << index);
      CHECK(asked == 1);
      CHECK(record.faults[s].sit_out == SitOutCounts{1, 3, 0, 1});
      CHECK(record.hands_dealt[s] <= 3);  // the hands up to its first decision
    }
    CHECK(total == 0);
  }
}

TEST_CASE("V8 a cash seat a stand-up emptied is taken by a new player of the same entrant", "[sit-out][cash]") {
  SlowThirdEntrant slow(
      "format: cash\ncash: {hands: 100, stand_up_after_hands: 2, new_player_after_hands: 5}\n"
      "sit_out: {return_after_hands: never}\ntable: {players: 3}\n"
      "lineup: [{strategy: calling_station}, {strategy: maniac}, {strategy: tag, label: slow}]\n");
  Cell& cell = slow.cell();
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  const CashSessionRecord record = play_cash_session(cell, labels, 3, 0, hand);
  const std::vector<int> entrant_of_seat = seat_entrants(cell, deal_key(cell, 3, 0), 0);
  for (int seat = 0; seat < 3; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    if (entrant_of_seat[s] != 2) continue;
    // Sits out, is stood up, sits down again, times out again: each new
    // player is stood up in turn, and the seat's chips still add up.
    CHECK(record.faults[s].sit_out.stand_ups >= 5);
    CHECK(record.faults[s].sit_out.stand_ups == record.faults[s].sit_out.sit_outs);
    CHECK(record.faults[s].sit_out.hands_missed == 2 * record.faults[s].sit_out.sit_outs);
  }
  CHECK(record.won[0] + record.won[1] + record.won[2] == 0);
}

TEST_CASE("V8 V9 the sit-out and missed-blind keys are checked where they are written", "[sit-out][config]") {
  const std::string lineup = "lineup: [{strategy: random}, {strategy: rock}]\ntable: {players: 2}\n";
  testing::check_config_error("format: cash\ncash:\n  stand_up_after_hands: 0\n" + lineup, "c.yaml", 3, 25,
                              "cash.stand_up_after_hands must be at least 1, got 0");
  testing::check_config_error("format: cash\ncash:\n  stand_up_after_hands: -5\n" + lineup, "c.yaml", 3, 25,
                              "cash.stand_up_after_hands must be at least 1, got -5");
  testing::check_config_error("sit_out:\n  return_after_hands: 0\n" + lineup, "c.yaml", 2, 23,
                              "sit_out.return_after_hands must be at least 1, got 0");
  testing::check_config_error("sit_out:\n  after_faults: -1\n" + lineup, "c.yaml", 2, 17,
                              "sit_out.after_faults must be between 0 and 1000, got -1");
  // Missed blinds are a cash table's: a tournament refuses them.
  testing::check_config_error("cash:\n  missed_blinds: wait\n" + lineup, "c.yaml", 1, 1,
                              "cash is only read with format: cash (format is sit-and-go)");
  testing::check_config_error("format: cash\ncash: {missed_blinds: later}\n" + lineup, "c.yaml", 2, 23,
                              "cash.missed_blinds must be one of post, wait; got 'later'");
  const Experiment cash = parse_experiment(
      "format: cash\ncash: {missed_blinds: wait, new_players: wait, stand_up_after_hands: 7}\n"
      "sit_out: {after_faults: 2}\n" +
          lineup,
      "c.yaml");
  const CashTableRules& rules = cash.cells.at(0).cash.table;
  CHECK(rules.missed_blinds_wait);
  CHECK(rules.new_player_waits);
  CHECK(rules.sit_out.stand_up_after_hands == 7);
  CHECK(rules.sit_out.after_faults == 2);
  CHECK(rules.sit_out.return_after_hands == 10);
}

}  // namespace sngsim
