// sngsim check fairness, the command: its table, its JSON and its exit codes.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <string>

#include "tests/shell_util.h"
#include "tests/temp_dir.h"

namespace sngsim {

using nlohmann::json;

TEST_CASE("sngsim check fairness: table, JSON, exit codes", "[fairness]") {
  testing::TempDir dir;
  const std::string binary = SNGSIM_BINARY;
  const std::string out = (dir.path() / "out.txt").string();
  const auto read = [&out] { return testing::read_text(out); };

  REQUIRE(testing::shell(binary + " check fairness --players 3 -n 1500 --seed 11 --threads 2 > " + out + " 2>&1") == 0);
  const std::string table = read();
  INFO(table);
  CHECK(table.find("Bonferroni") != std::string::npos);
  CHECK(table.find("tag-3") != std::string::npos);
  CHECK(table.find("chi-square") != std::string::npos);
  CHECK(table.find("PASS") != std::string::npos);

  REQUIRE(testing::shell(binary + " check fairness --players 3 -n 1500 --seed 11 --threads 1 --json > " + out) == 0);
  const json verdict = json::parse(read());
  CHECK(verdict["passed"] == true);
  CHECK(verdict["tournaments"] == 1500);
  CHECK(verdict["labels"].size() == 3);
  CHECK(verdict["margin"]["adjustment"] == "bonferroni");
  CHECK(verdict["margin"]["label_checks"] == 6);
  CHECK(verdict["margin"]["seat_alpha"].get<double>() == 0.001);
  CHECK(verdict["seats"]["df"] == 2);

  CHECK(testing::shell(binary + " check fairness --strategy nosuch -n 10 > " + out + " 2>&1") == 2);
  CHECK(read().find("unknown strategy 'nosuch'") != std::string::npos);
  CHECK(testing::shell(binary + " check fairness --players 7 -n 10 > " + out + " 2>&1") == 2);
  CHECK(testing::shell(binary + " check fairness -n 1 > " + out + " 2>&1") == 2);
}

}  // namespace sngsim
