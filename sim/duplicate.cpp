#include "sim/duplicate.h"

#include <algorithm>
#include <stdexcept>

namespace sngsim {

namespace {

std::int64_t factorial(int n) {
  std::int64_t result = 1;
  for (int i = 2; i <= n; ++i) result *= i;
  return result;
}

}  // namespace

std::int64_t duplicate_group_size(const Cell& cell) {
  if (cell.seating != Seating::kDuplicate) return 1;
  const int field = cell.field_size();
  return cell.duplicate.all_permutations ? factorial(field) : field;
}

std::int64_t deal_index(const Cell& cell, std::int64_t index) { return index / duplicate_group_size(cell); }

std::string whole_groups_problem(const Experiment& experiment) {
  for (std::size_t c = 0; c < experiment.cells.size(); ++c) {
    const std::int64_t group = duplicate_group_size(experiment.cells[c]);
    if (experiment.tournaments % group == 0) continue;
    const std::int64_t below = experiment.tournaments / group * group;
    return "tournaments " + std::to_string(experiment.tournaments) + " is not a multiple of " + std::to_string(group) +
           ", the tournaments of one duplicate group of cell " + std::to_string(c) + "; use " +
           (below > 0 ? std::to_string(below) + " or " : "") + std::to_string(below + group);
  }
  return {};
}

std::vector<int> duplicate_seating(const Cell& cell, const std::vector<int>& arrangement, std::int64_t index) {
  const int field = cell.field_size();
  if (cell.seating != Seating::kDuplicate || static_cast<int>(arrangement.size()) != field) {
    throw std::invalid_argument("duplicate_seating: not a duplicate cell, or an arrangement of another field");
  }
  const std::int64_t member = index % duplicate_group_size(cell);
  std::vector<int> entrant_of_seat(static_cast<std::size_t>(field));
  if (!cell.duplicate.all_permutations) {
    // The whole field turns by `member` seats (in a shoot-out, across the
    // first-round tables too).
    for (int seat = 0; seat < field; ++seat) {
      entrant_of_seat[static_cast<std::size_t>(seat)] =
          arrangement[static_cast<std::size_t>((seat + member) % field)];
    }
    return entrant_of_seat;
  }
  // The member-th permutation in lexicographic order: its digits in the
  // factorial number system pick, seat by seat, among the entrants left.
  std::vector<int> left(static_cast<std::size_t>(field));
  for (int e = 0; e < field; ++e) left[static_cast<std::size_t>(e)] = e;
  std::int64_t rest = member;
  for (int seat = 0; seat < field; ++seat) {
    const std::int64_t block = factorial(field - 1 - seat);
    const auto pick = static_cast<std::size_t>(rest / block);
    rest %= block;
    entrant_of_seat[static_cast<std::size_t>(seat)] = left[pick];
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  return entrant_of_seat;
}

}  // namespace sngsim
