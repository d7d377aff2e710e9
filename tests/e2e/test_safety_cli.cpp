// Nothing lost, nothing escaped (issue 31, docs/safety.md): every path the
// binary writes or deletes is one the user named or lies inside it; state
// files are checked before they are trusted; bad text and sizes are refused
// before the run, and every way out leaves no staging folder behind.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/partial_state_util.h"
#include "tests/shell_util.h"
#include "tests/spawn_util.h"
#include "tests/temp_dir.h"

using sngsim::testing::quote;
using sngsim::testing::read_text;
using sngsim::testing::shell;
using sngsim::testing::sngsim_command;
using sngsim::testing::spawn;
using sngsim::testing::TempDir;
using sngsim::testing::wait_for_partial_state;
namespace fs = std::filesystem;

namespace {

const std::string kQuickstart = std::string(SNGSIM_SOURCE_DIR) + "/configs/quickstart.yaml";

void write_text(const fs::path& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary);
  out << text;
}

// quickstart.yaml with its `name:` line replaced by `name_line`.
std::string quickstart_named(const std::string& name_line) {
  std::string text = read_text(kQuickstart);
  const auto at = text.find("\nname: ");
  const auto end = text.find('\n', at + 1);
  return text.substr(0, at + 1) + name_line + text.substr(end);
}

// The 1-based line of quickstart.yaml's `name:` key.
int name_line_number() {
  const std::string text = read_text(kQuickstart);
  const auto at = text.find("\nname: ");
  return 2 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
}

// Every entry of `folder` whose name holds `part`.
std::vector<std::string> entries_with(const fs::path& folder, const std::string& part) {
  std::vector<std::string> found;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (name.find(part) != std::string::npos) found.push_back(name);
  }
  return found;
}

}  // namespace

TEST_CASE("An experiment name is a plain name: paths, '.', NUL bytes are refused at file:line:column",
          "[safety][cli]") {
  TempDir scratch;
  const fs::path dir = scratch.path();
  fs::create_directories(dir / "work" / "results");
  fs::create_directories(dir / "victim");
  write_text(dir / "victim" / "precious.txt", "keep me");
  write_text(dir / "work" / "results" / "other.txt", "another experiment");
  const std::string line = std::to_string(name_line_number());
  const std::string log = (dir / "log").string();
  for (const std::string& name :
       {std::string("../../victim"), (dir / "victim").string(), std::string("."), std::string(".."),
        std::string("\"a\\0b\""), std::string("\"a\\nb\""), std::string("-rf")}) {
    INFO(name);
    write_text(dir / "work" / "bad.yaml", quickstart_named("name: " + name));
    CHECK(shell("cd " + quote((dir / "work").string()) + " && " +
                sngsim_command("validate bad.yaml > " + log + " 2>&1")) == 2);
    CHECK_THAT(read_text(log), Catch::StartsWith("bad.yaml:" + line + ":7: name must be a plain name"));
    CHECK(shell("cd " + quote((dir / "work").string()) + " && " +
                sngsim_command("run bad.yaml -q -n 10 -f > " + log + " 2>&1")) == 2);
  }
  CHECK(read_text(dir / "victim" / "precious.txt") == "keep me");
  CHECK(read_text(dir / "work" / "results" / "other.txt") == "another experiment");
  // --set name=... is checked the same way.
  CHECK(shell(sngsim_command("validate " + kQuickstart + " --set name=../x > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("--set name=../x: name must be a plain name"));
}

TEST_CASE("With --force, only a folder sngsim wrote is replaced", "[safety][cli]") {
  TempDir scratch;
  const fs::path dir = scratch.path();
  const std::string log = (dir / "log").string();
  fs::create_directories(dir / "mine");
  write_text(dir / "mine" / "thesis.tex", "years of work");
  CHECK(shell(sngsim_command("run " + kQuickstart + " -q -n 10 -f -o " + (dir / "mine").string() + " > " + log +
                             " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("was not written by sngsim") && Catch::Contains(".sngsim-output"));
  CHECK(read_text(dir / "mine" / "thesis.tex") == "years of work");
  // The same for --hand-history.
  CHECK(shell(sngsim_command("run " + kQuickstart + " -q -n 10 -f -o " + (dir / "out").string() + " --hand-history " +
                             (dir / "mine").string() + " > " + log + " 2>&1")) == 2);
  CHECK(read_text(dir / "mine" / "thesis.tex") == "years of work");
  CHECK_FALSE(fs::exists(dir / "out"));

  // Its own folders (marked) and empty ones are replaced.
  REQUIRE(shell(sngsim_command("run " + kQuickstart + " -q -n 10 -o " + (dir / "out").string() + " --hand-history " +
                               (dir / "hh").string() + " --hh-tournaments 1 > /dev/null")) == 0);
  CHECK(fs::is_regular_file(dir / "out" / ".sngsim-output"));
  CHECK(fs::is_regular_file(dir / "hh" / ".sngsim-output"));
  fs::create_directories(dir / "empty");
  CHECK(shell(sngsim_command("run " + kQuickstart + " -q -n 10 -f -o " + (dir / "out").string() + " --hand-history " +
                             (dir / "hh").string() + " --hh-tournaments 1 > /dev/null")) == 0);
  CHECK(shell(sngsim_command("run " + kQuickstart + " -q -n 10 -f -o " + (dir / "empty").string() + " > /dev/null")) ==
        0);
  CHECK(fs::exists(dir / "empty" / "summary.json"));
}

TEST_CASE("Output, hand-history and checkpoint paths that overlap are refused before the run", "[safety][cli]") {
  TempDir scratch;
  const fs::path dir = scratch.path();
  const std::string log = (dir / "log").string();
  write_text(dir / "config.yaml", read_text(kQuickstart));
  const auto run_in_dir = [&](const std::string& arguments) {
    return shell("cd " + quote(dir.string()) + " && " +
                 sngsim_command("run config.yaml -q -n 10 " + arguments + " > " + log + " 2>&1"));
  };
  CHECK(run_in_dir("-o out/same --hand-history out/same --hh-tournaments 2") == 2);
  CHECK_THAT(read_text(log), Catch::Contains("overlap"));
  CHECK_FALSE(fs::exists(dir / "out"));
  CHECK(run_in_dir("-o out --hand-history out/hh") == 2);
  CHECK(run_in_dir("-o out/r --hand-history out") == 2);
  CHECK(run_in_dir("-o out --hand-history ./out/ -f") == 2);
  CHECK(run_in_dir("-o out --hand-history . -f") == 2);
  CHECK(run_in_dir("-o out --hand-history hh --checkpoint hh/run.ck") == 2);
  CHECK_THAT(read_text(log), Catch::Contains("inside --hand-history"));
  CHECK(run_in_dir("-o out --checkpoint out") == 2);
  CHECK(run_in_dir("-o out/deeper --checkpoint out") == 2);
  CHECK(read_text(dir / "config.yaml") == read_text(kQuickstart));
  CHECK_FALSE(fs::exists(dir / "out"));
  CHECK_FALSE(fs::exists(dir / "hh"));
}

TEST_CASE("A checkpoint inside a new --out folder works, and resumes with the same command",
          "[safety][cli][run-state]") {
  TempDir scratch;
  const fs::path dir = scratch.path();
  const std::string log = (dir / "log").string();
  const std::string out = (dir / "out").string();
  CHECK(shell(sngsim_command("run " + kQuickstart + " -q -n 10 -o " + out + " --checkpoint " + out + "/run.ck > " +
                             log + " 2>&1")) == 0);
  CHECK(fs::exists(dir / "out" / "summary.json"));
  CHECK_FALSE(fs::exists(dir / "out" / "run.ck"));

  // Stopped with Ctrl-C: the folder holds the checkpoint only, and the same
  // command resumes and finishes.
  const std::string straight = (dir / "straight").string();
  const std::string common = "run " + kQuickstart + " -q -n 6000 -t 1";
  REQUIRE(shell(sngsim_command(common + " -o " + straight + " > /dev/null")) == 0);
  const std::string resumable = common + " -o " + out + "2 --checkpoint " + out + "2/run.ck --checkpoint-every 0.05";
  const pid_t pid = spawn(sngsim_command(resumable + " > /dev/null 2>&1"));
  REQUIRE(pid > 0);
  const bool saved = wait_for_partial_state(out + "2/run.ck", std::chrono::seconds(60));
  ::kill(-pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  REQUIRE(saved);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 130) CHECK_FALSE(fs::exists(out + "2/summary.json"));
  CHECK(shell(sngsim_command(resumable + " > " + log + " 2>&1")) == 0);
  nlohmann::json resumed = nlohmann::json::parse(read_text(out + "2/summary.json"));
  nlohmann::json single = nlohmann::json::parse(read_text(straight + "/summary.json"));
  for (auto* summary : {&resumed, &single}) {
    (*summary)["provenance"].erase("threads");
    (*summary)["provenance"].erase("wall_seconds");
  }
  CHECK(resumed == single);
  CHECK_FALSE(fs::exists(out + "2/run.ck"));
}

TEST_CASE("A damaged, truncated, swapped or old-format state file is refused with its reason",
          "[safety][cli][run-state]") {
  TempDir scratch;
  const fs::path dir = scratch.path();
  const std::string log = (dir / "log").string();
  const std::string common = "run " + kQuickstart + " -q -n 40";
  for (int k = 1; k <= 2; ++k) {
    REQUIRE(shell(sngsim_command(common + " --shard " + std::to_string(k) + "/2 -o " + (dir / "shard").string() +
                                 std::to_string(k) + " > /dev/null")) == 0);
  }
  const std::string good = read_text(dir / "shard1" / "state.json");
  const std::string merge =
      "merge -q " + (dir / "merged").string() + " " + (dir / "shard1").string() + " " + (dir / "shard2").string();
  REQUIRE(shell(sngsim_command(merge + " > /dev/null")) == 0);

  // One digit of the statistics changed: the checksum no longer matches.
  std::string flipped = good;
  const auto stats = flipped.find("\"stats\"");
  const auto digit = flipped.find_first_of("123456789", stats);
  flipped[digit] = flipped[digit] == '9' ? '8' : static_cast<char>(flipped[digit] + 1);
  write_text(dir / "shard1" / "state.json", flipped);
  CHECK(shell(sngsim_command(merge + " -f > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("checksum does not match"));

  // A checkpoint: the state of shard 1 resumes (already finished); damaged
  // copies of it are refused and nothing is written.
  const std::string resume =
      common + " --shard 1/2 -o " + (dir / "resumed").string() + " --checkpoint " + (dir / "run.ck").string();
  write_text(dir / "run.ck", flipped);
  CHECK(shell(sngsim_command(resume + " > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("checksum does not match"));
  write_text(dir / "run.ck", good.substr(0, good.size() / 2));
  CHECK(shell(sngsim_command(resume + " > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("truncated"));
  // Swapped: shard 2's state where shard 1's checkpoint belongs.
  write_text(dir / "run.ck", read_text(dir / "shard2" / "state.json"));
  CHECK(shell(sngsim_command(resume + " > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("shard 2/2"));
  // The format before checksums is named, never read.
  nlohmann::json old = nlohmann::json::parse(good);
  old["format"] = "sngsim-state/1";
  old.erase("checksum");
  write_text(dir / "run.ck", old.dump());
  CHECK(shell(sngsim_command(resume + " > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("older sngsim") && Catch::Contains("sngsim-state/1"));
  // A checksum over the content only, without the identity, would let a
  // state move to another run: the identity is inside the checksum.
  nlohmann::json other_seed = nlohmann::json::parse(good);
  other_seed["seed"] = 43;
  write_text(dir / "run.ck", other_seed.dump());
  CHECK(shell(sngsim_command(resume + " > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("checksum does not match"));
  CHECK_FALSE(fs::exists(dir / "resumed"));

  write_text(dir / "run.ck", good);
  CHECK(shell(sngsim_command(resume + " > " + log + " 2>&1")) == 0);
  CHECK_THAT(read_text(log), Catch::Contains("Resuming from"));
}

TEST_CASE("merge's advice for an unfinished shard works as written", "[safety][cli][run-state]") {
  TempDir scratch;
  const fs::path dir = scratch.path();
  const std::string log = (dir / "log").string();
  const auto shard = [&](int k) {
    // 50,000 tournaments a shard: about 1.7 s on one idle core, so Ctrl-C
    // after 300 ms stops it (at 10,000 an idle machine finished first).
    return "run " + kQuickstart + " -q -n 100000 -t 1 --shard " + std::to_string(k) + "/2 -o " +
           (dir / ("shard" + std::to_string(k))).string();
  };
  // Both shards stopped with Ctrl-C: partial results.
  for (int k = 1; k <= 2; ++k) {
    const pid_t pid = spawn(sngsim_command(shard(k) + " > /dev/null 2>&1"));
    REQUIRE(pid > 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ::kill(-pid, SIGINT);
    int status = 0;
    ::waitpid(pid, &status, 0);
    REQUIRE(WIFEXITED(status));
    REQUIRE(WEXITSTATUS(status) == 130);
  }
  const std::string merge =
      "merge -q " + (dir / "merged").string() + " " + (dir / "shard1").string() + " " + (dir / "shard2").string();
  for (int k = 1; k <= 2; ++k) {
    CHECK(shell(sngsim_command(merge + " > " + log + " 2>&1")) == 2);
    const std::string advice = read_text(log);
    CHECK_THAT(advice, Catch::Contains("shard " + std::to_string(k) + "/2) did not finish") &&
                           Catch::Contains("again with --force"));
    CHECK(shell(sngsim_command(shard(k) + " --force > /dev/null")) == 0);  // as the advice says
  }
  CHECK(shell(sngsim_command(merge + " > " + log + " 2>&1")) == 0);
  CHECK(fs::exists(dir / "merged" / "summary.json"));
}

TEST_CASE("Text that is not UTF-8 and oversized configs are refused by validate and before the run", "[safety][cli]") {
  TempDir scratch;
  const fs::path dir = scratch.path();
  const std::string log = (dir / "log").string();
  std::string text = read_text(kQuickstart);
  const auto lineup = text.find("- strategy: rock");
  text.insert(lineup + 2, "label: caf\xe9\n    ");
  write_text(dir / "latin1.yaml", text);
  const int line =
      1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(lineup), '\n'));
  const std::string where = (dir / "latin1.yaml").string() + ":" + std::to_string(line) + ":15:";
  CHECK(shell(sngsim_command("validate " + (dir / "latin1.yaml").string() + " > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::StartsWith(where) && Catch::Contains("not UTF-8"));
  const std::string run = "run " + (dir / "latin1.yaml").string() + " -q -n 10 -o " + (dir / "out").string();
  CHECK(shell(sngsim_command(run + " --checkpoint " + (dir / "run.ck").string() + " > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::StartsWith(where) && !Catch::Contains("previous checkpoint"));
  CHECK_FALSE(fs::exists(dir / "out"));
  CHECK_FALSE(fs::exists(dir / "run.ck"));
  CHECK(shell(sngsim_command("validate " + kQuickstart + " --set \"$(printf 'name=caf\\351')\" > " + log + " 2>&1")) ==
        2);

  // A device that never ends and a file of many MiB: refused at once.
  CHECK(shell("timeout 20 " +
              sngsim_command("run /dev/zero -q -o " + (dir / "zero").string() + " > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("larger than 4 MiB"));
  std::string huge = read_text(kQuickstart);
  huge += "# " + std::string(5 * 1024 * 1024, 'x') + "\n";
  write_text(dir / "huge.yaml", huge);
  CHECK(shell(sngsim_command("validate " + (dir / "huge.yaml").string() + " > " + log + " 2>&1")) == 2);
  CHECK_THAT(read_text(log), Catch::Contains("larger than 4 MiB"));
}

TEST_CASE("A checkpoint that cannot be written fails before the run, naming no previous checkpoint",
          "[safety][cli][run-state]") {
  TempDir scratch;
  const fs::path dir = scratch.path();
  const std::string log = (dir / "log").string();
  // /proc takes no new files, even from root: a read-only filesystem.
  const auto start = std::chrono::steady_clock::now();
  CHECK(shell(sngsim_command("run " + kQuickstart + " -q -n 200000 -o " + (dir / "out").string() +
                             " --checkpoint /proc/sngsim-run.ck > " + log + " 2>&1")) == 4);
  CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(20));  // not the 200000 tournaments
  CHECK_THAT(read_text(log), Catch::Contains("cannot save the checkpoint") && Catch::Contains("Nothing was run") &&
                                 !Catch::Contains("previous checkpoint"));
  CHECK_FALSE(fs::exists(dir / "out"));
}

TEST_CASE("Hand histories on a full disk: exit 4 with the reason, no staging folder left", "[safety][cli]") {
  TempDir scratch;
  const fs::path dir = scratch.path();
  const std::string log = (dir / "log").string();
  // Long tournaments: a hand history of about 60 KiB, results of at most 15.
  write_text(dir / "long.yaml",
             "name: long-hands\nseed: 7\ntournaments: 2\ntable: {players: 6, stack: 1000000, hand_cap: 300}\n"
             "lineup:\n  - strategy: rock\n  - strategy: rock\n  - strategy: tag\n  - strategy: rock\n"
             "  - strategy: rock\n  - strategy: tag\npayouts: {places: [65, 35]}\n");
  const std::string run = "run " + (dir / "long.yaml").string() + " -q -o " + (dir / "out").string() +
                          " --hand-history " + (dir / "hh").string() + " --hh-tournaments 1";
  // RLIMIT_FSIZE stands in for a full disk (EFBIG where ENOSPC would be).
  CHECK(shell("bash -c " + quote("trap \"\" XFSZ; ulimit -f 32; exec " + sngsim_command(run)) + " > " + log +
              " 2>&1") == 4);
  CHECK_THAT(read_text(log), Catch::Contains("cannot write the hand histories") && Catch::Contains("File too large"));
  CHECK(fs::exists(dir / "out" / "summary.json"));
  CHECK_FALSE(fs::exists(dir / "hh"));
  CHECK(entries_with(dir, ".tmp").empty());
}

TEST_CASE("Staging folders left by a killed run are cleaned by the next run on the same output", "[safety][cli]") {
  TempDir scratch;
  const fs::path dir = scratch.path();
  // What a kill -9 leaves: a marked staging folder of a process that is
  // gone, and the bots' log folder.
  const fs::path stale = dir / "out.tmp-999999999";
  fs::create_directories(stale);
  write_text(stale / ".sngsim-output", "sngsim output folder\n");
  write_text(stale / "summary.json", "{}");
  fs::create_directories(dir / "out.bots-tmp");
  write_text(dir / "out.bots-tmp" / "bot.log", "log");
  // Not sngsim's: left alone.
  fs::create_directories(dir / "out.tmp-999999998");
  write_text(dir / "out.tmp-999999998" / "notes.txt", "mine");
  CHECK(shell(sngsim_command("run " + kQuickstart + " -q -n 10 -o " + (dir / "out").string() + " > /dev/null")) == 0);
  CHECK_FALSE(fs::exists(stale));
  CHECK_FALSE(fs::exists(dir / "out.bots-tmp"));
  CHECK(fs::exists(dir / "out.tmp-999999998" / "notes.txt"));

  // An exit-2 stop leaves nothing beside the output either.
  CHECK(shell(sngsim_command("run " + kQuickstart + " -q -n 10 -o " + (dir / "out").string() + " > /dev/null 2>&1")) ==
        2);                                      // exists, no --force
  CHECK(entries_with(dir, "out.").size() == 1);  // the foreign folder only
}
