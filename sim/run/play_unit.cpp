#include "sim/run/play_unit.h"

#include <span>
#include <vector>

#include "sim/check/invariant_observer.h"
#include "sim/config/duplicate.h"
#include "sim/formats/cash_session.h"
#include "sim/formats/play_tournament.h"
#include "sim/formats/shootout.h"
#include "sim/formats/table_play.h"

namespace sngsim {

std::int64_t unit_count(const Experiment& experiment, const Cell& cell) {
  return experiment.tournaments / tournaments_per_unit(cell);
}

std::int64_t tournaments_per_unit(const Cell& cell) { return duplicate_group_size(cell); }

// The straight path (no pausing), kept apart from UnitPlay so that a
// built-in lineup's unit allocates and copies nothing more than it did.
namespace {

FinishedUnit unit_of(std::span<const TournamentRecord> tables, bool group) { return {tables, {}, nullptr, group}; }
FinishedUnit unit_of(std::span<const ShootoutRecord> shootouts, bool group) { return {{}, shootouts, nullptr, group}; }

// One tournament (shoot-out, session) by index. `run --check` checks every
// hand of every table; the first broken invariant throws InvariantViolation
// out of the unit. The checkers live on this stack frame, so threads share
// nothing. `watcher` (the collectors' UnitWatch) sees every table, after
// the checker.
TournamentRecord sit_and_go(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                            std::int64_t index, const PlayOptions& options, Hand& hand, TableObserver* watcher) {
  if (!options.check_invariants) return play_tournament(cell, label_of_entrant, seed, index, hand, watcher);
  TableInvariantObserver checker(cell.rules, CheckedTable{&cell, seed, index, {}}, watcher);
  return play_tournament(cell, label_of_entrant, seed, index, hand, &checker);
}

ShootoutObserverOf every_table(TableObserver* watcher) {
  if (watcher == nullptr) return {};
  return [watcher](int) { return watcher; };
}

ShootoutRecord shootout(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                        std::int64_t index, const PlayOptions& options, Hand& hand, TableObserver* watcher) {
  if (!options.check_invariants) return play_shootout(cell, label_of_entrant, seed, index, hand, every_table(watcher));
  ShootoutInvariantObservers checkers(cell, seed, index, every_table(watcher));
  return play_shootout(cell, label_of_entrant, seed, index, hand, checkers.observer_of());
}

CashSessionRecord cash_session(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                               std::int64_t index, const PlayOptions& options, Hand& hand, TableObserver* watcher) {
  if (!options.check_invariants) return play_cash_session(cell, label_of_entrant, seed, index, hand, watcher);
  CashInvariantObserver checker(cell.cash.table, CheckedTable{&cell, seed, index, "cash session"});
  TableObserverList observers;
  observers.add(&checker);
  observers.add(watcher);
  return play_cash_session(cell, label_of_entrant, seed, index, hand, observers.as_observer());
}

// A unit of `size` tournaments: a duplicate group is added whole, so its
// tournaments are paired (FinishedUnit::is_group).
template <typename Record, typename Play>
void add_unit(std::int64_t unit, std::int64_t size, CellStats& stats, const UnitWatch& watch, Play&& play) {
  if (size == 1) {
    const Record record = play(unit);
    stats.add_unit(unit_of(std::span<const Record>(&record, 1), false), &watch);
    return;
  }
  std::vector<Record> group;
  group.reserve(static_cast<std::size_t>(size));
  for (std::int64_t member = 0; member < size; ++member) group.push_back(play(unit * size + member));
  stats.add_unit(unit_of(std::span<const Record>(group), true), &watch);
}

}  // namespace

UnitPlay::UnitPlay(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed, std::int64_t unit,
                   const PlayOptions& options, Hand& hand, UnitWatch watch)
    : cell_(cell),
      label_of_entrant_(label_of_entrant),
      seed_(seed),
      unit_(unit),
      options_(options),
      hand_(hand),
      size_(cell.format == Format::kCash ? 1 : tournaments_per_unit(cell)),
      watch_(std::move(watch)) {}

UnitPlay::~UnitPlay() = default;

// One tournament (shoot-out, session) by index: member m of the unit is
// tournament unit * size + m (a cash unit is its one session). `run
// --check` checks every hand of every table; the first broken invariant
// throws InvariantViolation out of the unit. The checkers live as long as
// their tournament's play, so threads share nothing.
void UnitPlay::start_member() {
  const std::int64_t index = unit_ * size_ + member_;
  switch (cell_.format) {
    case Format::kSitAndGo:
    case Format::kLeague: {  // a league's table is a sit-and-go its schedule seats (seat_entrants)
      TableObserver* observer = watch_.observer();
      if (options_.check_invariants) {
        table_checker_ =
            std::make_unique<TableInvariantObserver>(cell_.rules, CheckedTable{&cell_, seed_, index, {}}, observer);
        observer = table_checker_.get();
      }
      const std::uint64_t key = deal_key(cell_, seed_, index);
      table_ = std::make_unique<TablePlay>(cell_, cell_.rules, seat_entrants(cell_, key, index), label_of_entrant_, key,
                                           index, hand_, observer);
      break;
    }
    case Format::kShootout: {
      ShootoutObserverOf observer_of = every_table(watch_.observer());
      if (options_.check_invariants) {
        shootout_checkers_ = std::make_unique<ShootoutInvariantObservers>(cell_, seed_, index, observer_of);
        observer_of = shootout_checkers_->observer_of();
      }
      shootout_ = std::make_unique<ShootoutPlay>(cell_, label_of_entrant_, seed_, index, hand_, std::move(observer_of));
      break;
    }
    case Format::kCash: {  // the experiment reader refuses seating: duplicate for cash
      cash_observers_ = TableObserverList();
      if (options_.check_invariants) {
        cash_checker_ = std::make_unique<CashInvariantObserver>(cell_.cash.table,
                                                                CheckedTable{&cell_, seed_, index, "cash session"});
        cash_observers_.add(cash_checker_.get());
      }
      cash_observers_.add(watch_.observer());
      TableObserver* observer = cash_observers_.as_observer();
      cash_ = std::make_unique<CashSessionPlay>(cell_, label_of_entrant_, seed_, index, hand_, observer);
      break;
    }
  }
}

bool UnitPlay::play(bool may_pause) {
  while (member_ < size_) {
    if (!table_ && !shootout_ && !cash_) start_member();
    if (table_) {
      if (!table_->play(may_pause)) return false;
      tables_.push_back(table_->finish());
      table_.reset();
    } else if (shootout_) {
      if (!shootout_->play(may_pause)) return false;
      shootouts_.push_back(shootout_->finish());
      shootout_.reset();
    } else {
      if (!cash_->play(may_pause)) return false;
      cash_record_ = cash_->finish();
      cash_.reset();
    }
    table_checker_.reset();
    shootout_checkers_.reset();
    cash_checker_.reset();
    ++member_;
  }
  return true;
}

void UnitPlay::add_to(CellStats& stats) const {
  // A duplicate group is added whole, so its tournaments are paired
  // (FinishedUnit::is_group).
  if (cash_record_) {
    stats.add_unit(FinishedUnit{{}, {}, &*cash_record_, false}, &watch_);
  } else if (!tables_.empty()) {
    stats.add_unit(unit_of(std::span<const TournamentRecord>(tables_), size_ > 1), &watch_);
  } else {
    stats.add_unit(unit_of(std::span<const ShootoutRecord>(shootouts_), size_ > 1), &watch_);
  }
}

void play_unit(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed, std::int64_t unit,
               const PlayOptions& options, Hand& hand, CellStats& stats) {
  const std::int64_t size = tournaments_per_unit(cell);
  UnitWatch watch = stats.watch_unit();  // empty, and free, unless a collector watches tables
  TableObserver* watcher = watch.observer();
  switch (cell.format) {
    case Format::kSitAndGo:
    case Format::kLeague:  // a league's table is a sit-and-go its schedule seats (seat_entrants)
      add_unit<TournamentRecord>(unit, size, stats, watch, [&](std::int64_t index) {
        return sit_and_go(cell, label_of_entrant, seed, index, options, hand, watcher);
      });
      break;
    case Format::kShootout:
      add_unit<ShootoutRecord>(unit, size, stats, watch, [&](std::int64_t index) {
        return shootout(cell, label_of_entrant, seed, index, options, hand, watcher);
      });
      break;
    case Format::kCash: {  // the experiment reader refuses seating: duplicate for cash
      const CashSessionRecord record = cash_session(cell, label_of_entrant, seed, unit, options, hand, watcher);
      stats.add_unit(FinishedUnit{{}, {}, &record, false}, &watch);
      break;
    }
  }
}

}  // namespace sngsim
