#include "sim/check/invariant_violation.h"

namespace sngsim {

namespace {

std::string describe(std::int64_t tournament, std::uint64_t seed, const std::string& table, int hand,
                     const std::vector<InvariantFailure>& failures) {
  std::string text = "tournament " + std::to_string(tournament) + " (seed " + std::to_string(seed) + ")";
  if (!table.empty()) text += ", " + table;
  text += ", hand " + std::to_string(hand) + ":";
  for (const InvariantFailure& failure : failures) {
    text += std::string(" [") + invariant_kind_name(failure.kind) + "] " + failure.message + ";";
  }
  text.pop_back();
  return text;
}

}  // namespace

InvariantViolation::InvariantViolation(const Cell& cell, std::uint64_t seed, std::int64_t tournament, std::string table,
                                       int hand, std::vector<InvariantFailure> failures)
    : std::runtime_error(describe(tournament, seed, table, hand, failures)),
      cell_(&cell),
      cell_params_(cell.params),
      seed_(seed),
      tournament_(tournament),
      table_(std::move(table)),
      hand_(hand),
      failures_(std::move(failures)) {}

int cell_index_of(const Experiment& experiment, const InvariantViolation& violation) {
  // The runner plays the experiment's own cells, so the address is the
  // answer; the parameters (distinct in a matrix) are the fallback for a
  // caller that played a copy.
  for (std::size_t c = 0; c < experiment.cells.size(); ++c) {
    if (&experiment.cells[c] == violation.cell()) return static_cast<int>(c);
  }
  if (experiment.cells.size() == 1) return 0;
  for (std::size_t c = 0; c < experiment.cells.size(); ++c) {
    if (experiment.cells[c].params == violation.cell_params()) return static_cast<int>(c);
  }
  return -1;
}

}  // namespace sngsim
