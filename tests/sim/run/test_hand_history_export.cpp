// Exported hand histories (sim/run/hand_history_export, sim/io/hand_history_writer):
// written the way PHH readers such as pokerkit read them, and played back by
// sngsim's own replay to the same stacks. tests/pokerkit/replay_exports.py
// checks the same files against pokerkit itself when it is present.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "sim/config/experiment_config.h"
#include "sim/io/phh.h"
#include "sim/io/phh_replay.h"
#include "sim/run/hand_history_export.h"
#include "tests/temp_dir.h"

namespace fs = std::filesystem;
using namespace sngsim;

namespace {

std::vector<PhhHand> exported_hands(const std::string& config, std::int64_t tournaments) {
  const Experiment experiment = load_experiment(std::string(SNGSIM_SOURCE_DIR) + "/configs/" + config);
  testing::TempDir dir;
  write_hand_histories(experiment, dir.path(), tournaments);
  std::vector<PhhHand> hands;
  for (const auto& entry : fs::recursive_directory_iterator(dir.path())) {
    if (entry.path().extension() != ".phhs") continue;
    PhhFile file = read_phh_file(entry.path().string());
    REQUIRE(file.errors.empty());
    for (auto& hand : file.hands) hands.push_back(std::move(hand));
  }
  return hands;
}

// The cards of one "d db" action: 3 on the flop, 1 on the turn and river.
int board_cards_of(const std::string& action) { return static_cast<int>(action.size() - 5) / 2; }

}  // namespace

TEST_CASE("R12 exported histories deal each street on its own line and replay to their stacks", "[phh][export]") {
  // Quick start's six bots go all-in often: many run-outs and capped raises.
  const std::vector<PhhHand> hands = exported_hands("quickstart.yaml", 12);
  REQUIRE(hands.size() > 300);
  int run_outs = 0;
  for (const PhhHand& hand : hands) {
    std::vector<int> streets;
    bool all_in_before_river = false;
    for (const std::string& action : hand.actions) {
      if (action.rfind("d db ", 0) == 0) streets.push_back(board_cards_of(action));
      if (action.find(" sm ") != std::string::npos && streets.size() < 3) all_in_before_river = true;
    }
    INFO(hand.file << " hand " << hand.name);
    if (!streets.empty()) CHECK(streets[0] == 3);
    for (std::size_t i = 1; i < streets.size(); ++i) CHECK(streets[i] == 1);
    CHECK(streets.size() <= 3);
    if (all_in_before_river && streets.size() == 3) ++run_outs;
    const HandReplay replay = replay_hand(hand);
    INFO(replay.reason);
    CHECK(replay.status == ReplayStatus::kPassed);
  }
  CHECK(run_outs > 10);
}

// Histories from tools without R12's last rule bet past what anyone can
// call; the replay plays such a bet as the largest R12 allows (or a call),
// which ends in the same stacks because the excess would come back (R14).
TEST_CASE("R12 a replayed bet beyond every other player's reach plays as the largest R12 allows", "[phh][replay]") {
  PhhHand hand;
  hand.file = "over-cap";
  hand.name = "1";
  hand.variant = "NT";
  hand.antes = {0, 0};
  hand.blinds_or_straddles = {50, 100};  // heads-up: p1 is the big blind, p2 the button
  hand.min_bet = 100;
  hand.starting_stacks = {1000, 150};
  hand.finishing_stacks = std::vector<RecordedStack>{{1150, false}, {0, false}};
  const std::vector<std::string> deal = {"d dh p1 AcAd", "d dh p2 KcKd"};
  const std::vector<std::string> board = {"d db 2s7h9d", "d db Tc", "d db 8s"};

  SECTION("a raise to 1000 against a reach of 150 plays as a raise to 150") {
    hand.actions = deal;
    for (const char* action : {"p2 cc", "p1 cbr 1000", "p2 cc"}) hand.actions.push_back(action);
  }
  SECTION("a raise when nobody can match more than the bet plays as a call") {
    hand.actions = deal;
    for (const char* action : {"p2 cbr 150", "p1 cbr 600"}) hand.actions.push_back(action);
  }
  hand.actions.insert(hand.actions.end(), board.begin(), board.end());
  const HandReplay replay = replay_hand(hand);
  INFO(replay.reason);
  CHECK(replay.status == ReplayStatus::kPassed);
  CHECK(replay.actual == std::vector<Chips>{1150, 0});
}

TEST_CASE("V7 a cash session is one history whose hands replay to their stacks and chain by buy-ins",
          "[phh][export][cash]") {
  Experiment experiment = load_experiment(std::string(SNGSIM_SOURCE_DIR) + "/configs/cash-bb100.yaml");
  REQUIRE(experiment.cells.size() == 1);
  experiment.cells[0].cash.hands = 150;
  testing::TempDir dir;
  write_hand_histories(experiment, dir.path(), 2);
  for (const int session : {0, 1}) {
    const fs::path path = dir.path() / "cell-0" / ("session-" + std::to_string(session) + ".phhs");
    REQUIRE(fs::exists(path));
    const PhhFile file = read_phh_file(path.string());
    REQUIRE(file.errors.empty());
    REQUIRE(file.hands.size() == 150);
    for (const PhhHand& hand : file.hands) {
      INFO(hand.file << " hand " << hand.name);
      const HandReplay replay = replay_hand(hand);
      INFO(replay.reason);
      CHECK(replay.status == ReplayStatus::kPassed);
    }
  }
  // The annotations: each seat starts a hand where it ended the last plus
  // what it bought in; the first hand buys every seat in for the buy-in
  // (100 big blinds of 20), and a re-buy tops a stack below 800 up to
  // exactly 2000.
  std::ifstream in(dir.path() / "cell-0" / "session-0.phhs");
  std::map<std::string, std::vector<std::int64_t>> fields;  // of the hand being read
  std::map<std::int64_t, std::int64_t> stack_of_seat;
  int hands = 0;
  int rebuys = 0;
  const auto check_hand = [&] {
    ++hands;
    INFO("hand " << hands);
    CHECK(fields["_session"] == std::vector<std::int64_t>{0});
    CHECK(fields["_rake"] == std::vector<std::int64_t>{0});
    const auto& seats = fields["seats"];
    REQUIRE(fields["_buy_ins"].size() == seats.size());
    REQUIRE(fields["_rake_paid"] == std::vector<std::int64_t>(seats.size(), 0));
    for (std::size_t p = 0; p < seats.size(); ++p) {
      const std::int64_t bought = fields["_buy_ins"][p];
      const std::int64_t start = fields["starting_stacks"][p];
      if (hands == 1) {
        CHECK(bought == 2000);
      } else {
        CHECK(stack_of_seat[seats[p]] + bought == start);
        if (bought > 0) {
          ++rebuys;
          CHECK(stack_of_seat[seats[p]] < 800);
          CHECK(start == 2000);
        }
      }
      stack_of_seat[seats[p]] = fields["finishing_stacks"][p];
    }
    fields.clear();
  };
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with('[') && line != "[1]") check_hand();
    const auto equals = line.find(" = ");
    if (equals == std::string::npos || line.find('"') != std::string::npos) continue;
    std::vector<std::int64_t> numbers;
    std::istringstream values(line.substr(equals + 3));
    for (std::string word; values >> word;) {
      std::erase_if(word, [](char c) { return c == '[' || c == ']' || c == ','; });
      if (!word.empty()) numbers.push_back(std::stoll(word));
    }
    fields[line.substr(0, equals)] = numbers;
  }
  check_hand();
  CHECK(hands == 150);
  CHECK(rebuys > 0);  // the maniacs and the random bots go broke within 150 hands
}

TEST_CASE("V9 a history's negative blind is a live post and a dead blind its player's ante, read and replayed",
          "[phh][replay][sit-out]") {
  // p3 comes back after the big blind: it posts 10 live (written -10) and
  // the small blind of 5 dead (its ante). It raises to 30 and both fold:
  // the 20 above the big blind comes back, and it wins 5 + 10 of the blinds
  // with its own 10 and its dead 5.
  const PhhFile file = read_phh_text(
      "[1]\nvariant = \"NT\"\nantes = [0, 0, 5]\nblinds_or_straddles = [5, 10, -10]\nmin_bet = 10\n"
      "starting_stacks = [1000, 1000, 1000]\n"
      "actions = [\"d dh p1 AcAd\", \"d dh p2 KcKd\", \"d dh p3 7c2d\", \"p3 cbr 30\", \"p1 f\", \"p2 f\"]\n"
      "finishing_stacks = [995, 990, 1015]\n",
      "post.phhs");
  REQUIRE(file.errors.empty());
  REQUIRE(file.hands.size() == 1);
  const PhhHand& hand = file.hands[0];
  CHECK(hand.blinds_or_straddles == std::vector<Chips>{5, 10, 0});
  CHECK(hand.posts == std::vector<Chips>{0, 0, 10});
  const HandReplay replay = replay_hand(hand);
  INFO(replay.reason);
  CHECK(replay.status == ReplayStatus::kPassed);
  CHECK(replay.actual == std::vector<Chips>{995, 990, 1015});
}
