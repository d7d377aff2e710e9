// Runs that survive and scale: run states round-trip exactly, a stopped run
// continues to exactly the whole run, and shards merge into exactly the
// single run (tests/e2e/test_run_state_cli.cpp does the same from the
// command line, with kills and full disks).

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sim/config/experiment_config.h"
#include "sim/run/rank_merge.h"
#include "sim/run/run_state.h"
#include "sim/run/runner.h"

using namespace sngsim;
namespace fs = std::filesystem;

namespace {

const std::string kConfigs = std::string(SNGSIM_SOURCE_DIR) + "/configs/";

// Every cell progress of `state` with its statistics, for comparisons.
RunState run_whole(const Experiment& experiment, int threads) {
  RunState state = initial_state(experiment, run_identity(experiment, {}, Shard{}));
  RunOptions options;
  options.threads = threads;
  REQUIRE(continue_run(experiment, state, options));
  return state;
}

RunState run_shard(const Experiment& experiment, Shard shard) {
  RunState state = initial_state(experiment, run_identity(experiment, {}, shard));
  RunOptions options;
  options.threads = 1;
  REQUIRE(continue_run(experiment, state, options));
  return state;
}

Experiment small_experiment(const std::string& config, std::int64_t tournaments) {
  Experiment experiment = load_experiment(kConfigs + config);
  experiment.tournaments = tournaments;
  return experiment;
}

}  // namespace

TEST_CASE("Shard parsing takes K/N with 1 <= K <= N and refuses the rest", "[run-state]") {
  CHECK(parse_shard("3/8") == Shard{3, 8});
  CHECK(parse_shard("1/1").is_whole());
  for (const char* bad : {"0/4", "5/4", "4", "/4", "1/", "a/b", "1/4x", "-1/4", ""}) {
    INFO(bad);
    CHECK_THROWS_WITH(parse_shard(bad), Catch::Contains("K/N"));
  }
}

TEST_CASE("A run state survives JSON exactly, for every format", "[run-state]") {
  for (const char* config :
       {"quickstart.yaml", "shootout.yaml", "cash-bb100.yaml", "antes-turbo.yaml", "duplicate.yaml"}) {
    INFO(config);
    const Experiment experiment = small_experiment(config, 24);
    const RunState state = run_whole(experiment, 2);
    REQUIRE(state.tournaments_done() == 24 * static_cast<std::int64_t>(experiment.cells.size()));
    const nlohmann::json document = nlohmann::json::parse(state_to_json(state).dump());
    const RunState restored = state_from_json(document, experiment, "test");
    REQUIRE(restored.cells.size() == state.cells.size());
    for (std::size_t c = 0; c < state.cells.size(); ++c) CHECK(restored.cells[c] == state.cells[c]);
    CHECK(restored.identity.config_hash == state.identity.config_hash);
  }
}

TEST_CASE("A damaged or foreign run state is refused with its name", "[run-state]") {
  const Experiment experiment = small_experiment("quickstart.yaml", 10);
  const RunState state = run_whole(experiment, 1);
  nlohmann::json document = state_to_json(state);

  nlohmann::json wrong_count = document;
  wrong_count["cells"][0]["stats"]["tournaments"] = 11;
  CHECK_THROWS_WITH(state_from_json(wrong_count, experiment, "ck.json"),
                    Catch::Contains("ck.json") && Catch::Contains("do not count"));

  nlohmann::json short_histogram = document;
  short_histogram["cells"][0]["stats"]["hands_histogram"].erase(0);
  CHECK_THROWS_WITH(state_from_json(short_histogram, experiment, "ck.json"), Catch::Contains("entries"));

  nlohmann::json not_state = {{"format", "something else"}};
  CHECK_THROWS_WITH(state_from_json(not_state, experiment, "ck.json"), Catch::Contains("not an sngsim state"));

  const Experiment other = small_experiment("quickstart.yaml", 12);
  const RunIdentity expected = run_identity(other, {}, Shard{});
  CHECK_THAT(identity_mismatch(expected, state.identity, "ck.json"), Catch::Contains("10 tournaments"));
  Experiment reseeded = experiment;
  reseeded.seed += 1;
  CHECK_THAT(identity_mismatch(run_identity(reseeded, {}, Shard{}), state.identity, "ck.json"),
             Catch::Contains("seed"));
  CHECK_THAT(identity_mismatch(run_identity(experiment, {"table.stack=2000"}, Shard{}), state.identity, "ck.json"),
             Catch::Contains("another experiment"));
  RunIdentity old_version = state.identity;
  old_version.version = "0.0.1 (abc)";
  CHECK_THAT(identity_mismatch(state.identity, old_version, "ck.json"), Catch::Contains("0.0.1"));
  CHECK(identity_mismatch(state.identity, state.identity, "ck.json").empty());
}

TEST_CASE("A run stopped between batches continues to exactly the whole run", "[run-state][long-run]") {
  const Experiment experiment = small_experiment("turbo-vs-normal.yaml", 3000);
  const RunState whole = run_whole(experiment, 2);

  RunState state = initial_state(experiment, run_identity(experiment, {}, Shard{}));
  std::atomic<bool> stop{false};
  int batches = 0;
  RunOptions options;
  options.threads = 2;
  options.stop = &stop;
  options.batch_done = [&](const RunState& current) {
    ++batches;
    CHECK(current.cells[0].next > current.cells[0].begin);
    if (batches == 2) stop = true;  // as Ctrl-C would, between two batches
  };
  CHECK_FALSE(continue_run(experiment, state, options));
  CHECK(batches == 2);
  CHECK_FALSE(state.complete());
  const std::int64_t saved = state.tournaments_done();
  CHECK(saved == state.cells[0].next - state.cells[0].begin);  // contiguous: nothing of the dropped batch

  // Through JSON, as a checkpoint, then on to the end.
  RunState resumed = state_from_json(state_to_json(state), experiment, "checkpoint");
  stop = false;
  options.batch_done = nullptr;
  CHECK(continue_run(experiment, resumed, options));
  for (std::size_t c = 0; c < whole.cells.size(); ++c) CHECK(resumed.cells[c] == whole.cells[c]);
}

TEST_CASE("Four shards merged equal the single run, every cell and format", "[run-state]") {
  for (const char* config : {"turbo-vs-normal.yaml", "shootout.yaml", "cash-bb100.yaml"}) {
    INFO(config);
    const Experiment experiment = small_experiment(config, 37);  // not a multiple of 4: uneven shards
    const RunState whole = run_whole(experiment, 2);
    std::vector<RunState> shards;
    std::vector<std::string> names;
    for (int k = 4; k >= 1; --k) {  // any order
      shards.push_back(run_shard(experiment, Shard{k, 4}));
      names.push_back("shard " + std::to_string(k));
    }
    const RunState merged = merge_states(experiment, shards, names);
    REQUIRE(merged.cells.size() == whole.cells.size());
    for (std::size_t c = 0; c < whole.cells.size(); ++c) CHECK(merged.cells[c] == whole.cells[c]);
  }
}

TEST_CASE("MPI ranks merge with the slowest rank's wall time, the rank count and the threads per rank", "[run-state]") {
  const Experiment experiment = small_experiment("quickstart.yaml", 20);
  std::vector<RunState> ranks{run_shard(experiment, Shard{1, 2}), run_shard(experiment, Shard{2, 2})};
  ranks[0].threads = 3;
  ranks[0].wall_seconds = 1.5;
  ranks[1].threads = 3;
  ranks[1].wall_seconds = 2.25;
  const RunState concurrent = merge_concurrent_states(experiment, ranks, {"rank 0", "rank 1"});
  CHECK(concurrent.ranks == 2);
  CHECK(concurrent.threads == 3);
  CHECK(concurrent.wall_seconds == 2.25);  // the ranks played at the same time: the slowest one's
  const RunState whole = run_whole(experiment, 2);
  for (std::size_t c = 0; c < whole.cells.size(); ++c) CHECK(concurrent.cells[c] == whole.cells[c]);
  CHECK(state_from_json(state_to_json(concurrent), experiment, "state").ranks == 2);

  // Shards given to `sngsim merge` may have run one after another: their
  // times add up, and one process played each.
  const RunState sequential = merge_states(experiment, ranks, {"shard 1", "shard 2"});
  CHECK(sequential.ranks == 1);
  CHECK(sequential.wall_seconds == 3.75);
}

TEST_CASE("Merging refuses missing, repeated, unfinished and foreign shards", "[run-state]") {
  const Experiment experiment = small_experiment("quickstart.yaml", 20);
  std::vector<RunState> shards;
  for (int k = 1; k <= 3; ++k) shards.push_back(run_shard(experiment, Shard{k, 3}));
  const std::vector<std::string> names{"a", "b", "c"};

  CHECK_THROWS_WITH(merge_states(experiment, {shards[0], shards[2]}, {"a", "c"}),
                    Catch::Contains("shard 2/3 is missing"));
  CHECK_THROWS_WITH(merge_states(experiment, {shards[0], shards[1], shards[1], shards[2]}, {"a", "b", "b2", "c"}),
                    Catch::Contains("given twice") && Catch::Contains("b2"));

  RunState unfinished = shards[1];
  unfinished.cells[0].next = unfinished.cells[0].begin;
  CHECK_THROWS_WITH(merge_states(experiment, {shards[0], unfinished, shards[2]}, names),
                    Catch::Contains("b (shard 2/3) did not finish"));

  Experiment reseeded = experiment;
  reseeded.seed = 99;
  RunState foreign = initial_state(reseeded, run_identity(reseeded, {}, Shard{2, 3}));
  CHECK_THROWS_WITH(merge_states(experiment, {shards[0], foreign, shards[2]}, names), Catch::Contains("seed 99"));

  RunState quarter = run_shard(experiment, Shard{2, 4});
  CHECK_THROWS_WITH(merge_states(experiment, {shards[0], quarter, shards[2]}, names),
                    Catch::Contains("shard counts differ"));
}

TEST_CASE("A state file's checksum covers every byte of its content and identity", "[run-state][safety]") {
  const Experiment experiment = small_experiment("quickstart.yaml", 10);
  const RunState state = run_whole(experiment, 1);
  const std::string text = state_to_json(state).dump();
  // Round trip: the text a state is written as passes the gate and reads
  // back as the same state.
  const nlohmann::json document = parse_state_text(text, "ck.json");
  CHECK(state_from_json(document, experiment, "ck.json").cells == state.cells);

  // Every single digit changed anywhere is refused, with the file's name.
  int changed = 0;
  for (std::size_t at = 0; at < text.size(); at += 7) {
    if (text[at] < '0' || text[at] > '8') continue;
    std::string damaged = text;
    ++damaged[at];
    if (damaged.find("\"checksum\":\"") + 12 <= at && at < damaged.find("\"checksum\":\"") + 28) continue;
    ++changed;
    INFO(at);
    CHECK_THROWS_WITH(parse_state_text(damaged, "ck.json"),
                      Catch::Contains("ck.json") && Catch::Contains("checksum does not match"));
  }
  CHECK(changed > 100);
  CHECK_THROWS_WITH(parse_state_text(text.substr(0, text.size() - 1), "ck.json"), Catch::Contains("truncated"));
  nlohmann::json unchecked = document;
  unchecked.erase("checksum");
  CHECK_THROWS_WITH(parse_state_text(unchecked.dump(), "ck.json"), Catch::Contains("no 'checksum'"));
  unchecked["format"] = "sngsim-state/1";
  CHECK_THROWS_WITH(parse_state_text(unchecked.dump(), "ck.json"), Catch::Contains("older sngsim"));
  // A number beyond a double is refused like any damage, not thrown as JSON's own
  // exception (found by fuzz_run_state: tests/fuzz/regressions/state).
  CHECK_THROWS_WITH(parse_state_text("{\"cells\": 1e3080}", "ck.json"),
                    Catch::Contains("ck.json") && Catch::Contains("not an sngsim state"));
  CHECK(state_checksum(document) == document["checksum"]);
}

TEST_CASE("config hash: --seed or -n equal to the file's change nothing, other values do", "[run_state]") {
  const std::string text = "seed: 42\ntournaments: 100\nlineup:\n  - strategy: tag\n  - strategy: rock\n";
  const Experiment plain = parse_experiment(text, "t.yaml");
  const std::vector<std::string> same = {"seed=42", "tournaments=100"};
  const Experiment overridden = parse_experiment(text, "t.yaml", same);
  CHECK(config_hash(overridden, same) == config_hash(plain, {}));
  const std::vector<std::string> other = {"seed=43"};
  CHECK(config_hash(parse_experiment(text, "t.yaml", other), other) != config_hash(plain, {}));
  const std::vector<std::string> stack = {"table.stack=2000"};
  CHECK(config_hash(parse_experiment(text, "t.yaml", stack), stack) != config_hash(plain, {}));
}
