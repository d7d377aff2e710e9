// sngsim run --check and --replay-tournament: every invariant checked from the command line, and the soak.

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/hand.h"
#include "sim/config/experiment_config.h"
#include "sim/formats/play_tournament.h"
#include "sim/formats/tournament_record.h"
#include "sim/run/runner.h"
#include "tests/shell_util.h"
#include "tests/temp_dir.h"

namespace sngsim {
namespace {

namespace fs = std::filesystem;
using testing::TempDir;

const std::string kConfigs = std::string(SNGSIM_SOURCE_DIR) + "/configs/";

// ---- the command line --------------------------------------------------------------------

using testing::quote;

// Runs a shell command; returns its exit code and (stdout + stderr) in `output`.
int run_command(const std::string& command, const fs::path& log, std::string& output) {
  const int status = std::system((command + " >" + quote(log.string()) + " 2>&1").c_str());
  std::ifstream file(log);
  output.assign(std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST_CASE("run --replay-tournament plays one tournament, checked, and writes its hand history", "[invariants][cli]") {
  TempDir scratch;
  const std::string binary = quote(SNGSIM_BINARY);
  const fs::path hh = scratch.path() / "hh";
  std::string output;
  REQUIRE(run_command(binary + " run " + quote(kConfigs + "quickstart.yaml") +
                          " --replay-tournament 3 --hand-history " + quote(hh.string()),
                      scratch.path() / "log", output) == 0);
  // The same tournament as the run's tournament 3.
  const Experiment experiment = load_experiment(kConfigs + "quickstart.yaml");
  const Cell& cell = experiment.cells[0];
  Hand hand;
  const TournamentRecord record = play_tournament(cell, label_of_entrants(cell), experiment.seed, 3, hand);
  const std::vector<std::string> labels = cell_labels(cell);
  INFO(output);
  CHECK(output.find("cell 0  tournament 3  seed 42  (sit-and-go, every invariant checked)") != std::string::npos);
  CHECK(output.find("  " + std::to_string(record.hands) + " hands, level " + std::to_string(record.level_reached)) !=
        std::string::npos);
  for (int seat = 0; seat < record.seats; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    if (record.placement[s].first != 1) continue;
    // The winner's row: place, seat, label, every chip.
    std::string row = "  1      " + std::to_string(seat);
    CHECK(output.find(row) != std::string::npos);
    CHECK(output.find(labels[static_cast<std::size_t>(record.label[s])]) != std::string::npos);
    CHECK(output.find(std::to_string(record.final_chips[s])) != std::string::npos);
  }
  CHECK(output.find("Every invariant held in every hand.") != std::string::npos);
  const fs::path file = hh / "cell-0-tournament-3.phhs";
  REQUIRE(fs::exists(file));
  CHECK_FALSE(fs::exists(hh.string() + ".tmp"));
  std::ifstream phh(file);
  const std::string text((std::istreambuf_iterator<char>(phh)), std::istreambuf_iterator<char>());
  CHECK(text.find("[" + std::to_string(record.hands) + "]\n") != std::string::npos);
  CHECK(text.find("_places = ") != std::string::npos);
  CHECK(run_command(binary + " replay " + quote(file.string()), scratch.path() / "log2", output) == 0);

  // A shoot-out writes every table; a bad cell or an existing folder is bad input.
  const fs::path shootout = scratch.path() / "shootout";
  REQUIRE(run_command(binary + " run " + quote(kConfigs + "shootout.yaml") + " --replay-tournament 2 --cell 0 " +
                          "--hand-history " + quote(shootout.string()),
                      scratch.path() / "log3", output) == 0);
  for (const char* name : {"table-1", "table-2", "table-3", "final"}) {
    CHECK(fs::exists(shootout / ("cell-0-tournament-2-" + std::string(name) + ".phhs")));
  }
  CHECK(run_command(binary + " run " + quote(kConfigs + "shootout.yaml") + " --replay-tournament 2 --cell 1 " +
                        "--hand-history " + quote((scratch.path() / "other").string()),
                    scratch.path() / "log4", output) == 2);
  CHECK(output.find("--cell 1: the experiment has 1 cell(s), numbered 0..0") != std::string::npos);
  CHECK(run_command(binary + " run " + quote(kConfigs + "shootout.yaml") + " --replay-tournament 2 --hand-history " +
                        quote(shootout.string()),
                    scratch.path() / "log5", output) == 2);
  CHECK(run_command(binary + " run " + quote(kConfigs + "shootout.yaml") + " --cell 0", scratch.path() / "log6",
                    output) == 2);
}

TEST_CASE("run --check runs every cell checked and documents exit code 3", "[invariants][cli]") {
  TempDir scratch;
  const std::string binary = quote(SNGSIM_BINARY);
  std::string output;
  CHECK(run_command(binary + " run " + quote(kConfigs + "antes-turbo.yaml") + " --check -q -n 50 --threads 2 -o " +
                        quote((scratch.path() / "out").string()),
                    scratch.path() / "log", output) == 0);
  CHECK(fs::exists(scratch.path() / "out" / "summary.json"));
  CHECK(run_command(binary + " run --help", scratch.path() / "log2", output) == 0);
  CHECK(output.find("3 an invariant broken under --check") != std::string::npos);
  CHECK(output.find("--replay-tournament") != std::string::npos);
}

// The soak: configs/soak.yaml under --check. A few tournaments per cell by
// default; SNGSIM_SOAK=1 plays the file's million.
TEST_CASE("Soak of configs/soak.yaml under --check finds no violation", "[invariants][soak]") {
  // As the other soaks: any value but empty or 0 asks for the full run.
  const char* soak = std::getenv("SNGSIM_SOAK");
  const bool full = soak != nullptr && std::string(soak) != "0" && !std::string(soak).empty();
  TempDir scratch;
  std::string output;
  const std::string command = quote(SNGSIM_BINARY) + " run " + quote(kConfigs + "soak.yaml") + " --check -q -o " +
                              quote((scratch.path() / "out").string()) + (full ? "" : " -n 4");
  const int code = run_command(command, scratch.path() / "log", output);
  INFO(output);
  CHECK(code == 0);
  CHECK(output.find((full ? "(1000000 tournaments in " : "(256 tournaments in ")) != std::string::npos);
}
}  // namespace
}  // namespace sngsim
