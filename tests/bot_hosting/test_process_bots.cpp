// Bots in other processes (strategy: process, docs/bot-protocol.md), with
// real processes: the Python bots of tests/bots/ (standard library only,
// written from the protocol document) play whole runs, and each way a bot
// can fail is a fault counted by its reason and never ends the run
// (tests/e2e/test_process_bots_cli.cpp: the same through the command line,
// broken set-ups, and no bot process outliving sngsim).
//
// The bots run under /usr/bin/python3 when it exists (a `python3` found
// first in PATH may be a version manager's shim that costs a second per
// start), else under python3 from PATH; without Python the tests skip.

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/tournament.h"
#include "sim/config/experiment_config.h"
#include "sim/run/runner.h"
#include "bot_hosting/bot_connection.h"
#include "bot_hosting/bot_pool.h"
#include "bot_hosting/bot_process.h"
#include "bot_hosting/bot_protocol.h"
#include "bot_hosting/process_strategy.h"
#include "strategies/strategy_fault.h"
#include "tests/process_bot_util.h"
#include "tests/shell_util.h"

namespace sngsim {
namespace {

using testing::bot_entry;
using testing::label_index;
using testing::python;
using testing::read_text;
using testing::run_in_process;

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
  CHECK(reason_of(R"({"action": "raise"})") == "bad_amount");
  CHECK(reason_of(R"({"action": "check"})") == "illegal");  // facing the big blind

  int protocol = 0;
  CHECK_FALSE(hello_reply_problem(R"({"type": "hello", "protocol": 1, "name": "x"})", protocol));
  CHECK(protocol == 1);
  CHECK_FALSE(hello_reply_problem(R"({"type": "hello", "protocol": 2})", protocol));
  CHECK(protocol == 2);
  CHECK(hello_reply_problem(R"({"type": "hello", "protocol": 3})", protocol));
  CHECK(hello_reply_problem("hello", protocol));
}

TEST_CASE("process bots play whole runs: a bot drawing from its rng_seed gives the same results on 1 and 2 threads",
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
  const std::string yaml =
      "seed: 9\ntournaments: 40\ntable: {players: 5}\nlineup:\n"
      "  - {strategy: process, label: cpp, command: [" SNGSIM_CPP_BOT
      "]}\n"
      "  - {strategy: process, label: cpp_call, command: [" SNGSIM_CPP_BOT
      ", --call]}\n"
      "  - {strategy: process, label: kit_rules, command: [" +
      python() + ", " + examples +
      "rule_bot.py], params: {call_fraction: 0.5}}\n"
      "  - {strategy: process, label: kit_random, command: [" +
      python() + ", " + examples +
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
  // One table at a time: crash_bot remembers which tables it saw in hand 1,
  // so how often it crashes depends on which tables its process shares
  // (test_tables_in_flight.cpp crashes in the middle of a batch).
  const std::string yaml = "seed: 3\ntournaments: 12\nbots: {tables_in_flight: 1}\ntable: {players: 4}\nlineup:\n" +
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

TEST_CASE("A reply longer than the protocol's limit faults by its own reason, and the bot stays in step",
          "[process][limits]") {
  REQUIRE_PYTHON();
  const std::string yaml = "seed: 5\ntournaments: 6\ntable: {players: 3}\nlineup:\n" +
                           bot_entry("longline", "long_line_bot.py") +
                           "  - strategy: tag\n  - strategy: calling_station\n";
  const RunResult result = run_in_process(yaml, 1);
  const CellStats& stats = result.cells.at(0);
  CHECK(stats.tournaments() == 6);
  const FaultCounts& faults = stats.label_totals(label_index(stats, "longline")).faults;
  CHECK(faults.count(FaultReason::kReplyTooLong) > 0);
  // Every other decision answered with a call, none stray or lost: the rest
  // of each long line was dropped, not read as a reply.
  CHECK(faults.total() == faults.count(FaultReason::kReplyTooLong));
  CHECK(std::string(fault_reason_name(FaultReason::kReplyTooLong)) == "reply_too_long");

  // What a message quotes of a reply is short and has no control bytes.
  const std::string hostile = "\x1b[2J" + std::string(100000, 'x');
  int version = 0;
  const auto problem = hello_reply_problem(hostile, version);
  REQUIRE(problem);
  CHECK(problem->size() < 400);
  CHECK(problem->find('\x1b') == std::string::npos);
  const auto protocol =
      hello_reply_problem(R"({"type": "hello", "protocol": ")" + std::string(100000, 'p') + "\"}", version);
  REQUIRE(protocol);
  CHECK(protocol->size() < 400);
}

namespace {

std::int64_t resident_kib() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoll(line.substr(6));
  }
  return 0;
}

}  // namespace

TEST_CASE("A bot writing 64 MB without a newline costs a bounded buffer, and one line too long", "[process][limits]") {
  BotCommand command;
  command.argv = {"/bin/sh", "-c", "head -c 67108864 /dev/zero; printf '\\n{\"action\":\"call\"}\\n'"};
  command.log_path = (std::filesystem::temp_directory_path() / "sngsim-long-line-test.log").string();
  BotProcess bot(command);
  const std::int64_t before = resident_kib();
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  std::string line = "unchanged";
  CHECK(bot.read_line(line, deadline) == BotProcess::Read::kTooLong);
  CHECK(line.empty());
  std::int64_t peak = resident_kib();
  // The rest of the 64 MB is dropped as it arrives; the line after it reads.
  CHECK(bot.read_line(line, deadline) == BotProcess::Read::kLine);
  CHECK(line == R"({"action":"call"})");
  peak = std::max(peak, resident_kib());
  CHECK(peak - before < 16 * 1024);  // KiB: the limit and a read block, not 64 MB
  CHECK(bot.read_line(line, deadline) == BotProcess::Read::kClosed);
  std::filesystem::remove(command.log_path);
}

TEST_CASE("Every label has its own log file: a/b and a_b do not share bots/a_b.log", "[process][limits]") {
  CHECK(bot_log_file_name("a_b") == "a_b.log");
  CHECK(bot_log_file_name("tag-2.v1") == "tag-2.v1.log");
  const std::vector<std::string> labels = {"a/b",
                                           "a_b",
                                           "a\\b",
                                           "a b",
                                           "..",
                                           ".",
                                           "_..",
                                           std::string(300, 'x'),
                                           std::string(301, 'x'),
                                           "a_b-0123456789abcdef"};
  std::set<std::string> names;
  for (const std::string& label : labels) {
    const std::string name = bot_log_file_name(label);
    names.insert(name);
    CHECK(name.size() <= 130);  // far below NAME_MAX
    CHECK(name.find('/') == std::string::npos);
    CHECK(name[0] != '.');
  }
  CHECK(names.size() == labels.size());
  CHECK(bot_log_file_name("a/b") == bot_log_file_name("a/b"));  // the same name in every run
}

TEST_CASE("A bot's stderr in a setup failure is cut to a few short lines", "[process][limits]") {
  const std::filesystem::path log = std::filesystem::temp_directory_path() / "sngsim-log-tail-test.log";
  {
    std::ofstream out(log, std::ios::binary | std::ios::trunc);
    for (int i = 0; i < 50; ++i) out << "line " << i << "\n";
    out << std::string(3000, 'y') << "\n";  // a long line
    out << "last words \x1b[2J\n";          // a terminal escape
  }
  const std::string tail = log_tail(log.string(), 10);
  CHECK(tail.size() < 1024);
  CHECK_THAT(tail, Catch::Contains("more bytes)"));
  CHECK_THAT(tail, Catch::Contains("  | last words ?[2J\n"));
  {
    std::ofstream out(log, std::ios::binary | std::ios::trunc);
    out << std::string(1 << 20, 'z');  // 1 MB without a line end
  }
  const std::string one_line = log_tail(log.string(), 10);
  CHECK(one_line.size() < 1024);
  CHECK_THAT(one_line, Catch::Contains("more bytes)"));
  std::filesystem::remove(log);
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
  const sngsim::ConfigError params = error_of(
      "lineup:\n  - strategy: process\n    command: [/bin/true]\n    params: {x: \"a\xff\"}\n  - strategy: tag\n");
  CHECK(params.line == 4);
  CHECK(params.column == 13);
  CHECK(params.message == "lineup[0].params must be UTF-8 text: the bot protocol sends them as JSON");
  const sngsim::ConfigError label =
      error_of("lineup:\n  - strategy: process\n    label: \"b\xfe\"\n    command: [/bin/true]\n  - strategy: tag\n");
  CHECK(label.line == 2);
  CHECK(label.column == 5);
  CHECK(label.message == "lineup[0]: the label must be UTF-8 text: the bot protocol sends it as JSON");
}
