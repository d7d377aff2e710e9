// Runs that survive and scale (issue 7): run states round-trip exactly,
// shards merge into exactly the single run, checkpoints resume after a kill
// with the uninterrupted result, and a full disk or an unwritable folder
// fails cleanly, leaving earlier results and checkpoints whole.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sim/config/experiment_config.h"
#include "sim/run/rank_merge.h"
#include "sim/run/run_state.h"
#include "sim/run/runner.h"
#include "spawn_util.h"
#include "temp_dir.h"

using namespace sngsim;
using sngsim::testing::spawn;
using sngsim::testing::TempDir;
namespace fs = std::filesystem;

namespace {

const std::string kConfigs = std::string(SNGSIM_SOURCE_DIR) + "/configs/";

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// summary.json without the two values that may differ between runs of the
// same experiment (sim/report/summary.h).
nlohmann::json comparable_summary(const fs::path& out_dir) {
  nlohmann::json summary = nlohmann::json::parse(read_text(out_dir / "summary.json"));
  summary["provenance"].erase("threads");
  summary["provenance"].erase("wall_seconds");
  return summary;
}

std::string quote(const std::string& text) { return "'" + text + "'"; }

// Runs a shell command line; returns its exit code (or 128 + signal).
int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

std::string sngsim_command(const std::string& arguments) { return std::string(SNGSIM_BINARY) + " " + arguments; }

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
  for (const char* config : {"quickstart.yaml", "shootout.yaml", "cash-bb100.yaml", "antes-turbo.yaml", "duplicate.yaml"}) {
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

TEST_CASE("MPI ranks merge with the slowest rank's wall time, the rank count and the threads per rank",
          "[run-state]") {
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

  CHECK_THROWS_WITH(merge_states(experiment, {shards[0], shards[2]}, {"a", "c"}), Catch::Contains("shard 2/3 is missing"));
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

TEST_CASE("run --shard and merge give the single run's summary.json", "[run-state][cli]") {
  TempDir scratch;
  const std::string out = scratch.path().string();
  const std::string config = kConfigs + "turbo-vs-normal.yaml";
  REQUIRE(shell(sngsim_command("run " + config + " -q -n 50 -t 2 -o " + out + "/single > /dev/null")) == 0);
  std::string shard_dirs;
  for (int k = 1; k <= 4; ++k) {
    const std::string dir = out + "/shard" + std::to_string(k);
    REQUIRE(shell(sngsim_command("run " + config + " -q -n 50 -t 1 --shard " + std::to_string(k) + "/4 -o " + dir +
                                 " > /dev/null")) == 0);
    CHECK(comparable_summary(dir)["provenance"]["shard"] == std::to_string(k) + "/4");
    shard_dirs += " " + dir;
  }
  REQUIRE(shell(sngsim_command("merge -q " + out + "/merged" + shard_dirs + " > /dev/null")) == 0);
  CHECK(comparable_summary(out + "/merged") == comparable_summary(out + "/single"));
  CHECK(read_text(out + "/merged/players.csv") == read_text(out + "/single/players.csv"));

  // A shard of another seed is refused, and nothing is written.
  REQUIRE(shell(sngsim_command("run " + config + " -q -n 50 -s 5 --shard 2/4 -o " + out + "/other > /dev/null")) == 0);
  const std::string log = out + "/merge.log";
  CHECK(shell(sngsim_command("merge -q " + out + "/bad " + out + "/shard1 " + out + "/other " + out + "/shard3 " + out +
                             "/shard4 > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("seed 5"));
  CHECK_FALSE(fs::exists(out + "/bad"));
  CHECK(shell(sngsim_command("merge -q " + out + "/bad " + out + "/shard1 " + out + "/shard2 > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("shard 3/4 is missing"));
}

namespace {

// Waits until the checkpoint holds some but not all of the work.
bool wait_for_partial_checkpoint(const fs::path& file, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    std::error_code error;
    if (fs::exists(file, error)) {
      try {
        const nlohmann::json state = nlohmann::json::parse(read_text(file));
        if (state["cells"][0]["next"].get<std::int64_t>() > 0) return true;
      } catch (const std::exception&) {
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

}  // namespace

TEST_CASE("A run killed with SIGKILL resumes from its checkpoint to the uninterrupted result",
          "[run-state][cli][long-run]") {
  TempDir scratch;
  const std::string out = scratch.path().string();
  const std::string config = kConfigs + "quickstart.yaml";
  // About two seconds of work on two threads: time for a few checkpoints.
  const std::string common = "run " + config + " -q -n 20000 -t 2";
  REQUIRE(shell(sngsim_command(common + " -o " + out + "/straight > /dev/null")) == 0);

  const std::string checkpoint = out + "/run.checkpoint";
  const std::string resumable = common + " -o " + out + "/resumed --checkpoint " + checkpoint +
                                " --checkpoint-every 0.05";
  const pid_t pid = spawn(sngsim_command(resumable + " > /dev/null 2>&1"));
  REQUIRE(pid > 0);
  const bool saved = wait_for_partial_checkpoint(checkpoint, std::chrono::seconds(60));
  ::kill(-pid, SIGKILL);
  int status = 0;
  ::waitpid(pid, &status, 0);
  REQUIRE(saved);
  REQUIRE(WIFSIGNALED(status));
  CHECK_FALSE(fs::exists(out + "/resumed"));
  const nlohmann::json saved_state = nlohmann::json::parse(read_text(checkpoint));
  const std::int64_t done_at_kill = saved_state["cells"][0]["next"].get<std::int64_t>();
  CHECK(done_at_kill < 20000);

  // Another seed must not pick this checkpoint up.
  const std::string log = out + "/resume.log";
  CHECK(shell(sngsim_command(resumable + " -s 77 > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("seed") && Catch::Contains("Delete it"));

  REQUIRE(shell(sngsim_command(resumable + " > " + log + " 2>&1")) == 0);
  CHECK_THAT(read_text(log), Catch::Contains("Resuming from"));
  CHECK(comparable_summary(out + "/resumed") == comparable_summary(out + "/straight"));
  CHECK_FALSE(fs::exists(checkpoint));  // removed once the results are written
}

TEST_CASE("A full disk or an unwritable folder fails cleanly and keeps earlier results and the checkpoint",
          "[run-state][cli][long-run]") {
  TempDir scratch;
  const std::string out = scratch.path().string();
  const std::string config = kConfigs + "quickstart.yaml";
  const std::string results = out + "/results";
  REQUIRE(shell(sngsim_command("run " + config + " -q -n 200 -o " + results + " > /dev/null")) == 0);
  const std::string summary_before = read_text(results + "/summary.json");

  // A checkpoint of an interrupted run of the same experiment, to resume.
  const std::string checkpoint = out + "/run.checkpoint";
  const std::string resumable = "run " + config + " -q -n 20000 -t 2 --force -o " + results + " --checkpoint " +
                                checkpoint + " --checkpoint-every 0.05";
  const pid_t pid = spawn(sngsim_command(resumable + " > /dev/null 2>&1"));
  const bool saved = wait_for_partial_checkpoint(checkpoint, std::chrono::seconds(60));
  ::kill(-pid, SIGKILL);
  ::waitpid(pid, nullptr, 0);
  REQUIRE(saved);
  const std::string checkpoint_before = read_text(checkpoint);

  // RLIMIT_FSIZE stands in for a full disk: with SIGXFSZ ignored, a write
  // beyond 4 KiB fails (EFBIG) exactly where ENOSPC would.
  const std::string log = out + "/full.log";
  const int code = shell("bash -c " + quote("trap \"\" XFSZ; ulimit -f 4; exec " + sngsim_command(resumable)) + " > " +
                         log + " 2>&1");
  CHECK(code == 4);
  CHECK_THAT(read_text(log), Catch::Contains("cannot save the checkpoint") && Catch::Contains("is intact"));
  CHECK(read_text(checkpoint) == checkpoint_before);
  CHECK(read_text(results + "/summary.json") == summary_before);
  for (const auto& entry : fs::directory_iterator(out)) {
    INFO(entry.path().string());
    CHECK(entry.path().string().find(".tmp-") == std::string::npos);
  }

  // Results that cannot be written: the checkpoint still holds the run.
  const std::string small = "run " + config + " -q -n 300 --force -o " + results + " --checkpoint " + out + "/small.ck";
  CHECK(shell("bash -c " + quote("trap \"\" XFSZ; ulimit -f 20; exec " + sngsim_command(small)) + " > " + log +
              " 2>&1") == 4);
  CHECK_THAT(read_text(log), Catch::Contains("cannot write the results") && Catch::Contains("untouched"));
  CHECK(read_text(results + "/summary.json") == summary_before);
  REQUIRE(fs::exists(out + "/small.ck"));
  // With room again, the same command writes them from the checkpoint.
  CHECK(shell(sngsim_command(small + " > " + log + " 2>&1")) == 0);
  CHECK(read_text(results + "/summary.json") != summary_before);
  CHECK_FALSE(fs::exists(out + "/small.ck"));

  // A folder nobody can create: /proc takes no new entries, even from root.
  CHECK(shell(sngsim_command("run " + config + " -q -n 10 -o /proc/sngsim-results > " + log + " 2>&1")) != 0);
  CHECK_THAT(read_text(log), Catch::Contains("/proc/sngsim-results"));
}
