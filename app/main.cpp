// sngsim: Monte Carlo simulation of poker sit-and-go tournaments between bots.
// main only builds the command line and maps errors to exit codes.

#include <exception>
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "app/cli_commands.h"
#include "sim/run/cluster.h"
#include "app/cli_replay.h"
#include "app/option_limits.h"
#include "version.h"

namespace {

int run_command_line(int argc, char** argv) {
  CLI::App app{
      "sngsim runs millions of seeded poker sit-and-go tournaments between bots and reports placement\n"
      "and chip statistics with confidence intervals. Results are bit-identical for the same experiment\n"
      "file and seed, whatever the thread count.\n\n"
      "Quick start:  sngsim run configs/quickstart.yaml"};
  app.set_version_flag("--version", std::string("sngsim ") + sngsim::kVersion + " (commit " + sngsim::kGitCommit + ")");
  app.require_subcommand(1);
  sngsim::add_run_command(app);
  sngsim::add_merge_command(app);
  sngsim::add_validate_command(app);
  sngsim::add_strategies_command(app);
  sngsim::add_config_keys_command(app);
  sngsim::add_replay_command(app);
  sngsim::add_bench_command(app);
  sngsim::add_report_command(app);
  sngsim::add_equity_command(app);
  sngsim::add_check_command(app);
  sngsim::add_solve_command(app);
  sngsim::add_plan_command(app);
  sngsim::add_grade_command(app);
  sngsim::apply_option_limits(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    const int code = app.exit(error);
    // CLI11 reports argument errors as 105-ish codes; bad input is 2 here.
    return (code != 0 && dynamic_cast<const CLI::RuntimeError*>(&error) == nullptr) ? sngsim::kExitBadInput : code;
  } catch (const std::exception& error) {
    std::cerr << "sngsim: " << error.what() << "\n";
    return sngsim::kExitFailure;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // MPI starts before the command line is read (mpirun may add arguments)
  // and ends after the command, on every rank.
  sngsim::ClusterSession cluster(argc, argv);
  const int code = run_command_line(argc, argv);
  cluster.finish(code);
  return code;
}
