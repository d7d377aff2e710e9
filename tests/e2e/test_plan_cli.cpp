// sngsim plan, the command: its table, its JSON, its help and its errors.

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>

#include "tests/process_bot_util.h"
#include "tests/shell_util.h"
#include "tests/temp_dir.h"

namespace sngsim {

using nlohmann::json;

TEST_CASE("sngsim plan: tournaments needed, raw and adjusted, random and duplicate", "[plan][luck]") {
  testing::TempDir dir;
  const std::string config = std::string(SNGSIM_SOURCE_DIR) + "/configs/quickstart.yaml";
  const std::string out = (dir.path() / "out.txt").string();
  const auto read = [&out] { return testing::read_text(out); };
  const std::string plan = testing::sngsim_command("plan " + testing::quote(config) + " --threads 2 --pilot 300 ");

  REQUIRE(testing::shell(plan + "--metric roi --label tag --vs rock --width 0.2 > " + out + " 2>&1") == 0);
  const std::string table = read();
  INFO(table);
  for (const char* row : {"random, raw", "random, adjusted", "duplicate, raw", "duplicate, adjusted"}) {
    CHECK(table.find(row) != std::string::npos);
  }
  CHECK(table.find("groups of every rotation of 6 seats") != std::string::npos);

  REQUIRE(testing::shell(plan + "--metric win_rate --label tag --vs rock --width 0.05 --json > " + out) == 0);
  const json result = json::parse(read());
  CHECK(result["metric"] == "win_rate");
  REQUIRE(result["cells"].size() == 1);
  const json& cell = result["cells"][0];
  CHECK(cell["pilot_tournaments"] == 300);
  CHECK(cell["pilot_groups"] == 50);
  REQUIRE(cell["designs"].size() == 4);
  CHECK(cell["designs"][0]["design"] == "random, raw");
  CHECK(cell["designs"][0]["factor"].get<double>() == 1.0);
  CHECK(cell["designs"][3]["tournaments"].get<std::int64_t>() % 6 == 0);
  CHECK(cell["designs"][1]["tournaments"].get<std::int64_t>() < cell["designs"][0]["tournaments"].get<std::int64_t>());

  CHECK(testing::shell(plan + "--metric roi --label tagg --vs rock --width 0.2 > " + out + " 2>&1") == 2);
  CHECK(read().find("'tagg' is not a label of cell 0; labels: tag, rock, profile") != std::string::npos);
  CHECK(testing::shell(plan + "--metric itm --label tag --vs rock --width 0.2 > " + out + " 2>&1") == 2);
  CHECK(read().find("unknown --metric 'itm'; one of mean_place, win_rate, roi") != std::string::npos);
  CHECK(testing::shell(plan + "--metric roi --label tag --vs rock --width 0 > " + out + " 2>&1") == 2);
  CHECK(read().find("--width must be above 0") != std::string::npos);
  CHECK(testing::shell(plan + "--metric roi --label tag --vs tag --width 0.1 > " + out + " 2>&1") == 2);
  CHECK(testing::shell(plan + "--metric roi --label tag --width 0.1 > " + out + " 2>&1") == 2);
  const std::string cash = std::string(SNGSIM_SOURCE_DIR) + "/configs/cash-bb100.yaml";
  CHECK(testing::shell(testing::sngsim_command("plan " + testing::quote(cash) + " --label a --vs b --width 1 > " + out +
                                               " 2>&1")) == 2);
  // Cash cells can be luck-adjusted (bb/100), but plan's metrics are places and prizes.
  CHECK(read().find("plan compares labels of sit-and-go and shoot-out cells (mean place, win rate, ROI); cell 0 "
                    "is a cash table") != std::string::npos);
  // A shoot-out plans on its overall places and prizes.
  const std::string shootout = std::string(SNGSIM_SOURCE_DIR) + "/configs/shootout.yaml";
  REQUIRE(testing::shell(testing::sngsim_command("plan " + testing::quote(shootout) +
                                                 " --json --pilot 300 --label maniac --vs random --width 0.1 > " + out +
                                                 " 2>/dev/null")) == 0);
  const nlohmann::json shootout_plan = nlohmann::json::parse(read());
  const nlohmann::json& designs = shootout_plan["cells"][0]["designs"];
  REQUIRE(designs.size() == 4);
  for (const nlohmann::json& design : designs) CHECK(design["tournaments"].get<std::int64_t>() > 0);

  REQUIRE(testing::shell(testing::sngsim_command("plan --help > " + out)) == 0);
  const std::string help = read();
  CHECK(help.find("duplicate seating") != std::string::npos);
  CHECK(help.find("--width") != std::string::npos);
  CHECK(help.find("Exit codes") != std::string::npos);
}

TEST_CASE("sngsim check fairness --adjust-luck judges the adjusted estimates too", "[fairness][luck]") {
  testing::TempDir dir;
  const std::string out = (dir.path() / "out.txt").string();
  REQUIRE(testing::shell(testing::sngsim_command("check fairness --players 3 -n 1500 --seed 11 --threads 2 "
                                                 "--adjust-luck --json > " +
                                                 out)) == 0);
  const json verdict = json::parse(testing::read_text(out));
  CHECK(verdict["passed"] == true);
  CHECK(verdict["margin"]["label_checks"] == 12);
  REQUIRE(verdict["labels"].size() == 3);
  CHECK(verdict["labels"][0]["adjusted_fair"] == true);
  CHECK(verdict["labels"][0]["adjusted_win_rate_interval"].size() == 2);
  REQUIRE(testing::shell(testing::sngsim_command("check fairness --players 3 -n 1500 --seed 11 --threads 2 "
                                                 "--adjust-luck > " +
                                                 out)) == 0);
  CHECK(testing::read_text(out).find("luck-adjusted") != std::string::npos);
}

TEST_CASE("sngsim plan plays process bots as the run would", "[plan][process]") {
  testing::TempDir dir;
  const std::string config = (dir.path() / "bots.yaml").string();
  {
    std::ofstream file(config);
    file << "table: {players: 3}\nlineup:\n"
         << testing::bot_entry("py_call", "call_bot.py") << "  - strategy: tag\n  - strategy: rock\n";
  }
  const std::string out = (dir.path() / "out.txt").string();
  REQUIRE(testing::shell(testing::sngsim_command("plan " + testing::quote(config) +
                                                 " --json --pilot 30 -t 2 --label py_call --vs tag --width 0.5 > " +
                                                 out + " 2>&1")) == 0);
  const json plan = json::parse(testing::read_text(out));
  const json& cell = plan["cells"][0];
  CHECK(cell["pilot_tournaments"] == 30);  // 10 groups of 3 rotations
  CHECK(cell["raw_estimate"].is_number());
  CHECK(cell["designs"][0]["tournaments"].get<std::int64_t>() >= 2);
  // A bot that cannot start is bad input, told with its entry.
  {
    std::ofstream file(config);
    file << "table: {players: 3}\nlineup:\n"
         << testing::bot_entry("py_exit", "exit_bot.py") << "  - strategy: tag\n  - strategy: rock\n";
  }
  CHECK(testing::shell(testing::sngsim_command("plan " + testing::quote(config) +
                                               " --pilot 30 -t 2 --label py_exit --vs tag --width 0.5 > " + out +
                                               " 2>&1")) == 2);
  CHECK(testing::read_text(out).find("py_exit") != std::string::npos);
}

}  // namespace sngsim
