// `sngsim solve pushfold`: the multiway ICM Nash push/fold equilibrium of
// one spot (poker_math/icm_pushfold.h), its ranges, equities and
// exploitability, as text or JSON.

#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli_commands.h"
#include "app/number_list.h"
#include "poker_math/hand_classes.h"
#include "poker_math/icm_pushfold.h"

namespace sngsim {

namespace {

struct SolvePushFoldOptions {
  int players = 0;
  std::string stacks;
  std::string blinds;
  std::string payouts;
  int first = 1;
  bool json = false;
  double target = 0.01;
  int max_iterations = PushFoldOptions{}.max_iterations;
  int samples = PushFoldOptions{}.multiway_samples;
};

[[noreturn]] void solve_bad_input(const std::string& message) {
  std::cerr << "sngsim solve pushfold: " << message << "\n";
  throw CLI::RuntimeError(kExitBadInput);
}

// The shared parsers, with this command's way of failing.
std::vector<double> solve_numbers_of(const std::string& text, const std::string& option) {
  try {
    return parse_number_list(text, option);
  } catch (const std::invalid_argument& error) {
    solve_bad_input(error.what());
  }
}

std::vector<double> solve_payouts_of(const std::string& text) {
  try {
    return parse_payout_percentages(text, "--payouts");
  } catch (const std::invalid_argument& error) {
    solve_bad_input(error.what());
  }
}

PushFoldSpot solve_spot_of(const SolvePushFoldOptions& o) {
  if (o.players < 2 || o.players > kMaxPushFoldPlayers) {
    solve_bad_input("--players " + std::to_string(o.players) + ": push/fold is solved for 2 to " +
                    std::to_string(kMaxPushFoldPlayers) + " players");
  }
  std::vector<double> stacks = solve_numbers_of(o.stacks, "--stacks");
  if (static_cast<int>(stacks.size()) != o.players) {
    solve_bad_input("--stacks has " + std::to_string(stacks.size()) + " stacks but --players is " +
                    std::to_string(o.players));
  }
  for (const double s : stacks) {
    if (!(s > 0.0)) solve_bad_input("--stacks: every stack must be positive");
  }
  const std::vector<double> blinds = solve_numbers_of(o.blinds, "--blinds");
  if (blinds.size() < 2 || blinds.size() > 3) solve_bad_input("--blinds is SMALL,BIG or SMALL,BIG,ANTE");
  if (!(blinds[0] > 0.0) || !(blinds[1] > 0.0))
    solve_bad_input("--blinds: the small and the big blind must be positive");
  if (blinds[0] > blinds[1]) solve_bad_input("--blinds: the small blind must not exceed the big blind");
  const double ante = blinds.size() == 3 ? blinds[2] : 0.0;
  if (ante < 0.0) solve_bad_input("--blinds: the ante must not be negative");
  const std::vector<double> payouts = solve_payouts_of(o.payouts);
  if (o.first < 1 || o.first > o.players - 1) {
    solve_bad_input("--first " + std::to_string(o.first) + ": the first player to act is 1.." +
                    std::to_string(o.players - 1));
  }
  PushFoldSpot spot = PushFoldSpot::standard(stacks, blinds[0], blinds[1], ante, payouts, o.first - 1);
  if (const auto error = push_fold_spot_error(spot)) solve_bad_input(*error);
  return spot;
}

std::string seat_name(int player, int players) {
  if (player == players - 1) return "BB";
  if (player == players - 2) return "SB";
  if (player == players - 3) return "BTN";
  if (player == players - 4) return "CO";
  if (player == players - 5) return "HJ";
  return "UTG";
}

std::string player_label(int player, int players) {
  return "P" + std::to_string(player + 1) + " (" + seat_name(player, players) + ")";
}

std::string node_label(const PushFoldNode& node, int players) {
  std::string text = player_label(node.player, players);
  if (node.pusher < 0) return text + " first in: push";
  text += " facing " + player_label(node.pusher, players) + "'s all-in";
  for (int p = 0; p < players; ++p) {
    if ((node.callers >> p & 1u) != 0) text += ", called by " + player_label(p, players);
  }
  return text + ": call";
}

double range_percent(const ClassWeights& w) {
  double combos = 0.0;
  for (int c = 0; c < kHandClassCount; ++c) combos += w[static_cast<std::size_t>(c)] * hand_class_combo_count(c);
  return 100.0 * combos / kHoldemComboCount;
}

// The player's equity at the node: its strategy's, averaged over its hands.
double node_ev(const IcmPushFoldSolution& s, std::size_t k) {
  double ev = 0.0;
  for (int c = 0; c < kHandClassCount; ++c) {
    const auto u = static_cast<std::size_t>(c);
    const double p = s.allin[k][u];
    ev += hand_class_combo_count(c) / 1326.0 *
          (p * s.evaluation.value_allin[k][u] + (1.0 - p) * s.evaluation.value_fold[k][u]);
  }
  return ev;
}

void print_text(const PushFoldSpot& spot, const IcmPushFoldSolution& s) {
  const int n = spot.players();
  std::printf("ICM push/fold equilibrium, %d players; equities in %% of the prize pool\n", n);
  std::printf(
      "Key to the grids: rows and columns run A, K, ..., 2; suited hands above the diagonal (AKs),\n"
      "offsuit below (AKo), pairs on it. A hand's name: it always goes all-in (or calls); N%%: it does\n"
      "so N%% of the time; '.': it never does (folds).\n");
  for (std::size_t k = 0; k < s.nodes.size(); ++k) {
    std::printf("\n%s  (%.1f%% of hands, reached %.2f%%, EV %.3f)\n", node_label(s.nodes[k], n).c_str(),
                range_percent(s.allin[k]), 100.0 * s.evaluation.reach[k], node_ev(s, k));
    for (int row = 0; row < 13; ++row) {
      std::string line = "  ";
      for (int col = 0; col < 13; ++col) {
        const double p = s.allin[k][static_cast<std::size_t>(row * 13 + col)];
        char cell[8];
        if (p >= 0.995) {
          std::snprintf(cell, sizeof cell, "%4s", hand_class_name(row * 13 + col).c_str());
        } else if (p < 0.005) {
          std::snprintf(cell, sizeof cell, "%4s", ".");
        } else {
          std::snprintf(cell, sizeof cell, "%3d%%", static_cast<int>(std::lround(100.0 * p)));
        }
        line += cell;
      }
      std::printf("%s\n", line.c_str());
    }
  }
  std::printf("\nplayer     stack    ICM EV  exploitability (best-response gain)\n");
  for (int p = 0; p < n; ++p) {
    const auto u = static_cast<std::size_t>(p);
    std::printf("%-9s %7g %8.3f%% %8.4f%%\n", player_label(p, n).c_str(), spot.stacks[u], s.evaluation.ev[u],
                s.evaluation.gain[u]);
  }
  std::printf("\n%d iterations, %.2f s, %d sampled deals for pots of three or more players\n", s.iterations, s.seconds,
              s.multiway_samples);
}

void print_json(const PushFoldSpot& spot, const IcmPushFoldSolution& s) {
  const int n = spot.players();
  nlohmann::ordered_json out;
  out["players"] = n;
  out["stacks"] = spot.stacks;
  out["blinds"] = spot.blinds;
  out["antes"] = spot.antes;
  out["payouts"] = spot.payouts;
  out["first_to_act"] = spot.first_to_act + 1;
  nlohmann::ordered_json decisions = nlohmann::ordered_json::array();
  for (std::size_t k = 0; k < s.nodes.size(); ++k) {
    const PushFoldNode& node = s.nodes[k];
    nlohmann::ordered_json d;
    d["player"] = node.player + 1;
    d["position"] = seat_name(node.player, n);
    d["action"] = node.pusher < 0 ? "push" : "call";
    d["pusher"] = node.pusher < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(node.pusher + 1);
    nlohmann::ordered_json callers = nlohmann::ordered_json::array();
    for (int p = 0; p < n; ++p) {
      if ((node.callers >> p & 1u) != 0) callers.push_back(p + 1);
    }
    d["callers"] = callers;
    d["reach"] = s.evaluation.reach[k];
    d["range_percent"] = range_percent(s.allin[k]);
    d["ev"] = node_ev(s, k);
    nlohmann::ordered_json hands = nlohmann::ordered_json::object();
    for (int c = 0; c < kHandClassCount; ++c) {
      const double p = s.allin[k][static_cast<std::size_t>(c)];
      if (p >= 0.0005) hands[hand_class_name(c)] = std::round(p * 1000.0) / 1000.0;
    }
    d["hands"] = hands;
    decisions.push_back(d);
  }
  out["decisions"] = decisions;
  nlohmann::ordered_json players = nlohmann::ordered_json::array();
  for (int p = 0; p < n; ++p) {
    const auto u = static_cast<std::size_t>(p);
    nlohmann::ordered_json row;
    row["player"] = p + 1;
    row["position"] = seat_name(p, n);
    row["ev"] = s.evaluation.ev[u];
    row["exploitability"] = s.evaluation.gain[u];
    players.push_back(row);
  }
  out["equity"] = players;
  out["exploitability"] = s.evaluation.max_gain();
  out["iterations"] = s.iterations;
  out["seconds"] = s.seconds;
  out["multiway_samples"] = s.multiway_samples;
  std::cout << out.dump(2) << "\n";
}

}  // namespace

void add_solve_command(CLI::App& app) {
  CLI::App* solve = app.add_subcommand("solve", "Solve games: `solve pushfold` for ICM Nash push/fold ranges");
  solve->require_subcommand(1);
  auto options = std::make_shared<SolvePushFoldOptions>();
  CLI::App* pushfold = solve->add_subcommand(
      "pushfold",
      "The ICM Nash equilibrium of push/fold preflop for 2 to 6 players: in preflop order each player folds or moves\n"
      "all-in, facing an all-in each calls all-in or folds; terminal values are Malmuth-Harville ICM equities.\n"
      "Prints every decision point's range (13x13 grid; --json: hands with frequencies), equity and each player's\n"
      "exploitability (what a best response gains), in % of the prize pool. Players in preflop order: the last is\n"
      "the big blind, the one before the small blind (heads-up: player 1 is the small blind).\n"
      "Example: sngsim solve pushfold --players 3 --stacks 1500,2500,2000 --blinds 100,200,25 --payouts 50,30,20");
  pushfold->add_option("--players", options->players, "number of players, 2..6")->required();
  pushfold->add_option("--stacks", options->stacks, "chips of each player before blinds and antes, in preflop order")
      ->required();
  pushfold->add_option("--blinds", options->blinds, "SMALL,BIG[,ANTE] in chips (the ante is posted by everybody)")
      ->required();
  pushfold->add_option("--payouts", options->payouts, "percent of the prize pool per place, adding up to 100")
      ->required();
  pushfold->add_option("--first", options->first, "the first player still to act (the ones before folded)")
      ->default_val(1);
  pushfold->add_option("--target", options->target, "stop at this exploitability, % of the prize pool")
      ->default_val(0.01)
      ->check(CLI::PositiveNumber);
  pushfold->add_option("--max-iterations", options->max_iterations, "iteration cap")
      ->default_val(PushFoldOptions{}.max_iterations)
      ->check(CLI::PositiveNumber);
  pushfold->add_option("--samples", options->samples, "sampled deals valuing pots of three or more players")
      ->default_val(PushFoldOptions{}.multiway_samples)
      ->check(CLI::Range(1000, 1 << 24));
  pushfold->add_flag("--json", options->json, "print JSON");
  pushfold->callback([options] {
    const PushFoldSpot spot = solve_spot_of(*options);
    PushFoldOptions solver;
    solver.target_exploitability = options->target;
    solver.max_iterations = options->max_iterations;
    solver.multiway_samples = options->samples;
    const IcmPushFoldSolution solution = solve_icm_push_fold(spot, solver);
    if (options->json) {
      print_json(spot, solution);
    } else {
      print_text(spot, solution);
    }
  });
}

}  // namespace sngsim
