#include "poker_math/pushfold_solver.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string_view>

namespace sngsim {

namespace {

constexpr std::size_t kN = kHandClassCount;
constexpr double kSmallBlind = 0.5;

// The game at one depth: per class pair (i small blind, j big blind) its
// combo pairs w and the small blind's result when called, s * (2e - 1).
struct Game {
  double stack = 0.0;
  std::vector<double> w = std::vector<double>(kN * kN);
  std::vector<double> called = std::vector<double>(kN * kN);
  std::array<double, kN> row_weight{};  // sum over j of w
  double total = 0.0;                   // every deal: 1326 x 1225
};

Game make_game(double stack_bb) {
  const PreflopEquityTable& table = preflop_equity_table();
  Game game;
  game.stack = std::max(1.0, stack_bb);
  for (std::size_t i = 0; i < kN; ++i) {
    for (std::size_t j = 0; j < kN; ++j) {
      const double w = table.combo_pairs(static_cast<int>(i), static_cast<int>(j));
      game.w[i * kN + j] = w;
      game.called[i * kN + j] = game.stack * (2.0 * table.equity(static_cast<int>(i), static_cast<int>(j)) - 1.0);
      game.row_weight[i] += w;
    }
    game.total += game.row_weight[i];
  }
  return game;
}

// Per small-blind class, its total result (over its deals) from pushing.
std::array<double, kN> push_results(const Game& g, const ClassWeights& call) {
  std::array<double, kN> result{};
  for (std::size_t i = 0; i < kN; ++i) {
    double sum = 0.0;
    const double* w = &g.w[i * kN];
    const double* called = &g.called[i * kN];
    for (std::size_t j = 0; j < kN; ++j) sum += w[j] * ((1.0 - call[j]) + call[j] * called[j]);
    result[i] = sum;
  }
  return result;
}

// Per big-blind class, the small blind's total result over the deals where
// it pushes: if the big blind calls, and if it folds.
void facing_push_results(const Game& g, const ClassWeights& push, std::array<double, kN>& if_call,
                         std::array<double, kN>& if_fold) {
  if_call.fill(0.0);
  if_fold.fill(0.0);
  for (std::size_t i = 0; i < kN; ++i) {
    if (push[i] == 0.0) continue;
    const double* w = &g.w[i * kN];
    const double* called = &g.called[i * kN];
    for (std::size_t j = 0; j < kN; ++j) {
      const double reach = w[j] * push[i];
      if_call[j] += reach * called[j];
      if_fold[j] += reach;  // the big blind's 1 bb
    }
  }
}

double fold_results(const Game& g, const ClassWeights& push) {
  double sum = 0.0;
  for (std::size_t i = 0; i < kN; ++i) sum += (1.0 - push[i]) * -kSmallBlind * g.row_weight[i];
  return sum;
}

double value(const Game& g, const ClassWeights& push, const ClassWeights& call) {
  const auto pushed = push_results(g, call);
  double sum = fold_results(g, push);
  for (std::size_t i = 0; i < kN; ++i) sum += push[i] * pushed[i];
  return sum / g.total;
}

double sb_best_value(const Game& g, const ClassWeights& call) {
  const auto pushed = push_results(g, call);
  double sum = 0.0;
  for (std::size_t i = 0; i < kN; ++i) sum += std::max(pushed[i], -kSmallBlind * g.row_weight[i]);
  return sum / g.total;
}

double bb_best_value(const Game& g, const ClassWeights& push) {
  std::array<double, kN> if_call{};
  std::array<double, kN> if_fold{};
  facing_push_results(g, push, if_call, if_fold);
  double sum = fold_results(g, push);
  for (std::size_t j = 0; j < kN; ++j) sum += std::min(if_call[j], if_fold[j]);
  return sum / g.total;
}

// Regret matching+: play each action in proportion to its positive regret.
double regret_matching(double regret_yes, double regret_no) {
  const double sum = regret_yes + regret_no;
  return sum > 0.0 ? regret_yes / sum : 0.5;
}

}  // namespace

double push_fold_sb_value(double stack_bb, const ClassWeights& push, const ClassWeights& call) {
  return value(make_game(stack_bb), push, call);
}

double push_fold_sb_best_response_value(double stack_bb, const ClassWeights& call) {
  return sb_best_value(make_game(stack_bb), call);
}

double push_fold_bb_best_response_value(double stack_bb, const ClassWeights& push) {
  return bb_best_value(make_game(stack_bb), push);
}

PushFoldSolution solve_heads_up_push_fold(double stack_bb, double tolerance_bb, int max_iterations) {
  const Game g = make_game(stack_bb);
  std::array<double, kN> push_regret{}, fold_regret{}, call_regret{}, pass_regret{};
  ClassWeights push;
  ClassWeights call;
  push.fill(0.5);
  call.fill(0.5);
  ClassWeights push_sum{};
  ClassWeights call_sum{};
  double weight_sum = 0.0;
  PushFoldSolution solution;
  solution.stack_bb = g.stack;
  std::array<double, kN> if_call{};
  std::array<double, kN> if_fold{};
  for (int t = 1; t <= max_iterations; ++t) {
    // Small blind against the current call strategy.
    const auto pushed = push_results(g, call);
    for (std::size_t i = 0; i < kN; ++i) {
      const double folded = -kSmallBlind * g.row_weight[i];
      const double current = push[i] * pushed[i] + (1.0 - push[i]) * folded;
      push_regret[i] = std::max(0.0, push_regret[i] + pushed[i] - current);
      fold_regret[i] = std::max(0.0, fold_regret[i] + folded - current);
      push[i] = regret_matching(push_regret[i], fold_regret[i]);
    }
    // Big blind against the updated push strategy; it minimises the small
    // blind's result.
    facing_push_results(g, push, if_call, if_fold);
    for (std::size_t j = 0; j < kN; ++j) {
      const double current = call[j] * if_call[j] + (1.0 - call[j]) * if_fold[j];
      call_regret[j] = std::max(0.0, call_regret[j] + current - if_call[j]);
      pass_regret[j] = std::max(0.0, pass_regret[j] + current - if_fold[j]);
      call[j] = regret_matching(call_regret[j], pass_regret[j]);
    }
    // CFR+ averages with weight t: early, poor iterates fade out.
    const double weight = t;
    weight_sum += weight;
    for (std::size_t k = 0; k < kN; ++k) {
      push_sum[k] += weight * push[k];
      call_sum[k] += weight * call[k];
    }
    if (t % 50 == 0 || t == max_iterations) {
      for (std::size_t k = 0; k < kN; ++k) {
        solution.push[k] = push_sum[k] / weight_sum;
        solution.call[k] = call_sum[k] / weight_sum;
      }
      solution.iterations = t;
      solution.sb_value = value(g, solution.push, solution.call);
      solution.sb_gain = sb_best_value(g, solution.call) - solution.sb_value;
      solution.bb_gain = solution.sb_value - bb_best_value(g, solution.push);
      if (solution.sb_gain <= tolerance_bb && solution.bb_gain <= tolerance_bb) break;
    }
  }
  return solution;
}

double range_fraction(const ClassWeights& weights) {
  double combos = 0.0;
  for (int c = 0; c < kHandClassCount; ++c) combos += weights[static_cast<std::size_t>(c)] * hand_class_combo_count(c);
  return combos / kHoldemComboCount;
}

// Fictitious play between a first-in pusher with k players behind and the
// range each of them calls with (see the header); returns the pusher's best
// response to the averaged calling range, a pure range.
ClassWeights solve_first_in_push_range(double stack, int behind, const ClassWeights& heads_up_call) {
  const PreflopEquityTable& table = preflop_equity_table();
  const double dead_if_called = 1.5 - 1.5 / behind;
  ClassWeights call = heads_up_call;
  ClassWeights push{};
  const auto best_push = [&](const ClassWeights& calls) {
    const double fold_all = std::pow(1.0 - range_fraction(calls), behind);
    const ClassWeights equity = table.equities_vs_range(calls);
    ClassWeights result{};
    for (std::size_t i = 0; i < kN; ++i) {
      const double ev = fold_all * 1.5 + (1.0 - fold_all) * (equity[i] * (2.0 * stack + dead_if_called) - stack);
      result[i] = ev > 0.0 ? 1.0 : 0.0;
    }
    return result;
  };
  // Enough rounds for the ranges to settle to within a class or two; this
  // is an approximation of an approximation.
  constexpr int kRounds = 60;
  for (int t = 1; t <= kRounds; ++t) {
    const ClassWeights pushes = best_push(call);
    for (std::size_t k = 0; k < kN; ++k) push[k] += (pushes[k] - push[k]) / t;
    const ClassWeights equity = table.equities_vs_range(push);
    for (std::size_t j = 0; j < kN; ++j) {
      const double calls = equity[j] * (2.0 * stack + 0.5) - stack > -1.0 ? 1.0 : 0.0;
      call[j] += (calls - call[j]) / (t + 1);
    }
  }
  return best_push(call);
}

int push_fold_grid_index(double stack_bb) {
  const double clamped = std::clamp(stack_bb, 1.0, kMaxPushFoldStackBb);
  return static_cast<int>(std::lround(2.0 * clamped)) - 2;
}

double push_fold_grid_stack(int index) { return 0.5 * (index + 2); }

namespace {

constexpr std::size_t kGridPoints = kPushFoldGridPoints;
constexpr std::size_t kBehindSlots = kMaxPlayersBehind - 1;  // 2..kMaxPlayersBehind players behind

// kHeadsUpTable: one solution per grid point. kFirstInTable: per grid point
// and 2..kMaxPlayersBehind players behind, the pure range as one character
// per class in chart order, '1' pushing.
#include "poker_math/data/pushfold_tables.inc"
static_assert(std::ranges::all_of(kFirstInTable, [](std::string_view range) { return range.size() == kN; }),
              "every first-in range has one character per class");

const std::array<ClassWeights, kGridPoints * kBehindSlots>& first_in_table() {
  // Spelled out as doubles once, so a lookup returns a ClassWeights like
  // heads_up_push_fold's (a few microseconds, on first use, thread-safe).
  static const auto ranges = [] {
    auto result = std::make_unique<std::array<ClassWeights, kGridPoints * kBehindSlots>>();
    for (std::size_t slot = 0; slot < result->size(); ++slot) {
      for (std::size_t k = 0; k < kN; ++k) (*result)[slot][k] = kFirstInTable[slot][k] == '1' ? 1.0 : 0.0;
    }
    return result;
  }();
  return *ranges;
}

// A double as a C++ literal that reads back bit for bit.
std::string literal(double x) {
  if (x == 0.0 && !std::signbit(x)) return "0.0";
  if (x == 1.0) return "1.0";
  char text[40];
  std::snprintf(text, sizeof text, "%a", x);
  return text;
}

std::string stack_text(double stack_bb) {
  char text[16];
  std::snprintf(text, sizeof text, "%.1f", stack_bb);
  return text;
}

std::string weights_literal(const ClassWeights& weights) {
  std::string out = "{{";
  for (std::size_t k = 0; k < kN; ++k) {
    if (k != 0) out += ", ";
    out += literal(weights[k]);
  }
  return out + "}}";
}

}  // namespace

const PushFoldSolution& heads_up_push_fold(double stack_bb) {
  return kHeadsUpTable[static_cast<std::size_t>(push_fold_grid_index(stack_bb))];
}

const ClassWeights& first_in_push_range(double stack_bb, int players_behind) {
  const int behind = std::clamp(players_behind, 1, kMaxPlayersBehind);
  if (behind == 1) return heads_up_push_fold(stack_bb).push;
  const auto g = static_cast<std::size_t>(push_fold_grid_index(stack_bb));
  return first_in_table()[g * kBehindSlots + static_cast<std::size_t>(behind - 2)];
}

const ClassWeights& first_in_push_range_equities(double stack_bb, int players_behind) {
  // One slot per range first_in_push_range returns: per grid point, 1..kMaxPlayersBehind behind.
  constexpr std::size_t kSlots = kGridPoints * kMaxPlayersBehind;
  struct Cache {
    std::mutex filling;
    std::array<std::atomic<bool>, kSlots> ready{};
    std::array<ClassWeights, kSlots> equities{};
  };
  static Cache cache;
  const auto behind = static_cast<std::size_t>(std::clamp(players_behind, 1, kMaxPlayersBehind));
  const std::size_t slot = static_cast<std::size_t>(push_fold_grid_index(stack_bb)) * kMaxPlayersBehind + behind - 1;
  if (!cache.ready[slot].load(std::memory_order_acquire)) {
    const std::lock_guard lock(cache.filling);
    if (!cache.ready[slot].load(std::memory_order_relaxed)) {
      cache.equities[slot] = preflop_equity_table().equities_vs_range(first_in_push_range(stack_bb, players_behind));
      cache.ready[slot].store(true, std::memory_order_release);
    }
  }
  return cache.equities[slot];
}

std::string format_push_fold_tables(const std::vector<std::string>& header_lines) {
  std::string out;
  for (const std::string& line : header_lines) out += "// " + line + "\n";
  out += "// Included by poker_math/pushfold_solver.cpp inside its namespace.\n\n";
  out += "constexpr std::array<PushFoldSolution, kGridPoints> kHeadsUpTable = {{\n";
  std::vector<PushFoldSolution> heads_up;
  for (std::size_t g = 0; g < kGridPoints; ++g) {
    const PushFoldSolution s = solve_heads_up_push_fold(push_fold_grid_stack(static_cast<int>(g)));
    heads_up.push_back(s);
    out += "    // " + stack_text(s.stack_bb) + " bb\n";
    out += "    {" + literal(s.stack_bb) + ",\n     " + weights_literal(s.push) + ",\n     " + weights_literal(s.call) +
           ",\n     " + literal(s.sb_value) + ", " + literal(s.sb_gain) + ", " + literal(s.bb_gain) + ", " +
           std::to_string(s.iterations) + "},\n";
  }
  out += "}};\n\n";
  out += "constexpr std::array<std::string_view, kGridPoints * kBehindSlots> kFirstInTable = {{\n";
  for (std::size_t g = 0; g < kGridPoints; ++g) {
    const double stack = push_fold_grid_stack(static_cast<int>(g));
    for (int behind = 2; behind <= kMaxPlayersBehind; ++behind) {
      const ClassWeights range = solve_first_in_push_range(stack, behind, heads_up[g].call);
      std::string chars(kN, '0');
      for (std::size_t k = 0; k < kN; ++k) chars[k] = range[k] == 1.0 ? '1' : '0';
      out += "    \"" + chars + "\",  // " + stack_text(stack) + " bb, " + std::to_string(behind) + " behind\n";
    }
  }
  out += "}};\n";
  return out;
}

}  // namespace sngsim
