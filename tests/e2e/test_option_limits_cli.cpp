// Limits every command's options share (app/option_limits.h): a thread
// count above 1024 (70000 made oneTBB crash with SIGSEGV) and NaN or
// infinity in a number option are refused with exit code 2 and the
// option's name, before anything runs.

#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "tests/shell_util.h"
#include "tests/temp_dir.h"

namespace sngsim {

TEST_CASE("Every --threads refuses more than 1024 threads, every number option NaN and infinity", "[cli][limits]") {
  const testing::TempDir dir;
  const std::string out = (dir.path() / "out.txt").string();
  const std::string config = testing::quote(std::string(SNGSIM_SOURCE_DIR) + "/configs/quickstart.yaml");
  const std::string results = testing::quote((dir.path() / "results").string());
  const auto run = [&out](const std::string& arguments) {
    return testing::shell(testing::sngsim_command(arguments + " > " + testing::quote(out) + " 2>&1"));
  };
  const std::vector<std::string> thread_commands = {
      "run " + config + " -n 10 -q -o " + results + " -t 70000",
      "check fairness -n 10 -t 70000",
      "plan " + config + " --label tag --vs rock --width 0.01 --pilot 10 -t 70000",
      "bench tournament -r 1 -n 10 -t 70000",
      "preflop-table --write " + testing::quote((dir.path() / "table.txt").string()) + " -t 70000",
  };
  for (const std::string& command : thread_commands) {
    INFO(command);
    CHECK(run(command) == 2);
    CHECK_THAT(testing::read_text(out), Catch::Contains("at most 1024"));
  }
  CHECK_FALSE(std::filesystem::exists(dir.path() / "results"));
  CHECK_FALSE(std::filesystem::exists(dir.path() / "table.txt"));

  const std::vector<std::string> number_commands = {
      "run " + config + " -n 10 -q -o " + results + " --checkpoint " + testing::quote((dir.path() / "ck").string()) +
          " --checkpoint-every nan",
      "plan " + config + " --label tag --vs rock --width nan --pilot 10",
      "plan " + config + " --label tag --vs rock --width inf --pilot 10",
      "solve pushfold --players 2 --stacks 10,10 --blinds 0.5,1 --target nan",
  };
  for (const std::string& command : number_commands) {
    INFO(command);
    CHECK(run(command) == 2);
    CHECK_THAT(testing::read_text(out), Catch::Contains("is not a finite number"));
  }
  CHECK_FALSE(std::filesystem::exists(dir.path() / "results"));
}

}  // namespace sngsim
