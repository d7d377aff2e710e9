#include "app/cli_replay.h"

#include <iostream>
#include <memory>
#include <sstream>

#include <CLI/CLI.hpp>

#include "app/cli_commands.h"

namespace sngsim {

int run_replay_command(const ReplayCommandOptions& options) {
  ReplayOptions replay;
  // "NT,PO" and repeated --variant both select several variants.
  for (const std::string& list : options.variants) {
    std::istringstream in(list);
    for (std::string code; std::getline(in, code, ',');) {
      if (!code.empty()) replay.variants.push_back(code);
    }
  }
  replay.max_print = options.max_print;
  const ReplayResult result = replay_files(options.files, replay, std::cout);
  std::cout.flush();
  if (result.failed > 0) return kExitFailure;
  // Unreadable histories are bad input; so is a selection that replays
  // nothing, which would prove nothing.
  if (result.unreadable > 0) return kExitBadInput;
  if (result.passed == 0) {
    std::cerr << "sngsim replay: no hand was replayed\n";
    return kExitBadInput;
  }
  return 0;
}

void add_replay_command(CLI::App& app) {
  // The options outlive this function: CLI11 writes into them at parse time.
  auto options = std::make_shared<ReplayCommandOptions>();
  CLI::App* command = app.add_subcommand("replay", "Replay PHH hand histories through the engine and compare stacks");
  command->add_option("files", options->files, ".phh or .phhs files")->required()->check(CLI::ExistingFile);
  command->add_option("--variant", options->variants, "Only these PHH variants, comma list (NT, PT, FT, NO, PO, FO)")
      ->delimiter(',');
  command->add_option("--max-print", options->max_print, "Problems printed in full (the rest are counted)")
      ->check(CLI::NonNegativeNumber);
  command->add_flag_callback(
      "--quiet", [options] { options->max_print = 0; }, "Print only the totals (--max-print 0)");
  command->callback([options] {
    const int status = run_replay_command(*options);
    if (status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace sngsim
