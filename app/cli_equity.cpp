// `sngsim equity`: all-in equity of known hands; and the hidden developer
// commands `sngsim preflop-table` and `sngsim pushfold-table` that generate
// the exact preflop equity table and the solved push/fold tables compiled
// into the bots (poker_math/data/preflop_equity.txt, pushfold_tables.inc).

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include "engine/game_definition.h"
#include "app/cli_commands.h"
#include "poker_math/equity.h"
#include "poker_math/preflop_equity.h"
#include "poker_math/pushfold_solver.h"
#include "version.h"

namespace sngsim {

namespace {

struct EquityCommandOptions {
  std::vector<std::string> hands;
  std::string board;
  std::string dead;
  std::int64_t samples = 1'000'000;
  std::uint64_t seed = 1;
  bool exact = false;
  bool monte_carlo = false;
};

[[noreturn]] void bad_input(const std::string& message) {
  std::cerr << "sngsim equity: " << message << "\n";
  throw CLI::RuntimeError(kExitBadInput);
}

// Cards written together ("AhKd"); names the first bad card.
CardSet parse_cards(const std::string& text, const std::string& what) {
  if (text.size() % 2 != 0) bad_input(what + " '" + text + "' is not a list of two-character cards such as AhKd");
  CardSet set;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const std::string card_text = text.substr(i, 2);
    const auto card = parse_card(card_text);
    if (!card)
      bad_input("'" + card_text + "' in " + what + " '" + text + "' is not a card (ranks 23456789TJQKA, suits cdhs)");
    if (set.contains(*card)) bad_input("card " + card_text + " appears twice in " + what + " '" + text + "'");
    set.add(*card);
  }
  return set;
}

std::string percent(double fraction) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%7.3f%%", 100.0 * fraction);
  return buffer;
}

std::string with_commas(std::int64_t n) {
  const std::string digits = std::to_string(n);
  std::string grouped;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) grouped += ',';
    grouped += digits[i];
  }
  return grouped;
}

void run_equity(const EquityCommandOptions& options) {
  EquitySpot spot;
  for (std::size_t h = 0; h < options.hands.size(); ++h) {
    spot.hands.push_back(parse_cards(options.hands[h], "hand " + std::to_string(h + 1)));
  }
  spot.hole_cards = spot.hands.empty() ? 2 : spot.hands.front().size();
  for (const CardSet& hand : spot.hands) {
    if (hand.size() != spot.hole_cards)
      bad_input("every hand must have the same number of cards: 2 (hold'em) or 4 (Omaha)");
  }
  spot.board = parse_cards(options.board, "the board");
  spot.dead = parse_cards(options.dead, "the dead cards");
  if (const auto problem = check_equity_spot(spot)) bad_input(*problem);

  EquityOptions equity_options;
  equity_options.samples = options.samples;
  equity_options.seed = options.seed;
  if (options.exact) equity_options.method = EquityMethod::kExact;
  if (options.monte_carlo) equity_options.method = EquityMethod::kMonteCarlo;

  const auto start = std::chrono::steady_clock::now();
  const EquityResult result = calculate_equity(spot, equity_options);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  const auto players = static_cast<std::int64_t>(spot.hands.size());
  std::cout << game_definition(game_of(spot.hole_cards)).title << ", " << players << " hands";
  if (!spot.board.empty()) std::cout << ", board " << options.board;
  if (!spot.dead.empty()) std::cout << ", dead " << options.dead;
  std::cout << "\n";
  if (result.exact) {
    std::cout << "Exact: every board, " << with_commas(result.boards) << " boards x " << players
              << " hands = " << with_commas(result.boards * players) << " evaluations";
  } else {
    std::cout << "Monte Carlo: " << with_commas(result.boards) << " random boards (seed " << options.seed
              << "), equity +- 1.96 x standard error";
  }
  std::printf(" in %.3f s\n", seconds);
  std::printf("%-10s %9s %9s %9s%s\n", "hand", "win", "tie", "equity", result.exact ? "" : "   (95% interval)");
  for (std::size_t p = 0; p < spot.hands.size(); ++p) {
    const PlayerEquity& e = result.players[p];
    std::printf("%-10s %9s %9s %9s", options.hands[p].c_str(), percent(e.win).c_str(), percent(e.tie).c_str(),
                percent(e.equity).c_str());
    if (!result.exact) std::printf("  +- %.3f%%", 100.0 * 1.96 * e.std_error);
    std::printf("\n");
  }
}

struct PreflopTableOptions {
  std::string write;
  int threads = 0;
};

void run_preflop_table(const PreflopTableOptions& options) {
  const int threads = options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  const auto start = std::chrono::steady_clock::now();
  const std::vector<PreflopMatchup> matchups = preflop_matchups();
  std::cerr << "preflop-table: " << matchups.size() << " distinct matchups x 1,712,304 boards on " << threads
            << " thread(s)\n";
  std::vector<ShowdownTally> tallies(matchups.size());
  std::atomic<std::size_t> done{0};
  tbb::parallel_for(
      tbb::blocked_range<std::size_t>(0, matchups.size(), 1), [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t k = r.begin(); k != r.end(); ++k) {
          EquitySpot spot;
          spot.hands = {matchups[k].hero, matchups[k].villain};
          tallies[k] = enumerate_showdowns(spot);
          const std::size_t finished = ++done;
          if (finished % 500 == 0) {
            const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            std::fprintf(stderr, "  %zu / %zu matchups, %.0f s\n", finished, matchups.size(), elapsed);
          }
        }
      });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char timing[160];
  std::snprintf(timing, sizeof timing,
                "%zu distinct matchups (suit isomorphism), %.0f s on %d thread(s), sngsim %s (commit %s)",
                matchups.size(), seconds, threads, kVersion, kGitCommit);
  const std::string text = format_preflop_equity_table(
      matchups, tallies,
      {"sngsim exact heads-up preflop all-in equity between the 169 hold'em starting-hand classes.",
       "Generated by: sngsim preflop-table --write poker_math/data/preflop_equity.txt", timing,
       "This file is compiled into the binary (poker_math/preflop_equity.cpp includes it as a raw string)."});
  const std::filesystem::path path(options.write);
  const std::filesystem::path staging = path.string() + ".tmp";
  {
    std::ofstream out(staging, std::ios::binary);
    out << text;
    if (!out) {
      std::cerr << "preflop-table: cannot write " << staging.string() << "\n";
      throw CLI::RuntimeError(kExitFailure);
    }
  }
  std::filesystem::rename(staging, path);
  std::printf("wrote %s: %zu matchups in %.1f s\n", path.string().c_str(), matchups.size(), seconds);
}

struct PushFoldTableOptions {
  std::string write;
};

void run_pushfold_table(const PushFoldTableOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  char provenance[160];
  std::snprintf(provenance, sizeof provenance, "sngsim %s (commit %s)", kVersion, kGitCommit);
  // Solved from scratch: the generator never reads the compiled-in tables,
  // so a stale or placeholder file regenerates the same way.
  const std::string text = format_push_fold_tables(
      {"sngsim solved push/fold tables: the heads-up equilibrium and the first-in push ranges with 2..8 players",
       "behind on the stack grid 1.0, 1.5, ..., 30.0 bb (poker_math/pushfold_solver.h).",
       "Generated by: sngsim pushfold-table --write poker_math/data/pushfold_tables.inc",
       std::string("Generated with ") + provenance + "; do not edit by hand."});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::filesystem::path path(options.write);
  const std::filesystem::path staging = path.string() + ".tmp";
  {
    std::ofstream out(staging, std::ios::binary);
    out << text;
    if (!out) {
      std::cerr << "pushfold-table: cannot write " << staging.string() << "\n";
      throw CLI::RuntimeError(kExitFailure);
    }
  }
  std::filesystem::rename(staging, path);
  std::printf("wrote %s: %d grid points solved in %.1f s\n", path.string().c_str(), kPushFoldGridPoints, seconds);
}

struct PushFoldRangesOptions {
  std::vector<double> stacks = {5, 10, 15, 20};
  bool chart = false;
};

// The 13 x 13 chart (aces first; suited above the diagonal): X always, . never,
// a digit for a mixed probability in tenths.
void print_chart(const ClassWeights& weights) {
  for (int row = 0; row < kRanks; ++row) {
    std::string line = "    ";
    for (int column = 0; column < kRanks; ++column) {
      const double p = weights[static_cast<std::size_t>(row * kRanks + column)];
      line += p >= 0.995 ? 'X' : (p < 0.005 ? '.' : static_cast<char>('0' + static_cast<int>(p * 10)));
      line += ' ';
    }
    std::printf("%s\n", line.c_str());
  }
}

void run_pushfold_ranges(const PushFoldRangesOptions& options) {
  for (const double stack : options.stacks) {
    const auto start = std::chrono::steady_clock::now();
    const PushFoldSolution s = solve_heads_up_push_fold(stack);
    const double ms = 1e3 * std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf(
        "%5.1f bb heads-up: SB pushes %5.1f%%, BB calls %5.1f%%, SB EV %+.4f bb; best-response gains SB %.6f, BB %.6f "
        "bb"
        " (%d CFR+ iterations, %.1f ms)\n",
        stack, 100 * range_fraction(s.push), 100 * range_fraction(s.call), s.sb_value, s.sb_gain, s.bb_gain,
        s.iterations, ms);
    std::printf("       first in with 2..5 players behind:");
    for (int behind = 2; behind <= 5; ++behind)
      std::printf(" %5.1f%%", 100 * range_fraction(first_in_push_range(stack, behind)));
    std::printf("\n");
    if (options.chart) {
      std::printf("  SB push chart:\n");
      print_chart(s.push);
      std::printf("  BB call chart:\n");
      print_chart(s.call);
    }
  }
}

}  // namespace

void add_equity_command(CLI::App& app) {
  auto options = std::make_shared<EquityCommandOptions>();
  CLI::App* command = app.add_subcommand(
      "equity",
      "All-in equity of known hands: win, tie and pot share of each, exact over every board when that\n"
      "is cheap (boards x hands <= 5 million), otherwise Monte Carlo with its 95% error.\n"
      "Example: sngsim equity AhAs KdKc --board 2c7d9h   (Omaha: four cards per hand)");
  command
      ->add_option("hands", options->hands, "Two or more hands, e.g. AhAs KdKc (hold'em) or AhAsKdQc 2c3c4d5d (Omaha)")
      ->required()
      ->expected(2, kMaxEquityPlayers);
  command->add_option("-b,--board", options->board, "Board cards so far: 0, 3 or 4 (or 5) cards, e.g. 2c7d9h");
  command->add_option("-d,--dead", options->dead, "Cards out of play, e.g. 3s");
  command->add_option("-n,--samples", options->samples, "Monte Carlo boards")
      ->check(CLI::Range(std::int64_t{2}, std::int64_t{1'000'000'000'000}));
  command->add_option("-s,--seed", options->seed, "Monte Carlo seed; same seed, same result");
  auto* exact = command->add_flag("--exact", options->exact, "Enumerate every board whatever it costs");
  command->add_flag("--monte-carlo", options->monte_carlo, "Sample boards even when enumeration is cheap")
      ->excludes(exact);
  command->callback([options] { run_equity(*options); });

  auto table_options = std::make_shared<PreflopTableOptions>();
  // Hidden (empty group): a one-off developer tool, run once per change of
  // the evaluator or the table format; its output is committed.
  CLI::App* table =
      app.add_subcommand("preflop-table", "Generate the exact 169 x 169 preflop equity table (several minutes)");
  table->group("");
  table->add_option("--write", table_options->write, "Output file, e.g. poker_math/data/preflop_equity.txt")
      ->required();
  table->add_option("-t,--threads", table_options->threads, "Worker threads (default: every core)")
      ->check(CLI::NonNegativeNumber);
  table->callback([table_options] { run_preflop_table(*table_options); });

  auto pushfold_table_options = std::make_shared<PushFoldTableOptions>();
  // Hidden like preflop-table: run after any change of the push/fold
  // solvers or the preflop table; its output is committed and compiled in.
  CLI::App* pushfold_table =
      app.add_subcommand("pushfold-table", "Solve every push/fold grid point and write the compiled-in tables");
  pushfold_table->group("");
  pushfold_table
      ->add_option("--write", pushfold_table_options->write, "Output file, e.g. poker_math/data/pushfold_tables.inc")
      ->required();
  pushfold_table->callback([pushfold_table_options] { run_pushfold_table(*pushfold_table_options); });

  auto ranges_options = std::make_shared<PushFoldRangesOptions>();
  CLI::App* ranges =
      app.add_subcommand("pushfold-ranges", "Solve and print heads-up push/fold equilibria (developer check)");
  ranges->group("");
  ranges->add_option("--stacks", ranges_options->stacks, "Effective stacks in big blinds")
      ->check(CLI::Range(1.0, 30.0));
  ranges->add_flag("--chart", ranges_options->chart, "Print the push and call charts");
  ranges->callback([ranges_options] { run_pushfold_ranges(*ranges_options); });
}

}  // namespace sngsim
