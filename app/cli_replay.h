#pragma once
// The `replay` subcommand:
// `sngsim replay FILE... [--variant LIST] [--max-print N | --quiet]`.
//
// Exit status (app/cli_commands.h): 0 when every selected hand passed,
// kExitFailure (1) when a hand was replayed and failed, else kExitBadInput
// (2) when a file or hand could not be read or no hand was replayed at all.
// The callback reports a non-zero status by throwing CLI::RuntimeError(status),
// which main turns into the process exit code without printing more.

#include <string>
#include <vector>

#include "sim/io/phh_replay.h"

namespace CLI {
class App;
}

namespace sngsim {

struct ReplayCommandOptions {
  std::vector<std::string> files;
  std::vector<std::string> variants;  // after splitting the comma lists
  int max_print = 20;
};

// Registers the subcommand; its callback runs run_replay_command.
void add_replay_command(CLI::App& app);

// Runs the replay, printing to stdout; returns the process exit status.
int run_replay_command(const ReplayCommandOptions& options);

}  // namespace sngsim
