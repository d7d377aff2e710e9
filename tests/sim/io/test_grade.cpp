// The push/fold judge (sim/io/phh_grade.h): losses against the solver's own
// evaluation of the spot, zero for the Nash action, the per-label and
// per-player sums, and the refusals.

#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <string>

#include "sim/io/phh.h"
#include "sim/io/phh_grade.h"
#include "poker_math/hand_classes.h"
#include "poker_math/icm_pushfold.h"
#include "tests/temp_dir.h"

namespace sngsim {

namespace {

// Heads-up at 10/20 with 100 chips each (5 bb): p2, the button, acts first.
std::string heads_up_hand(const std::string& actions, const std::string& extra = "_payouts = [65, 35]\n") {
  return "variant = \"NT\"\nantes = [0, 0]\nblinds_or_straddles = [10, 20]\nmin_bet = 20\n"
         "starting_stacks = [100, 100]\nactions = [" +
         actions + "]\nplayers = [\"hero\", \"villain\"]\n" + extra;
}

GradeReport grade_text(const std::string& text, const GradeOptions& options = {}) {
  const PhhFile file = read_phh_text(text, "test.phh");
  REQUIRE(file.errors.empty());
  return grade_hands(file.hands, options);
}

// What the judge must find: the solver's own values at the node.
double expected_loss(const PushFoldNode& node, const std::string& hand_class, bool all_in) {
  const PushFoldSpot spot = PushFoldSpot::standard({5.0, 5.0}, 0.5, 1.0, 0.0, {65.0, 35.0});
  const IcmPushFoldSolution solution = solve_icm_push_fold(spot, GradeOptions::default_solver());
  const int k = solution.find(node);
  REQUIRE(k >= 0);
  const auto c = static_cast<std::size_t>(*parse_hand_class(hand_class));
  const auto ku = static_cast<std::size_t>(k);
  const double p = solution.allin[ku][c];
  const double allin = solution.evaluation.value_allin[ku][c];
  const double fold = solution.evaluation.value_fold[ku][c];
  CHECK(p >= 0.0);
  return std::max(allin, fold) - (all_in ? allin : fold);
}

}  // namespace

TEST_CASE("grade: folding AA to an all-in at 5 bb loses what the solver's evaluation says", "[grade]") {
  const GradeReport report = grade_text(heads_up_hand("\"d dh p1 AhAs\", \"d dh p2 7c2d\", \"p2 cbr 100\", \"p1 f\""));
  REQUIRE(report.decisions.size() == 2);
  const GradedDecision& fold = report.decisions[1];
  CHECK(fold.label == "hero");
  CHECK(fold.hand_class == "AA");
  CHECK(fold.action == "fold");
  CHECK(fold.facing_all_in);
  CHECK(fold.position == 1);  // the big blind
  CHECK(fold.effective_bb == 5.0);
  CHECK(fold.nash_allin > 0.99);
  // Heads-up with 65/35 the 30 points between the places are at stake:
  // calling wins about 85% (0.85 x 65 + 0.15 x 35 = 60.5% of the pool),
  // folding keeps 80 of 200 chips (35 + 30 x 0.4 = 47%): about 13.5 lost.
  CHECK(fold.loss > 12.0);
  CHECK(fold.loss < 15.0);
  CHECK(fold.loss == Approx(expected_loss({1, 0, 0}, "AA", false)).epsilon(1e-12));
  CHECK(report.by_label.at("hero").decisions == 1);
  CHECK(report.by_label.at("hero").mistakes == 1);
  CHECK(report.by_label.at("hero").loss == fold.loss);
  CHECK(report.spots_solved == 1);
}

TEST_CASE("grade: the Nash action loses nothing", "[grade]") {
  // The button pushes AA and the big blind calls with AA: both are pure Nash actions.
  const GradeReport report = grade_text(heads_up_hand("\"d dh p1 AhAs\", \"d dh p2 AdAc\", \"p2 cbr 100\", \"p1 cc\""));
  REQUIRE(report.decisions.size() == 2);
  for (const GradedDecision& d : report.decisions) {
    CHECK(d.nash_allin > 0.99);  // the solver's average strategy: nearly 1
    CHECK(d.loss == 0.0);
  }
  CHECK(report.decisions[0].action == "push");
  CHECK(report.decisions[0].label == "villain");
  CHECK(report.decisions[1].action == "call");
  CHECK(report.by_label.at("hero").mistakes == 0);
  CHECK(report.by_label.at("villain").loss == 0.0);
  // Whatever Nash does with 72o first in, the push is graded by the solver's values.
  const GradeReport push72 = grade_text(heads_up_hand("\"d dh p1 AhAs\", \"d dh p2 7c2d\", \"p2 cbr 100\", \"p1 cc\""));
  REQUIRE(push72.decisions.size() == 2);
  CHECK(push72.decisions[0].loss == Approx(expected_loss({0, -1, 0}, "72o", true)).epsilon(1e-12));
}

TEST_CASE("grade: losses add up per label and per player, and a limp is not push/fold", "[grade]") {
  // Three players at 10/20: p1 small blind, p2 big blind, p3 the button, who acts first.
  const std::string table =
      "variant = \"NT\"\nantes = [0, 0, 0]\nblinds_or_straddles = [10, 20, 0]\nmin_bet = 20\n"
      "starting_stacks = [100, 160, 120]\nplayers = [\"tag\", \"tag\", \"rock\"]\n_entrants = [1, 2, 3]\n"
      "_payouts = [50, 30, 20]\n";
  const std::string text =
      "[1]\n" + table +
      "actions = [\"d dh p1 KhKs\", \"d dh p2 3c2d\", \"d dh p3 7h2s\", \"p3 cbr 120\", \"p1 f\", \"p2 cc\"]\n"
      "[2]\n" +
      table +
      "actions = [\"d dh p1 9h8h\", \"d dh p2 QcJd\", \"d dh p3 AcKd\", \"p3 f\", \"p1 cbr 100\", \"p2 f\"]\n"
      "[3]\n" +
      table + "actions = [\"d dh p1 9h8h\", \"d dh p2 QcJd\", \"d dh p3 AcKd\", \"p3 cc\", \"p1 f\", \"p2 cc\"]\n";
  const GradeReport report = grade_text(text);
  CHECK(report.hands == 3);
  CHECK(report.hands_graded == 2);
  CHECK(report.hands_not_push_fold == 1);
  REQUIRE(report.decisions.size() == 6);
  CHECK(report.spots_solved == 1);  // the three hands share one spot
  std::map<std::string, double> label_loss;
  std::map<std::string, double> player_loss;
  std::map<std::string, std::int64_t> player_decisions;
  for (const GradedDecision& d : report.decisions) {
    label_loss[d.label] += d.loss;
    player_loss[d.player] += d.loss;
    ++player_decisions[d.player];
  }
  REQUIRE(report.by_label.size() == 2);
  CHECK(report.by_label.at("tag").decisions == 4);
  CHECK(report.by_label.at("rock").decisions == 2);
  CHECK(report.by_label.at("tag").loss == Approx(label_loss["tag"]).epsilon(1e-12));
  CHECK(report.by_label.at("rock").loss == Approx(label_loss["rock"]).epsilon(1e-12));
  REQUIRE(report.by_player.size() == 3);
  for (const char* name : {"tag #1", "tag #2", "rock #3"}) {
    CHECK(report.by_player.at(name).decisions == player_decisions[name]);
    CHECK(report.by_player.at(name).loss == Approx(player_loss[name]).epsilon(1e-12));
  }
  CHECK(report.by_label.at("tag").loss ==
        Approx(report.by_player.at("tag #1").loss + report.by_player.at("tag #2").loss).epsilon(1e-12));
  // Folding KK to the button's push at 5 bb and calling it with 32o both give equity away.
  CHECK(report.decisions[1].hand_class == "KK");
  CHECK(report.decisions[1].loss > 1.0);
  CHECK(report.decisions[2].hand_class == "32o");
  CHECK(report.decisions[2].loss > 1.0);
  // Positions in preflop order: the button first, the big blind last.
  CHECK(report.decisions[0].position == 0);
  CHECK(report.decisions[2].position == 2);
  // More threads, the same numbers.
  GradeOptions threaded;
  threaded.threads = 2;
  const GradeReport again = grade_text(text, threaded);
  REQUIRE(again.decisions.size() == report.decisions.size());
  for (std::size_t i = 0; i < again.decisions.size(); ++i) CHECK(again.decisions[i].loss == report.decisions[i].loss);
}

TEST_CASE("grade: a covering shove recorded as the cap R12 puts on it is a push", "[grade]") {
  // The button has 400 chips; the blinds 100 and 160. R12 lets it bet only
  // to 160, what the big blind can follow, and the export writes that.
  const std::string text =
      "variant = \"NT\"\nantes = [0, 0, 0]\nblinds_or_straddles = [10, 20, 0]\nmin_bet = 20\n"
      "starting_stacks = [100, 160, 400]\n_payouts = [50, 30, 20]\n"
      "actions = [\"d dh p1 KhKs\", \"d dh p2 3c2d\", \"d dh p3 AhAd\", \"p3 cbr 160\", \"p1 f\", \"p2 f\"]\n";
  const GradeReport report = grade_text(text);
  CHECK(report.hands_not_push_fold == 0);
  REQUIRE(report.decisions.size() == 3);
  CHECK(report.decisions[0].action == "push");
  CHECK(report.decisions[0].effective_bb == 8.0);  // capped at the big blind's 160
  CHECK(report.decisions[0].loss == 0.0);
  CHECK(report.decisions[1].action == "fold");
  CHECK(report.decisions[1].facing_all_in);
  // A raise that leaves the big blind chips behind is not push/fold.
  std::string short_raise = text;
  short_raise.replace(short_raise.find("cbr 160"), 7, "cbr 60");
  CHECK(grade_text(short_raise).hands_not_push_fold == 1);
}

TEST_CASE("grade: places already paid scale the loss to the whole prize pool", "[grade]") {
  // Two players left of a three-paid table: the open places pay 80% of the pool.
  const std::string two_left =
      heads_up_hand("\"d dh p1 AhAs\", \"d dh p2 7c2d\", \"p2 cbr 100\", \"p1 f\"", "_payouts = [50, 30, 20]\n");
  const GradeReport report = grade_text(two_left);
  REQUIRE(report.decisions.size() == 2);
  const PushFoldSpot spot = PushFoldSpot::standard({5.0, 5.0}, 0.5, 1.0, 0.0, {50.0, 30.0});
  const IcmPushFoldSolution solution = solve_icm_push_fold(spot, GradeOptions::default_solver());
  const auto k = static_cast<std::size_t>(solution.find({1, 0, 0}));
  const auto aa = static_cast<std::size_t>(*parse_hand_class("AA"));
  const double lost = solution.evaluation.value_allin[k][aa] - solution.evaluation.value_fold[k][aa];
  CHECK(report.decisions[1].loss == Approx(0.8 * lost).epsilon(1e-12));
}

TEST_CASE("grade refuses hands without payouts or without hole cards", "[grade]") {
  const std::string no_payouts = heads_up_hand("\"d dh p1 AhAs\", \"d dh p2 7c2d\", \"p2 cbr 100\", \"p1 f\"", "");
  CHECK_THROWS_WITH(grade_text(no_payouts), Catch::Contains("no payouts known") && Catch::Contains("--payouts"));
  GradeOptions given;
  given.payouts = std::vector<double>{65, 35};
  CHECK(grade_text(no_payouts, given).decisions.size() == 2);

  const testing::TempDir dir;
  const std::string hidden =
      dir.write("hidden.phh", heads_up_hand("\"d dh p1 ????\", \"d dh p2 ????\", \"p2 cbr 100\", \"p1 f\""));
  CHECK_THROWS_WITH(grade_hand_histories({hidden}, {}), Catch::Contains("hidden.phh") && Catch::Contains("hole cards"));
  const std::string broken = dir.write("broken.phh", "variant = \"NT\"\n");
  CHECK_THROWS_AS(grade_hand_histories({broken}, {}), GradeError);
}

}  // namespace sngsim
