#include "sim/config/duplicate.h"

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

bool meets_every_table_mate_once(const Cell& cell) {
  if (cell.seating != Seating::kDuplicate || cell.duplicate.all_permutations || cell.format != Format::kShootout) {
    return false;
  }
  const int order = cell.rules.players;
  return cell.shootout.tables == order && (order == 2 || order == 3 || order == 5);
}

int table_mates_round(const Cell& cell, std::int64_t index) {
  if (!meets_every_table_mate_once(cell)) return -1;
  return static_cast<int>(index % duplicate_group_size(cell) / cell.rules.players);
}

std::int64_t duplicate_group_size(const Cell& cell) {
  if (cell.seating != Seating::kDuplicate) return 1;
  const int field = cell.field_size();
  if (cell.duplicate.all_permutations) return factorial(field);
  if (meets_every_table_mate_once(cell)) {
    const int order = cell.rules.players;
    return static_cast<std::int64_t>(order) * (order + 1);  // p + 1 rounds of p seat turns
  }
  return field;
}

std::string duplicate_group_name(const Cell& cell) {
  const std::string seats = std::to_string(cell.field_size()) + " seats";
  if (cell.duplicate.all_permutations) return "every permutation of " + seats;
  if (meets_every_table_mate_once(cell)) {
    return std::to_string(cell.rules.players + 1) + " rounds of table-mates, each turned through every seat";
  }
  return "every rotation of " + seats;
}

std::int64_t deal_index(const Cell& cell, std::int64_t index) { return index / duplicate_group_size(cell); }

std::vector<int> duplicate_seating(const Cell& cell, const std::vector<int>& arrangement, std::int64_t index) {
  const int field = cell.field_size();
  if (cell.seating != Seating::kDuplicate || static_cast<int>(arrangement.size()) != field) {
    throw std::invalid_argument("duplicate_seating: not a duplicate cell, or an arrangement of another field");
  }
  const std::int64_t member = index % duplicate_group_size(cell);
  std::vector<int> entrant_of_seat(static_cast<std::size_t>(field));
  if (meets_every_table_mate_once(cell)) {
    // The field is the affine plane over Z_p: arrangement entry x * p + y is
    // the point (x, y). Round c < p seats the lines y = c x + b (slope c),
    // round p the lines x = b, line b at first-round table b. Within a round,
    // member r turns every table by r mod p seats: seat s of table b gets the
    // point with x = (s + turn) mod p on a sloped line, y = (s + turn) mod p
    // on x = b. Two points share exactly one line, so every two entrants
    // share a table in exactly one round.
    const int order = cell.rules.players;
    const auto round = static_cast<int>(member / order);
    const auto turn = static_cast<int>(member % order);
    for (int table = 0; table < order; ++table) {
      for (int seat = 0; seat < order; ++seat) {
        const int along = (seat + turn) % order;
        const int x = round < order ? along : table;
        const int y = round < order ? (round * x + table) % order : along;
        entrant_of_seat[static_cast<std::size_t>(table * order + seat)] =
            arrangement[static_cast<std::size_t>(x * order + y)];
      }
    }
    return entrant_of_seat;
  }
  if (!cell.duplicate.all_permutations) {
    // The whole field turns by `member` seats (in a shoot-out, across the
    // first-round tables too).
    for (int seat = 0; seat < field; ++seat) {
      entrant_of_seat[static_cast<std::size_t>(seat)] = arrangement[static_cast<std::size_t>((seat + member) % field)];
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
