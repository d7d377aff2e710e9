#pragma once
// The subcommands of `sngsim`, one registration function each. A command
// reports failure by throwing CLI::RuntimeError(exit code) after printing its
// message: 1 when the work failed (a replay mismatch), 2 for bad input.

#include <CLI/CLI.hpp>

namespace sngsim {

inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;

void add_run_command(CLI::App& app);
void add_validate_command(CLI::App& app);
void add_strategies_command(CLI::App& app);
void add_bench_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_equity_command(CLI::App& app);  // also the hidden preflop-table generator (sim/cli_equity.cpp)
// Runs scripts/report.py on a results folder (sim/cli_report.cpp); returns its exit code.
int make_report(const std::string& results_dir);

}  // namespace sngsim
