// `sngsim bench` reports its comparisons measured within one run (the hand
// against its floor, two threads against one) as text and in the JSON for
// machines.

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "temp_dir.h"

using sngsim::testing::TempDir;

namespace {

std::string run_bench(const TempDir& dir, const std::string& arguments, int& exit_code) {
  const std::string out = (dir.path() / "bench.out").string();
  const int status = std::system((std::string(SNGSIM_BINARY) + " bench " + arguments + " > " + out + " 2>&1").c_str());
  exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(out);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("sngsim bench hand gives its ratio to the floor as text and in JSON", "[bench]") {
  TempDir dir;
  int exit_code = -1;
  const std::string text = run_bench(dir, "hand --runs 1", exit_code);
  REQUIRE(exit_code == 0);
  CHECK(text.find("hand / floor ratio: ") != std::string::npos);

  const std::string output = run_bench(dir, "hand --runs 1 --json", exit_code);
  INFO(output);
  REQUIRE(exit_code == 0);
  const auto json = nlohmann::json::parse(output);
  const auto& results = json.at("results");
  REQUIRE(results.size() == 2);
  const double floor_ns = results[0].at("median_ns_per_op").get<double>();
  const double hand_ns = results[1].at("median_ns_per_op").get<double>();
  CHECK(results[0].at("name").get<std::string>().rfind("floor", 0) == 0);
  CHECK(results[1].at("name").get<std::string>().rfind("hand", 0) == 0);
  // The JSON's numbers round-trip exactly, so the ratio is the division of
  // the two medians it lists, bit for bit.
  CHECK(json.at("ratios").at("hand_over_floor").get<double>() == hand_ns / floor_ns);
  CHECK(hand_ns > floor_ns);  // the hand does all the floor's work and more
}

TEST_CASE("sngsim bench tournament gives its thread speed-up in JSON", "[bench]") {
  TempDir dir;
  int exit_code = -1;
  const std::string output = run_bench(dir,
                                       "tournament --config " SNGSIM_SOURCE_DIR
                                       "/configs/bench.yaml --tournaments 100 --runs 1 --threads 1 2 --json",
                                       exit_code);
  INFO(output);
  REQUIRE(exit_code == 0);
  const auto json = nlohmann::json::parse(output);
  const auto& results = json.at("results");
  REQUIRE(results.size() == 2);
  const double one_thread_ns = results[0].at("median_ns_per_op").get<double>();
  const double two_threads_ns = results[1].at("median_ns_per_op").get<double>();
  CHECK(json.at("ratios").at("thread_speed_up").get<double>() == one_thread_ns / two_threads_ns);
}
