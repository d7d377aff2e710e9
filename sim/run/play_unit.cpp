#include "sim/run/play_unit.h"

#include <span>
#include <vector>

#include "sim/formats/cash_session.h"
#include "sim/config/duplicate.h"
#include "sim/check/invariant_observer.h"
#include "sim/formats/play_tournament.h"
#include "sim/formats/shootout.h"

namespace sngsim {

std::int64_t unit_count(const Experiment& experiment, const Cell& cell) {
  return experiment.tournaments / tournaments_per_unit(cell);
}

namespace {

// One tournament (shoot-out, session) by index. `run --check` checks every
// hand of every table; the first broken invariant throws InvariantViolation
// out of the unit. The checkers live on this stack frame, so threads share
// nothing.
TournamentRecord sit_and_go(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                            std::int64_t index, const PlayOptions& options, Hand& hand) {
  if (!options.check_invariants) return play_tournament(cell, label_of_entrant, seed, index, hand);
  TableInvariantObserver checker(cell.rules, CheckedTable{&cell, seed, index, {}});
  return play_tournament(cell, label_of_entrant, seed, index, hand, &checker);
}

ShootoutRecord shootout(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                        std::int64_t index, const PlayOptions& options, Hand& hand) {
  if (!options.check_invariants) return play_shootout(cell, label_of_entrant, seed, index, hand);
  ShootoutInvariantObservers checkers(cell, seed, index);
  return play_shootout(cell, label_of_entrant, seed, index, hand, checkers.observer_of());
}

CashSessionRecord cash_session(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                               std::int64_t index, const PlayOptions& options, Hand& hand) {
  if (!options.check_invariants) return play_cash_session(cell, label_of_entrant, seed, index, hand);
  CashInvariantObserver checker(cell.cash.table, CheckedTable{&cell, seed, index, "cash session"});
  return play_cash_session(cell, label_of_entrant, seed, index, hand, &checker);
}

// A unit of `size` tournaments: a duplicate group is added whole, so its
// tournaments are paired (CellStats::add_group).
template <typename Record, typename Play>
void add_unit(std::int64_t unit, std::int64_t size, CellStats& stats, Play&& play) {
  if (size == 1) {
    stats.add(play(unit));
    return;
  }
  std::vector<Record> group;
  group.reserve(static_cast<std::size_t>(size));
  for (std::int64_t member = 0; member < size; ++member) group.push_back(play(unit * size + member));
  stats.add_group(std::span<const Record>(group));
}

}  // namespace

std::int64_t tournaments_per_unit(const Cell& cell) { return duplicate_group_size(cell); }

void play_unit(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed, std::int64_t unit,
               const PlayOptions& options, Hand& hand, CellStats& stats) {
  const std::int64_t size = tournaments_per_unit(cell);
  switch (cell.format) {
    case Format::kSitAndGo:
      add_unit<TournamentRecord>(unit, size, stats, [&](std::int64_t index) {
        return sit_and_go(cell, label_of_entrant, seed, index, options, hand);
      });
      break;
    case Format::kShootout:
      add_unit<ShootoutRecord>(unit, size, stats, [&](std::int64_t index) {
        return shootout(cell, label_of_entrant, seed, index, options, hand);
      });
      break;
    case Format::kCash:  // the experiment reader refuses seating: duplicate for cash
      stats.add(cash_session(cell, label_of_entrant, seed, unit, options, hand));
      break;
  }
}

}  // namespace sngsim
