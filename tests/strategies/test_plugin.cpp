// Plug-ins (strategies/plugin_api.h): the example C bot loads and plays
// whole tournaments deterministically, its parameters pass through, and
// every loading problem stops the experiment file before anything runs,
// naming the `path` node and the reason.
//
// CMake passes the built plug-ins' paths: SNGSIM_EXAMPLE_PLUGIN (the example
// bot), SNGSIM_BAD_ABI_PLUGIN (ABI version 999) and SNGSIM_NO_DECIDE_PLUGIN
// (no sngsim_plugin_decide).

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
#include "strategies/plugin_strategy.h"

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
    check_refused(plugin_yaml(SNGSIM_BAD_ABI_PLUGIN), "plug-in ABI version 999, but this sngsim supports version 1");
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

}  // namespace
}  // namespace sngsim
