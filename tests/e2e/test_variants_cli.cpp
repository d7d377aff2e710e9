// Hand histories of the variants, exported by sngsim run and replayed by sngsim replay.

#include <unistd.h>

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
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
    const std::string replay = std::string(SNGSIM_BINARY) + " replay " + (hh / "cell-0").string() + "/*.phhs --quiet > /dev/null";
    CHECK(std::system(replay.c_str()) == 0);
  }
  fs::remove_all(scratch);
}
}  // namespace sngsim
