// Runs from the command line that survive and scale: run --shard and merge, a run killed with SIGKILL resumed from its checkpoint, and a full disk or an unwritable folder failing cleanly.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <string>
#include <thread>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/partial_state_util.h"
#include "tests/shell_util.h"
#include "tests/spawn_util.h"
#include "tests/temp_dir.h"

using namespace sngsim;
using sngsim::testing::quote;
using sngsim::testing::read_text;
using sngsim::testing::shell;
using sngsim::testing::sngsim_command;
using sngsim::testing::spawn;
using sngsim::testing::TempDir;
using sngsim::testing::wait_for_partial_state;
namespace fs = std::filesystem;

namespace {

const std::string kConfigs = std::string(SNGSIM_SOURCE_DIR) + "/configs/";

// summary.json without the two values that may differ between runs of the
// same experiment (docs/output-format.md).
nlohmann::json comparable_summary(const fs::path& out_dir) {
  nlohmann::json summary = nlohmann::json::parse(read_text(out_dir / "summary.json"));
  summary["provenance"].erase("threads");
  summary["provenance"].erase("wall_seconds");
  return summary;
}

}  // namespace

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
  CHECK(shell(sngsim_command("merge -q " + out + "/bad " + out + "/shard1 " + out + "/shard2 > " + log + " 2>&1")) ==
        2);
  CHECK_THAT(read_text(log), Catch::Contains("shard 3/4 is missing"));
}

TEST_CASE("A run killed with SIGKILL resumes from its checkpoint to the uninterrupted result",
          "[run-state][cli][long-run]") {
  TempDir scratch;
  const std::string out = scratch.path().string();
  const std::string config = kConfigs + "quickstart.yaml";
  // About two seconds of work on two threads: time for a few checkpoints.
  const std::string common = "run " + config + " -q -n 20000 -t 2";
  REQUIRE(shell(sngsim_command(common + " -o " + out + "/straight > /dev/null")) == 0);

  const std::string checkpoint = out + "/run.checkpoint";
  const std::string resumable =
      common + " -o " + out + "/resumed --checkpoint " + checkpoint + " --checkpoint-every 0.05";
  const pid_t pid = spawn(sngsim_command(resumable + " > /dev/null 2>&1"));
  REQUIRE(pid > 0);
  const bool saved = wait_for_partial_state(checkpoint, std::chrono::seconds(60));
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
  const bool saved = wait_for_partial_state(checkpoint, std::chrono::seconds(60));
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
