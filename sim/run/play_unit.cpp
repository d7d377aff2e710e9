#include "sim/run/play_unit.h"

#include <optional>
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

// The collectors' observers of one unit (CellStats::watch_unit, table
// observers) behind the HandObserver and CashHandObserver the formats take,
// each call passed on to `next` afterwards. Null when nobody watches.
class WatchersAsObserver final : public HandObserver, public CashHandObserver {
 public:
  WatchersAsObserver(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                     std::int64_t index, UnitWatchers& watchers)
      : cell_(cell), label_of_entrant_(label_of_entrant), seed_(seed), index_(index), watchers_(watchers) {}
  void set_next(HandObserver* next) { next_ = next; }
  void set_next(CashHandObserver* next) { next_cash_ = next; }
  void set_table(int table) { table_ = table; }
  // The unit's member now in play (a duplicate group plays several).
  void set_index(std::int64_t index) {
    index_ = index;
    cash_seats_.clear();
  }

  void hand_finished(const Tournament& tournament, const Hand& hand, const std::vector<int>& entrant_of_seat) override {
    const TableView view = view_of(&tournament, nullptr, entrant_of_seat);
    for (const auto& watcher : watchers_) {
      if (watcher) watcher->hand_finished(view, hand);
    }
    if (next_ != nullptr) next_->hand_finished(tournament, hand, entrant_of_seat);
  }
  void hand_settled(const Tournament& tournament, const Hand& hand, const std::vector<int>& entrant_of_seat) override {
    const TableView view = view_of(&tournament, nullptr, entrant_of_seat);
    for (const auto& watcher : watchers_) {
      if (watcher) watcher->hand_settled(view, hand);
    }
    if (next_ != nullptr) next_->hand_settled(tournament, hand, entrant_of_seat);
  }
  void tournament_finished(const Tournament& tournament, const std::vector<int>& entrant_of_seat) override {
    const TableView view = view_of(&tournament, nullptr, entrant_of_seat);
    for (const auto& watcher : watchers_) {
      if (watcher) watcher->table_finished(view);
    }
    if (next_ != nullptr) next_->tournament_finished(tournament, entrant_of_seat);
  }
  // A cash session reports the hand once settled: the finished hand's
  // events are still the hand's.
  void hand_settled(const CashTable& table, const Hand& hand) override {
    if (cash_seats_.empty()) cash_seats_ = seat_entrants(cell_, deal_key(cell_, seed_, index_), index_);
    const TableView view = view_of(nullptr, &table, cash_seats_);
    for (const auto& watcher : watchers_) {
      if (watcher) {
        watcher->hand_finished(view, hand);
        watcher->hand_settled(view, hand);
      }
    }
    if (next_cash_ != nullptr) next_cash_->hand_settled(table, hand);
  }

 private:
  TableView view_of(const Tournament* tournament, const CashTable* cash, const std::vector<int>& entrant_of_seat) const {
    return TableView{tournament, cash, entrant_of_seat, label_of_entrant_, index_, table_};
  }

  const Cell& cell_;
  const std::vector<int>& label_of_entrant_;
  std::uint64_t seed_;
  std::int64_t index_;
  UnitWatchers& watchers_;
  HandObserver* next_ = nullptr;
  CashHandObserver* next_cash_ = nullptr;
  int table_ = 0;
  std::vector<int> cash_seats_;
};

// The straight path (no pausing), kept apart from UnitPlay so that a
// built-in lineup's unit allocates and copies nothing more than it did.
namespace {

// One tournament (shoot-out, session) by index. `run --check` checks every
// hand of every table; the first broken invariant throws InvariantViolation
// out of the unit. The checkers live on this stack frame, so threads share
// nothing.
TournamentRecord sit_and_go(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                            std::int64_t index, const PlayOptions& options, Hand& hand, UnitWatchers& watchers) {
  if (!options.check_invariants && watchers.empty()) return play_tournament(cell, label_of_entrant, seed, index, hand);
  std::optional<TableInvariantObserver> checker;
  HandObserver* observer = nullptr;
  if (options.check_invariants) observer = &checker.emplace(cell.rules, CheckedTable{&cell, seed, index, {}});
  WatchersAsObserver watching(cell, label_of_entrant, seed, index, watchers);
  if (!watchers.empty()) {
    watching.set_next(observer);
    observer = &watching;
  }
  return play_tournament(cell, label_of_entrant, seed, index, hand, observer);
}

ShootoutRecord shootout(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                        std::int64_t index, const PlayOptions& options, Hand& hand, UnitWatchers& watchers) {
  if (!options.check_invariants && watchers.empty()) return play_shootout(cell, label_of_entrant, seed, index, hand);
  std::optional<ShootoutInvariantObservers> checkers;
  ShootoutObserverOf checker_of;
  if (options.check_invariants) checker_of = checkers.emplace(cell, seed, index).observer_of();
  if (watchers.empty()) return play_shootout(cell, label_of_entrant, seed, index, hand, checker_of);
  WatchersAsObserver watching(cell, label_of_entrant, seed, index, watchers);
  return play_shootout(cell, label_of_entrant, seed, index, hand, [&](int table) -> HandObserver* {
    watching.set_table(table);
    watching.set_next(checker_of ? checker_of(table) : static_cast<HandObserver*>(nullptr));
    return &watching;
  });
}

CashSessionRecord cash_session(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                               std::int64_t index, const PlayOptions& options, Hand& hand, UnitWatchers& watchers) {
  if (!options.check_invariants && watchers.empty()) {
    return play_cash_session(cell, label_of_entrant, seed, index, hand);
  }
  std::optional<CashInvariantObserver> checker;
  CashHandObserver* observer = nullptr;
  if (options.check_invariants) {
    observer = &checker.emplace(cell.cash.table, CheckedTable{&cell, seed, index, "cash session"});
  }
  WatchersAsObserver watching(cell, label_of_entrant, seed, index, watchers);
  if (!watchers.empty()) {
    watching.set_next(observer);
    observer = &watching;
  }
  return play_cash_session(cell, label_of_entrant, seed, index, hand, observer);
}

FinishedUnit unit_of(std::span<const TournamentRecord> tables, bool group) { return {tables, {}, nullptr, group}; }
FinishedUnit unit_of(std::span<const ShootoutRecord> shootouts, bool group) { return {{}, shootouts, nullptr, group}; }

// A unit of `size` tournaments: a duplicate group is added whole, so its
// tournaments are paired (CellStats::add_group).
template <typename Record, typename Play>
void add_unit(std::int64_t unit, std::int64_t size, CellStats& stats, const UnitWatchers& watchers, Play&& play) {
  if (size == 1) {
    const Record record = play(unit);
    if (!watchers.empty()) stats.add_to_collectors(unit_of(std::span<const Record>(&record, 1), false), watchers);
    stats.add(record);
    return;
  }
  std::vector<Record> group;
  group.reserve(static_cast<std::size_t>(size));
  for (std::int64_t member = 0; member < size; ++member) group.push_back(play(unit * size + member));
  if (!watchers.empty()) stats.add_to_collectors(unit_of(std::span<const Record>(group), true), watchers);
  stats.add_group(std::span<const Record>(group));
}

}  // namespace

UnitPlay::UnitPlay(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed, std::int64_t unit,
                   const PlayOptions& options, Hand& hand, UnitWatchers watchers)
    : cell_(cell),
      label_of_entrant_(label_of_entrant),
      seed_(seed),
      unit_(unit),
      options_(options),
      hand_(hand),
      size_(cell.format == Format::kCash ? 1 : tournaments_per_unit(cell)),
      watchers_(std::move(watchers)) {
  if (!watchers_.empty()) {
    // One member plays at a time: the observer follows it (start_member).
    watching_ = std::make_unique<WatchersAsObserver>(cell, label_of_entrant, seed, unit, watchers_);
  }
}

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
      if (watching_) {
        watching_->set_index(index);
        watching_->set_next(observer);
        observer = watching_.get();
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
      if (watching_) {
        watching_->set_index(index);
        observer_of = [watching = watching_.get(), checker_of = std::move(observer_of)](int table) -> HandObserver* {
          watching->set_table(table);
          watching->set_next(checker_of ? checker_of(table) : static_cast<HandObserver*>(nullptr));
          return watching;
        };
      }
      shootout_ = std::make_unique<ShootoutPlay>(cell_, label_of_entrant_, seed_, index, hand_, std::move(observer_of));
      break;
    }
    case Format::kCash: {  // the experiment reader refuses seating: duplicate for cash
      CashHandObserver* observer = nullptr;
      if (options_.check_invariants) {
        cash_checker_ = std::make_unique<CashInvariantObserver>(cell_.cash.table,
                                                                CheckedTable{&cell_, seed_, index, "cash session"});
        observer = cash_checker_.get();
      }
      if (watching_) {
        watching_->set_index(index);
        watching_->set_next(observer);
        observer = watching_.get();
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
  // (CellStats::add_group); the collectors see it as one unit.
  if (!watchers_.empty()) {
    if (cash_record_) {
      stats.add_to_collectors(FinishedUnit{{}, {}, &*cash_record_, false}, watchers_);
    } else if (!tables_.empty()) {
      stats.add_to_collectors(unit_of(std::span<const TournamentRecord>(tables_), size_ > 1), watchers_);
    } else {
      stats.add_to_collectors(unit_of(std::span<const ShootoutRecord>(shootouts_), size_ > 1), watchers_);
    }
  }
  if (cash_record_) {
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
  UnitWatchers watchers = stats.watch_unit();
  switch (cell.format) {
    case Format::kSitAndGo:
      add_unit<TournamentRecord>(unit, size, stats, watchers, [&](std::int64_t index) {
        return sit_and_go(cell, label_of_entrant, seed, index, options, hand, watchers);
      });
      break;
    case Format::kShootout:
      add_unit<ShootoutRecord>(unit, size, stats, watchers, [&](std::int64_t index) {
        return shootout(cell, label_of_entrant, seed, index, options, hand, watchers);
      });
      break;
    case Format::kCash: {  // the experiment reader refuses seating: duplicate for cash
      const CashSessionRecord record = cash_session(cell, label_of_entrant, seed, unit, options, hand, watchers);
      if (!watchers.empty()) stats.add_to_collectors(FinishedUnit{{}, {}, &record, false}, watchers);
      stats.add(record);
      break;
    }
  }
}

}  // namespace sngsim
