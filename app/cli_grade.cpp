// `sngsim grade FILE...`: the ICM equity each player's push/fold decisions
// gave away against the Nash equilibrium of their spots (sim/io/phh_grade.h),
// per player, per label and the worst spots, as text or JSON.

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli_commands.h"
#include "app/number_list.h"
#include "sim/io/phh_grade.h"

namespace sngsim {

namespace {

struct GradeCommandOptions {
  std::vector<std::string> files;
  GradeOptions grade;
  std::string payouts;
  int top = 10;
  bool json = false;
};

[[noreturn]] void grade_bad_input(const std::string& message) {
  std::cerr << "sngsim grade: " << message << "\n";
  throw CLI::RuntimeError(kExitBadInput);
}

std::vector<double> grade_payouts_of(const std::string& text) {
  try {
    return parse_payout_percentages(text, "--payouts");
  } catch (const std::invalid_argument& error) {
    grade_bad_input(error.what());
  }
}

std::string position_name(int position, int players) {
  const int from_bb = players - 1 - position;
  static const char* const names[] = {"BB", "SB", "BTN", "CO", "HJ", "UTG"};
  if (players == 2) return position == 0 ? "SB" : "BB";
  return from_bb < 6 ? names[from_bb] : "UTG";
}

// The worst decisions, biggest loss first; ties keep file order.
std::vector<const GradedDecision*> worst(const GradeReport& report, int top) {
  std::vector<const GradedDecision*> sorted;
  for (const GradedDecision& d : report.decisions) sorted.push_back(&d);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const GradedDecision* a, const GradedDecision* b) { return a->loss > b->loss; });
  if (static_cast<int>(sorted.size()) > top) sorted.resize(static_cast<std::size_t>(top));
  return sorted;
}

void print_totals(const char* title, const std::map<std::string, GradeTotals>& rows) {
  std::size_t width = std::string(title).size();
  for (const auto& [name, totals] : rows) width = std::max(width, name.size());
  std::printf("\n%-*s %9s %8s %12s %14s\n", static_cast<int>(width), title, "decisions", "mistakes", "EV lost",
              "per 100 dec.");
  for (const auto& [name, t] : rows) {
    std::printf("%-*s %9lld %8lld %11.4f%% %13.4f%%\n", static_cast<int>(width), name.c_str(),
                static_cast<long long>(t.decisions), static_cast<long long>(t.mistakes), t.loss,
                t.decisions > 0 ? 100.0 * t.loss / static_cast<double>(t.decisions) : 0.0);
  }
}

void print_text(const GradeReport& r, const GradeCommandOptions& o) {
  std::printf("ICM push/fold grade: EV given away against the Nash equilibrium of each spot, %% of the prize pool\n");
  std::printf(
      "%lld decisions graded in %lld of %lld hands (effective stack at most %g bb, stacks rounded to %g bb), "
      "%lld spots solved\n",
      static_cast<long long>(r.decisions.size()), static_cast<long long>(r.hands_graded),
      static_cast<long long>(r.hands), o.grade.max_bb, o.grade.bucket_bb, static_cast<long long>(r.spots_solved));
  std::printf(
      "not graded: %lld hands not push/fold, %lld hands not solvable, %lld decisions deeper, "
      "%lld with unknown cards, %lld at nodes Nash never reaches\n",
      static_cast<long long>(r.hands_not_push_fold), static_cast<long long>(r.hands_unsolvable),
      static_cast<long long>(r.deep_decisions), static_cast<long long>(r.unknown_cards),
      static_cast<long long>(r.unreached));
  print_totals("label", r.by_label);
  print_totals("player", r.by_player);
  const auto top = worst(r, o.top);
  if (top.empty()) return;
  std::printf("\nworst decisions\n%9s  %-24s %-16s %-4s %-5s %-5s %7s %6s  %s\n", "EV lost", "hand", "player", "pos",
              "class", "did", "eff bb", "Nash", "nash all-in");
  for (const GradedDecision* d : top) {
    const std::string where = d->file.substr(d->file.find_last_of('/') + 1) + " #" + d->hand;
    std::printf("%8.4f%%  %-24s %-16s %-4s %-5s %-5s %7.2f %6s  %.0f%%\n", d->loss, where.c_str(), d->player.c_str(),
                position_name(d->position, d->players).c_str(), d->hand_class.c_str(), d->action.c_str(),
                d->effective_bb, d->nash_allin >= 0.5 ? (d->facing_all_in ? "call" : "push") : "fold",
                100.0 * d->nash_allin);
  }
}

nlohmann::ordered_json totals_json(const std::map<std::string, GradeTotals>& rows) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& [name, t] : rows) {
    out.push_back({{"name", name}, {"decisions", t.decisions}, {"mistakes", t.mistakes}, {"ev_lost", t.loss}});
  }
  return out;
}

void print_json(const GradeReport& r, const GradeCommandOptions& o) {
  nlohmann::ordered_json out;
  out["max_bb"] = o.grade.max_bb;
  out["bucket_bb"] = o.grade.bucket_bb;
  out["hands"] = r.hands;
  out["hands_graded"] = r.hands_graded;
  out["decisions"] = r.decisions.size();
  out["not_graded"] = {{"hands_not_push_fold", r.hands_not_push_fold},
                       {"hands_not_solvable", r.hands_unsolvable},
                       {"decisions_deeper", r.deep_decisions},
                       {"decisions_unknown_cards", r.unknown_cards},
                       {"decisions_unreached", r.unreached}};
  out["spots_solved"] = r.spots_solved;
  out["labels"] = totals_json(r.by_label);
  out["players"] = totals_json(r.by_player);
  nlohmann::ordered_json spots = nlohmann::ordered_json::array();
  for (const GradedDecision* d : worst(r, o.top)) {
    spots.push_back({{"file", d->file},
                     {"hand", d->hand},
                     {"player", d->player},
                     {"label", d->label},
                     {"position", position_name(d->position, d->players)},
                     {"players", d->players},
                     {"class", d->hand_class},
                     {"action", d->action},
                     {"effective_bb", d->effective_bb},
                     {"nash_allin", d->nash_allin},
                     {"ev_taken", d->ev_taken},
                     {"ev_nash", d->ev_nash},
                     {"ev_lost", d->loss}});
  }
  out["worst"] = spots;
  std::cout << out.dump(2) << "\n";
}

}  // namespace

void add_grade_command(CLI::App& app) {
  auto options = std::make_shared<GradeCommandOptions>();
  options->grade.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  CLI::App* command = app.add_subcommand(
      "grade",
      "Grade the push/fold decisions of PHH hand histories against ICM Nash (poker_math/icm_pushfold.h).\n"
      "Every preflop all-in, and every fold or call facing one, at an effective stack of at most --max-bb big\n"
      "blinds is compared with the Nash equilibrium of its spot (the players' stacks in preflop order, blinds,\n"
      "antes, payouts): the EV of the Nash mix with the player's hand class minus the EV of the action taken,\n"
      "in % of the prize pool. Reported per label, per player and for the worst decisions. Payouts come from\n"
      "sngsim's '_payouts' annotation (docs/output-format.md) or --payouts. Hole cards must be known.\n"
      "Example: sngsim run configs/icm-nash.yaml --hand-history hh/ && sngsim grade hh/cell-0/*.phhs");
  command->add_option("files", options->files, ".phh or .phhs files")->required()->check(CLI::ExistingFile);
  command
      ->add_option("--max-bb", options->grade.max_bb, "grade decisions at effective stacks up to this many big blinds")
      ->default_val(15.0)
      ->check(CLI::PositiveNumber);
  command
      ->add_option("--bucket-bb", options->grade.bucket_bb,
                   "round stacks to this many big blinds before solving, so near spots share a solve (0: exact)")
      ->default_val(0.5)
      ->check(CLI::NonNegativeNumber);
  command->add_option("--payouts", options->payouts,
                      "percent of the prize pool per place, adding up to 100 (overrides the files' _payouts)");
  command->add_option("--top", options->top, "worst decisions listed")->default_val(10)->check(CLI::NonNegativeNumber);
  command->add_option("--threads", options->grade.threads, "threads solving spots (results do not depend on it)")
      ->check(CLI::PositiveNumber);
  command->add_flag("--json", options->json, "print JSON");
  command->callback([options] {
    if (!options->payouts.empty()) options->grade.payouts = grade_payouts_of(options->payouts);
    GradeReport report;
    try {
      report = grade_hand_histories(options->files, options->grade);
    } catch (const GradeError& error) {
      grade_bad_input(error.what());
    }
    if (options->json) {
      print_json(report, *options);
    } else {
      print_text(report, *options);
    }
    std::fflush(stdout);
    std::fprintf(stderr, "sngsim grade: %lld spots solved in %.2f s (summed over threads)\n",
                 static_cast<long long>(report.spots_solved), report.solve_seconds);
  });
}

}  // namespace sngsim
