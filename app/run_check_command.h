#pragma once
// The command-line side of the invariant checks (app/cli_run.cpp calls
// these): what `sngsim run --check` prints when a hand breaks an invariant,
// and `sngsim run CONFIG --replay-tournament I [--cell C]`.

#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/check/invariant_violation.h"

namespace sngsim {

// Where and what: "cell 1 (table.players=3), tournament 17, seed 42,
// final table, hand 57:" and one indented line per broken invariant.
std::string describe_violation(const InvariantViolation& violation, const Experiment& experiment);

// What `run --check` prints on a violation: the description, that nothing
// was written, and the command that replays the tournament. `config` and
// `overrides` are the run's own.
void print_invariant_violation(std::ostream& err, const InvariantViolation& violation, const Experiment& experiment,
                               const std::string& config, const std::vector<std::string>& overrides);

struct ReplayTournamentRequest {
  std::int64_t tournament = 0;
  std::optional<int> cell;   // none: tournament `tournament` of every cell
  std::string hand_history;  // folder; empty: results/<name>-replay-<tournament>
  bool force = false;        // replace an existing folder
};

// `run --replay-tournament`: plays the tournament of each chosen cell with
// every invariant checked, writes its hand histories (into a temporary
// folder renamed when done) and prints how it ended. Throws
// CLI::RuntimeError(kExitBadInput) for a bad cell or folder and
// CLI::RuntimeError(kExitInvariantViolation) after printing a violation
// (the hands up to it are written).
void replay_tournament_command(const Experiment& experiment, const ReplayTournamentRequest& request);

}  // namespace sngsim
