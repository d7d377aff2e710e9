// Hand histories of the variants, exported by sngsim run and replayed by sngsim replay.

#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <string>

namespace sngsim {
namespace {

namespace fs = std::filesystem;

const std::string kConfigs = std::string(SNGSIM_SOURCE_DIR) + "/configs/";

}  // namespace

// ---- replay of exported hand histories ------------------------------------------

TEST_CASE("Omaha, fixed-limit and shoot-out hand histories replay hand for hand", "[variants][replay]") {
  const fs::path scratch = fs::temp_directory_path() / ("sngsim-variants-hh-" + std::to_string(::getpid()));
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  for (const char* config : {"plo-sng", "limit-sng", "antes-turbo", "shootout"}) {
    INFO(config);
    const fs::path hh = scratch / (std::string(config) + "-hh");
    const std::string run_command = std::string(SNGSIM_BINARY) + " run " + kConfigs + config + ".yaml -q -n 3 -o " +
                                    (scratch / config).string() + " --hand-history " + hh.string() +
                                    " --hh-tournaments 3 > /dev/null";
    REQUIRE(std::system(run_command.c_str()) == 0);
    int files = 0;
    for (const auto& entry : fs::directory_iterator(hh / "cell-0")) files += entry.path().extension() == ".phhs";
    CHECK(files == (std::string(config) == "shootout" ? 3 * 4 : 3));
    const std::string replay =
        std::string(SNGSIM_BINARY) + " replay " + (hh / "cell-0").string() + "/*.phhs --quiet > /dev/null";
    CHECK(std::system(replay.c_str()) == 0);
  }
  fs::remove_all(scratch);
}

// V4, R12: every game and betting structure is written with its code of the
// game table (engine/game_definition.h), PHH's own NT, PO and FT, sngsim's
// NO, PT and FO for the pairings PHH has no code for (docs/rules.md), and
// sngsim's replay reads every hand of them back.
TEST_CASE("V4 every variant's hand history carries its code and replays hand for hand", "[variants][replay]") {
  const fs::path scratch = fs::temp_directory_path() / ("sngsim-variant-codes-" + std::to_string(::getpid()));
  fs::remove_all(scratch);
  fs::create_directories(scratch);
  struct Variant {
    const char* game;
    const char* betting;
    const char* code;
  };
  for (const Variant& variant : {Variant{"holdem", "no-limit", "NT"}, Variant{"holdem", "pot-limit", "PT"},
                                 Variant{"holdem", "fixed-limit", "FT"}, Variant{"omaha", "no-limit", "NO"},
                                 Variant{"omaha", "pot-limit", "PO"}, Variant{"omaha", "fixed-limit", "FO"}}) {
    INFO(variant.code);
    const fs::path hh = scratch / (std::string(variant.code) + "-hh");
    const std::string run_command = std::string(SNGSIM_BINARY) + " run " + kConfigs + "plo-sng.yaml -q -n 4 -t 2 -o " +
                                    (scratch / variant.code).string() + " --set table.game=" + variant.game +
                                    " --set table.betting=" + variant.betting + " --hand-history " + hh.string() +
                                    " --hh-tournaments 4 > /dev/null";
    REQUIRE(std::system(run_command.c_str()) == 0);
    const fs::path log = scratch / (std::string(variant.code) + ".log");
    const std::string replay = std::string(SNGSIM_BINARY) + " replay " + (hh / "cell-0").string() +
                               "/*.phhs --variant " + variant.code + " > " + log.string() + " 2>&1";
    CHECK(std::system(replay.c_str()) == 0);
    std::ifstream in(log);
    const std::string output((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    INFO(output);
    // Hands read with this code, none failed, none left out by --variant.
    CHECK(std::regex_search(output, std::regex("(^|\n)[1-9][0-9]* passed, 0 failed\n")));
    CHECK(output.find("skipped") == std::string::npos);
  }
  fs::remove_all(scratch);
}
}  // namespace sngsim
