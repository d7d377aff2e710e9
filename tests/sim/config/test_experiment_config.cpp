// The experiment file reader: defaults, every error with its exact place,
// overrides, matrix expansion and the shipped configs.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "tests/config_error_util.h"
#include "sim/config/experiment_config.h"
#include "strategies/registry.h"

namespace sngsim {
namespace {

constexpr const char* kFile = "t.yaml";
constexpr const char* kLineup = "lineup:\n  - strategy: random\n";

void check_error(const std::string& text, int line, int column, const std::string& message,
                 const std::vector<std::string>& overrides = {}) {
  testing::check_config_error(text, kFile, line, column, message, overrides);
}

std::vector<std::string> labels_of(const Cell& cell) {
  std::vector<std::string> labels;
  for (const auto& entrant : cell.entrants) labels.push_back(entrant.label);
  return labels;
}

}  // namespace

TEST_CASE("config: defaults are filled in", "[config]") {
  const Experiment experiment = parse_experiment("lineup:\n  - strategy: maniac\n", "some/dir/my-run.yaml");
  CHECK(experiment.name == "my-run");
  CHECK(experiment.source_path == "some/dir/my-run.yaml");
  CHECK(experiment.source_text == "lineup:\n  - strategy: maniac\n");
  CHECK(experiment.seed == 1);
  CHECK(experiment.tournaments == 1000);
  REQUIRE(experiment.cells.size() == 1);
  const Cell& cell = experiment.cells[0];
  CHECK(cell.params.empty());
  CHECK(cell.rules.players == 6);
  CHECK(cell.rules.starting_stack == 1000);
  CHECK(cell.rules.schedule.hands_per_level() == kNormalHandsPerLevel);
  CHECK(cell.rules.schedule.levels() == BlindSchedule::standard(kNormalHandsPerLevel).levels());
  CHECK(cell.rules.hand_cap == 120);
  CHECK(cell.rules.tie_rule == TieRule::kShare);
  CHECK(cell.rules.game.hole_cards == 2);
  CHECK(cell.rules.game.betting == BettingStructure::kNoLimit);
  CHECK(cell.seating == Seating::kRandom);
  CHECK(cell.payouts.percent == std::vector<int>{100});
  CHECK(cell.payouts.buy_in == 100);
  CHECK(cell.payouts.fee_percent == 0);
  REQUIRE(cell.entrants.size() == 6);
  for (const auto& entrant : cell.entrants) {
    CHECK(entrant.label == "maniac");
    CHECK(entrant.strategy == "maniac");
    REQUIRE(entrant.info != nullptr);
    CHECK(entrant.info->name == "maniac");
    CHECK(entrant.params.text("size") == "1.0");
    CHECK(entrant.params.number("size") == 1.0);
  }
}

TEST_CASE("config: every key read", "[config]") {
  const Experiment experiment = parse_experiment(R"(name: full
seed: 18446744073709551615
tournaments: 5
table:
  players: 4
  stack: 2000
  blinds: turbo
  hands_per_level: 3
  hand_cap: 60
  bust_ties: button
  game: omaha
  betting: pot-limit
lineup:
  - label: loose
    strategy: maniac
    count: 2
    params: {size: 0.50}
  - strategy: calling_station
seating: rotate
payouts:
  places: [70, 30, 0]
  buy_in: 50
  fee: 10
)",
                                                 kFile);
  CHECK(experiment.name == "full");
  CHECK(experiment.seed == 18446744073709551615ull);
  CHECK(experiment.tournaments == 5);
  const Cell& cell = experiment.cells.at(0);
  CHECK(cell.rules.players == 4);
  CHECK(cell.rules.starting_stack == 2000);
  CHECK(cell.rules.schedule.hands_per_level() == 3);
  CHECK(cell.rules.schedule.levels() == BlindSchedule::standard(kTurboHandsPerLevel).levels());
  CHECK(cell.rules.hand_cap == 60);
  CHECK(cell.rules.tie_rule == TieRule::kButtonOrder);
  CHECK(cell.rules.game.hole_cards == 4);
  CHECK(cell.rules.game.betting == BettingStructure::kPotLimit);
  CHECK(labels_of(cell) == std::vector<std::string>{"loose", "loose", "calling_station", "loose"});
  CHECK(cell.entrants[0].params.text("size") == "0.50");  // the text is kept as written
  CHECK(cell.entrants[0].params.number("size") == 0.5);
  CHECK(cell.seating == Seating::kRotate);
  CHECK(cell.payouts.percent == std::vector<int>{70, 30, 0});
  CHECK(cell.payouts.buy_in == 50);
  CHECK(cell.payouts.fee_percent == 10);
}

TEST_CASE("config: turbo speed and betting names", "[config]") {
  auto table = [](const std::string& lines) {
    return parse_experiment("table:\n" + lines + kLineup, kFile).cells.at(0).rules;
  };
  CHECK(table("  blinds: turbo\n").schedule.hands_per_level() == kTurboHandsPerLevel);
  CHECK(table("  blinds: normal\n  hands_per_level: 10\n").schedule.hands_per_level() == 10);
  CHECK(table("  betting: fixed-limit\n").game.betting == BettingStructure::kFixedLimit);
  CHECK(table("  betting: no-limit\n").game.betting == BettingStructure::kNoLimit);
  CHECK(table("  betting: pl\n").game.betting == BettingStructure::kPotLimit);  // parse_betting's short names
  CHECK(table("  bust_ties: share\n").tie_rule == TieRule::kShare);
  CHECK(table("  game: holdem\n").game.hole_cards == 2);
}

TEST_CASE("config: an empty section is an empty mapping", "[config]") {
  const Experiment experiment = parse_experiment(std::string("table:\npayouts:\n") + kLineup, kFile);
  CHECK(experiment.cells.at(0).rules.players == 6);
  CHECK(experiment.cells.at(0).payouts.percent == std::vector<int>{100});
}

TEST_CASE("config: a missing file cannot be read", "[config]") {
  const std::string path = "/nonexistent/sngsim/no-such.yaml";
  try {
    load_experiment(path);
    FAIL("expected a ConfigError");
  } catch (const ConfigError& error) {
    CHECK(error.file == path);
    CHECK(error.line == 0);
    CHECK(error.column == 0);
    CHECK(error.message == "cannot read: No such file or directory");
    CHECK(std::string(error.what()) == path + ": cannot read: No such file or directory");
  }
  CHECK_THROWS_AS(load_experiment(SNGSIM_SOURCE_DIR "/configs"), ConfigError);
}

TEST_CASE("config: YAML syntax errors give yaml-cpp's place", "[config]") {
  check_error("lineup: [a, b\nseed: 3\n", 2, 5, "YAML syntax error: end of sequence flow not found");
  check_error("table:\n  players: 6\n stack: 3\n", 3, 2, "YAML syntax error: end of map not found");
  check_error(std::string(kLineup) + "---\nseed: 2\n", 4, 1,
              "only one YAML document is allowed (a second one starts here)");
  check_error("- a\n- b\n", 1, 1, "an experiment must be a mapping of keys (name:, table:, lineup:, ...), got a list");
}

TEST_CASE("config: unknown keys, with did-you-mean", "[config]") {
  check_error(std::string("tabel:\n  players: 6\n") + kLineup, 1, 1, "unknown key 'tabel' (did you mean 'table'?)");
  check_error(std::string("table:\n  hand_cpa: 60\n") + kLineup, 2, 3,
              "unknown key 'hand_cpa' in table (did you mean 'hand_cap'?)");
  check_error(std::string("table:\n  players: 6\n  colour: red\n") + kLineup, 3, 3,
              "unknown key 'colour' in table; expected one of: players, stack, blinds, hands_per_level, schedule, "
              "hand_cap, bust_ties, game, betting, ante");
  check_error("lineup:\n  - strategy: random\n    cuont: 2\n", 3, 5,
              "unknown key 'cuont' in lineup[0] (did you mean 'count'?)");
  check_error(std::string(kLineup) + "payouts:\n  place: [100]\n", 4, 3,
              "unknown key 'place' in payouts (did you mean 'places'?)");
  check_error(std::string("table:\n  ante: {from_level: 2, amuont: 5}\n") + kLineup, 2, 25,
              "unknown key 'amuont' in table.ante (did you mean 'amount'?)");
  check_error(std::string("seed: 1\nseed: 2\n") + kLineup, 2, 1, "duplicate key 'seed' (first at line 1)");
}

TEST_CASE("config: wrong types and ranges", "[config]") {
  const std::string lineup = kLineup;
  check_error("table:\n  players: six\n" + lineup, 2, 12, "table.players must be an integer, got 'six'");
  check_error("table:\n  players: 1\n" + lineup, 2, 12, "table.players must be between 2 and 6, got 1");
  check_error("table:\n  players: 7\n" + lineup, 2, 12, "table.players must be between 2 and 6, got 7");
  check_error("table:\n  players: 6.0\n" + lineup, 2, 12, "table.players must be an integer, got '6.0'");
  check_error("table:\n  players: [6]\n" + lineup, 2, 12, "table.players must be an integer, got a list");
  check_error("table:\n  players:\n" + lineup, 2, 3, "table.players must be an integer, got nothing");
  check_error("table:\n  stack: 0\n" + lineup, 2, 10, "table.stack must be at least 1, got 0");
  check_error("table:\n  stack: -500\n" + lineup, 2, 10, "table.stack must be at least 1, got -500");
  check_error("table:\n  stack: 99999999999999999999\n" + lineup, 2, 10,
              "table.stack must be at most 1000000000000, got 99999999999999999999");
  check_error("table:\n  hand_cap: 0\n" + lineup, 2, 13, "table.hand_cap must be at least 1, got 0");
  check_error("table:\n  hands_per_level: 0\n" + lineup, 2, 20, "table.hands_per_level must be at least 1, got 0");
  check_error("table: 6\n" + lineup, 1, 8, "table must be a mapping of keys, got '6'");
  check_error("seed: -1\n" + lineup, 1, 7, "seed must be an unsigned 64-bit integer, got '-1'");
  check_error("seed: 18446744073709551616\n" + lineup, 1, 7,
              "seed must be an unsigned 64-bit integer, got '18446744073709551616'");
  check_error("tournaments: 0\n" + lineup, 1, 14, "tournaments must be at least 1, got 0");
  check_error("name: [a]\n" + lineup, 1, 7, "name must be a non-empty text, got a list");
}

TEST_CASE("config: unknown enum values list the allowed ones", "[config]") {
  const std::string lineup = kLineup;
  check_error("table:\n  blinds: trubo\n" + lineup, 2, 11,
              "table.blinds must be one of normal, turbo, custom; got 'trubo' (did you mean 'turbo'?)");
  check_error("table:\n  game: stud\n" + lineup, 2, 9, "table.game must be one of holdem, omaha; got 'stud'");
  check_error("table:\n  betting: spread\n" + lineup, 2, 12,
              "table.betting must be one of no-limit, pot-limit, fixed-limit; got 'spread'");
  check_error("table:\n  bust_ties: chips\n" + lineup, 2, 14,
              "table.bust_ties must be one of share, button; got 'chips'");
  check_error("seating: rotaet\n" + lineup, 1, 10,
              "seating must be one of random, rotate, duplicate; got 'rotaet' (did you mean 'rotate'?)");
}

TEST_CASE("config: lineup errors", "[config]") {
  // The lists name every registered strategy, so they follow the registry.
  std::string registered;
  for (const auto& name : strategy_names()) registered += (registered.empty() ? "" : ", ") + name;
  const std::string known = registered + ", plugin, process, python";
  check_error("seed: 3\n", 1, 1, "missing required key 'lineup' (the strategies that play)");
  check_error("", 1, 1, "missing required key 'lineup' (the strategies that play)");
  check_error("lineup: []\n", 1, 9,
              "lineup must be a non-empty list of entries ({strategy: , count: , ...}), got an empty list");
  check_error("lineup:\n  - label: x\n", 2, 5, "lineup[0] needs 'strategy' (one of " + registered + ")");
  check_error("lineup:\n  - strategy: random\n  - strategy: mainac\n", 3, 15,
              "unknown strategy 'mainac' (did you mean 'maniac'?); known strategies: " + known);
  check_error("lineup:\n  - strategy: xyz\n", 2, 15, "unknown strategy 'xyz'; known strategies: " + known);
  check_error("lineup:\n  - strategy: random\n    count: 0\n", 3, 12, "lineup[0].count must be between 1 and 6, got 0");
  check_error("table:\n  players: 3\nlineup:\n  - strategy: random\n    count: 2\n  - strategy: maniac\n    count: 2\n",
              3, 1, "the lineup fills 4 seats but table.players is 3");
  check_error("lineup:\n  - strategy: random\n    label: x\n  - strategy: maniac\n    label: x\n", 5, 12,
              "label 'x' already names lineup[0], which has a different strategy or params; give this entry its own "
              "label");
}

TEST_CASE("config: strategy params are checked by the strategy's specs", "[config]") {
  check_error("lineup:\n  - strategy: maniac\n    params: {size: 200}\n", 3, 13,
              "lineup[0].params: parameter 'size' = 200 is out of range [0, 100]");
  check_error("lineup:\n  - strategy: maniac\n    params:\n      sise: 2\n", 4, 7,
              "lineup[0].params: unknown parameter 'sise' (did you mean 'size'?)");
  check_error("lineup:\n  - strategy: maniac\n    params: {size: big}\n", 3, 13,
              "lineup[0].params: parameter 'size' must be a number, got 'big'");
  check_error("lineup:\n  - strategy: maniac\n    params: {size: [1]}\n", 3, 20,
              "lineup[0].params.size must be a single value, got a list");
  check_error("lineup:\n  - strategy: random\n    params: {x: 1}\n", 3, 13,
              "lineup[0].params: unknown parameter 'x' (this strategy takes no parameters)");
}

// A value every spec accepts can still be one the strategy cannot play: the
// strategy says so when it binds, at load, so validate finds it too.
TEST_CASE("config: a setting a strategy cannot play is an error of the file, when it loads", "[config]") {
  check_error("lineup:\n  - strategy: equity\n    params: {payouts: x}\n", 3, 13,
              "lineup[0].params: payouts must be prizes of places 1, 2, ... separated by commas, e.g. \"65,35\"; got "
              "\"x\"");
  check_error("lineup:\n  - strategy: tag\n  - strategy: pushfold\n    params: {fallback: pushfold_again}\n", 4, 13,
              "lineup[1].params: fallback: unknown strategy 'pushfold_again'");
}

TEST_CASE("config: the same label twice with the same strategy is one label", "[config]") {
  const Experiment experiment = parse_experiment(
      "table:\n  players: 3\nlineup:\n  - strategy: maniac\n  - strategy: random\n  - strategy: maniac\n", kFile);
  CHECK(labels_of(experiment.cells.at(0)) == std::vector<std::string>{"maniac", "random", "maniac"});
}

TEST_CASE("config: a short lineup repeats in order to fill the seats", "[config]") {
  const std::string base =
      "lineup:\n  - strategy: maniac\n    label: a\n    count: 2\n  - strategy: random\n    label: b\n";
  auto labels = [&](int players) {
    return labels_of(
        parse_experiment("table:\n  players: " + std::to_string(players) + "\n" + base, kFile).cells.at(0));
  };
  CHECK(labels(3) == std::vector<std::string>{"a", "a", "b"});
  CHECK(labels(4) == std::vector<std::string>{"a", "a", "b", "a"});
  CHECK(labels(5) == std::vector<std::string>{"a", "a", "b", "a", "a"});
  CHECK(labels(6) == std::vector<std::string>{"a", "a", "b", "a", "a", "b"});
}

TEST_CASE("config: payouts validation", "[config]") {
  const std::string lineup = kLineup;
  const Experiment experiment = parse_experiment(lineup + "payouts:\n  places: [50, 30, 20]\n", kFile);
  CHECK(experiment.cells.at(0).payouts.percent == std::vector<int>{50, 30, 20});
  check_error(lineup + "payouts:\n  places: [60, 30]\n", 4, 11, "payouts.places must add up to 100, got 90");
  check_error(lineup + "payouts:\n  places: [110, -10]\n", 4, 12,
              "payouts.places[0] must be between 0 and 100, got 110");
  check_error(lineup + "payouts:\n  places: [50, 50.0]\n", 4, 16, "payouts.places[1] must be an integer, got '50.0'");
  check_error(lineup + "payouts:\n  places: []\n", 4, 11,
              "payouts.places must be a non-empty list of percentages, got an empty list");
  check_error("table:\n  players: 2\n" + lineup + "payouts:\n  places: [50, 30, 20]\n", 6, 11,
              "payouts.places pays 3 places but table.players is 2");
  check_error(lineup + "payouts:\n  fee: 11\n", 4, 8, "payouts.fee must be between 0 and 10, got 11");
  check_error(lineup + "payouts:\n  fee: -1\n", 4, 8, "payouts.fee must be between 0 and 10, got -1");
  check_error(lineup + "payouts:\n  buy_in: 0\n", 4, 11, "payouts.buy_in must be at least 1, got 0");
}

TEST_CASE("config: bust_ties chooses the tie rule", "[config]") {
  const std::string lineup = kLineup;
  CHECK(parse_experiment(lineup, kFile).cells.at(0).rules.tie_rule == TieRule::kShare);
  CHECK(parse_experiment("table:\n  bust_ties: button\n" + lineup, kFile).cells.at(0).rules.tie_rule ==
        TieRule::kButtonOrder);
}

TEST_CASE("config: custom schedules", "[config]") {
  const std::string lineup = kLineup;
  const Experiment experiment = parse_experiment(
      "table:\n  blinds: custom\n  hands_per_level: 5\n  schedule:\n    - [10, 20]\n    - [20, 40, 5]\n"
      "    - {small: 50, big: 100, ante: 10}\n    - {big: 100, small: 0}\n" +
          lineup,
      kFile);
  const BlindSchedule& schedule = experiment.cells.at(0).rules.schedule;
  CHECK(schedule.hands_per_level() == 5);
  CHECK(schedule.levels() == std::vector<BlindLevel>{{10, 20, 0}, {20, 40, 5}, {50, 100, 10}, {0, 100, 0}});
  // Without hands_per_level a custom schedule moves at the normal speed.
  CHECK(parse_experiment("table:\n  blinds: custom\n  schedule: [[1, 2]]\n" + lineup, kFile)
            .cells.at(0)
            .rules.schedule.hands_per_level() == kNormalHandsPerLevel);

  check_error("table:\n  blinds: custom\n" + lineup, 2, 11, "blinds: custom needs table.schedule, the list of levels");
  check_error("table:\n  schedule: [[1, 2]]\n" + lineup, 2, 3,
              "table.schedule is only read with blinds: custom (blinds is normal)");
  check_error("table:\n  blinds: custom\n  schedule: []\n" + lineup, 3, 13,
              "table.schedule must be a non-empty list of levels, got an empty list");
  check_error("table:\n  blinds: custom\n  schedule:\n    - [10, 20]\n    - [40, 20]\n" + lineup, 5, 7,
              "table.schedule[1]: the small blind 40 is larger than the big blind 20");
  check_error("table:\n  blinds: custom\n  schedule:\n    - [10]\n" + lineup, 4, 7,
              "table.schedule[0] must be [small, big] or [small, big, ante], got a list of 1");
  check_error("table:\n  blinds: custom\n  schedule:\n    - [10, 0]\n" + lineup, 4, 12,
              "table.schedule[0] big blind must be at least 1, got 0");
  check_error("table:\n  blinds: custom\n  schedule:\n    - [10, 20, -1]\n" + lineup, 4, 16,
              "table.schedule[0] ante must be at least 0, got -1");
  check_error("table:\n  blinds: custom\n  schedule:\n    - {small: 10}\n" + lineup, 4, 7,
              "table.schedule[0] needs 'big' (the big blind)");
  check_error("table:\n  blinds: custom\n  schedule:\n    - {small: 10, big: 20, bigg: 30}\n" + lineup, 4, 28,
              "unknown key 'bigg' in table.schedule[0] (did you mean 'big'?)");
  check_error("table:\n  blinds: custom\n  schedule:\n    - 10/20\n" + lineup, 4, 7,
              "table.schedule[0] must be [small, big], [small, big, ante] or {small: , big: , ante: }, got '10/20'");
}

TEST_CASE("config: antes scale with the big blind from their level on", "[config]") {
  const std::string lineup = kLineup;
  const Experiment experiment = parse_experiment("table:\n  ante: {from_level: 5, amount: 10}\n" + lineup, kFile);
  const BlindSchedule& schedule = experiment.cells.at(0).rules.schedule;
  // Levels 1-4 have none; from 75/150 on: 10 * big blind / 150, rounded down.
  const std::vector<Chips> expected = {0, 0, 0, 0, 10, 13, 20, 26, 40, 66};
  REQUIRE(schedule.levels().size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    CHECK(schedule.levels()[i].ante == expected[i]);
    CHECK(schedule.levels()[i].big_blind == BlindSchedule::standard(6).levels()[i].big_blind);
  }
  CHECK(schedule.level(11).ante == 132);  // past the list the ante doubles with the blinds

  // An ante from a level past the list: the list is written out to it.
  const BlindSchedule late =
      parse_experiment("table:\n  blinds: turbo\n  ante: {from_level: 12, amount: 25}\n" + lineup, kFile)
          .cells.at(0)
          .rules.schedule;
  REQUIRE(late.levels().size() == 12);
  CHECK(late.levels()[10] == BlindLevel{1000, 2000, 0});
  CHECK(late.levels()[11] == BlindLevel{2000, 4000, 25});
  CHECK(late.level(13) == BlindLevel{4000, 8000, 50});

  // from_level defaults to 1; custom schedules scale the same way.
  const BlindSchedule custom =
      parse_experiment(
          "table:\n  blinds: custom\n  schedule: [[5, 10], [10, 20], [10, 15]]\n  ante: {amount: 2}\n" + lineup, kFile)
          .cells.at(0)
          .rules.schedule;
  CHECK(custom.levels() == std::vector<BlindLevel>{{5, 10, 2}, {10, 20, 4}, {10, 15, 3}});

  check_error("table:\n  blinds: custom\n  schedule: [[10, 20, 1]]\n  ante: {amount: 2}\n" + lineup, 4, 3,
              "table.ante cannot be combined with antes in table.schedule");
  check_error("table:\n  ante: {from_level: 2}\n" + lineup, 2, 9, "table.ante needs 'amount' (chips per player)");
  check_error("table:\n  ante: {from_level: 0, amount: 5}\n" + lineup, 2, 22,
              "table.ante.from_level must be between 1 and 1000, got 0");
  check_error("table:\n  ante: 10\n" + lineup, 2, 9, "table.ante must be a mapping {from_level: , amount: }, got '10'");
}

TEST_CASE("config: a 2x2x5 matrix gives 20 cells, first key slowest", "[config]") {
  const Experiment experiment = parse_experiment(R"(lineup:
  - strategy: calling_station
  - strategy: maniac
matrix:
  table.blinds: [normal, turbo]
  table.stack: [1000, 2000]
  table.players: [2, 3, 4, 5, 6]
)",
                                                 kFile);
  REQUIRE(experiment.cells.size() == 20);
  std::size_t i = 0;
  for (const std::string blinds : {"normal", "turbo"}) {
    for (const Chips stack : {1000, 2000}) {
      for (int players = 2; players <= 6; ++players, ++i) {
        const Cell& cell = experiment.cells[i];
        INFO("cell " << i);
        CHECK(cell.params ==
              std::vector<std::pair<std::string, std::string>>{{"table.blinds", blinds},
                                                               {"table.stack", std::to_string(stack)},
                                                               {"table.players", std::to_string(players)}});
        CHECK(cell.rules.schedule.hands_per_level() == (blinds == "turbo" ? 4 : 6));
        CHECK(cell.rules.starting_stack == stack);
        CHECK(cell.rules.players == players);
        REQUIRE(cell.entrants.size() == static_cast<std::size_t>(players));
        for (int seat = 0; seat < players; ++seat) {
          CHECK(cell.entrants[static_cast<std::size_t>(seat)].strategy ==
                (seat % 2 == 0 ? "calling_station" : "maniac"));
        }
      }
    }
  }
}

TEST_CASE("config: matrix values may be whole nodes and keys the file omits", "[config]") {
  const Experiment experiment = parse_experiment(std::string(kLineup) + R"(matrix:
  payouts.places: [[100], [65, 35]]
  table.ante: [{from_level: 2, amount: 5}]
)",
                                                 kFile);
  REQUIRE(experiment.cells.size() == 2);
  CHECK(experiment.cells[0].params[0] == std::pair<std::string, std::string>{"payouts.places", "[100]"});
  CHECK(experiment.cells[1].params[0] == std::pair<std::string, std::string>{"payouts.places", "[65, 35]"});
  CHECK(experiment.cells[1].params[1] ==
        std::pair<std::string, std::string>{"table.ante", "{from_level: 2, amount: 5}"});
  CHECK(experiment.cells[1].payouts.percent == std::vector<int>{65, 35});
  CHECK(experiment.cells[1].rules.schedule.levels()[1].ante == 5);
}

TEST_CASE("config: matrix errors", "[config]") {
  const std::string lineup = kLineup;
  // An invalid combination names its cell and points at the matrix value.
  check_error(lineup + "matrix:\n  table.blinds: [normal, turbo]\n  table.players: [2, 7]\n", 5, 22,
              "matrix cell table.blinds=normal, table.players=7: table.players must be between 2 and 6, got 7");
  check_error("table:\n  players: 3\nlineup:\n  - strategy: random\n    count: 3\nmatrix:\n  table.players: [3, 2]\n",
              3, 1, "matrix cell table.players=2: the lineup fills 3 seats but table.players is 2");
  check_error(lineup + "matrix:\n  seed: [1, 2]\n", 4, 3,
              "matrix key 'seed': name, seed, tournaments, matrix and stop are the same for every cell and cannot "
              "vary");
  check_error(lineup + "matrix:\n  tournaments: [1, 2]\n", 4, 3,
              "matrix key 'tournaments': name, seed, tournaments, matrix and stop are the same for every cell and "
              "cannot vary");
  check_error(lineup + "matrix:\n  table.playres: [2, 3]\n", 4, 3,
              "matrix key 'table.playres': unknown key 'playres' in table (did you mean 'players'?)");
  check_error(lineup + "matrix:\n  table.players: []\n", 4, 18,
              "matrix.table.players must be a non-empty list of values, got an empty list");
  check_error(lineup + "matrix:\n  table.players: 3\n", 4, 18,
              "matrix.table.players must be a non-empty list of values, got '3'");
  check_error(lineup + "matrix:\n  table: [{players: 2}]\n  table.players: [2]\n", 5, 3,
              "matrix keys 'table' and 'table.players' overlap");
  check_error(lineup + "matrix: [table.players]\n", 3, 9, "matrix must be a mapping of keys, got a list");
}

TEST_CASE("config: --set overrides", "[config]") {
  const std::string lineup = kLineup;
  SECTION("valid overrides replace and add keys, in order") {
    const Experiment experiment = parse_experiment(
        "table:\n  stack: 1000\n" + lineup, kFile,
        {"table.stack=2000", "table.hand_cap=60", "payouts.places=[50, 50]", "seed=9", "table.stack=3000"});
    const Cell& cell = experiment.cells.at(0);
    CHECK(cell.rules.starting_stack == 3000);
    CHECK(cell.rules.hand_cap == 60);
    CHECK(cell.payouts.percent == std::vector<int>{50, 50});
    CHECK(experiment.seed == 9);
  }
  SECTION("a whole lineup, a new section and a matrix key") {
    const Experiment experiment = parse_experiment(
        lineup, kFile, {"lineup=[{strategy: maniac, count: 2}]", "payouts.fee=5", "matrix.table.players=[2, 4]"});
    REQUIRE(experiment.cells.size() == 2);
    CHECK(experiment.cells[1].params[0] == std::pair<std::string, std::string>{"table.players", "4"});
    CHECK(labels_of(experiment.cells[1]) == std::vector<std::string>{"maniac", "maniac", "maniac", "maniac"});
    CHECK(experiment.cells[1].payouts.fee_percent == 5);
  }
  SECTION("overrides apply before the matrix expands") {
    const Experiment experiment =
        parse_experiment(lineup + "matrix:\n  table.players: [2, 3]\n", kFile, {"table.stack=500", "table.players=5"});
    REQUIRE(experiment.cells.size() == 2);
    CHECK(experiment.cells[0].rules.players == 2);  // the matrix still wins for its key
    CHECK(experiment.cells[1].rules.starting_stack == 500);
  }
  SECTION("errors name the override") {
    check_error(lineup, 0, 0, "--set tabel.stack=2000: unknown key 'tabel' (did you mean 'table'?)",
                {"tabel.stack=2000"});
    check_error(lineup, 0, 0, "--set table.hand_cpa=60: unknown key 'hand_cpa' in table (did you mean 'hand_cap'?)",
                {"table.hand_cpa=60"});
    check_error(lineup, 0, 0, "--set table.stack=abc: table.stack must be an integer, got 'abc'", {"table.stack=abc"});
    check_error(lineup, 0, 0, "--set table.stack=: table.stack must be an integer, got nothing", {"table.stack="});
    check_error(lineup, 0, 0, "--set table.stack: expected key=value, e.g. table.stack=2000", {"table.stack"});
    check_error(lineup, 0, 0, "--set table.stack=[1: invalid YAML value: end of sequence flow not found",
                {"table.stack=[1"});
    check_error(lineup, 0, 0,
                "--set lineup.count=3: lineup is a list and has no keys; give the whole list, e.g. "
                "lineup=[{strategy: random}]",
                {"lineup.count=3"});
    check_error(lineup, 0, 0, "--set seed.x=3: 'seed' has no keys, so 'seed.x' does not exist", {"seed.x=3"});
    check_error(lineup, 0, 0,
                "--set matrix.seed=[1]: matrix key 'seed': name, seed, tournaments, matrix and stop are the same "
                "for every cell and cannot vary",
                {"matrix.seed=[1]"});
    check_error(lineup, 0, 0, "--set payouts.places=[50,30,20]: payouts.places pays 3 places but table.players is 2",
                {"table.players=2", "payouts.places=[50,30,20]"});
    // The file is to blame when it holds a scalar where the key needs a mapping.
    check_error("table: 5\n" + lineup, 1, 8,
                "--set table.players=2: cannot set table.players: table must be a mapping, got '5'",
                {"table.players=2"});
  }
}

TEST_CASE("config: every shipped config loads", "[config]") {
  const std::filesystem::path directory = std::filesystem::path(SNGSIM_SOURCE_DIR) / "configs";
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    if (entry.path().extension() == ".yaml") files.push_back(entry.path());
  }
  CHECK(files.size() >= 4);
  for (const auto& file : files) {
    INFO(file.string());
    Experiment experiment;
    try {
      experiment = load_experiment(file.string());
    } catch (const ConfigError& error) {
      FAIL(error.what());
    }
    CHECK(experiment.name == file.stem().string());
    CHECK_FALSE(experiment.cells.empty());
    for (const auto& cell : experiment.cells) {
      if (cell.format == Format::kLeague) {  // many entrants, a table of them at a time
        CHECK(cell.league != nullptr);
        CHECK(cell.entrants.size() >= static_cast<std::size_t>(std::max(kMinLeagueEntrants, cell.field_size())));
        CHECK(cell.entrants.size() <= static_cast<std::size_t>(kMaxLeagueEntrants));
        continue;
      }
      CHECK(cell.entrants.size() == static_cast<std::size_t>(cell.field_size()));  // players, or tables x players
    }
  }
}

// configs/compare-strategies.yaml named ../build/plugins/libexample_bot.so
// and failed in any other build folder: "{sngsim_dir}" is the folder of the
// running binary (here the test binary, beside sngsim in the build folder).
TEST_CASE("config: {sngsim_dir} in a plug-in path is the binary's folder, whatever the build folder", "[config]") {
  const std::filesystem::path binary_folder = std::filesystem::read_symlink("/proc/self/exe").parent_path();
  const ConfigError error = testing::config_error_of(
      "lineup:\n  - {strategy: plugin, path: \"{sngsim_dir}/plugins/nowhere.so\"}\n  - strategy: tag\n",
      "/elsewhere/x.yaml");
  CHECK_THAT(error.message, Catch::Contains("cannot load plug-in '" + (binary_folder / "plugins/nowhere.so").string() +
                                            "': no such file"));
  std::ifstream compare(std::string(SNGSIM_SOURCE_DIR) + "/configs/compare-strategies.yaml");
  const std::string text((std::istreambuf_iterator<char>(compare)), std::istreambuf_iterator<char>());
  CHECK(text.find("../build/") == std::string::npos);
  CHECK(text.find("\"{sngsim_dir}/plugins/libexample_bot.so\"") != std::string::npos);
}

TEST_CASE("config: the shipped configs say what the README promises", "[config]") {
  const std::string configs = std::string(SNGSIM_SOURCE_DIR) + "/configs/";
  const Experiment quickstart = load_experiment(configs + "quickstart.yaml");
  REQUIRE(quickstart.cells.size() == 1);
  CHECK(quickstart.tournaments == 20000);
  CHECK(quickstart.cells[0].rules.players == 6);
  CHECK(quickstart.cells[0].rules.starting_stack == 1000);
  CHECK(quickstart.cells[0].payouts.percent == std::vector<int>{65, 35});

  const Experiment compare = load_experiment(configs + "compare-strategies.yaml");
  REQUIRE(compare.cells.size() == 1);
  // Every built-in and the example plug-in: ten entrants, so a shoot-out of
  // five heads-up tables with a fresh random draw of seats each time.
  CHECK(compare.cells[0].format == Format::kShootout);
  for (const std::string& name : strategy_names()) {
    const auto& entrants = compare.cells[0].entrants;
    CHECK(std::any_of(entrants.begin(), entrants.end(), [&](const Entrant& e) { return e.strategy == name; }));
  }
  std::vector<std::string> labels = labels_of(compare.cells[0]);
  CHECK(std::find(labels.begin(), labels.end(), "example_plugin") != labels.end());
  std::sort(labels.begin(), labels.end());
  CHECK(std::adjacent_find(labels.begin(), labels.end()) == labels.end());  // one seat per label

  CHECK(load_experiment(configs + "turbo-vs-normal.yaml").cells.size() == 20);
  CHECK(load_experiment(configs + "bench.yaml").tournaments == 1000000);
}

TEST_CASE("config: the reference's complete example loads", "[config]") {
  std::ifstream in(std::string(SNGSIM_SOURCE_DIR) + "/docs/config-reference.md");
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  const std::size_t section = doc.find("## A complete example");
  REQUIRE(section != std::string::npos);
  const std::size_t begin = doc.find("```yaml\n", section);
  REQUIRE(begin != std::string::npos);
  const std::size_t end = doc.find("```", begin + 8);
  REQUIRE(end != std::string::npos);
  const Experiment experiment = parse_experiment(doc.substr(begin + 8, end - begin - 8), "example.yaml");
  CHECK(experiment.name == "example");
  CHECK(experiment.cells.size() == 4);
}

}  // namespace sngsim
