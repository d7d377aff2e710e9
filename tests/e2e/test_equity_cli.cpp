// sngsim equity, the command: its output and its exit codes.

#include <catch2/catch.hpp>

#include <string>

#include "tests/shell_util.h"
#include "tests/temp_dir.h"

namespace sngsim {

TEST_CASE("sngsim equity prints the equities and refuses bad cards with exit code 2", "[equity]") {
  const testing::TempDir dir;
  const std::string out = (dir.path() / "out.txt").string();
  const auto run = [&out](const std::string& arguments) {
    return testing::shell(testing::sngsim_command("equity " + arguments + " > " + testing::quote(out) + " 2>&1"));
  };
  const auto text = [&out] { return testing::read_text(out); };
  CHECK(run("AhAs KdKc --board 2c7d9h --dead 3s") == 0);
  CHECK(text().find("Exact") != std::string::npos);
  CHECK(text().find("91.438%") != std::string::npos);
  CHECK(run("AhAs KdKc --monte-carlo -n 10000") == 0);
  CHECK(text().find("Monte Carlo") != std::string::npos);
  CHECK(run("AhAs AhKd") == 2);
  CHECK(text() == "sngsim equity: card Ah is used twice\n");
  CHECK(run("AhAx KdKc") == 2);
  CHECK(text().find("'Ax'") != std::string::npos);
  CHECK(run("AhAs KdKcQs") == 2);
}
}  // namespace sngsim
