// format: league from the command line: the same summary.json on 1 or 2
// threads and from shards merged, with and without duplicate seating;
// identical bots rated alike; clear errors for a bad league.

#include <cmath>
#include <filesystem>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/shell_util.h"
#include "tests/temp_dir.h"

using sngsim::testing::read_text;
using sngsim::testing::shell;
using sngsim::testing::sngsim_command;
using sngsim::testing::TempDir;
namespace fs = std::filesystem;

namespace {

const std::string kLeague = std::string(SNGSIM_SOURCE_DIR) + "/configs/league.yaml";

nlohmann::json comparable_summary(const fs::path& out_dir) {
  nlohmann::json summary = nlohmann::json::parse(read_text(out_dir / "summary.json"));
  summary["provenance"].erase("threads");
  summary["provenance"].erase("wall_seconds");
  summary["provenance"].erase("shard");
  return summary;
}

}  // namespace

TEST_CASE("league: threads, shards and duplicate seating give one summary.json", "[league][cli]") {
  TempDir scratch;
  const std::string out = scratch.path().string();
  for (const std::string seating : {"rotate", "duplicate"}) {
    INFO("seating " << seating);
    const std::string common = "run " + kLeague + " -q -n 456 --set seating=" + seating;
    REQUIRE(shell(sngsim_command(common + " -t 1 -o " + out + "/one-" + seating + " > /dev/null")) == 0);
    REQUIRE(shell(sngsim_command(common + " -t 2 -o " + out + "/two-" + seating + " > /dev/null")) == 0);
    CHECK(comparable_summary(out + "/one-" + seating) == comparable_summary(out + "/two-" + seating));
    CHECK(read_text(out + "/one-" + seating + "/league.csv") == read_text(out + "/two-" + seating + "/league.csv"));
    std::string shards;
    for (int k = 1; k <= 3; ++k) {
      const std::string dir = out + "/shard-" + seating + std::to_string(k);
      REQUIRE(shell(sngsim_command(common + " -t 1 --shard " + std::to_string(k) + "/3 -o " + dir + " > /dev/null")) ==
              0);
      shards += " " + dir;
    }
    REQUIRE(shell(sngsim_command("merge -q " + out + "/merged-" + seating + shards + " > /dev/null")) == 0);
    CHECK(comparable_summary(out + "/merged-" + seating) == comparable_summary(out + "/one-" + seating));

    const nlohmann::json summary = comparable_summary(out + "/one-" + seating);
    const nlohmann::json& cell = summary["cells"][0];
    CHECK(cell["format"] == "league");
    CHECK(cell["tournaments"] == 456);
    const nlohmann::json& league = cell["league"];
    CHECK(league["entrants"] == 24);
    CHECK(league["standings"].size() == 24);
    CHECK(league["model"]["converged"] == true);
    // Units fall into the 20 groups by a hash of their index: 456 units
    // (rotate) reach every group, 76 duplicate groups of 6 leave one empty.
    CHECK(league["model"]["jackknife_groups"] == (seating == "rotate" ? 20 : 19));
    // Every entrant played its share: 456 tables (6 periods of the 76 blocks) of 6 seats over 24.
    for (const auto& standing : league["standings"]) CHECK(standing["entries"] == 114);
  }
}

// Twelve copies of one bot: every rating's interval holds their common
// value, 0 (ratings are centred). Each 95% interval alone misses it one
// time in twenty, so the check that must hold for any seed is the
// Bonferroni one (each at 1 - 0.05/12: Student t with 19 degrees of freedom
// at 0.99792, 3.37 instead of 2.093); at most two of the twelve plain 95%
// intervals may miss.
TEST_CASE("league: identical bots in a league of 12 get intervals holding the common value", "[league][cli]") {
  TempDir scratch;
  const fs::path config = scratch.path() / "identical.yaml";
  // 2772 tournaments: three periods of the complete design's 924 blocks.
  std::ofstream(config) << "name: identical\nseed: 12\ntournaments: 2772\nformat: league\n"
                           "table: {players: 6}\nentrants:\n  - {strategy: tag, count: 12}\n"
                           "payouts: {places: [65, 35]}\n";
  const fs::path out = scratch.path() / "out";
  REQUIRE(shell(sngsim_command("run " + config.string() + " -q -t 2 -o " + out.string() + " > /dev/null")) == 0);
  const nlohmann::json summary = comparable_summary(out);
  const nlohmann::json& league = summary["cells"][0]["league"];
  CHECK(league["schedule"]["design"] == "complete");
  CHECK(league["schedule"]["pair_meetings_min"] == league["schedule"]["pair_meetings_max"]);
  const double t95 = league["model"]["t_quantile"].get<double>();
  int misses = 0;
  for (const auto& standing : league["standings"]) {
    INFO(standing.dump());
    const double rating = standing["rating"].get<double>();
    const double lo = standing["rating_ci95"][0].get<double>();
    const double hi = standing["rating_ci95"][1].get<double>();
    misses += lo <= 0.0 && 0.0 <= hi ? 0 : 1;
    const double se = (hi - lo) / (2.0 * t95);
    CHECK(std::abs(rating) <= 3.37 * se);
  }
  CHECK(misses <= 2);
}

TEST_CASE("league: a bad league stops with the file, line and column", "[league][cli]") {
  TempDir scratch;
  const auto run = [&](const std::string& name, const std::string& text) {
    const fs::path config = scratch.path() / (name + ".yaml");
    std::ofstream(config) << text;
    const std::string log = (scratch.path() / (name + ".log")).string();
    const int code = shell(sngsim_command("validate " + config.string() + " > " + log + " 2>&1"));
    return std::make_pair(code, read_text(log));
  };
  auto [code, log] = run("two-labels",
                         "format: league\ntable: {players: 3}\nentrants:\n  - {strategy: tag}\n"
                         "  - {strategy: rock}\n  - {strategy: tag}\n");
  CHECK(code == 2);
  CHECK_THAT(log, Catch::Contains("two-labels.yaml:6:") && Catch::Contains("its own label"));
  std::tie(code, log) = run("few", "format: league\ntable: {players: 6}\nentrants:\n  - {strategy: tag, count: 4}\n");
  CHECK(code == 2);
  CHECK_THAT(log, Catch::Contains("a league ranks 6 to 500 entrants"));
  std::tie(code, log) = run("lineup",
                            "format: league\ntable: {players: 2}\nentrants: [{strategy: tag, count: 3}]\n"
                            "lineup: [{strategy: tag}]\n");
  CHECK(code == 2);
  CHECK_THAT(log, Catch::Contains("lineup.yaml:4:1") && Catch::Contains("entrants, not lineup"));
  std::tie(code, log) =
      run("entrants", "table: {players: 2}\nlineup: [{strategy: tag}]\nentrants: [{strategy: tag}]\n");
  CHECK(code == 2);
  CHECK_THAT(log, Catch::Contains("entrants is only read with format: league"));
}
