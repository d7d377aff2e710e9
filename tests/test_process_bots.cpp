// Bots in other processes (strategy: process, docs/bot-protocol.md), with
// real processes: the Python bots of tests/bots/ (standard library only,
// written from the protocol document) play whole runs; each way a bot can
// fail is a fault counted by its reason and never ends the run; a broken
// setup stops it with exit code 2 and the entry's place; and no bot
// process outlives sngsim, whichever way sngsim ends.
//
// The bots run under /usr/bin/python3 when it exists (a `python3` found
// first in PATH may be a version manager's shim that costs a second per
// start), else under python3 from PATH; without Python the tests skip.

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/tournament.h"
#include "sim/config/experiment_config.h"
#include "sim/run/runner.h"
#include "strategies/bot_pool.h"
#include "strategies/bot_protocol.h"
#include "strategies/process_strategy.h"
#include "strategies/strategy_fault.h"
#include "spawn_util.h"
#include "temp_dir.h"

namespace sngsim {
namespace {

namespace fs = std::filesystem;
using testing::spawn;
using testing::TempDir;

const std::string kBots = std::string(SNGSIM_SOURCE_DIR) + "/tests/bots/";

std::string python() {
  if (fs::exists("/usr/bin/python3")) return "/usr/bin/python3";
  return find_in_path("python3");
}

// A lineup entry of a test bot: {strategy: process, label: L, command: [python, bots/F], ...}.
std::string bot_entry(const std::string& label, const std::string& file, const std::string& extra = "") {
  return "  - {strategy: process, label: " + label + ", command: [" + python() + ", " + kBots + file + "]" + extra +
         "}\n";
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string quote(const std::string& text) { return "'" + text + "'"; }

int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

RunResult run_in_process(const std::string& yaml, int threads) {
  const Experiment experiment = parse_experiment(yaml, "process-test.yaml");
  RunOptions options;
  options.threads = threads;
  RunResult result = run_experiment(experiment, options);
  shutdown_bots();
  return result;
}

int label_index(const CellStats& stats, const std::string& label) {
  for (int l = 0; l < stats.label_count(); ++l) {
    if (stats.labels()[static_cast<std::size_t>(l)] == label) return l;
  }
  FAIL("no label " << label);
  return -1;
}

// A process that is gone, or a zombie nobody reaped (the container's init
// may not reap orphans): either way no longer running.
bool is_gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  if (!stat) return true;
  std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
  const auto close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && (text[close + 2] == 'Z' || text[close + 2] == 'X');
}

bool all_gone(const std::vector<pid_t>& pids, std::chrono::seconds limit) {
  const auto deadline = std::chrono::steady_clock::now() + limit;
  while (std::chrono::steady_clock::now() < deadline) {
    bool gone = true;
    for (const pid_t pid : pids) gone = gone && is_gone(pid);
    if (gone) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

std::vector<pid_t> pids_in(const fs::path& folder) {
  std::vector<pid_t> pids;
  for (const auto& entry : fs::directory_iterator(folder)) pids.push_back(std::stoi(entry.path().filename().string()));
  return pids;
}

#define REQUIRE_PYTHON()                                                  \
  if (python().empty()) {                                                 \
    WARN("python3 is not installed: the process bot tests are skipped"); \
    return;                                                               \
  }

}  // namespace

TEST_CASE("protocol v1: a decide carries the observation, replies decode to actions or faults by reason",
          "[process][protocol]") {
  TournamentRules rules;
  rules.players = 3;
  Tournament tournament(rules, 42);
  Hand hand;
  hand.start(tournament.deal_next_hand());
  const Observation& obs = hand.observe();
  std::string line;
  encode_decide(line, "17", 2, 1, obs, DecisionTime{5000, 60000});
  REQUIRE(line.back() == '\n');
  const nlohmann::json decide = nlohmann::json::parse(line);
  CHECK(decide["type"] == "decide");
  CHECK(decide["tournament"] == "17");
  CHECK(decide["seat"] == 2);
  CHECK(decide["hand"] == 1);
  CHECK(decide["street"] == "preflop");
  CHECK(decide["hole"].size() == 2);
  CHECK(decide["hole"][0].get<std::string>().size() == 2);  // "Ah"
  CHECK(decide["board"].empty());
  CHECK(decide["stacks"].size() == 3);
  CHECK(decide["pot"] == 30);  // R4 level 1: 10/20
  CHECK(decide["legal"]["call"] == 20);
  CHECK(decide["legal"]["can_check"] == false);
  CHECK(decide["legal"]["min_raise_to"] == 40);
  CHECK(decide["legal"]["max_raise_to"] == 1000);
  CHECK(decide["history"].size() >= 2);  // the blinds at least
  CHECK(decide["history"][0]["type"] == "blind");
  CHECK(decide["time"]["per_action_ms"] == 5000);
  CHECK(decide["time"]["bank_ms"] == 60000);

  encode_tournament_start(line, TournamentStart{"17", 2, 18446744073709551615ULL, &rules, std::vector<int>{65, 35}});
  const nlohmann::json start = nlohmann::json::parse(line);
  CHECK(start["rng_seed"] == "18446744073709551615");  // a decimal string: JSON numbers lose 64-bit integers
  CHECK(start["variant"] == "NT");
  CHECK(start["payouts"] == nlohmann::json::array({65, 35}));
  CHECK(start["blinds"][0] == nlohmann::json::array({10, 20, 0}));

  const LegalActions& legal = obs.legal;
  CHECK(decode_action(R"({"action": "call"})", legal).type == ActionType::kCheckCall);
  CHECK(decode_action(R"({"action": "fold", "note": "ignored"})", legal).type == ActionType::kFold);
  const Action raise = decode_action(R"({"action": "raise", "to": 60})", legal);
  CHECK((raise.type == ActionType::kBetRaise && raise.amount == 60));
  const auto reason_of = [&](const char* reply) {
    try {
      decode_action(reply, legal);
    } catch (const StrategyFault& fault) {
      return std::string(fault_reason_name(fault.reason()));
    }
    return std::string("none");
  };
  CHECK(reason_of("this is not json") == "not_json");
  CHECK(reason_of("[1, 2]") == "not_json");
  CHECK(reason_of(R"({"action": "dance"})") == "unknown_action");
  CHECK(reason_of(R"({"action": "raise"})") == "unknown_action");
  CHECK(reason_of(R"({"action": "check"})") == "illegal");  // facing the big blind

  CHECK_FALSE(hello_reply_problem(R"({"type": "hello", "protocol": 1, "name": "x"})"));
  CHECK(hello_reply_problem(R"({"type": "hello", "protocol": 2})"));
  CHECK(hello_reply_problem("hello"));
}

TEST_CASE("process bots play whole runs; a bot drawing from its rng_seed gives the same results on 1 and 2 threads",
          "[process]") {
  REQUIRE_PYTHON();
  for (const std::string per_seat : {"false", "true"}) {
    const std::string yaml = "seed: 11\ntournaments: 60\ntable: {players: 4}\nlineup:\n" +
                             bot_entry("pyrandom", "random_bot.py", ", process: {per_seat: " + per_seat + "}") +
                             bot_entry("pycall", "call_bot.py") + "  - strategy: tag\n  - strategy: maniac\n";
    const RunResult one = run_in_process(yaml, 1);
    const RunResult two = run_in_process(yaml, 2);
    REQUIRE(one.cells.size() == 1);
    CHECK(one.cells[0] == two.cells[0]);  // bit-identical accumulators
    const CellStats& stats = one.cells[0];
    CHECK(stats.tournaments() == 60);
    for (const char* label : {"pyrandom", "pycall"}) {
      const LabelTotals& totals = stats.label_totals(label_index(stats, label));
      CHECK(totals.entries == 60);
      CHECK(totals.faults.total() == 0);
      CHECK(totals.faults.bank_used_us == 0);  // every reply well inside 5 s
    }
    // The random bot really plays: it wins some and not all.
    const LabelTotals& random = stats.label_totals(label_index(stats, "pyrandom"));
    CHECK(random.win_shares() > 0);
    CHECK(random.win_shares() < random.entries * kShareUnit);
  }
}

TEST_CASE("The C++ bot and the Python kit's example bots play whole runs without a fault", "[process]") {
  REQUIRE_PYTHON();
  const std::string examples = std::string(SNGSIM_SOURCE_DIR) + "/python/examples/";
  const std::string yaml = "seed: 9\ntournaments: 40\ntable: {players: 5}\nlineup:\n"
                           "  - {strategy: process, label: cpp, command: [" SNGSIM_CPP_BOT "]}\n"
                           "  - {strategy: process, label: cpp_call, command: [" SNGSIM_CPP_BOT ", --call]}\n"
                           "  - {strategy: process, label: kit_rules, command: [" + python() + ", " + examples +
                           "rule_bot.py], params: {call_fraction: 0.5}}\n"
                           "  - {strategy: process, label: kit_random, command: [" + python() + ", " + examples +
                           "random_bot.py]}\n"
                           "  - strategy: tag\n";
  const RunResult one = run_in_process(yaml, 1);
  const RunResult two = run_in_process(yaml, 2);
  CHECK(one.cells.at(0) == two.cells.at(0));
  const CellStats& stats = one.cells.at(0);
  for (const char* label : {"cpp", "cpp_call", "kit_rules", "kit_random"}) {
    const LabelTotals& totals = stats.label_totals(label_index(stats, label));
    CHECK(totals.entries == 40);
    CHECK(totals.faults.total() == 0);
  }
  // The shipped config with Python bots reads (its bots found, executable).
  CHECK(parse_experiment(read_text(std::string(SNGSIM_SOURCE_DIR) + "/configs/python-bot.yaml"),
                         std::string(SNGSIM_SOURCE_DIR) + "/configs/python-bot.yaml")
            .cells.at(0)
            .entrants.at(0)
            .process != nullptr);
}

TEST_CASE("V5 faults of a process bot: a crash in hand 3 is restarted and counted, garbage is counted by reason",
          "[process]") {
  REQUIRE_PYTHON();
  const std::string yaml = "seed: 3\ntournaments: 12\ntable: {players: 4}\nlineup:\n" +
                           bot_entry("crasher", "crash_bot.py") + bot_entry("garbage", "garbage_bot.py") +
                           "  - strategy: tag\n  - strategy: calling_station\n";
  const RunResult result = run_in_process(yaml, 2);
  const CellStats& stats = result.cells.at(0);
  CHECK(stats.tournaments() == 12);  // faults never end the run
  const FaultCounts& crasher = stats.label_totals(label_index(stats, "crasher")).faults;
  // One crash in every tournament the bot reached hand 3 in (most of 12),
  // and nothing else.
  CHECK(crasher.count(FaultReason::kCrash) >= 6);
  CHECK(crasher.count(FaultReason::kCrash) <= 12);
  CHECK(crasher.total() == crasher.count(FaultReason::kCrash));
  const FaultCounts& garbage = stats.label_totals(label_index(stats, "garbage")).faults;
  for (const FaultReason reason :
       {FaultReason::kNotJson, FaultReason::kUnknownAction, FaultReason::kIllegal, FaultReason::kStrayReply}) {
    CHECK(garbage.count(reason) > 0);
  }
  CHECK(garbage.count(FaultReason::kCrash) == 0);
  CHECK(garbage.count(FaultReason::kTimeout) == 0);
  CHECK(stats.label_totals(label_index(stats, "tag")).faults.total() == 0);
}

TEST_CASE("sngsim run: faults by reason in summary.json, the bot's stderr in bots/<label>.log", "[process][cli]") {
  REQUIRE_PYTHON();
  TempDir scratch;
  const std::string config = scratch.write(
      "crash.yaml", "name: crash\nseed: 3\ntournaments: 6\ntable: {players: 3}\nlineup:\n" +
                        bot_entry("crasher", "crash_bot.py") + "  - strategy: tag\n  - strategy: rock\n");
  const fs::path out = scratch.path() / "out";
  REQUIRE(shell(std::string(SNGSIM_BINARY) + " run " + quote(config) + " -q -t 2 -o " + quote(out.string()) +
                " > /dev/null 2>&1") == 0);
  const nlohmann::json summary = nlohmann::json::parse(read_text(out / "summary.json"));
  const nlohmann::json& crasher = summary["cells"][0]["players"]["crasher"];
  CHECK(crasher["faults"].get<int>() > 0);
  CHECK(crasher["faults_by_reason"]["crash"] == crasher["faults"]);
  CHECK(crasher["timeouts"] == 0);
  CHECK(crasher["time_bank_used_s"] == 0.0);
  CHECK_FALSE(summary["cells"][0]["players"]["tag"].contains("timeouts"));  // built-ins have no clock
  CHECK_FALSE(summary["provenance"].contains("timing_dependent"));
  CHECK_THAT(read_text(out / "bots" / "crasher.log"), Catch::Contains("crash_bot: exiting in hand 3"));
  // The first faults, with where they happened: the crash bot's in hand 3.
  const nlohmann::json& examples = summary["cells"][0]["fault_examples"];
  REQUIRE_FALSE(examples.empty());
  CHECK(examples.size() <= 5);
  CHECK(examples[0]["label"] == "crasher");
  CHECK(examples[0]["reason"] == "crash");
  CHECK(examples[0]["hand"] == 3);
  for (std::size_t i = 1; i < examples.size(); ++i) {
    CHECK(examples[i - 1]["tournament"].get<int>() <= examples[i]["tournament"].get<int>());
  }
  CHECK_FALSE(fs::exists(out.string() + ".bots-tmp"));
}

TEST_CASE("Faults by reason survive shards and merge: two shards of a crashing bot merge into the whole run",
          "[process][cli]") {
  REQUIRE_PYTHON();
  TempDir scratch;
  const std::string config = scratch.write(
      "crash.yaml", "name: crash\nseed: 8\ntournaments: 8\ntable: {players: 3}\nlineup:\n" +
                        bot_entry("crasher", "crash_bot.py") + bot_entry("pyrandom", "random_bot.py") +
                        "  - strategy: tag\n");
  const std::string out = scratch.path().string();
  const std::string run = std::string(SNGSIM_BINARY) + " run " + quote(config) + " -q -t 2 -o " + out;
  REQUIRE(shell(run + "/whole > /dev/null 2>&1") == 0);
  REQUIRE(shell(run + "/s1 --shard 1/2 > /dev/null 2>&1") == 0);
  REQUIRE(shell(run + "/s2 --shard 2/2 > /dev/null 2>&1") == 0);
  REQUIRE(shell(std::string(SNGSIM_BINARY) + " merge -q " + out + "/merged " + out + "/s1 " + out + "/s2 > /dev/null 2>&1") ==
          0);
  nlohmann::json whole = nlohmann::json::parse(read_text(out + "/whole/summary.json"));
  nlohmann::json merged = nlohmann::json::parse(read_text(out + "/merged/summary.json"));
  whole.erase("provenance");
  merged.erase("provenance");
  CHECK(whole == merged);
  const nlohmann::json& crasher = merged["cells"][0]["players"]["crasher"];
  CHECK(crasher["faults_by_reason"]["crash"].get<int>() > 0);
  CHECK(crasher["faults_by_reason"]["crash"] == crasher["faults"]);
}

TEST_CASE("V5 clock: a bot that sleeps 3 s against a 200 ms limit times out, the run finishes and says so",
          "[process][cli]") {
  REQUIRE_PYTHON();
  TempDir scratch;
  const std::string config = scratch.write(
      "sleepy.yaml", "name: sleepy\nseed: 4\ntournaments: 2\ntime: {per_action_s: 0.2, bank_s: 0.3}\n"
                     "table: {players: 2}\nlineup:\n" +
                         bot_entry("sleepy", "sleepy_bot.py") + "  - strategy: calling_station\n");
  const fs::path out = scratch.path() / "out";
  const std::string log = (scratch.path() / "log").string();
  REQUIRE(shell(std::string(SNGSIM_BINARY) + " run " + quote(config) + " -t 1 -o " + quote(out.string()) + " > " +
                log + " 2>&1") == 0);
  const nlohmann::json summary = nlohmann::json::parse(read_text(out / "summary.json"));
  const nlohmann::json& sleepy = summary["cells"][0]["players"]["sleepy"];
  // The first decision times out after 0.2 s + the whole bank; decisions
  // asked while the bot still sleeps time out too (their bank is fresh per
  // tournament, 0 in this one), and none is lost.
  CHECK(sleepy["timeouts"].get<int>() >= 1);
  CHECK(sleepy["faults_by_reason"]["timeout"] == sleepy["timeouts"]);
  CHECK(sleepy["time_bank_used_s"].get<double>() >= 0.3 - 1e-9);
  CHECK(summary["cells"][0]["tournaments"] == 2);
  CHECK(summary["provenance"]["timing_dependent"] == true);
  CHECK(summary["provenance"]["timeouts"] == sleepy["timeouts"]);
  CHECK_THAT(read_text(log), Catch::Contains("Timing-dependent: "));
}

TEST_CASE("A broken bot setup stops the run with exit code 2 and the entry's place; nothing is written",
          "[process][cli]") {
  REQUIRE_PYTHON();
  TempDir scratch;
  const std::string log = (scratch.path() / "log").string();
  const fs::path out = scratch.path() / "out";
  const std::string run = std::string(SNGSIM_BINARY) + " run ";
  const std::string head = "seed: 1\ntournaments: 3\ntable: {players: 2}\nlineup:\n  - strategy: tag\n";

  SECTION("a bot that never answers the handshake") {
    const std::string config =
        scratch.write("mute.yaml", head + bot_entry("mute", "mute_bot.py", ", process: {handshake_s: 3}"));
    CHECK(shell(run + quote(config) + " -q -o " + quote(out.string()) + " > " + log + " 2>&1") == 2);
    const std::string text = read_text(log);
    CHECK_THAT(text, Catch::Contains(config + ":6:5: bot 'mute'"));
    CHECK_THAT(text, Catch::Contains("did not answer hello within 3 s"));
    CHECK_THAT(text, Catch::Contains("mute_bot: started, answering nothing"));  // the end of its stderr
    CHECK_FALSE(fs::exists(out));
    CHECK_FALSE(fs::exists(out.string() + ".bots-tmp"));
  }
  SECTION("a bot that crashes at every decision, kMaxCrashesInARow times") {
    const std::string config = scratch.write("exit.yaml", head + bot_entry("quitter", "exit_bot.py"));
    CHECK(shell(run + quote(config) + " -q -o " + quote(out.string()) + " > " + log + " 2>&1") == 2);
    const std::string text = read_text(log);
    CHECK_THAT(text, Catch::Contains(config + ":6:5: bot 'quitter'"));
    CHECK_THAT(text, Catch::Contains("crashed 3 times in a row"));
    CHECK_THAT(text, Catch::Contains("exit_bot: giving up"));
    CHECK_FALSE(fs::exists(out / "summary.json"));
  }
  SECTION("sngsim validate: a program that is missing or not executable") {
    const std::string missing = scratch.write(
        "missing.yaml", head + "  - {strategy: process, command: [bots/nowhere.py]}\n");
    CHECK(shell(std::string(SNGSIM_BINARY) + " validate " + quote(missing) + " > " + log + " 2>&1") == 2);
    CHECK_THAT(read_text(log), Catch::Contains(missing + ":6:35: lineup[1].command[0]: cannot run '"));
    CHECK_THAT(read_text(log), Catch::Contains("no such file"));
    scratch.write("plain.txt", "not a program\n");
    const std::string plain =
        scratch.write("plain.yaml", head + "  - {strategy: process, command: [./plain.txt, --fast]}\n");
    CHECK(shell(std::string(SNGSIM_BINARY) + " validate " + quote(plain) + " > " + log + " 2>&1") == 2);
    CHECK_THAT(read_text(log), Catch::Contains(plain + ":6:35:"));
    CHECK_THAT(read_text(log), Catch::Contains("not executable"));
    const std::string stray = scratch.write("stray.yaml", head + "  - {strategy: rock, command: [x]}\n");
    CHECK(shell(std::string(SNGSIM_BINARY) + " validate " + quote(stray) + " > " + log + " 2>&1") == 2);
    CHECK_THAT(read_text(log), Catch::Contains("command is only read with strategy: process"));
  }
}

TEST_CASE("No bot process outlives sngsim: a finished run, Ctrl-C, kill -9, a bot that ignores SIGTERM",
          "[process][cli]") {
  REQUIRE_PYTHON();
  TempDir scratch;
  const fs::path pids = scratch.path() / "pids";
  fs::create_directories(pids);
  // stubborn_bot ignores SIGTERM and SIGINT and keeps running after bye.
  const auto config = [&](int tournaments, const std::string& delay) {
    return scratch.write("stubborn.yaml", "seed: 2\ntournaments: " + std::to_string(tournaments) +
                                              "\ntable: {players: 3}\nlineup:\n" +
                                              bot_entry("stubborn", "stubborn_bot.py",
                                                        ", env: {STUBBORN_PID_DIR: " + pids.string() +
                                                            ", STUBBORN_DELAY: '" + delay + "'}") +
                                              "  - strategy: tag\n  - strategy: rock\n");
  };
  const std::string run = std::string(SNGSIM_BINARY) + " run ";
  const fs::path out = scratch.path() / "out";

  SECTION("a finished run ends its bots") {
    CHECK(shell(run + quote(config(4, "0")) + " -q -t 2 -o " + quote(out.string()) + " > /dev/null 2>&1") == 0);
    const std::vector<pid_t> started = pids_in(pids);
    CHECK_FALSE(started.empty());
    CHECK(all_gone(started, std::chrono::seconds(5)));
  }
  for (const int signal_number : {SIGINT, SIGKILL}) {
    DYNAMIC_SECTION("sngsim ended by signal " << signal_number) {
      const pid_t sngsim = spawn(run + quote(config(100000, "0.01")) + " -q -t 2 -o " + quote(out.string()) +
                                 " > /dev/null 2>&1");
      REQUIRE(sngsim > 0);
      const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
      while (pids_in(pids).empty() && std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(300));  // well into the run
      const std::vector<pid_t> started = pids_in(pids);
      REQUIRE_FALSE(started.empty());
      // Ctrl-C reaches sngsim alone (the terminal's group): bots sit in
      // their own groups and ignore it anyway.
      ::kill(sngsim, signal_number);
      int status = 0;
      ::waitpid(sngsim, &status, 0);
      if (signal_number == SIGINT) {
        CHECK(WIFEXITED(status));
        CHECK(WEXITSTATUS(status) == 130);
      } else {
        CHECK(WIFSIGNALED(status));
      }
      CHECK(all_gone(started, std::chrono::seconds(5)));
    }
  }
}

}  // namespace sngsim

// The protocol is UTF-8 JSON, so params or a label that are not UTF-8 are an
// error of the file (the fuzzer found them escaping the reader as a JSON
// library exception).
TEST_CASE("config: a process bot's params and label must be UTF-8, an error at their place", "[process][config]") {
  const auto error_of = [](const std::string& text) -> sngsim::ConfigError {
    try {
      sngsim::parse_experiment(text, "bot.yaml");
    } catch (const sngsim::ConfigError& error) {
      return error;
    }
    FAIL("expected a ConfigError");
    throw std::logic_error("unreachable");
  };
  const sngsim::ConfigError params = error_of("lineup:\n  - strategy: process\n    command: [/bin/true]\n    params: {x: \"a\xff\"}\n  - strategy: tag\n");
  CHECK(params.line == 4);
  CHECK(params.column == 13);
  CHECK(params.message == "lineup[0].params must be UTF-8 text: the bot protocol sends them as JSON");
  const sngsim::ConfigError label = error_of("lineup:\n  - strategy: process\n    label: \"b\xfe\"\n    command: [/bin/true]\n  - strategy: tag\n");
  CHECK(label.line == 2);
  CHECK(label.column == 5);
  CHECK(label.message == "lineup[0]: the label must be UTF-8 text: the bot protocol sends it as JSON");
}
