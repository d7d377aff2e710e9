// Many tables per runner thread and bot protocol 2
// (docs/design-tables-in-flight.md, docs/bot-protocol.md): a client written
// from the document (tests/bots/batch_bot.py) gives bit-identical results
// on protocol 1 and 2, any thread count and any tables_in_flight, in each
// format; a batch's faults are its decisions' own, and a crash in the
// middle of a batch faults all of it and the run goes on.

#include <filesystem>
#include <string>

#include <catch2/catch.hpp>

#include "sim/config/experiment_config.h"
#include "strategies/strategy_fault.h"
#include "tests/process_bot_util.h"
#include "tests/temp_dir.h"

namespace sngsim {
namespace {

using testing::bot_entry;
using testing::label_index;

// Two seats of batch_bot (one process each per thread) beside built-ins.
std::string lineup(const std::string& protocol, const std::string& fault = "") {
  const std::string args = ", --protocol, " + protocol + (fault.empty() ? "" : ", --fault, " + fault);
  std::string entries = "lineup:\n";
  for (const char* label : {"batch_a", "batch_b"}) {
    std::string entry = bot_entry(label, "batch_bot.py");
    entry.insert(entry.find("]"), args);
    entries += entry;
  }
  return entries + "  - strategy: tag\n  - strategy: maniac\n";
}

std::string with_width(int width, const std::string& yaml) {
  return "bots: {tables_in_flight: " + std::to_string(width) + "}\n" + yaml;
}

}  // namespace

TEST_CASE("Protocol 2 batches give the results of protocol 1, on 1 and 2 threads and any tables_in_flight",
          "[process][batch]") {
  REQUIRE_PYTHON();
  const std::string sit_and_go = "seed: 21\ntournaments: 48\ntable: {players: 4}\n";
  const RunResult reference = testing::run_in_process(with_width(1, sit_and_go + lineup("1")), 1);
  REQUIRE(reference.cells.at(0).tournaments() == 48);
  for (const std::string protocol : {"1", "2"}) {
    for (const int width : {5, 64}) {
      for (const int threads : {1, 2}) {
        INFO("protocol " << protocol << ", tables_in_flight " << width << ", threads " << threads);
        const RunResult run = testing::run_in_process(with_width(width, sit_and_go + lineup(protocol)), threads);
        CHECK(run.cells.at(0) == reference.cells.at(0));  // bit-identical accumulators
      }
    }
  }
  const CellStats& stats = reference.cells.at(0);
  for (const char* label : {"batch_a", "batch_b"}) {
    CHECK(stats.label_totals(label_index(stats, label)).faults.total() == 0);
  }
  // Asking for less (decide_fields, no hand_over) changes nothing but the
  // bytes: the bot exits, a crash, if it is sent more than it asked for.
  for (const std::string protocol : {"1", "2"}) {
    INFO("--narrow, protocol " << protocol);
    const RunResult narrow = testing::run_in_process(with_width(64, sit_and_go + lineup(protocol + ", --narrow")), 2);
    CHECK(narrow.cells.at(0) == reference.cells.at(0));
  }
}

TEST_CASE("Shoot-outs and cash sessions pause at outside seats too, with the same results", "[process][batch]") {
  REQUIRE_PYTHON();
  for (const std::string format : {"format: shootout\nshootout: {tables: 2}\ntable: {players: 3}\n",
                                   "format: cash\ncash: {hands: 40, blinds: [10, 20], buy_in_bb: 100}\n"
                                   "table: {players: 4}\n"}) {
    INFO(format);
    const std::string yaml = "seed: 5\ntournaments: 12\n" + format;
    const RunResult one_by_one = testing::run_in_process(with_width(1, yaml + lineup("1")), 1);
    const RunResult batched = testing::run_in_process(with_width(8, yaml + lineup("2")), 2);
    CHECK(batched.cells.at(0) == one_by_one.cells.at(0));
    CHECK(one_by_one.cells.at(0).tournaments() == 12);
  }
}

TEST_CASE("A batch's faults are its decisions' own: too few actions, an illegal action", "[process][batch]") {
  REQUIRE_PYTHON();
  const std::string yaml = "seed: 8\ntournaments: 24\ntable: {players: 4}\n";
  const RunResult clean = testing::run_in_process(with_width(8, yaml + lineup("2")), 1);
  // One action too few: the batch's last decision alone is a fault.
  const RunResult short_reply = testing::run_in_process(with_width(8, yaml + lineup("2", "short")), 1);
  const CellStats& stats = short_reply.cells.at(0);
  CHECK(stats.tournaments() == 24);
  for (const char* label : {"batch_a", "batch_b"}) {
    const FaultCounts& faults = stats.label_totals(label_index(stats, label)).faults;
    CHECK(faults.count(FaultReason::kUnknownAction) > 0);
    CHECK(faults.total() == faults.count(FaultReason::kUnknownAction));
  }
  // The built-ins are never faulted by a bot's mistakes.
  CHECK(stats.label_totals(label_index(stats, "tag")).faults.total() == 0);
  CHECK_FALSE(short_reply.cells.at(0) == clean.cells.at(0));

  const RunResult illegal = testing::run_in_process(with_width(8, yaml + lineup("2", "illegal")), 1);
  const CellStats& illegal_stats = illegal.cells.at(0);
  for (const char* label : {"batch_a", "batch_b"}) {
    const FaultCounts& faults = illegal_stats.label_totals(label_index(illegal_stats, label)).faults;
    CHECK(faults.count(FaultReason::kIllegal) > 0);
    CHECK(faults.total() == faults.count(FaultReason::kIllegal));
  }
}

TEST_CASE("A crash in the middle of a batch faults every decision of it, and the restarted bot plays on",
          "[process][batch]") {
  REQUIRE_PYTHON();
  const testing::TempDir dir;
  const std::string marker = (dir.path() / "crashed").string();
  const std::string yaml = "seed: 8\ntournaments: 24\ntable: {players: 4}\nlineup:\n" +
                           bot_entry("crasher", "batch_bot.py", "") + "  - strategy: tag\n  - strategy: maniac\n" +
                           "  - strategy: calling_station\n";
  std::string crashing = yaml;
  crashing.insert(crashing.find("batch_bot.py") + 12, ", --fault, crash, " + marker);
  const RunResult result = testing::run_in_process(with_width(8, crashing), 1);
  REQUIRE(std::filesystem::exists(marker));  // it did crash, once
  const CellStats& stats = result.cells.at(0);
  CHECK(stats.tournaments() == 24);
  const FaultCounts& faults = stats.label_totals(label_index(stats, "crasher")).faults;
  // The first batch of two or more decisions, all of it, and nothing else.
  CHECK(faults.count(FaultReason::kCrash) >= 2);
  CHECK(faults.count(FaultReason::kCrash) <= 8);
  CHECK(faults.total() == faults.count(FaultReason::kCrash));
}

TEST_CASE("config: bots.tables_in_flight is 1..4096, 64 by default", "[batch][config]") {
  const std::string yaml = "tournaments: 4\ntable: {players: 2}\nlineup: [{strategy: tag}, {strategy: rock}]\n";
  CHECK(parse_experiment(yaml, "x.yaml").tables_in_flight == 64);
  CHECK(parse_experiment(with_width(3, yaml), "x.yaml").tables_in_flight == 3);
  CHECK_THROWS(parse_experiment(with_width(0, yaml), "x.yaml"));
  CHECK_THROWS(parse_experiment(with_width(5000, yaml), "x.yaml"));
  CHECK_THROWS(parse_experiment("bots: {tables: 3}\n" + yaml, "x.yaml"));
}

}  // namespace sngsim
