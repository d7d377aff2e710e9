#pragma once
// The subcommands of `sngsim`, one registration function each. A command
// reports failure by throwing CLI::RuntimeError(exit code) after printing its
// message: 1 when the work failed (a replay mismatch), 2 for bad input, 3
// when `run --check` found a broken invariant, 4 when results or a
// checkpoint could not be written (a full disk).

#include <filesystem>
#include <string>

#include <CLI/CLI.hpp>

namespace sngsim {

inline constexpr int kExitFailure = 1;
inline constexpr int kExitBadInput = 2;
inline constexpr int kExitInvariantViolation = 3;
inline constexpr int kExitOutputError = 4;  // results or checkpoint could not be written

void add_run_command(CLI::App& app);
void add_validate_command(CLI::App& app);
void add_strategies_command(CLI::App& app);
void add_config_keys_command(CLI::App& app);  // the key table of docs/config-reference.md
void add_bench_command(CLI::App& app);
void add_report_command(CLI::App& app);
void add_equity_command(CLI::App& app);  // also the hidden preflop-table generator (app/cli_equity.cpp)
void add_merge_command(CLI::App& app);   // app/cli_merge.cpp
void add_check_command(CLI::App& app);   // `check fairness` (app/cli_fairness.cpp)
void add_solve_command(CLI::App& app);   // `solve pushfold` (app/cli_solve.cpp)
void add_plan_command(CLI::App& app);    // `plan`: tournaments a comparison needs (app/cli_plan.cpp)
void add_grade_command(CLI::App& app);   // `grade` (app/cli_grade.cpp)
void add_view_command(CLI::App& app);    // `view`: the hand viewer (app/cli_view.cpp)
// `run --hand-history H --report`: the hand viewer of H written into
// RESULTS/hands, where report.html links it (app/cli_view.cpp). A viewer
// that cannot be written is reported on stderr and the report goes on.
void write_run_hand_viewer(const std::string& hand_history_dir, const std::filesystem::path& results_dir);
// Runs scripts/report.py on a results folder (app/cli_report.cpp); returns its exit code.
int make_report(const std::string& results_dir);

}  // namespace sngsim
