#include "sim/run/play_unit.h"

#include <optional>
#include <span>
#include <vector>

#include "sim/check/invariant_observer.h"
#include "sim/config/duplicate.h"
#include "sim/formats/cash_session.h"
#include "sim/formats/league.h"
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

// A league's tournament: a sit-and-go of the schedule's entrants.
LeagueRecord league_table(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                          std::int64_t index, const PlayOptions& options, Hand& hand) {
  const LeagueSeating seating = league_seating(cell, index);
  const std::uint64_t key = deal_key(cell, seed, index);
  std::optional<TableInvariantObserver> checker;
  if (options.check_invariants) checker.emplace(cell.rules, CheckedTable{&cell, seed, index, {}});
  LeagueRecord record;
  record.table = play_table(cell, cell.rules, seating.entrant_of_seat, label_of_entrant, key, index, hand,
                            checker ? &*checker : nullptr);
  record.unit = seating.unit;
  record.block = seating.block;
  record.turn = seating.turn;
  return record;
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

UnitPlay::UnitPlay(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed, std::int64_t unit,
                   const PlayOptions& options, Hand& hand)
    : cell_(cell),
      label_of_entrant_(label_of_entrant),
      seed_(seed),
      unit_(unit),
      options_(options),
      hand_(hand),
      size_(cell.format == Format::kCash ? 1 : tournaments_per_unit(cell)) {}

UnitPlay::~UnitPlay() = default;

// One tournament (shoot-out, session) by index: member m of the unit is
// tournament unit * size + m (a cash unit is its one session). `run
// --check` checks every hand of every table; the first broken invariant
// throws InvariantViolation out of the unit. The checkers live as long as
// their tournament's play, so threads share nothing.
void UnitPlay::start_member() {
  const std::int64_t index = unit_ * size_ + member_;
  switch (cell_.format) {
    case Format::kSitAndGo: {
      HandObserver* observer = nullptr;
      if (options_.check_invariants) {
        table_checker_ = std::make_unique<TableInvariantObserver>(cell_.rules, CheckedTable{&cell_, seed_, index, {}});
        observer = table_checker_.get();
      }
      const std::uint64_t key = deal_key(cell_, seed_, index);
      table_ = std::make_unique<TablePlay>(cell_, cell_.rules, seat_entrants(cell_, key, index), label_of_entrant_, key,
                                           index, hand_, observer);
      break;
    }
    case Format::kShootout: {
      ShootoutObserverOf observer_of;
      if (options_.check_invariants) {
        shootout_checkers_ = std::make_unique<ShootoutInvariantObservers>(cell_, seed_, index);
        observer_of = shootout_checkers_->observer_of();
      }
      shootout_ = std::make_unique<ShootoutPlay>(cell_, label_of_entrant_, seed_, index, hand_, std::move(observer_of));
      break;
    }
    case Format::kLeague: {
      HandObserver* observer = nullptr;
      if (options_.check_invariants) {
        table_checker_ = std::make_unique<TableInvariantObserver>(cell_.rules, CheckedTable{&cell_, seed_, index, {}});
        observer = table_checker_.get();
      }
      const LeagueSeating seating = league_seating(cell_, index);
      league_records_.emplace_back();
      league_records_.back().unit = seating.unit;
      league_records_.back().block = seating.block;
      league_records_.back().turn = seating.turn;
      table_ = std::make_unique<TablePlay>(cell_, cell_.rules, seating.entrant_of_seat, label_of_entrant_,
                                           deal_key(cell_, seed_, index), index, hand_, observer);
      break;
    }
    case Format::kCash: {  // the experiment reader refuses seating: duplicate for cash
      CashHandObserver* observer = nullptr;
      if (options_.check_invariants) {
        cash_checker_ = std::make_unique<CashInvariantObserver>(cell_.cash.table,
                                                                CheckedTable{&cell_, seed_, index, "cash session"});
        observer = cash_checker_.get();
      }
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
      if (cell_.format == Format::kLeague) {
        league_records_.back().table = table_->finish();
      } else {
        tables_.push_back(table_->finish());
      }
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
  // (CellStats::add_group).
  if (cell_.format == Format::kLeague) {
    stats.add_group(std::span<const LeagueRecord>(league_records_));
  } else if (cash_record_) {
    stats.add(*cash_record_);
  } else if (size_ == 1 && !tables_.empty()) {
    stats.add(tables_.front());
  } else if (size_ == 1) {
    stats.add(shootouts_.front());
  } else if (!tables_.empty()) {
    stats.add_group(std::span<const TournamentRecord>(tables_));
  } else {
    stats.add_group(std::span<const ShootoutRecord>(shootouts_));
  }
}

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
    case Format::kLeague: {
      std::vector<LeagueRecord> group;
      group.reserve(static_cast<std::size_t>(size));
      for (std::int64_t member = 0; member < size; ++member) {
        group.push_back(league_table(cell, label_of_entrant, seed, unit * size + member, options, hand));
      }
      stats.add_group(std::span<const LeagueRecord>(group));
      break;
    }
  }
}

}  // namespace sngsim
