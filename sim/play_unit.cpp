#include "sim/play_unit.h"

#include "sim/cash_session.h"
#include "sim/play_tournament.h"
#include "sim/shootout.h"

namespace sngsim {

std::int64_t unit_count(const Experiment& experiment, const Cell& cell) {
  return experiment.tournaments / tournaments_per_unit(cell);
}

std::int64_t tournaments_per_unit(const Cell&) { return 1; }

void play_unit(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed, std::int64_t unit,
               const PlayOptions&, Hand& hand, CellStats& stats) {
  switch (cell.format) {
    case Format::kSitAndGo: stats.add(play_tournament(cell, label_of_entrant, seed, unit, hand)); break;
    case Format::kShootout: stats.add(play_shootout(cell, label_of_entrant, seed, unit, hand)); break;
    case Format::kCash: stats.add(play_cash_session(cell, label_of_entrant, seed, unit, hand)); break;
  }
}

}  // namespace sngsim
