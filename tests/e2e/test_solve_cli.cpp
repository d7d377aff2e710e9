// sngsim solve pushfold, the command: a heads-up spot solved to its target
// with ranges a user can check by eye, and bad input refused with exit code 2
// and a message that names the option.

#include <catch2/catch.hpp>

#include <string>

#include <nlohmann/json.hpp>

#include "tests/shell_util.h"
#include "tests/temp_dir.h"

namespace sngsim {

TEST_CASE("sngsim solve pushfold solves heads-up 10 bb to its target and prints ranges, grids and EVs", "[solve]") {
  const testing::TempDir dir;
  const std::string out = (dir.path() / "out.json").string();
  const std::string spot = "--players 2 --stacks 2000,2000 --blinds 100,200 --payouts 100";
  REQUIRE(testing::shell(testing::sngsim_command("solve pushfold " + spot + " --json > " + testing::quote(out))) == 0);
  const nlohmann::json solution = nlohmann::json::parse(testing::read_text(out));
  REQUIRE(solution["decisions"].size() == 2);
  const nlohmann::json& push = solution["decisions"][0];
  const nlohmann::json& call = solution["decisions"][1];
  CHECK(push["position"] == "SB");
  CHECK(push["action"] == "push");
  CHECK(call["position"] == "BB");
  CHECK(call["action"] == "call");
  // Hands with no weight are left out: AA always goes in, 72o never does at 10 bb.
  CHECK(push["hands"]["AA"] == 1.0);
  CHECK(call["hands"]["AA"] == 1.0);
  CHECK_FALSE(push["hands"].contains("72o"));
  CHECK_FALSE(call["hands"].contains("72o"));
  // Wider to push than to call, as every heads-up push/fold chart has it.
  CHECK(push["range_percent"].get<double>() > call["range_percent"].get<double>());
  double equity_sum = 0.0;
  for (const auto& player : solution["equity"]) {
    equity_sum += player["ev"].get<double>();
    CHECK(player["exploitability"].get<double>() <= 0.01);  // the default target, % of the pool
  }
  CHECK(equity_sum == Approx(100.0).margin(1e-9));

  const std::string text = (dir.path() / "out.txt").string();
  REQUIRE(testing::shell(testing::sngsim_command("solve pushfold " + spot + " > " + testing::quote(text))) == 0);
  const std::string grid = testing::read_text(text);
  CHECK(grid.find("P1 (SB) first in: push") != std::string::npos);
  CHECK(grid.find("P2 (BB) facing P1 (SB)'s all-in: call") != std::string::npos);
  CHECK(grid.find("    AA AKs AQs AJs ATs A9s A8s A7s A6s A5s A4s A3s A2s") != std::string::npos);
}

TEST_CASE("sngsim solve pushfold refuses bad input with exit code 2 and names the option", "[solve]") {
  const testing::TempDir dir;
  const std::string out = (dir.path() / "out.txt").string();
  const auto run = [&out](const std::string& arguments) {
    return testing::shell(
        testing::sngsim_command("solve pushfold " + arguments + " > " + testing::quote(out) + " 2>&1"));
  };
  const auto said = [&out](const std::string& words) {
    return testing::read_text(out).find(words) != std::string::npos;
  };
  CHECK(run("--players 3 --stacks 1500,2500 --blinds 100,200 --payouts 50,30,20") == 2);
  CHECK(said("--stacks has 2 stacks but --players is 3"));
  CHECK(run("--players 3 --stacks 1500,2500,2000 --blinds 100,200 --payouts 50,30,15") == 2);
  CHECK(said("--payouts add up to 95, not 100"));
  CHECK(run("--players 3 --stacks 1500,2500,2000 --blinds 100,200 --payouts 50,-30,80") == 2);
  CHECK(said("--payouts: a payout must not be negative"));
  CHECK(run("--players 3 --stacks 1500,2500,2000 --blinds 0,200 --payouts 50,30,20") == 2);
  CHECK(said("--blinds: the small and the big blind must be positive"));
  CHECK(run("--players 3 --stacks 1500,x,2000 --blinds 100,200 --payouts 50,30,20") == 2);
  CHECK(said("--stacks: 'x' is not a number"));
  CHECK(run("--players 7 --stacks 1,1,1,1,1,1,1 --blinds 100,200 --payouts 100") == 2);
  CHECK(said("push/fold is solved for 2 to 6 players"));
}

}  // namespace sngsim
