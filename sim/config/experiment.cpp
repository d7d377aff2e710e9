#include "sim/config/experiment.h"

#include <algorithm>

namespace sngsim {

std::vector<std::string> cell_labels(const Cell& cell) {
  std::vector<std::string> labels;
  for (const Entrant& entrant : cell.entrants) {
    if (std::find(labels.begin(), labels.end(), entrant.label) == labels.end()) labels.push_back(entrant.label);
  }
  return labels;
}

int max_paid_place_sharers(const Cell& cell) {
  if (cell.format != Format::kShootout) return cell.rules.players;
  // Places 1..tables go to the table winners (at most `tables` of them
  // share one); first-round losers may share any of the places after.
  const int tables = cell.shootout.tables;
  int last_paid = tables;  // V6: table winners paid share places 1..tables
  if (cell.shootout.final_table) {
    last_paid = 0;
    for (std::size_t place = 0; place < cell.payouts.percent.size() && static_cast<int>(place) < cell.field_size();
         ++place) {
      if (cell.payouts.percent[place] > 0) last_paid = static_cast<int>(place) + 1;
    }
  }
  return last_paid <= tables ? tables : std::max(tables, cell.field_size() - tables);
}

}  // namespace sngsim
