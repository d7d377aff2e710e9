// Plug-ins (bot_hosting/plugin_api.h): the example C bot loads and plays
// whole tournaments deterministically, its parameters pass through, and
// every loading problem stops the experiment file before anything runs,
// naming the `path` node and the reason.
//
// CMake passes the built plug-ins' paths: SNGSIM_EXAMPLE_PLUGIN (the example
// bot), SNGSIM_BAD_ABI_PLUGIN (ABI version 999) and SNGSIM_NO_DECIDE_PLUGIN
// (no sngsim_plugin_decide), SNGSIM_ABI_V1_PLUGIN and
// SNGSIM_ABI_V2_PROBE_PLUGIN (ABI versions 1 and 2, plugins/abi_test).

#include <dlfcn.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "sim/stats/cell_stats.h"
#include "sim/config/experiment_config.h"
#include "sim/formats/play_tournament.h"
#include "sim/run/runner.h"
#include "bot_hosting/plugin_api.h"
#include "bot_hosting/plugin_strategy.h"

namespace sngsim {
namespace {

namespace fs = std::filesystem;

// A lineup of the plug-in at `path` against `opponent`, heads-up unless the
// table says otherwise. The `path:` value is on line 4, column 30.
std::string plugin_yaml(const std::string& path, const std::string& extra_entry_keys = "",
                        const std::string& opponent = "random", int players = 2) {
  return "seed: 5\n"
         "table: {players: " +
         std::to_string(players) +
         "}\n"
         "lineup:\n"
         "  - {strategy: plugin, path: " +
         path + extra_entry_keys +
         "}\n"
         "  - {strategy: " +
         opponent + "}\n";
}

RunResult run(const Experiment& experiment, int threads) {
  RunOptions options;
  options.threads = threads;
  return run_experiment(experiment, options);
}

TEST_CASE("the example plug-in loads once and names itself", "[plugin]") {
  std::string error;
  const Plugin* plugin = load_plugin(SNGSIM_EXAMPLE_PLUGIN, error);
  REQUIRE(plugin != nullptr);
  CHECK(error.empty());
  CHECK(plugin->name == "example_bot");
  CHECK(plugin->info.name == "plugin");
  CHECK(plugin->info.params.empty());
  // Another spelling of the same file is the same library.
  const fs::path other =
      fs::path(SNGSIM_EXAMPLE_PLUGIN).parent_path() / "." / fs::path(SNGSIM_EXAMPLE_PLUGIN).filename();
  CHECK(load_plugin(other.string(), error) == plugin);
}

TEST_CASE("the example plug-in plays whole tournaments without faults, deterministically", "[plugin]") {
  Experiment experiment = parse_experiment(plugin_yaml(SNGSIM_EXAMPLE_PLUGIN, "", "tag", 6), "plugin.yaml");
  experiment.tournaments = 300;
  const Cell& cell = experiment.cells.at(0);
  CHECK(cell.entrants.at(0).label == "example_bot");
  CHECK(cell.entrants.at(0).strategy == "plugin");

  const RunResult one = run(experiment, 1);
  const RunResult two = run(experiment, 2);
  REQUIRE(one.cells.size() == 1);
  CHECK(one.cells[0] == two.cells[0]);  // the same on any number of threads
  const CellStats& stats = one.cells[0];
  CHECK(stats.tournaments() == 300);
  const LabelTotals& bot = stats.label_totals(0);
  CHECK(stats.labels().at(0) == "example_bot");
  CHECK(bot.entries == 900);  // three of the six seats
  CHECK(bot.faults.total() == 0);
  // It plays: it wins some and loses some against tag.
  CHECK(bot.win_shares() > 0);
  CHECK(bot.win_shares() < bot.entries * kShareUnit);
}

TEST_CASE("plug-in parameters pass through as text, and a bot that fails to create faults every decision", "[plugin]") {
  // Accepted by the bot: no faults.
  Experiment good = parse_experiment(plugin_yaml(SNGSIM_EXAMPLE_PLUGIN, ", params: {max_call: 0.5}"), "p.yaml");
  CHECK(good.cells.at(0).entrants.at(0).params.all().at("max_call") == "0.5");
  good.tournaments = 50;
  CHECK(run(good, 2).cells.at(0).label_totals(0).faults.total() == 0);

  // The example bot refuses unknown parameters (create returns NULL): the run
  // still completes, and every decision of that seat is a fault (V5).
  Experiment bad = parse_experiment(plugin_yaml(SNGSIM_EXAMPLE_PLUGIN, ", params: {max_cal: 0.5}"), "p.yaml");
  bad.tournaments = 50;
  const RunResult result = run(bad, 2);
  const CellStats& stats = result.cells.at(0);
  CHECK(stats.tournaments() == 50);
  CHECK(stats.label_totals(0).faults.total() > 0);
  CHECK(stats.label_totals(1).faults.total() == 0);
}

// Expects parse_experiment to refuse `yaml` at the `path` value (line 4,
// column 30) with a message containing `reason`.
void check_refused(const std::string& yaml, const std::string& reason, int line = 4, int column = 30) {
  try {
    parse_experiment(yaml, "plugins.yaml");
    FAIL("expected a ConfigError containing: " << reason);
  } catch (const ConfigError& error) {
    INFO(error.what());
    CHECK(error.file == "plugins.yaml");
    CHECK(error.line == line);
    CHECK(error.column == column);
    CHECK(error.message.find(reason) != std::string::npos);
  }
}

TEST_CASE("plug-in loading errors stop the experiment file with the path's place and the reason", "[plugin]") {
  SECTION("missing file") {
    check_refused(plugin_yaml("/nonexistent/libnothing.so"),
                  "cannot load plug-in '/nonexistent/libnothing.so': no such file");
  }
  SECTION("not a shared library") {
    check_refused(plugin_yaml(std::string(SNGSIM_SOURCE_DIR) + "/CMakeLists.txt"), "not a loadable shared library");
  }
  SECTION("a directory") { check_refused(plugin_yaml(SNGSIM_SOURCE_DIR), "it is a directory"); }
  SECTION("wrong ABI version") {
    check_refused(plugin_yaml(SNGSIM_BAD_ABI_PLUGIN),
                  "plug-in ABI version 999, but this sngsim supports versions 1 to 2");
  }
  SECTION("missing sngsim_plugin_decide") {
    check_refused(plugin_yaml(SNGSIM_NO_DECIDE_PLUGIN), "missing symbol sngsim_plugin_decide");
  }
  SECTION("a library that is no plug-in") {
    // Any shared library without the ABI's symbols, e.g. the C library.
    const std::string libc = "/lib/x86_64-linux-gnu/libc.so.6";
    if (fs::exists(libc)) check_refused(plugin_yaml(libc), "missing symbol sngsim_plugin_abi_version");
  }
  SECTION("plugin without path") { check_refused("lineup:\n  - {strategy: plugin}\n", "needs 'path'", 2, 5); }
  SECTION("path without plugin") {
    check_refused("lineup:\n  - {strategy: tag, path: x.so}\n", "lineup[0].path is only read with strategy: plugin", 2,
                  21);
  }
}

TEST_CASE("a relative plug-in path is relative to the experiment file", "[plugin]") {
  const fs::path dir = fs::temp_directory_path() / ("sngsim-plugin-test-" + std::to_string(::getpid()));
  fs::create_directories(dir / "bots");
  fs::copy_file(SNGSIM_EXAMPLE_PLUGIN, dir / "bots" / "libmine.so", fs::copy_options::overwrite_existing);
  {
    std::ofstream out(dir / "experiment.yaml");
    out << plugin_yaml("bots/libmine.so") << "tournaments: 20\n";
  }
  const Experiment experiment = load_experiment((dir / "experiment.yaml").string());
  CHECK(experiment.cells.at(0).entrants.at(0).label == "example_bot");
  CHECK(run(experiment, 1).cells.at(0).tournaments() == 20);
  // From another working directory the file still finds its plug-in.
  CHECK_THROWS_AS(parse_experiment(plugin_yaml("bots/libmine.so"), "elsewhere/experiment.yaml"), ConfigError);
  fs::remove_all(dir);
}

TEST_CASE("plug-ins of ABI version 1 and version 2 both load and play", "[plugin]") {
  Experiment experiment = parse_experiment(
      "seed: 11\n"
      "table: {players: 3}\n"
      "lineup:\n"
      "  - {strategy: plugin, path: " SNGSIM_ABI_V1_PLUGIN
      "}\n"
      "  - {strategy: plugin, path: " SNGSIM_ABI_V2_PROBE_PLUGIN
      "}\n"
      "  - {strategy: tag}\n",
      "abi.yaml");
  experiment.tournaments = 200;
  const RunResult one = run(experiment, 1);
  const RunResult two = run(experiment, 2);
  CHECK(one.cells.at(0) == two.cells.at(0));
  const CellStats& stats = one.cells.at(0);
  CHECK(stats.labels() == std::vector<std::string>{"abi_v1", "abi_v2", "tag"});
  for (int label = 0; label < 2; ++label) {
    INFO(stats.labels().at(static_cast<std::size_t>(label)));
    const LabelTotals& bot = stats.label_totals(label);
    CHECK(bot.entries == 200);
    // The version 2 probe refuses (a fault) an observation whose struct_size
    // does not cover the tournament context.
    CHECK(bot.faults.total() == 0);
    CHECK(bot.win_shares() > 0);
  }
}

// What the version 2 probe saw in its last decision on this thread.
struct Probed {
  SngsimObservation observation{};
  std::int32_t payouts[64]{};
  SngsimBlindLevel levels[64]{};
};

Probed probe_last() {
  void* library = dlopen(SNGSIM_ABI_V2_PROBE_PLUGIN, RTLD_NOW | RTLD_NOLOAD);
  REQUIRE(library != nullptr);  // loaded by load_plugin, never unloaded
  using LastFn = void (*)(SngsimObservation*, std::int32_t*, SngsimBlindLevel*);
  const auto last = reinterpret_cast<LastFn>(dlsym(library, "sngsim_abi_test_last"));
  REQUIRE(last != nullptr);
  Probed probed;
  last(&probed.observation, probed.payouts, probed.levels);
  dlclose(library);  // drops only the reference this function took
  return probed;
}

TEST_CASE("plug-in ABI version 2: struct_size, the betting counts and the tournament context, exactly", "[plugin]") {
  std::string error;
  const Plugin* plugin = load_plugin(SNGSIM_ABI_V2_PROBE_PLUGIN, error);
  REQUIRE(plugin != nullptr);
  TournamentRules rules;
  rules.players = 3;
  rules.starting_stack = 1500;
  rules.schedule = BlindSchedule::standard(kTurboHandsPerLevel);
  rules.hand_cap = 50;
  const std::vector<int> payouts{65, 35};
  StrategyContext context(7, 1);
  context.rules = &rules;
  context.payout_percent = payouts;
  const std::unique_ptr<Strategy> bot = plugin->info.create(StrategyParams(), context);

  Observation obs;
  obs.player = 1;
  obs.num_players = 2;  // one of the three has busted
  obs.min_bet = 20;
  obs.betting = BettingCount{2, 1, 0, 0};
  obs.hole = {make_card(12, 0), make_card(3, 1), kNoCard, kNoCard};
  obs.legal.can_fold = true;
  obs.legal.call_amount = 60;
  CHECK(bot->decide(obs).type == ActionType::kCheckCall);
  Probed seen = probe_last();
  const SngsimObservation& o = seen.observation;
  CHECK(o.struct_size == sizeof(SngsimObservation));
  CHECK(o.betting_count.raises_this_round == 2);
  CHECK(o.betting_count.callers_this_round == 1);
  CHECK(o.betting_count.last_raiser_this_round == 0);
  CHECK(o.betting_count.last_preflop_raiser == 0);
  CHECK(o.tournament.players == 3);
  CHECK(o.tournament.players_left == 2);
  CHECK(o.tournament.starting_stack == 1500);
  CHECK(o.tournament.hand_number == 1);
  CHECK(o.tournament.hand_cap == 50);
  CHECK(o.tournament.hands_per_level == kTurboHandsPerLevel);
  CHECK(o.tournament.hands_to_next_level == 4);
  REQUIRE(o.tournament.payout_count == 2);
  CHECK(seen.payouts[0] == 65);
  CHECK(seen.payouts[1] == 35);
  REQUIRE(o.tournament.level_count == static_cast<int>(rules.schedule.levels().size()));
  for (int level = 0; level < o.tournament.level_count; ++level) {
    const BlindLevel& expected = rules.schedule.levels()[static_cast<std::size_t>(level)];
    CHECK(seen.levels[level].small_blind == expected.small_blind);
    CHECK(seen.levels[level].big_blind == expected.big_blind);
    CHECK(seen.levels[level].ante == expected.ante);
  }
  CHECK(seen.levels[0].small_blind == 10);
  CHECK(seen.levels[0].big_blind == 20);

  // Hands count up as they end: the 4th is the last of level 1, the 5th the
  // first of level 2.
  obs.betting = BettingCount{0, 0, -1, 1};
  for (int hand = 2; hand <= 5; ++hand) {
    bot->hand_ended(HandEnd{});
    bot->decide(obs);
    seen = probe_last();
    INFO("hand " << hand);
    CHECK(seen.observation.tournament.hand_number == hand);
    CHECK(seen.observation.tournament.hands_to_next_level == (hand == 4 ? 1 : hand == 5 ? 4 : 5 - hand));
    CHECK(seen.observation.betting_count.raises_this_round == 0);
    CHECK(seen.observation.betting_count.last_raiser_this_round == -1);
    CHECK(seen.observation.betting_count.last_preflop_raiser == 1);
  }

  // A cash session has no cap, levels or payouts.
  StrategyContext cash = context;
  cash.cash_session = true;
  const std::unique_ptr<Strategy> cash_bot = plugin->info.create(StrategyParams(), cash);
  cash_bot->decide(obs);
  seen = probe_last();
  CHECK(seen.observation.tournament.players == 3);
  CHECK(seen.observation.tournament.hand_number == 1);
  CHECK(seen.observation.tournament.hand_cap == 0);
  CHECK(seen.observation.tournament.hands_per_level == 0);
  CHECK(seen.observation.tournament.hands_to_next_level == 0);
  CHECK(seen.observation.tournament.level_count == 0);
  CHECK(seen.observation.tournament.payout_count == 0);
}

}  // namespace
}  // namespace sngsim
