// `sngsim run --baseline`: the console answers "is it better?" for every
// label, paired.csv holds the same rows, and the baseline changes no
// statistic and not the config hash.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <sstream>
#include <string>

#include "tests/shell_util.h"
#include "tests/temp_dir.h"

namespace sngsim {

TEST_CASE("run --baseline: verdicts on the console and in paired.csv, nothing else changes", "[baseline][e2e]") {
  testing::TempDir dir;
  const std::string config = std::string(SNGSIM_SOURCE_DIR) + "/configs/quickstart.yaml";
  const std::string with = (dir.path() / "with").string();
  const std::string without = (dir.path() / "without").string();
  const std::string out = (dir.path() / "out.txt").string();
  const std::string run = testing::sngsim_command("run " + testing::quote(config) + " -n 300 -t 2 -f -o ");
  REQUIRE(testing::shell(run + testing::quote(with) + " --baseline tag > " + out + " 2>&1") == 0);
  const std::string console = testing::read_text(out);
  CHECK(console.find("  against tag (label less tag; 95% paired intervals") != std::string::npos);
  for (const char* label : {"rock", "profile", "pushfold", "maniac", "calling_station"}) {
    CHECK(console.find(std::string("    ") + label + ": ") != std::string::npos);
  }
  REQUIRE(testing::shell(run + testing::quote(without) + " > " + out + " 2>&1") == 0);
  CHECK(testing::read_text(out).find("run --baseline LABEL") != std::string::npos);

  // paired.csv: one row per other label with a baseline, every pair without.
  const auto rows = [](const std::string& folder) {
    std::istringstream text(testing::read_text(folder + "/paired.csv"));
    int lines = 0;
    for (std::string line; std::getline(text, line);) ++lines;
    return lines - 1;
  };
  CHECK(rows(with) == 5);
  CHECK(rows(without) == 15);
  CHECK(testing::read_text(with + "/paired.csv").find("\n0,rock,tag,") != std::string::npos);

  auto summary = [](const std::string& folder) {
    nlohmann::json json = nlohmann::json::parse(testing::read_text(folder + "/summary.json"));
    json["provenance"].erase("wall_seconds");
    return json;
  };
  CHECK(summary(with) == summary(without));  // config_hash included

  REQUIRE(testing::shell(run + testing::quote(with) + " --baseline tagg > " + out + " 2>&1") == 2);
  CHECK(testing::read_text(out).find("compare.baseline 'tagg' is not a label of the lineup (did you mean 'tag'?)") !=
        std::string::npos);
}

}  // namespace sngsim
