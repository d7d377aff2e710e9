#pragma once
// How `run --check` stops a run: the exception play_unit throws at the
// first hand that breaks an invariant (sim/check/invariant_checker.h). The runner
// lets it through its parallel reduction; `sngsim run` prints it with the
// command that replays the tournament and exits with code 3, writing no
// results.
//
// play_unit sees a Cell, not its index, so the violation carries the cell
// itself (address and matrix parameters) and cell_index_of() finds it in the
// experiment.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/check/invariant_checker.h"

namespace sngsim {

class InvariantViolation : public std::runtime_error {
 public:
  // `table` names the table of a multi-table unit ("first-round table 2 of
  // 3", "final table", "cash session"); empty for a sit-and-go.
  InvariantViolation(const Cell& cell, std::uint64_t seed, std::int64_t tournament, std::string table, int hand,
                     std::vector<InvariantFailure> failures);

  const Cell* cell() const { return cell_; }
  const std::vector<std::pair<std::string, std::string>>& cell_params() const { return cell_params_; }
  std::uint64_t seed() const { return seed_; }
  std::int64_t tournament() const { return tournament_; }  // index within the cell (a shoot-out, a session)
  const std::string& table() const { return table_; }
  int hand() const { return hand_; }  // hand number at that table, 1-based
  const std::vector<InvariantFailure>& failures() const { return failures_; }

 private:
  const Cell* cell_;
  std::vector<std::pair<std::string, std::string>> cell_params_;
  std::uint64_t seed_;
  std::int64_t tournament_;
  std::string table_;
  int hand_;
  std::vector<InvariantFailure> failures_;
};

// The index of the violation's cell in `experiment`, or -1.
int cell_index_of(const Experiment& experiment, const InvariantViolation& violation);

}  // namespace sngsim
