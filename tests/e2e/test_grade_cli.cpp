// sngsim grade, the command, on the PHH exports of a small short-stack run:
// the annotations the writer adds are enough, the tables name every label,
// the output does not depend on the threads, and bad input exits with 2.

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "tests/shell_util.h"
#include "tests/temp_dir.h"

namespace sngsim {

TEST_CASE("sngsim grade grades the exports of a short-stack run per label, the same with any threads", "[grade]") {
  const testing::TempDir dir;
  const std::string config = dir.write("short.yaml",
                                       "name: short\nseed: 7\ntournaments: 20\n"
                                       "table:\n  players: 3\n  stack: 200\n  blinds: turbo\n"
                                       "lineup:\n  - strategy: pushfold\n  - strategy: tag\n  - strategy: random\n"
                                       "payouts:\n  places: [65, 35]\n");
  const std::string hh = (dir.path() / "hh").string();
  REQUIRE(testing::shell(testing::sngsim_command("run " + testing::quote(config) + " --hand-history " +
                                                 testing::quote(hh) + " --hh-tournaments 20 --out " +
                                                 testing::quote((dir.path() / "results").string()) +
                                                 " > /dev/null 2>&1")) == 0);
  std::string files;
  int count = 0;
  for (const auto& cell : std::filesystem::directory_iterator(hh)) {
    if (!cell.is_directory()) continue;
    for (const auto& file : std::filesystem::directory_iterator(cell.path())) {
      files += " " + testing::quote(file.path().string());
      ++count;
    }
  }
  REQUIRE(count == 20);
  const std::string text = (dir.path() / "grade.txt").string();
  const std::string json1 = (dir.path() / "grade1.json").string();
  const std::string json2 = (dir.path() / "grade2.json").string();
  REQUIRE(testing::shell(testing::sngsim_command("grade" + files + " > " + testing::quote(text) + " 2>/dev/null")) ==
          0);
  const std::string table = testing::read_text(text);
  for (const char* label : {"pushfold", "tag", "random", "worst decisions"}) {
    CHECK(table.find(label) != std::string::npos);
  }
  REQUIRE(testing::shell(testing::sngsim_command("grade --json --threads 1" + files + " > " + testing::quote(json1) +
                                                 " 2>/dev/null")) == 0);
  REQUIRE(testing::shell(testing::sngsim_command("grade --json --threads 2" + files + " > " + testing::quote(json2) +
                                                 " 2>/dev/null")) == 0);
  CHECK(testing::read_text(json1) == testing::read_text(json2));
  const nlohmann::json report = nlohmann::json::parse(testing::read_text(json1));
  CHECK(report["decisions"].get<int>() > 50);
  CHECK(report["spots_solved"].get<int>() > 0);
  REQUIRE(report["labels"].size() == 3);
  double lost = 0.0;
  for (const auto& row : report["labels"]) {
    CHECK(row["decisions"].get<int>() > 0);
    CHECK(row["ev_lost"].get<double>() >= 0.0);
    lost += row["ev_lost"].get<double>();
  }
  CHECK(lost > 0.0);
  // The solved pushfold bot gives away less per decision than the random one.
  const auto per_decision = [&](const std::string& name) {
    for (const auto& row : report["labels"]) {
      if (row["name"] == name) return row["ev_lost"].get<double>() / row["decisions"].get<double>();
    }
    return -1.0;
  };
  CHECK(per_decision("pushfold") < per_decision("random"));
  CHECK(report["worst"].size() == 10);
}

TEST_CASE("sngsim grade refuses bad input with exit code 2", "[grade]") {
  const testing::TempDir dir;
  const std::string out = (dir.path() / "out.txt").string();
  const auto run = [&out](const std::string& arguments) {
    return testing::shell(testing::sngsim_command("grade " + arguments + " > " + testing::quote(out) + " 2>&1"));
  };
  const auto text = [&out] { return testing::read_text(out); };
  CHECK(run(testing::quote((dir.path() / "missing.phhs").string())) == 2);
  const std::string hand =
      "variant = \"NT\"\nantes = [0, 0]\nblinds_or_straddles = [10, 20]\nmin_bet = 20\n"
      "starting_stacks = [100, 100]\nactions = [\"d dh p1 AhAs\", \"d dh p2 7c2d\", \"p2 cbr 100\", \"p1 f\"]\n";
  const std::string no_payouts = dir.write("no-payouts.phh", hand);
  CHECK(run(testing::quote(no_payouts)) == 2);
  CHECK(text().find("no-payouts.phh: hand 1: no payouts known") != std::string::npos);
  CHECK(run("--payouts 65,30 " + testing::quote(no_payouts)) == 2);
  CHECK(text().find("add up to 95") != std::string::npos);
  CHECK(run("--payouts 65,35 " + testing::quote(no_payouts)) == 0);
  CHECK(text().find("AA") != std::string::npos);
  const std::string hidden =
      dir.write("hidden.phh",
                "variant = \"NT\"\nantes = [0, 0]\nblinds_or_straddles = [10, 20]\nmin_bet = 20\n"
                "starting_stacks = [100, 100]\nactions = [\"d dh p1 ????\", \"d dh p2 ????\", \"p2 cbr 100\", "
                "\"p1 f\"]\n_payouts = [65, 35]\n");
  CHECK(run(testing::quote(hidden)) == 2);
  CHECK(text().find("hole cards") != std::string::npos);

  // Limits: a post (negative blind) is not a tournament spot; NaN and
  // infinity are no numbers of big blinds; thread counts are bounded.
  std::string posted = hand;
  posted.replace(posted.find("[10, 20]"), 8, "[10, -20]");
  const std::string post = dir.write("post.phh", posted + "_payouts = [65, 35]\n");
  CHECK(run(testing::quote(post)) == 2);
  CHECK(text().find("post.phh: hand 1: a negative blind") != std::string::npos);
  for (const std::string bad : {"--max-bb nan", "--max-bb inf", "--bucket-bb nan", "--max-bb NaN"}) {
    CHECK(run(bad + " --payouts 65,35 " + testing::quote(no_payouts)) == 2);
    CHECK(text().rfind(bad.substr(0, bad.find(' ')) + ": ", 0) == 0);  // the option's name, then why
  }
  CHECK(run("--threads 70000 --payouts 65,35 " + testing::quote(no_payouts)) == 2);
  CHECK(text().find("--threads: '70000' threads: at most 1024") != std::string::npos);
}

}  // namespace sngsim
