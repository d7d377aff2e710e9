// The PHH reader, the PHH -> engine adapter and the replay of the shared
// hand histories (external evidence for R8..R19, V1..V3).

#include <catch2/catch.hpp>

#include "tests/skip.h"
#include "tests/temp_dir.h"
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>

#include <unistd.h>

#include "sim/io/phh.h"
#include "sim/io/phh_replay.h"

namespace fs = std::filesystem;
using namespace sngsim;

namespace {

// The shared data folder: $SNGSIM_SHARED_DATA, else ../shared/data next to
// the source tree (data/README.md).
fs::path shared_data_dir() {
  if (const char* dir = std::getenv("SNGSIM_SHARED_DATA"); dir != nullptr && *dir != '\0') return dir;
  return fs::path(SNGSIM_SOURCE_DIR) / ".." / "shared" / "data";
}

// Replays one shared file; every hand must pass. Absent data is reported,
// never taken for a pass.
void check_shared_file(const std::string& name, int expected_hands) {
  const fs::path dir = shared_data_dir();
  if (!fs::is_directory(dir)) {
    SKIP_TEST("shared data absent at " << dir.string());
  }
  const fs::path file = dir / "phh" / name;
  INFO("replaying " << file.string());
  REQUIRE(fs::exists(file));
  std::ostringstream out;
  const ReplayResult result = replay_files({file.string()}, ReplayOptions{{}, 10}, out);
  INFO(out.str());
  CHECK(result.unreadable == 0);
  CHECK(result.failed == 0);
  CHECK(result.passed == expected_hands);
}

using sngsim::testing::TempDir;

// A three-handed no-limit hand: p3 raises, both blinds fold.
const char* const kGoodHand = R"(variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 AcAd', 'd dh p2 KcKd', 'd dh p3 QcQd', 'p3 cbr 300', 'p1 f', 'p2 f']
finishing_stacks = [950, 900, 1150]
)";

std::string table(int number, const std::string& body) { return "[" + std::to_string(number) + "]\n" + body + "\n"; }

std::string replace(std::string text, const std::string& from, const std::string& to) {
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

}  // namespace

TEST_CASE("Replay pluribus.phhs: every hand", "[shared-data][replay]") { check_shared_file("pluribus.phhs", 10000); }
TEST_CASE("Replay oracle-nt.phhs: every hand", "[shared-data][replay]") { check_shared_file("oracle-nt.phhs", 5000); }
TEST_CASE("Replay oracle-po.phhs: every hand", "[shared-data][replay]") { check_shared_file("oracle-po.phhs", 1000); }
TEST_CASE("Replay wsop-2023-43-5.phhs: every hand", "[shared-data][replay]") {
  check_shared_file("wsop-2023-43-5.phhs", 25);
}

TEST_CASE("PHH reader reads a .phhs in file order and a single-hand .phh", "[phh]") {
  TempDir dir;
  const std::string many = dir.write("many.phhs", table(2, kGoodHand) + table(10, kGoodHand) + table(1, kGoodHand));
  const PhhFile file = read_phh_file(many);
  REQUIRE(file.errors.empty());
  REQUIRE(file.hands.size() == 3);
  CHECK(file.hands[0].name == "2");
  CHECK(file.hands[1].name == "10");
  CHECK(file.hands[2].name == "1");
  CHECK(file.hands[0].starting_stacks == std::vector<Chips>{1000, 1000, 1000});
  CHECK(file.hands[0].actions.size() == 6);

  const PhhFile single = read_phh_file(dir.write("one.phh", kGoodHand));
  REQUIRE(single.errors.empty());
  REQUIRE(single.hands.size() == 1);
  CHECK(replay_hand(single.hands[0]).status == ReplayStatus::kPassed);
}

TEST_CASE("PHH reader: bad TOML names the file and does not throw", "[phh]") {
  TempDir dir;
  const std::string path = dir.write("bad.phhs", "[1]\nvariant = 'NT\nantes = [0, 0]\n");
  PhhFile file;
  REQUIRE_NOTHROW(file = read_phh_file(path));
  CHECK(file.hands.empty());
  REQUIRE(file.errors.size() == 1);
  CHECK_THAT(file.errors[0].message(), Catch::StartsWith(path + ": not valid TOML (line 2"));

  const PhhFile missing = read_phh_file((fs::path(path).parent_path() / "nowhere.phhs").string());
  REQUIRE(missing.errors.size() == 1);
  CHECK_THAT(missing.errors[0].message(), Catch::EndsWith("nowhere.phhs: cannot open the file"));
}

TEST_CASE("PHH reader: chip amounts that could overflow a sum are refused, never replayed", "[phh][limits]") {
  TempDir dir;
  const std::string huge = "9223372036854775807";
  const std::string stacks =
      replace(kGoodHand, "[1000, 1000, 1000]\nactions", "[" + huge + ", " + huge + ", " + huge + "]\nactions");
  const std::string raise = replace(kGoodHand, "'p3 cbr 300'", "'p3 cbr " + huge + "'");
  const std::string post = replace(kGoodHand, "[50, 100, 0]", "[50, 100, -" + huge + "]");
  const std::string finish = replace(kGoodHand, "[950, 900, 1150]", "[950, 900, 1e300]");
  const std::string fine = replace(kGoodHand, "[1000, 1000, 1000]", "[1000000000000000, 1000, 1000]");
  const std::string path =
      dir.write("huge.phhs", table(1, stacks) + table(2, raise) + table(3, post) + table(4, finish) + table(5, fine));
  const PhhFile file = read_phh_file(path);
  REQUIRE(file.errors.size() == 3);
  CHECK(file.errors[0].message() == path + ": hand 1: starting_stacks[0] is more than 10^15 chips");
  CHECK_THAT(file.errors[1].message(), Catch::Contains("hand 3: blinds_or_straddles[2] is"));
  CHECK_THAT(file.errors[2].message(), Catch::Contains("hand 4: finishing_stacks[2]"));
  REQUIRE(file.hands.size() == 2);
  const auto raised = convert_phh_hand(file.hands[0]);  // the action is read when the hand is converted
  REQUIRE(std::holds_alternative<PhhError>(raised));
  CHECK_THAT(std::get<PhhError>(raised).message(), Catch::Contains("bad amount '" + huge + "'"));
  CHECK(std::holds_alternative<PhhGame>(convert_phh_hand(file.hands[1])));  // 10^15 itself is allowed
  std::ostringstream out;
  const ReplayResult result = replay_files({path}, ReplayOptions{}, out);
  CHECK(result.unreadable == 4);
  // No wrapped-around (negative) stack printed; the file's name is left out,
  // since a temporary folder's random name may hold "-9" itself.
  std::string printed = out.str();
  for (auto at = printed.find(path); at != std::string::npos; at = printed.find(path)) printed.erase(at, path.size());
  CHECK(printed.find("-9") == std::string::npos);
}

TEST_CASE("PHH reader: a missing or malformed field costs that hand only", "[phh]") {
  TempDir dir;
  const std::string no_stacks = replace(kGoodHand, "starting_stacks = [1000, 1000, 1000]\n", "");
  const std::string short_antes = replace(kGoodHand, "antes = [0, 0, 0]", "antes = [0, 0]");
  const std::string text_stack = replace(kGoodHand, "[1000, 1000, 1000]", "[1000, 'x', 1000]");
  const std::string path = dir.write(
      "fields.phhs", table(1, kGoodHand) + table(2, no_stacks) + table(3, short_antes) + table(4, text_stack));
  const PhhFile file = read_phh_file(path);
  REQUIRE(file.hands.size() == 1);
  CHECK(file.hands[0].name == "1");
  REQUIRE(file.errors.size() == 3);
  CHECK(file.errors[0].message() == path + ": hand 2: missing field 'starting_stacks'");
  CHECK(file.errors[1].message() == path + ": hand 3: field 'antes' has 2 entries for 3 players");
  CHECK_THAT(file.errors[2].message(), Catch::StartsWith(path + ": hand 4: starting_stacks[1] is not a whole number"));

  std::ostringstream out;
  const ReplayResult result = replay_files({path}, ReplayOptions{}, out);
  CHECK(result.passed == 1);
  CHECK(result.unreadable == 3);
  CHECK_THAT(out.str(), Catch::EndsWith("1 passed, 3 failed\n"));
}

TEST_CASE("PHH adapter: bad cards and unknown players are errors naming the hand", "[phh]") {
  TempDir dir;
  const std::string bad_card = replace(kGoodHand, "d dh p1 AcAd", "d dh p1 AcZz");
  const std::string twice = replace(kGoodHand, "d dh p2 KcKd", "d dh p2 AcKd");
  const std::string no_player = replace(kGoodHand, "'p2 f'", "'p4 f'");
  const std::string bad_variant = replace(kGoodHand, "'NT'", "'XX'");
  const std::string path =
      dir.write("adapter.phhs", table(5, bad_card) + table(6, twice) + table(7, no_player) + table(8, bad_variant));
  const PhhFile file = read_phh_file(path);
  REQUIRE(file.errors.empty());
  REQUIRE(file.hands.size() == 4);
  const auto error_of = [](const PhhHand& hand) {
    const auto converted = convert_phh_hand(hand);
    REQUIRE(std::holds_alternative<PhhError>(converted));
    return std::get<PhhError>(converted).message();
  };
  CHECK(error_of(file.hands[0]) == path + ": hand 5: action 1 'd dh p1 AcZz': bad card 'Zz'");
  CHECK(error_of(file.hands[1]) == path + ": hand 6: action 2 'd dh p2 AcKd': card Ac dealt twice");
  CHECK(error_of(file.hands[2]) == path + ": hand 7: action 6 'p4 f': no player 'p4' in a 3-player hand");
  CHECK_THAT(error_of(file.hands[3]), Catch::Contains("hand 8: unsupported variant 'XX'"));

  std::ostringstream out;
  const ReplayResult result = replay_files({path}, ReplayOptions{}, out);
  CHECK(result.unreadable == 4);
  CHECK_THAT(out.str(), Catch::Contains(path + ": hand 5: action 1 'd dh p1 AcZz': bad card 'Zz'"));
}

TEST_CASE("Replay: an action out of turn or illegal fails the hand with the reason", "[phh][replay]") {
  TempDir dir;
  // p1 acts before p3, who is first to act three-handed (R8).
  const std::string out_of_turn = replace(kGoodHand, "'p3 cbr 300', 'p1 f'", "'p1 f', 'p3 cbr 300'");
  // A raise to 150 is below the minimum raise to 200 (R11).
  const std::string too_small = replace(kGoodHand, "p3 cbr 300", "p3 cbr 150");
  // Stacks that do not add up to the engine's.
  const std::string wrong_stacks = replace(kGoodHand, "[950, 900, 1150]", "[950, 1150, 900]");
  const std::string path =
      dir.write("turns.phhs", table(1, out_of_turn) + table(2, too_small) + table(3, wrong_stacks));
  std::ostringstream out;
  const ReplayResult result = replay_files({path}, ReplayOptions{}, out);
  CHECK(result.failed == 3);
  const std::string text = out.str();
  CHECK_THAT(text, Catch::Contains(path + ": hand 1: action 4 'p1 f': the engine has p3 to act"));
  CHECK_THAT(text, Catch::Contains(path + ": hand 2: action 4 'p3 cbr 150': illegal: raise below the minimum"));
  CHECK_THAT(text, Catch::Contains(
                       path + ": hand 3: final stacks differ\n  expected: 950 1150 900\n  actual:   950 900 1150"));
  CHECK_THAT(text, Catch::EndsWith("0 passed, 3 failed\n"));
}

TEST_CASE("PHH adapter: heads-up blinds are written small blind first", "[phh][replay]") {
  // p1 is the big blind and posts 100; p2 has the button, posts 50 and acts
  // first preflop (R6).
  PhhHand hand;
  hand.file = "heads-up";
  hand.name = "1";
  hand.variant = "NT";
  hand.antes = {0, 0};
  hand.blinds_or_straddles = {50, 100};
  hand.min_bet = 100;
  hand.starting_stacks = {1000, 1000};
  hand.actions = {"d dh p1 AcAd", "d dh p2 KcKd", "p2 f"};
  hand.finishing_stacks = std::vector<RecordedStack>{{1050, false}, {950, false}};
  const auto converted = convert_phh_hand(hand);
  REQUIRE(std::holds_alternative<PhhGame>(converted));
  const PhhGame& game = std::get<PhhGame>(converted);
  CHECK(game.setup.blinds[0] == 100);
  CHECK(game.setup.blinds[1] == 50);
  const HandReplay replay = replay_hand(hand);
  INFO(replay.reason);
  CHECK(replay.status == ReplayStatus::kPassed);
}

TEST_CASE("PHH adapter: unknown cards are filled, but may not reach a showdown", "[phh][replay]") {
  PhhHand hand;
  hand.file = "unknown";
  hand.name = "1";
  hand.variant = "NT";
  hand.antes = {0, 0, 0};
  hand.blinds_or_straddles = {50, 100, 0};
  hand.min_bet = 100;
  hand.starting_stacks = {1000, 1000, 1000};
  hand.actions = {"d dh p1 ????", "d dh p2 KcKd", "d dh p3 ????", "p3 f", "p1 f"};
  hand.finishing_stacks = std::vector<RecordedStack>{{950, false}, {1050, false}, {1000, false}};
  CHECK(replay_hand(hand).status == ReplayStatus::kPassed);

  // Called down with p1's cards unknown and no board: nothing to compare.
  hand.actions = {"d dh p1 ????", "d dh p2 KcKd", "d dh p3 ????", "p3 f",  "p1 cc",   "p2 cc", "d db 2c7d9h", "p1 cc",
                  "p2 cc",        "d db Js",      "p1 cc",        "p2 cc", "d db 3s", "p1 cc", "p2 cc"};
  const HandReplay unknown = replay_hand(hand);
  CHECK(unknown.status == ReplayStatus::kUnreadable);
  CHECK(unknown.reason == "unknown hole cards of p1 reach the showdown");

  // A show stands in for the unknown deal.
  hand.actions.push_back("p1 sm 4c5d");
  hand.finishing_stacks = std::vector<RecordedStack>{{900, false}, {1100, false}, {1000, false}};
  const HandReplay shown = replay_hand(hand);
  INFO(shown.reason);
  CHECK(shown.status == ReplayStatus::kPassed);
}

TEST_CASE("Half-chip finishing stacks resolve by R17: first half-chip player left of the button up", "[replay]") {
  const auto whole =
      resolve_half_chips({{9950, false}, {9275, false}, {10387, true}, {10000, false}, {10000, false}, {10387, true}});
  REQUIRE(whole.has_value());
  CHECK(*whole == std::vector<Chips>{9950, 9275, 10388, 10000, 10000, 10387});
  CHECK_FALSE(resolve_half_chips({{10, true}, {20, false}}).has_value());
}

TEST_CASE("PHH reader keeps half chips apart from whole chips", "[phh]") {
  TempDir dir;
  const std::string half = replace(kGoodHand, "[950, 900, 1150]", "[950.5, 899.5, 1150.0]");
  const std::string quarter = replace(kGoodHand, "[950, 900, 1150]", "[950.25, 899.75, 1150]");
  const PhhFile file = read_phh_file(dir.write("half.phhs", table(1, half) + table(2, quarter)));
  REQUIRE(file.hands.size() == 1);
  const auto& stacks = *file.hands[0].finishing_stacks;
  CHECK(stacks[0].chips == 950);
  CHECK(stacks[0].half);
  CHECK(stacks[1].chips == 899);
  CHECK(stacks[1].half);
  CHECK(stacks[2].chips == 1150);
  CHECK_FALSE(stacks[2].half);
  REQUIRE(file.errors.size() == 1);
  CHECK_THAT(file.errors[0].message(), Catch::Contains("hand 2: finishing_stacks[0] is not a whole or half number"));
}

TEST_CASE("Replay --variant selects hands by variant", "[phh][replay]") {
  TempDir dir;
  const std::string omaha = replace(
      replace(replace(replace(kGoodHand, "'NT'", "'PO'"), "AcAd", "AcAd2c2d"), "KcKd", "KcKd3c3d"), "QcQd", "QcQd4c4d");
  const std::string path = dir.write("mixed.phhs", table(1, kGoodHand) + table(2, omaha));
  std::ostringstream out;
  const ReplayResult result = replay_files({path}, ReplayOptions{{"PO"}, 20}, out);
  CHECK(result.passed == 1);
  CHECK(result.skipped == 1);
  CHECK(result.ok());
  CHECK_THAT(out.str(), Catch::EndsWith("1 passed, 0 failed\n"));
}

TEST_CASE("PHH adapter: big-blind antes are dead money, and ante trimming is refused", "[phh][replay]") {
  // p2 posts a big-blind ante of 100 and calls p3's all-in: nothing is
  // uncalled, and p3 wins the ante with the main pot (wsop-2023-43-5 hand 25
  // in small). Trimming would give p2 its 100 back.
  PhhHand hand;
  hand.file = "antes";
  hand.name = "1";
  hand.variant = "NT";
  hand.antes = {0, 100, 0};
  hand.blinds_or_straddles = {50, 100, 0};
  hand.min_bet = 100;
  hand.starting_stacks = {1000, 1100, 900};
  hand.actions = {"d dh p1 2c7d", "d dh p2 9d9c", "d dh p3 AcKc", "p3 cbr 900", "p1 f",
                  "p2 cc",        "d db 2h8cTh",  "d db Ah",      "d db 6d"};
  hand.finishing_stacks = std::vector<RecordedStack>{{950, false}, {100, false}, {1950, false}};
  const HandReplay dead = replay_hand(hand);
  INFO(dead.reason);
  CHECK(dead.status == ReplayStatus::kPassed);

  hand.ante_trimming_status = true;
  const HandReplay trimmed = replay_hand(hand);
  CHECK(trimmed.status == ReplayStatus::kUnreadable);
  CHECK_THAT(trimmed.reason, Catch::StartsWith("ante_trimming_status = true with unequal antes"));
}
