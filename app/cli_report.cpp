// `sngsim report`: plots and a self-contained HTML page of a results folder,
// drawn by scripts/report.py (Python 3 + matplotlib). The simulator itself
// never needs Python; only this command does.
//
// Where the script is found, first hit wins:
//   1. $SNGSIM_SCRIPTS/report.py, when SNGSIM_SCRIPTS is set (and only there)
//   2. scripts/report.py of the source tree the binary was built from, or
//      of the tree around its build folder (app/source_tree.h)
// The interpreter is $SNGSIM_PYTHON, or python3 from PATH.

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <system_error>
#include <vector>

#include "app/cli_commands.h"
#include "app/source_tree.h"

namespace sngsim {

namespace {

namespace fs = std::filesystem;

constexpr int kExitNotFound = 127;  // the shell's code for a command it cannot run

struct ReportCommandOptions {
  std::string results_dir;
  int max_cells = -1;  // -1: the script's default
};

std::string env_or_empty(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? std::string(value) : std::string();
}

// The script to run, or an empty path; `searched` lists where it looked.
fs::path find_report_script(std::vector<std::string>& searched) {
  std::error_code error;
  const std::string override_dir = env_or_empty("SNGSIM_SCRIPTS");
  if (!override_dir.empty()) {
    const fs::path candidate = fs::path(override_dir) / "report.py";
    searched.push_back(candidate.string() + " (SNGSIM_SCRIPTS)");
    return fs::is_regular_file(candidate, error) ? candidate : fs::path();
  }
  return find_in_source_tree(fs::path("scripts") / "report.py", searched);
}

// Runs argv (argv[0] looked up on PATH) and returns its exit code; 127 when
// it could not be started, 128 + n when killed by signal n.
int run_program(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  argv.reserve(args.size() + 1);
  for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
  argv.push_back(nullptr);
  std::cout.flush();
  std::cerr.flush();
  const pid_t pid = fork();
  if (pid < 0) {
    std::cerr << "sngsim report: cannot start " << args[0] << ": " << std::strerror(errno) << "\n";
    return kExitFailure;
  }
  if (pid == 0) {
    execvp(argv[0], argv.data());
    _exit(kExitNotFound);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return kExitFailure;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return kExitFailure;
}

int report(const ReportCommandOptions& options) {
  std::vector<std::string> searched;
  const fs::path script = find_report_script(searched);
  if (script.empty()) {
    std::cerr << "sngsim report: scripts/report.py not found; looked at:\n";
    for (const std::string& place : searched) std::cerr << "  " << place << "\n";
    std::cerr << "Set SNGSIM_SCRIPTS to the folder that holds report.py.\n";
    return kExitFailure;
  }
  std::string python = env_or_empty("SNGSIM_PYTHON");
  if (python.empty()) python = "python3";
  std::vector<std::string> args{python, script.string(), options.results_dir};
  if (options.max_cells >= 0) {
    args.emplace_back("--max-cells");
    args.push_back(std::to_string(options.max_cells));
  }
  const int code = run_program(args);
  if (code == kExitNotFound) {
    std::cerr << "sngsim report: could not run " << python
              << " (exit code 127); run scripts/setup.sh, which installs python3 and python3-matplotlib\n";
  }
  return code;
}

}  // namespace

int make_report(const std::string& results_dir) {
  ReportCommandOptions options;
  options.results_dir = results_dir;
  return report(options);
}

void add_report_command(CLI::App& app) {
  auto options = std::make_shared<ReportCommandOptions>();
  CLI::App* command = app.add_subcommand(
      "report",
      "Plots and one self-contained HTML page (report.html, images embedded) of a results folder.\n"
      "Runs scripts/report.py with python3 (needs python3-matplotlib: scripts/setup.sh installs it).");
  command->add_option("results_dir", options->results_dir, "Output folder of `sngsim run` (holds summary.json)")
      ->required();
  command->add_option("--max-cells", options->max_cells, "Per-cell plots for the first N cells (default 12; 0 = all)")
      ->check(CLI::NonNegativeNumber);
  command->callback([options] {
    const int code = report(*options);
    if (code != 0) throw CLI::RuntimeError(code);
  });
}

}  // namespace sngsim
