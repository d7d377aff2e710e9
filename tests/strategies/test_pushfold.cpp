// Heads-up push/fold equilibrium: neither side gains more than 0.01 bb a
// hand by best-responding at 5, 10, 15 and 20 bb; sanity of the ranges; the
// multi-player approximation tightens with players behind; the tables
// compiled into the binary are the solvers' output, bit for bit; and the
// `pushfold` strategy plays those ranges with legal actions only.

#include <cstring>
#include <map>
#include <memory>
#include <string>

#include <catch2/catch.hpp>

#include "engine/hand.h"
#include "tests/hand_test_util.h"
#include "poker_math/pushfold_solver.h"
#include "strategies/registry.h"

namespace sngsim {
namespace {

int class_named(const std::string& name) {
  const auto c = parse_hand_class(name);
  REQUIRE(c.has_value());
  return *c;
}

double push_of(const PushFoldSolution& s, const std::string& name) {
  return s.push[static_cast<std::size_t>(class_named(name))];
}
double call_of(const PushFoldSolution& s, const std::string& name) {
  return s.call[static_cast<std::size_t>(class_named(name))];
}

std::unique_ptr<Strategy> make(const std::string& name, const std::map<std::string, std::string>& given = {},
                               std::uint64_t key = 7) {
  const StrategyInfo* info = find_strategy(name);
  REQUIRE(info != nullptr);
  StrategyParams params;
  REQUIRE_FALSE(StrategyParams::resolve(info->params, given, params).has_value());
  return info->create(params, StrategyContext{key, 0});
}

// A heads-up hand at `stack` chips each, blinds 50/100: index 1 (the small
// blind) acts first with `sb_hole`.
Hand heads_up_hand(Chips stack, const std::string& sb_hole, const std::string& bb_hole = "JcJd") {
  testing::TableSpec spec;
  spec.stacks = {stack, stack};
  spec.blinds = testing::blinds_for(2, 50, 100);
  spec.holes = {bb_hole, sb_hole};
  spec.board = "3h4h5s8d9c";
  Hand hand;
  hand.start(testing::make_setup(spec));
  return hand;
}

}  // namespace

TEST_CASE("Heads-up push/fold: no best response gains more than 0.01 bb", "[pushfold]") {
  for (const double stack : {5.0, 10.0, 15.0, 20.0}) {
    const PushFoldSolution& s = heads_up_push_fold(stack);
    // The gains recomputed through the public value functions.
    const double value = push_fold_sb_value(stack, s.push, s.call);
    const double sb_gain = push_fold_sb_best_response_value(stack, s.call) - value;
    const double bb_gain = value - push_fold_bb_best_response_value(stack, s.push);
    INFO(stack << " bb: SB pushes " << range_fraction(s.push) << ", BB calls " << range_fraction(s.call)
               << ", SB value " << value << " bb, gains " << sb_gain << " / " << bb_gain << " after " << s.iterations
               << " iterations");
    CHECK(value == Approx(s.sb_value).margin(1e-12));
    CHECK(sb_gain >= -1e-12);
    CHECK(bb_gain >= -1e-12);
    CHECK(sb_gain <= 0.01);
    CHECK(bb_gain <= 0.01);
    // What the ranges look like.
    CHECK(push_of(s, "AA") == Approx(1.0).margin(1e-3));
    CHECK(call_of(s, "AA") == Approx(1.0).margin(1e-3));
    CHECK(push_of(s, "KK") == Approx(1.0).margin(1e-3));
  }
}

TEST_CASE("Push/fold ranges have the known shape", "[pushfold]") {
  // Published heads-up Nash charts: the small blind pushes about 58% at
  // 10 bb; tolerate a few percent, the equilibrium test above is the proof.
  const double ten = range_fraction(heads_up_push_fold(10).push);
  CHECK(ten > 0.50);
  CHECK(ten < 0.66);
  CHECK(push_of(heads_up_push_fold(20), "72o") < 1e-3);
  CHECK(push_of(heads_up_push_fold(1.5), "72o") > 0.999);
  // Deeper stacks, tighter ranges.
  CHECK(range_fraction(heads_up_push_fold(5).push) > range_fraction(heads_up_push_fold(15).push));
  CHECK(range_fraction(heads_up_push_fold(5).call) > range_fraction(heads_up_push_fold(15).call));
  // The grid: 9.8 bb is the 10 bb solution.
  CHECK(&heads_up_push_fold(9.8) == &heads_up_push_fold(10));
}

// Bit for bit: the compiled-in tables must be what the solvers compute now,
// or a run would play ranges no code of this commit produces.
bool same_bits(const ClassWeights& a, const ClassWeights& b) { return std::memcmp(a.data(), b.data(), sizeof a) == 0; }
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// [slow]: bit-for-bit holds for the build that wrote the tables (gcc, Release);
// clang with the sanitizers contracts floating point differently, so the
// sanitized suite, which skips [slow], does not run it.
TEST_CASE("The compiled-in push/fold tables are what the solvers compute, bit for bit", "[pushfold][slow]") {
  // Shallow, middle and deep grid points, the ends of the grid included; the
  // generator (sngsim pushfold-table) solves all 59 the same way.
  for (const int g : {0, 1, 8, 18, 29, 44, kPushFoldGridPoints - 1}) {
    const double stack = push_fold_grid_stack(g);
    REQUIRE(push_fold_grid_index(stack) == g);
    const PushFoldSolution solved = solve_heads_up_push_fold(stack);
    const PushFoldSolution& shipped = heads_up_push_fold(stack);
    INFO(stack << " bb (grid point " << g << "); if this fails, regenerate the tables: "
               << "build/sngsim pushfold-table --write poker_math/data/pushfold_tables.inc");
    CHECK(same_bits(shipped.stack_bb, solved.stack_bb));
    CHECK(same_bits(shipped.push, solved.push));
    CHECK(same_bits(shipped.call, solved.call));
    CHECK(same_bits(shipped.sb_value, solved.sb_value));
    CHECK(same_bits(shipped.sb_gain, solved.sb_gain));
    CHECK(same_bits(shipped.bb_gain, solved.bb_gain));
    CHECK(shipped.iterations == solved.iterations);
    CHECK(same_bits(first_in_push_range(stack, 1), solved.push));
    for (int behind = 2; behind <= kMaxPlayersBehind; ++behind) {
      INFO(behind << " players behind");
      CHECK(same_bits(first_in_push_range(stack, behind), solve_first_in_push_range(stack, behind, solved.call)));
    }
  }
  // Off the grid: the nearest point, clamped at the ends.
  CHECK(&heads_up_push_fold(0.2) == &heads_up_push_fold(1.0));
  CHECK(&heads_up_push_fold(45.0) == &heads_up_push_fold(kMaxPushFoldStackBb));
  CHECK(&first_in_push_range(7.2, 3) == &first_in_push_range(7.0, 3));
  CHECK(&first_in_push_range(7.0, 12) == &first_in_push_range(7.0, kMaxPlayersBehind));
}

TEST_CASE("More players behind, tighter first-in pushes", "[pushfold]") {
  const double one = range_fraction(first_in_push_range(10, 1));
  const double two = range_fraction(first_in_push_range(10, 2));
  const double five = range_fraction(first_in_push_range(10, 5));
  INFO("10 bb first in: " << one << " / " << two << " / " << five);
  CHECK(one > two);
  CHECK(two > five);
  CHECK(five > 0.05);
  CHECK(first_in_push_range(10, 5)[static_cast<std::size_t>(class_named("AA"))] == 1.0);
  CHECK(first_in_push_range(10, 5)[static_cast<std::size_t>(class_named("72o"))] == 0.0);
}

TEST_CASE("The kept push-range equities are equity_vs_range's, bit for bit", "[pushfold]") {
  const PreflopEquityTable& table = preflop_equity_table();
  for (int g = 0; g < kPushFoldGridPoints; ++g) {
    const double stack = push_fold_grid_stack(g);
    for (int behind = 0; behind <= kMaxPlayersBehind + 1; ++behind) {  // clamped at both ends
      const ClassWeights& range = first_in_push_range(stack, behind);
      const ClassWeights& kept = first_in_push_range_equities(stack, behind);
      CHECK(&kept == &first_in_push_range_equities(stack + 0.2, behind));  // off the grid: the nearest point
      for (int hand = 0; hand < kHandClassCount; ++hand) {
        const double direct = table.equity_vs_range(hand, range);
        REQUIRE(std::memcmp(&kept[static_cast<std::size_t>(hand)], &direct, sizeof direct) == 0);
      }
    }
  }
}

TEST_CASE("pushfold plays the solved ranges heads-up", "[pushfold]") {
  const PushFoldSolution& ten = heads_up_push_fold(10);
  auto bot = make("pushfold");
  for (const std::string hole : {"AhAs", "7h2d", "Kd9s", "8c7c", "Th3d", "4s2h"}) {
    Hand hand = heads_up_hand(1000, hole);
    const Observation obs = hand.observe();
    REQUIRE(obs.player == 1);
    const double push = ten.push[static_cast<std::size_t>(hand_class_of(obs.hole[0], obs.hole[1]))];
    if (push > 0.001 && push < 0.999) continue;  // mixed: either is right
    const Action action = bot->decide(obs);
    INFO(hole << " push probability " << push);
    if (push >= 0.999) {
      CHECK(action.type == ActionType::kBetRaise);
      CHECK(action.amount == obs.legal.max_raise_to);
    } else {
      CHECK(action.type == ActionType::kFold);
    }
    CHECK(hand.apply(action) == ApplyError::kNone);
  }
  // The big blind facing the push calls by the calling range.
  for (const std::string hole : {"AhAs", "7h2d", "QdJs", "5c5d"}) {
    Hand hand = heads_up_hand(1000, "KcKd", hole);
    REQUIRE(hand.apply(Action::raise_to(1000)) == ApplyError::kNone);
    const Observation obs = hand.observe();
    REQUIRE(obs.player == 0);
    const double call = ten.call[static_cast<std::size_t>(hand_class_of(obs.hole[0], obs.hole[1]))];
    if (call > 0.001 && call < 0.999) continue;
    INFO(hole << " call probability " << call);
    CHECK(bot->decide(obs).type == (call >= 0.999 ? ActionType::kCheckCall : ActionType::kFold));
  }
}

TEST_CASE("pushfold hands deeper stacks and later streets to its fallback", "[pushfold]") {
  auto bot = make("pushfold", {{"threshold_bb", "12"}, {"fallback", "calling_station"}});
  Hand deep = heads_up_hand(2000, "7h2d");  // 20 bb: above the threshold
  CHECK(bot->decide(deep.observe()).type == ActionType::kCheckCall);
  Hand shallow = heads_up_hand(1000, "7h2d");
  REQUIRE(shallow.apply(Action::check_call()) == ApplyError::kNone);  // the small blind limps
  REQUIRE(shallow.apply(Action::check_call()) == ApplyError::kNone);  // the big blind checks
  REQUIRE(shallow.street() == Street::kFlop);
  CHECK(bot->decide(shallow.observe()).type == ActionType::kCheckCall);

  const StrategyInfo* info = find_strategy("pushfold");
  StrategyParams params;
  REQUIRE_FALSE(StrategyParams::resolve(info->params, {{"fallback", "no_such_bot"}}, params).has_value());
  CHECK_THROWS_AS(info->bind(params), std::invalid_argument);  // when the experiment loads
}

TEST_CASE("pushfold multi-way: shoves or folds first in, calls by pot odds", "[pushfold]") {
  auto bot = make("pushfold");
  for (const std::string hole : {"AhAs", "7h2d"}) {
    testing::TableSpec spec;
    spec.stacks = {800, 800, 800, 800};  // 8 bb, four players: index 2 acts first
    spec.blinds = testing::blinds_for(4, 50, 100);
    spec.holes = {"2c3d", "4c5d", hole, "9s9h"};
    spec.board = "KhQhJs8d6c";
    Hand hand;
    hand.start(testing::make_setup(spec));
    const Observation obs = hand.observe();
    REQUIRE(obs.player == 2);
    const Action action = bot->decide(obs);
    CHECK(action.type == (hole == "AhAs" ? ActionType::kBetRaise : ActionType::kFold));
    REQUIRE(hand.apply(action) == ApplyError::kNone);
    if (hole != "AhAs") continue;
    // The next player, with nines, faces the aces' all-in with two behind.
    const Observation next = hand.observe();
    const Action answer = bot->decide(next);
    CHECK((answer.type == ActionType::kCheckCall || answer.type == ActionType::kFold));
    CHECK(hand.apply(answer) == ApplyError::kNone);
  }
}

}  // namespace sngsim
