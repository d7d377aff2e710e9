#include "app/run_check_command.h"

#include <filesystem>
#include <iostream>

#include "app/cli_commands.h"
#include "sim/run/tournament_rerun.h"
#include "sim/io/output_folder.h"

namespace sngsim {

namespace fs = std::filesystem;

std::string describe_violation(const InvariantViolation& violation, const Experiment& experiment) {
  const int cell = cell_index_of(experiment, violation);
  std::string text = cell >= 0 ? "cell " + std::to_string(cell) : std::string("a cell");
  if (!violation.cell_params().empty()) {
    std::string params;
    for (const auto& [key, value] : violation.cell_params()) {
      if (!params.empty()) params += ' ';
      params += key + "=" + value;
    }
    text += " (" + params + ")";
  }
  text += ", tournament " + std::to_string(violation.tournament()) + ", seed " + std::to_string(violation.seed());
  if (!violation.table().empty()) text += ", " + violation.table();
  text += ", hand " + std::to_string(violation.hand()) + ":\n";
  for (const InvariantFailure& failure : violation.failures()) {
    text += std::string("  [") + invariant_kind_name(failure.kind) + "] " + failure.message + "\n";
  }
  return text;
}

void print_invariant_violation(std::ostream& err, const InvariantViolation& violation, const Experiment& experiment,
                               const std::string& config, const std::vector<std::string>& overrides) {
  err << "sngsim: invariant broken (run --check) in " << describe_violation(violation, experiment)
      << "The run stopped and wrote no results. Replay that tournament alone, with its hand history:\n  "
      << replay_command(config, overrides, violation.seed(), cell_index_of(experiment, violation),
                        violation.tournament())
      << "\n";
}

void replay_tournament_command(const Experiment& experiment, const ReplayTournamentRequest& request) {
  const int cells = static_cast<int>(experiment.cells.size());
  if (request.cell && (*request.cell < 0 || *request.cell >= cells)) {
    std::cerr << "--cell " << *request.cell << ": the experiment has " << cells << " cell(s), numbered 0.." << cells - 1
              << " as in its console table and summary.json\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  if (request.tournament < 0) {
    std::cerr << "--replay-tournament must be at least 0, got " << request.tournament << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  const fs::path directory =
      request.hand_history.empty()
          ? fs::path("results") / (experiment.name + "-replay-" + std::to_string(request.tournament))
          : fs::path(request.hand_history);
  try {
    check_output_dir(directory, request.force);
  } catch (const std::exception& error) {
    std::cerr << error.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }

  // Written under a temporary name and renamed, as results are; a violation
  // publishes the hands up to it, which is what the user came for.
  StagingFolder staging(directory);
  try {
    for (int c = 0; c < cells; ++c) {
      if (request.cell && *request.cell != c) continue;
      replay_tournament(experiment, c, request.tournament, staging.path(), std::cout);
    }
  } catch (const InvariantViolation& violation) {
    staging.publish(request.force);
    std::cout.flush();
    std::cerr << "sngsim: invariant broken in " << describe_violation(violation, experiment)
              << "Hand histories up to and including that hand: " << directory.string() << "/\n";
    throw CLI::RuntimeError(kExitInvariantViolation);
  }
  staging.publish(request.force);
  bool any_history = false;
  for (const auto& entry : fs::directory_iterator(directory))
    any_history = any_history || entry.path().extension() == ".phhs";
  std::cout << "Every invariant held in every hand.";
  if (any_history) {
    std::cout << " Hand histories: " << directory.string() << "/ (replay them through the engine: sngsim replay "
              << directory.string() << "/*.phhs)";
  }
  std::cout << "\n";
}

}  // namespace sngsim
