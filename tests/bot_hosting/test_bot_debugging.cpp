// What a bot builder sees when a bot goes wrong (docs/bot-protocol.md,
// "Faults" and "Limits"): each near miss of a reply faults by its own
// reason with the reply in the fault example, a bot's own error report is
// a fault by reason error, stderr logs are capped, and the edge cases the
// protocol document states are what a decide request carries.

#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "engine/hand.h"
#include "sim/config/experiment_config.h"
#include "sim/run/runner.h"
#include "bot_hosting/bot_log.h"
#include "bot_hosting/bot_pool.h"
#include "bot_hosting/bot_protocol.h"
#include "strategies/strategy_fault.h"
#include "tests/hand_test_util.h"
#include "tests/process_bot_util.h"
#include "tests/shell_util.h"
#include "tests/temp_dir.h"

namespace sngsim {
namespace {

using testing::bot_entry;
using testing::label_index;
using testing::run_in_process;

// The reason a reply faults with against `legal`, or "none" and the action.
std::string reason_of(std::string_view reply, const LegalActions& legal) {
  try {
    decode_action(reply, legal);
  } catch (const StrategyFault& fault) {
    return fault_reason_name(fault.reason());
  }
  return "none";
}

LegalActions facing_a_bet() {
  LegalActions legal;
  legal.can_fold = true;
  legal.call_amount = 20;
  legal.can_raise = true;
  legal.min_raise_to = 40;
  legal.max_raise_to = 1000;
  return legal;
}

nlohmann::json decide_json(const Hand& hand) {
  std::string line;
  encode_decide(line, "0", 0, 1, hand.observe(), DecisionTime{5000, 60000});
  return nlohmann::json::parse(line);
}

}  // namespace

TEST_CASE("Near misses of a reply: a whole decimal to is a raise, the rest fault by their own reason",
          "[process][protocol]") {
  const LegalActions legal = facing_a_bet();
  const Action whole = decode_action(R"({"action": "raise", "to": 40.0})", legal);
  CHECK((whole.type == ActionType::kBetRaise && whole.amount == 40));
  CHECK(decode_action(R"({"action": "raise", "to": 1e3})", legal).amount == 1000);

  CHECK(reason_of(R"({"action": "raise", "to": 40.5})", legal) == "bad_amount");
  CHECK(reason_of(R"({"action": "raise", "to": "40"})", legal) == "bad_amount");
  CHECK(reason_of(R"({"action": "raise", "to": null})", legal) == "bad_amount");
  CHECK(reason_of(R"({"action": "raise", "to": 1e300})", legal) == "bad_amount");
  CHECK(reason_of(R"({"action": "raise"})", legal) == "bad_amount");
  CHECK(reason_of(R"({"action": "CALL"})", legal) == "unknown_action");
  CHECK(reason_of(R"({"action": "allin"})", legal) == "unknown_action");
  CHECK(reason_of(R"({"amount": 40})", legal) == "unknown_action");
  CHECK(reason_of(R"({"action": 3})", legal) == "unknown_action");
  CHECK(reason_of(R"("call")", legal) == "not_json");
  // The bot's own report of a bug (the Python kit's when decide() raises):
  // whatever action comes with it, the decision is a fault.
  CHECK(reason_of(R"({"action": "call", "error": "ValueError: a bug"})", legal) == "error");
  CHECK(reason_of(R"({"error": {"code": 3}})", legal) == "error");

  // The messages name the mistake.
  CHECK_THAT(read_action_reply(R"({"action": "CALL"})").problem, Catch::Contains("lower case"));
  CHECK_THAT(read_action_reply(R"({"action": "allin"})").problem, Catch::Contains("max_raise_to"));
  CHECK_THAT(read_action_reply(R"({"action": "raise", "to": 40.5})").problem, Catch::Contains("40.5"));
  CHECK_THAT(read_action_reply(R"({"error": "ValueError: a bug"})").problem, Catch::Contains("ValueError: a bug"));
}

TEST_CASE("A reply as a fault example shows it: 200 bytes, escaped", "[process][protocol]") {
  CHECK(escaped_reply(R"({"action": "CALL"})") == R"({"action": "CALL"})");
  CHECK(escaped_reply("a\x1b[2J\\\xc3\xa9\n") == "a\\x1b[2J\\\\\\xc3\\xa9\\x0a");
  const std::string shown = escaped_reply(std::string(1000, 'x'));
  CHECK(shown == std::string(200, 'x') + "...");
  // The text of each action of a batch is its own element.
  std::vector<ActionReply> replies;
  const std::string line = R"({"type": "actions", "actions": [{"action": "call"}, {"action":"raise","to":"9"} , 7]})";
  read_actions_reply(line, 4, replies);
  REQUIRE(replies.size() == 4);
  CHECK(replies[0].text == R"({"action": "call"})");
  CHECK(replies[1].text == R"({"action":"raise","to":"9"})");
  CHECK(replies[1].kind == ActionReply::Kind::kBadAmount);
  CHECK(replies[2].text == "7");
  CHECK(replies[2].kind == ActionReply::Kind::kNotJson);
  CHECK(replies[3].kind == ActionReply::Kind::kUnknown);  // no action at its index
  // The common shape, read without a JSON tree, reads as the general reader would.
  read_actions_reply(R"( {"actions":[{"to":60,"action":"raise"}, {"action" : "fold"}],"type":"actions"} )", 2, replies);
  REQUIRE(replies.size() == 2);
  CHECK((replies[0].kind == ActionReply::Kind::kRaise && replies[0].to == 60));
  CHECK(replies[0].text == R"({"to":60,"action":"raise"})");
  CHECK(replies[1].kind == ActionReply::Kind::kFold);
  CHECK(replies[1].text == R"({"action" : "fold"})");
  read_actions_reply(R"({"type":"actions","actions":[{"action":"raise","to":40.0},{"action":"CALL"}]})", 2, replies);
  CHECK((replies[0].kind == ActionReply::Kind::kRaise && replies[0].to == 40));
  CHECK(replies[1].kind == ActionReply::Kind::kUnknown);
  read_actions_reply(R"({"type":"actions","actions":[{"action":"call"}]} x)", 1, replies);
  CHECK(replies[0].kind == ActionReply::Kind::kNotJson);  // trailing garbage: not JSON, on either path
  read_actions_reply(R"({"actions": [{"a": "[\"]"}, "x]"], "type": "actions"})", 2, replies);
  CHECK(replies[0].text == R"({"a": "[\"]"})");
  CHECK(replies[1].text == R"("x]")");
}

TEST_CASE("The protocol's edge cases as a decide states them (R10, R11, R12)", "[process][protocol]") {
  using testing::TableSpec;
  const std::vector<std::string> holes = {"AhAs", "KdKc", "QhQs"};
  // Hand order: 0 small blind, 1 big blind, 2 the button, first to act.
  SECTION("a short all-in: min_raise_to == max_raise_to, below a full raise") {
    Hand hand;
    hand.start(testing::make_setup(TableSpec{
        BettingStructure::kNoLimit, {1000, 1000, 30}, testing::blinds_for(3, 10, 20), 0, 0, 0, holes, "2c3d4h5s9c"}));
    const nlohmann::json legal = decide_json(hand)["legal"];
    CHECK(legal["can_raise"] == true);
    CHECK(legal["call"] == 20);
    CHECK(legal["min_raise_to"] == 30);
    CHECK(legal["max_raise_to"] == 30);
  }
  SECTION("raising closed: both raise fields 0; a call never exceeds the stack (all-in for less)") {
    Hand hand;
    hand.start(testing::make_setup(TableSpec{
        BettingStructure::kNoLimit, {1000, 1000, 15}, testing::blinds_for(3, 10, 20), 0, 0, 0, holes, "2c3d4h5s9c"}));
    const nlohmann::json legal = decide_json(hand)["legal"];
    CHECK(legal["can_raise"] == false);
    CHECK(legal["min_raise_to"] == 0);
    CHECK(legal["max_raise_to"] == 0);
    CHECK(legal["call"] == 15);  // 20 to call, 15 behind
    CHECK(legal["can_fold"] == true);
  }
  SECTION("a free check: can_fold is false and call 0") {
    Hand hand;
    hand.start(testing::make_setup(TableSpec{
        BettingStructure::kNoLimit, {1000, 1000, 1000}, testing::blinds_for(3, 10, 20), 0, 0, 0, holes, "2c3d4h5s9c"}));
    REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);  // the button limps
    REQUIRE(hand.apply(Action::check_call()) == ApplyError::kNone);  // the small blind completes
    const nlohmann::json decide = decide_json(hand);
    CHECK(decide["player"] == 1);  // the big blind
    CHECK(decide["legal"]["can_check"] == true);
    CHECK(decide["legal"]["can_fold"] == false);
    CHECK(decide["legal"]["call"] == 0);
    CHECK(decide["legal"]["min_raise_to"] == 40);
    // A fold there is a check (R10), and so is a call.
    CHECK(decode_action(R"({"action": "fold"})", hand.legal_actions()).type == ActionType::kFold);
    CHECK(hand.apply(Action::fold()) == ApplyError::kNone);
    CHECK(hand.current_player() != 1);
  }
}

TEST_CASE("A bot that names its decide fields in hello is sent only those", "[process][protocol]") {
  int protocol = 0;
  DecideFields fields = 0;
  REQUIRE_FALSE(hello_reply_problem(R"({"type": "hello", "protocol": 2, "decide_fields": ["legal", "hole", "x"]})",
                                    protocol, &fields));
  CHECK(fields == ((1u << static_cast<int>(DecideField::kLegal)) | (1u << static_cast<int>(DecideField::kHole))));
  REQUIRE_FALSE(hello_reply_problem(R"({"type": "hello", "protocol": 1})", protocol, &fields));
  CHECK(fields == kAllDecideFields);
  CHECK(hello_reply_problem(R"({"type": "hello", "protocol": 1, "decide_fields": "legal"})", protocol, &fields));
  // hand_over_fields the same way: an empty list asks for no hand_over at all.
  HandOverFields hand_over = 0;
  REQUIRE_FALSE(hello_reply_problem(R"({"type": "hello", "protocol": 2})", protocol, &fields, &hand_over));
  CHECK(hand_over == kAllHandOverFields);
  REQUIRE_FALSE(hello_reply_problem(R"({"type": "hello", "protocol": 2, "hand_over_fields": ["stacks", "y"]})",
                                    protocol, &fields, &hand_over));
  CHECK(hand_over == 1u << static_cast<int>(HandOverField::kStacks));
  REQUIRE_FALSE(hello_reply_problem(R"({"type": "hello", "protocol": 2, "hand_over_fields": []})", protocol, &fields,
                                    &hand_over));
  CHECK(hand_over == 0);
  CHECK(hello_reply_problem(R"({"type": "hello", "protocol": 2, "hand_over_fields": [1]})", protocol, &fields,
                            &hand_over));

  using testing::TableSpec;
  Hand hand;
  hand.start(testing::make_setup(TableSpec{BettingStructure::kNoLimit,
                                           {1000, 1000, 1000},
                                           testing::blinds_for(3, 10, 20),
                                           0,
                                           0,
                                           0,
                                           {"AhAs", "KdKc", "QhQs"},
                                           "2c3d4h5s9c"}));
  std::string line;
  encode_decide(line, "7", 2, 1, hand.observe(), DecisionTime{5000, 60000},
                1u << static_cast<int>(DecideField::kLegal));
  const nlohmann::json slim = nlohmann::json::parse(line);
  CHECK(slim.size() == 4);
  CHECK(slim["type"] == "decide");
  CHECK(slim["tournament"] == "7");
  CHECK(slim["seat"] == 2);
  CHECK(slim["legal"]["call"] == 20);
  std::string full;
  encode_decide(full, "7", 2, 1, hand.observe(), DecisionTime{5000, 60000});
  CHECK(nlohmann::json::parse(full).size() == 3 + kDecideFieldNames.size());
  for (const std::string_view name : kDecideFieldNames) CHECK(nlohmann::json::parse(full).contains(std::string(name)));

  const std::vector<Chips> stacks = {990, 1020, 990};
  const std::vector<std::int8_t> seats = {0, 1, 2};
  encode_hand_over(line, "7", 2, 1, hand.events(), stacks, seats, 1u << static_cast<int>(HandOverField::kStacks));
  const nlohmann::json slim_over = nlohmann::json::parse(line);
  CHECK(slim_over.size() == 4);
  CHECK(slim_over["type"] == "hand_over");
  CHECK(slim_over["stacks"] == nlohmann::json({990, 1020, 990}));
  encode_hand_over(full, "7", 2, 1, hand.events(), stacks, seats);
  CHECK(nlohmann::json::parse(full).size() == 3 + kHandOverFieldNames.size());
}

TEST_CASE("A bot's near misses are counted by reason, and the fault examples show what it sent", "[process]") {
  REQUIRE_PYTHON();
  for (const int in_flight : {1, 16}) {
    const std::string yaml = "seed: 4\ntournaments: 8\nbots: {tables_in_flight: " + std::to_string(in_flight) +
                             "}\ntable: {players: 3}\nlineup:\n" + bot_entry("near", "near_miss_bot.py") +
                             "  - strategy: tag\n  - strategy: calling_station\n";
    const RunResult result = run_in_process(yaml, 1);
    const CellStats& stats = result.cells.at(0);
    const FaultCounts& faults = stats.label_totals(label_index(stats, "near")).faults;
    CHECK(faults.count(FaultReason::kUnknownAction) > 0);
    CHECK(faults.count(FaultReason::kBadAmount) > 0);
    CHECK(faults.count(FaultReason::kError) > 0);
    CHECK(faults.count(FaultReason::kNotJson) == 0);
    // What each reply faults as; the whole decimal raise only when it is illegal.
    const std::vector<std::pair<std::string, std::string>> expected = {
        {R"({"action": "CALL"})", "unknown_action"},
        {R"({"action": "allin"})", "unknown_action"},
        {R"({"amount": 40})", "unknown_action"},
        {R"({"action": "call", "error": "ValueError: a bug\\u001b[31m"})", "error"}};
    REQUIRE_FALSE(stats.fault_examples().list().empty());
    for (const FaultExample& example : stats.fault_examples().list()) {
      INFO(example.reply);
      CHECK(stats.labels()[static_cast<std::size_t>(example.label)] == "near");
      REQUIRE_FALSE(example.reply.empty());
      const std::string reason = fault_reason_name(example.reason);
      bool known = false;
      for (const auto& [reply, why] : expected) known = known || (example.reply == reply && reason == why);
      known = known || (example.reply.find(R"({"action": "raise", "to": )") == 0 &&
                        (reason == "bad_amount" || reason == "illegal"));
      CHECK(known);
    }
  }
}

TEST_CASE("A label's stderr log is capped at bots.log_limit_mb, with a line saying how much was dropped",
          "[process][limits]") {
  REQUIRE_PYTHON();
  testing::TempDir scratch;
  const std::filesystem::path logs = scratch.path() / "logs";
  set_bot_log_directory(logs);
  // Two threads, so two processes share the label's log and its limit.
  const std::string yaml = "seed: 2\ntournaments: 6\nbots: {log_limit_mb: 1}\ntable: {players: 3}\nlineup:\n" +
                           bot_entry("noisy", "noisy_bot.py") + "  - strategy: tag\n  - strategy: calling_station\n";
  const RunResult result = run_in_process(yaml, 2);
  CHECK(result.cells.at(0).label_totals(0).faults.total() == 0);  // a noisy bot is not a faulty one
  const std::string log = testing::read_text(logs / "noisy.log");
  CHECK(log.size() <= 1024 * 1024 + 400);
  CHECK(log.find("reached its limit of 1 MiB") != std::string::npos);
  const std::size_t dropped_at = log.find("more bytes of stderr were dropped");
  REQUIRE(dropped_at != std::string::npos);
  const std::size_t number_at = log.rfind("[sngsim: ", dropped_at) + 9;
  CHECK(std::stoll(log.substr(number_at)) > 1'000'000);  // 100,000 bytes a decision, many decisions
  set_bot_log_directory({});
}

TEST_CASE("A BotLog keeps its limit across writers and counts the rest", "[process][limits]") {
  testing::TempDir scratch;
  const std::string path = (scratch.path() / "x.log").string();
  {
    auto log = shared_bot_log(path, 10);
    auto same = shared_bot_log(path, 10);
    CHECK(log == same);
    log->write("12345678");
    same->write("abcdef");
    CHECK(log->dropped_bytes() == 4);
  }
  const std::string text = testing::read_text(path);
  CHECK(text.rfind("12345678ab\n[sngsim: this log reached its limit", 0) == 0);
  CHECK(text.find("[sngsim: 4 more bytes of stderr were dropped") != std::string::npos);
}

}  // namespace sngsim
