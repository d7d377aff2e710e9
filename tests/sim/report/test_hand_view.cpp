// The hand viewer's data (sim/report/hand_view.h, hand_viewer.h): a hand
// replayed through the engine step by step, with exact chips.

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "sim/io/phh.h"
#include "sim/io/phh_replay.h"
#include "sim/report/hand_view.h"
#include "sim/report/hand_viewer.h"
#include "tests/temp_dir.h"

namespace sngsim {
namespace {

// p1 (small blind, 100 chips) and p2 (big blind, 300) call p3's raise to 300
// all-in; p3 keeps 200 behind. Main pot 3 x 100, side pot 2 x 200.
constexpr const char* kSidePotHand = R"(variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [100, 300, 500]
actions = ["d dh p1 AsAh", "d dh p2 KsKh", "d dh p3 QsQh", "p3 cbr 300", "p1 cc", "p2 cc", "d db 2c3d4h", "d db 8s", "d db 9c"]
finishing_stacks = [300, 400, 200]
players = ["aces", "kings", "queens"]
)";

PhhHand side_pot_hand() {
  PhhFile file = read_phh_text(kSidePotHand, "side-pot.phh");
  REQUIRE(file.errors.empty());
  REQUIRE(file.hands.size() == 1);
  return file.hands[0];
}

TEST_CASE("R13 hand view: stacks, pot and side pots after each step, the engine's final stacks", "[hand-view]") {
  const PhhHand phh = side_pot_hand();
  std::string reason;
  const auto view = view_hand(phh, reason);
  REQUIRE(view);
  CHECK(view->replay_problem.empty());
  const HandReplay replay = replay_hand(phh);
  REQUIRE(replay.status == ReplayStatus::kPassed);

  // The last call: every chip but p3's 200 is in, in two pots.
  int last_call = -1;
  for (int s = 0; s < static_cast<int>(view->steps.size()); ++s) {
    if (view->steps[static_cast<std::size_t>(s)].kind == ViewStepKind::kCall) last_call = s;
  }
  REQUIRE(last_call >= 0);
  const ViewStep& call = view->steps[static_cast<std::size_t>(last_call)];
  CHECK(call.player == 1);
  CHECK(call.amount == 280);
  CHECK(call.all_in);
  CHECK(call.pot == 700);
  CHECK(call.stacks == std::vector<Chips>{0, 0, 200});
  CHECK(call.bets == std::vector<Chips>{100, 300, 300});
  CHECK(call.side_pots == std::vector<Chips>{300, 400});

  // The run-out is dealt street by street, and the stacks end as the engine's.
  std::vector<int> boards;
  for (const ViewStep& step : view->steps) {
    if (step.kind == ViewStepKind::kBoard) boards.push_back(step.board);
  }
  CHECK(boards == std::vector<int>{3, 4, 5});
  CHECK(view->steps.back().stacks == replay.actual);
  CHECK(view->steps.back().stacks == std::vector<Chips>{300, 400, 200});
  CHECK(view->steps.back().pot == 0);
  CHECK(view->won == std::vector<Chips>{300, 400, 0});
  CHECK(view->net == std::vector<Chips>{200, 100, -300});
  CHECK(view->board == std::vector<std::string>{"2c", "3d", "4h", "8s", "9c"});
  CHECK(view->hole == std::vector<std::string>{"AsAh", "KsKh", "QsQh"});

  // Equity when the betting ended, all three players in.
  REQUIRE(view->all_in_equity);
  CHECK(view->all_in_equity->step == last_call);
  CHECK(view->all_in_equity->players == std::vector<int>{0, 1, 2});
  double sum = 0.0;
  for (const double e : view->all_in_equity->equity) sum += e;
  CHECK(sum == Approx(1.0).margin(1e-9));
  CHECK(view->all_in_equity->equity[0] > view->all_in_equity->equity[1]);
}

TEST_CASE("R14 hand view: an uncalled bet comes back as its own step", "[hand-view]") {
  PhhFile file = read_phh_text(R"(variant = "NT"
antes = [0, 0]
blinds_or_straddles = [10, 20]
min_bet = 20
starting_stacks = [1000, 1000]
actions = ["d dh p1 7c2d", "d dh p2 AsKs", "p2 cbr 60", "p1 f"]
finishing_stacks = [980, 1020]
)",
                               "uncalled.phh");
  REQUIRE(file.hands.size() == 1);
  std::string reason;
  const auto view = view_hand(file.hands[0], reason);
  REQUIRE(view);
  const ViewStep& back = view->steps[view->steps.size() - 2];
  CHECK(back.kind == ViewStepKind::kReturn);
  CHECK(back.player == 1);
  CHECK(back.amount == 40);
  CHECK(view->steps.back().kind == ViewStepKind::kWin);
  CHECK(view->steps.back().amount == 40);
  CHECK(view->steps.back().stacks == std::vector<Chips>{980, 1020});
  CHECK_FALSE(view->all_in_equity);
}

TEST_CASE("hand viewer: the page, its data in chunks and the manifest, bad input refused", "[hand-view]") {
  testing::TempDir tmp;
  const std::filesystem::path histories = tmp.path() / "hh" / "cell-1";
  std::filesystem::create_directories(histories);
  for (int t : {10, 2}) {
    std::ofstream out(histories / ("tournament-" + std::to_string(t) + ".phhs"));
    out << "[1]\n" << kSidePotHand << "hand = 1\n[2]\n" << kSidePotHand << "hand = 2\n";
  }
  const auto found = find_hand_histories({(tmp.path() / "hh").string()});
  REQUIRE(found.size() == 2);
  CHECK(found[0].name == "cell-1/tournament-2.phhs");  // natural order
  CHECK(found[1].name == "cell-1/tournament-10.phhs");

  HandViewerOptions options;
  options.paths = {(tmp.path() / "hh").string()};
  options.out = tmp.path() / "view";
  options.chunk_hands = 3;
  std::ostringstream log;
  const HandViewerResult result = write_hand_viewer(options, log);
  CHECK(result.hands == 4);
  CHECK(result.chunks == 2);
  CHECK(result.all_ins == 4);
  CHECK(std::filesystem::exists(options.out / "index.html"));
  CHECK(std::filesystem::exists(options.out / "data" / "index.js"));
  CHECK(std::filesystem::exists(options.out / "data" / "hands-1.js"));
  CHECK(std::filesystem::exists(options.out / "viewer.json"));
  CHECK_FALSE(std::filesystem::exists(tmp.path() / "view.tmp"));

  // An existing folder is kept without force; a path that is not there is refused.
  CHECK_THROWS_AS(write_hand_viewer(options, log), HandViewerError);
  options.force = true;
  CHECK(write_hand_viewer(options, log).hands == 4);
  options.paths = {(tmp.path() / "nothing").string()};
  CHECK_THROWS_AS(write_hand_viewer(options, log), HandViewerError);
}

}  // namespace
}  // namespace sngsim
