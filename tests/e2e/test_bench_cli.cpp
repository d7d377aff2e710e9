// `sngsim bench` reports its comparisons measured within one run (the hand
// against its floor, two threads against one, a process bot's decision
// against the bare pipe round trip) as text and in the JSON for
// machines, and finds its default experiment from any folder. Every bench
// runs inside a scratch folder, never the project's root.

#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>

#include "tests/skip.h"
#include "tests/temp_dir.h"

using sngsim::testing::TempDir;

namespace {

std::string run_bench(const TempDir& dir, const std::string& arguments, int& exit_code) {
  const std::string out = (dir.path() / "bench.out").string();
  const std::string command = "cd '" + dir.path().string() + "' && " SNGSIM_BINARY " bench " + arguments;
  const int status = std::system((command + " > " + out + " 2>&1").c_str());
  exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  std::ifstream in(out);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs `sngsim bench ARGUMENTS --json`, which must succeed and list exactly
// two results; returns the JSON and the two medians.
struct TwoResults {
  nlohmann::json json;
  double first_ns = 0.0;
  double second_ns = 0.0;
};

TwoResults run_bench_json(const TempDir& dir, const std::string& arguments) {
  int exit_code = -1;
  const std::string output = run_bench(dir, arguments + " --json", exit_code);
  INFO(output);
  REQUIRE(exit_code == 0);
  TwoResults two{nlohmann::json::parse(output)};
  const auto& results = two.json.at("results");
  REQUIRE(results.size() == 2);
  two.first_ns = results[0].at("median_ns_per_op").get<double>();
  two.second_ns = results[1].at("median_ns_per_op").get<double>();
  return two;
}

}  // namespace

// The JSON's numbers round-trip exactly, so each ratio is the division of
// the two medians it lists, bit for bit.

TEST_CASE("sngsim bench hand gives its ratio to the floor as text and in JSON", "[bench]") {
  TempDir dir;
  int exit_code = -1;
  const std::string text = run_bench(dir, "hand --runs 1", exit_code);
  REQUIRE(exit_code == 0);
  CHECK(text.find("hand / floor ratio: ") != std::string::npos);

  const TwoResults bench = run_bench_json(dir, "hand --runs 1");
  CHECK(bench.json.at("results")[0].at("name").get<std::string>().rfind("floor", 0) == 0);
  CHECK(bench.json.at("results")[1].at("name").get<std::string>().rfind("hand", 0) == 0);
  CHECK(bench.json.at("ratios").at("hand_over_floor").get<double>() == bench.second_ns / bench.first_ns);
  CHECK(bench.second_ns > bench.first_ns);  // the hand does all the floor's work and more
}

TEST_CASE("sngsim bench tournament gives its thread speed-up in JSON", "[bench]") {
  TempDir dir;
  const TwoResults bench = run_bench_json(
      dir, "tournament --config " SNGSIM_SOURCE_DIR "/configs/bench.yaml --tournaments 100 --runs 1 --threads 1 2");
  CHECK(bench.json.at("ratios").at("thread_speed_up").get<double>() == bench.first_ns / bench.second_ns);
}

TEST_CASE("sngsim bench process: decisions through a Python and a C++ bot, and sit-and-gos with Python seats",
          "[bench][process]") {
  if (!std::filesystem::exists("/usr/bin/python3")) {
    SKIP_TEST("no /usr/bin/python3: the process bench is not tried");
  }
  TempDir dir;
  int exit_code = -1;
  const std::string output = run_bench(
      dir, "process --runs 1 --decisions 300 --process-tournaments 10 --python /usr/bin/python3 --json", exit_code);
  INFO(output);
  REQUIRE(exit_code == 0);
  const nlohmann::json bench = nlohmann::json::parse(output);
  const nlohmann::json& results = bench.at("results");
  // The pipe; the Python kit bot and the C++ bot, each on protocol 1 and in
  // protocol-2 batches; the Python-seat run on protocol 1 and 2.
  REQUIRE(results.size() == 7);
  // The reference of the same run: the bare pipe round trip.
  CHECK(results[0].at("unit") == "trip");
  const double floor_ns = results[0].at("median_ns_per_op").get<double>();
  REQUIRE(floor_ns > 0.0);
  for (int i = 1; i <= 4; ++i) {
    CHECK(results[i].at("unit") == "decision");
    CHECK(results[i].at("median_cpu_ns_per_op").get<double>() > 0.0);  // sngsim's side of each decision
    CHECK(results[i].contains("median_bot_cpu_ns_per_op"));
  }
  const nlohmann::json& ratios = bench.at("ratios");
  const auto ns = [&](int i) { return results[i].at("median_ns_per_op").get<double>(); };
  CHECK(ratios.at("python_decision_over_pipe").get<double>() == ns(1) / floor_ns);
  CHECK(ratios.at("python_batch_speed_up").get<double>() == ns(1) / ns(2));
  CHECK(ratios.at("cpp_decision_over_pipe").get<double>() == ns(3) / floor_ns);
  CHECK(ratios.at("cpp_batch_speed_up").get<double>() == ns(3) / ns(4));
  for (int i = 5; i <= 6; ++i) {
    CHECK(results[i].at("unit") == "tournament");
    CHECK(ns(i) > 0.0);
  }
  CHECK(ratios.at("run_batch_speed_up").get<double>() == ns(5) / ns(6));
}

TEST_CASE("sngsim bench tournament finds configs/bench.yaml of its source tree from another folder", "[bench]") {
  TempDir dir;  // holds no configs/ folder
  const TwoResults bench = run_bench_json(dir, "tournament --tournaments 100 --runs 1 --threads 1 2");
  CHECK(bench.json.at("results")[0].at("name").get<std::string>() == "tournaments, 1 thread(s), bench");
}

TEST_CASE("sngsim bench tournament --config naming a missing file stops with exit code 2", "[bench]") {
  TempDir dir;
  int exit_code = -1;
  const std::string text = run_bench(dir, "tournament --config configs/bench.yaml --runs 1", exit_code);
  CHECK(exit_code == 2);
  CHECK(text.find("configs/bench.yaml") != std::string::npos);
}

// Each evaluator figure beside its reference timed on the same hands in the
// same run; exactly one hold'em random-order figure, the one the yardstick
// against OMPEval reads.
TEST_CASE("sngsim bench evaluator reports each figure against a reference from the same run", "[bench]") {
  TempDir dir;
  int exit_code = -1;
  const std::string output = run_bench(dir, "evaluator --runs 1 --json", exit_code);
  INFO(output);
  REQUIRE(exit_code == 0);
  const auto json = nlohmann::json::parse(output);
  int random_holdem = 0;
  int with_reference = 0;
  for (const auto& result : json.at("results")) {
    const std::string name = result.at("name").get<std::string>();
    CHECK(result.at("unit") == "eval");
    CHECK(result.at("median_ns_per_op").get<double>() > 0);
    if (name.find("hold") != std::string::npos && name.find("random") != std::string::npos) ++random_holdem;
    if (!result.contains("reference")) continue;
    ++with_reference;
    const auto& reference = result.at("reference");
    CHECK(!reference.at("name").get<std::string>().empty());
    CHECK(reference.at("speed_up").get<double>() ==
          reference.at("median_ns_per_op").get<double>() / result.at("median_ns_per_op").get<double>());
  }
  CHECK(random_holdem == 1);
  CHECK(with_reference == 4);  // all but the enumeration order

  const std::string text = run_bench(dir, "evaluator --runs 1", exit_code);
  REQUIRE(exit_code == 0);
  CHECK(text.find("as fast as the same hands as card sets") != std::string::npos);
}

// A bot builder measures their own bot: the entry of their experiment file,
// against the pipe of the same run, in batches when it speaks protocol 2.
TEST_CASE("sngsim bench process --bot LABEL --config FILE measures the user's own bot", "[bench][process]") {
  if (!std::filesystem::exists("/usr/bin/python3")) {
    SKIP_TEST("no /usr/bin/python3: the process bench is not tried");
  }
  TempDir dir;
  const std::string bots = SNGSIM_SOURCE_DIR "/tests/bots/";
  const std::string config =
      dir.write("mine.yaml", "lineup:\n  - {strategy: process, label: one, command: [/usr/bin/python3, " + bots +
                                 "call_bot.py]}\n  - {strategy: process, label: two, command: [/usr/bin/python3, " +
                                 bots + "batch_bot.py]}\n  - {strategy: tag}\n");
  int exit_code = -1;
  std::string output =
      run_bench(dir, "process --bot one --config mine.yaml --runs 1 --decisions 200 --json", exit_code);
  INFO(output);
  REQUIRE(exit_code == 0);
  nlohmann::json bench = nlohmann::json::parse(output);
  REQUIRE(bench.at("results").size() == 2);  // the pipe, then one at a time: call_bot speaks protocol 1
  CHECK(bench.at("results")[0].at("unit") == "trip");
  CHECK(bench.at("results")[1].at("name").get<std::string>().find("one") != std::string::npos);
  CHECK(bench.at("ratios").at("bot_decision_over_pipe").get<double>() > 0.0);

  output = run_bench(dir, "process --bot two --config mine.yaml --runs 1 --decisions 200 --batch 8 --json", exit_code);
  REQUIRE(exit_code == 0);
  bench = nlohmann::json::parse(output);
  REQUIRE(bench.at("results").size() == 3);  // and in batches: batch_bot speaks protocol 2
  CHECK(bench.at("ratios").at("bot_batch_speed_up").get<double>() > 0.0);

  output = run_bench(dir, "process --bot three --config mine.yaml", exit_code);
  CHECK(exit_code == 2);
  CHECK(output.find("no process bot labelled 'three' (its process bots: one two)") != std::string::npos);

  output = run_bench(dir, "process --help", exit_code);
  CHECK(exit_code == 0);
  CHECK(output.find("--bot") != std::string::npos);
  CHECK(output.find("pipe") != std::string::npos);
  CHECK(output.find("--tournaments") == std::string::npos);  // the tournament bench's, not this one's
}
