#pragma once
// One unit of a cell's work, the thing the runner counts, splits into
// batches, shards and checkpoints: a sit-and-go tournament (a league's
// too), a shoot-out or a cash session. A unit is a pure function of (seed,
// unit index), so any split of the units gives the same statistics.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "engine/hand.h"
#include "sim/formats/cash_session.h"
#include "sim/formats/shootout.h"
#include "sim/formats/tournament_record.h"
#include "sim/stats/cell_stats.h"
#include "sim/config/experiment.h"

namespace sngsim {

// How units are played, beyond what the experiment says.
struct PlayOptions {
  bool check_invariants = false;  // `run --check`
};

// Units of one cell. The experiment reader makes `tournaments` a multiple of
// tournaments_per_unit.
std::int64_t unit_count(const Experiment& experiment, const Cell& cell);

// Tournaments (shoot-outs, sessions) one unit of the cell plays: 1, or a
// duplicate cell's group size (sim/config/duplicate.h). Unit u plays tournaments
// u * size .. u * size + size - 1.
std::int64_t tournaments_per_unit(const Cell& cell);

class TablePlay;
class ShootoutPlay;
class CashSessionPlay;
class TableInvariantObserver;
class ShootoutInvariantObservers;
class CashInvariantObserver;

// A unit in play: play_unit's work as an object that can stop at a
// decision of an outside seat (a bot in another process) and go on once it
// is answered, so that a runner thread keeps many units in flight
// (sim/run/tables_in_flight.h, docs/design-tables-in-flight.md).
class UnitPlay {
 public:
  // As play_unit; everything passed must outlive the unit, and `hand` is
  // its alone until play() returns true. `watch` (CellStats::watch_unit of
  // the statistics the unit is added to) watches its tables.
  UnitPlay(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed, std::int64_t unit,
           const PlayOptions& options, Hand& hand, UnitWatch watch = {});
  ~UnitPlay();
  UnitPlay(const UnitPlay&) = delete;
  UnitPlay& operator=(const UnitPlay&) = delete;

  // Plays on until every tournament of the unit is over (true) or, when
  // `may_pause`, until an outside seat has been asked (false; call again
  // once bot_hosting/bot_pool.h's answer_waiting_decisions() has run).
  bool play(bool may_pause);
  // Adds the finished unit to `stats`, as play_unit does.
  void add_to(CellStats& stats) const;
  std::int64_t unit() const { return unit_; }

 private:
  void start_member();

  const Cell& cell_;
  const std::vector<int>& label_of_entrant_;
  std::uint64_t seed_;
  std::int64_t unit_;
  const PlayOptions& options_;
  Hand& hand_;
  std::int64_t size_;        // tournaments in the unit
  std::int64_t member_ = 0;  // the one in play
  // The member in play (one of the three) and its invariant checkers.
  std::unique_ptr<TablePlay> table_;
  std::unique_ptr<ShootoutPlay> shootout_;
  std::unique_ptr<CashSessionPlay> cash_;
  std::unique_ptr<TableInvariantObserver> table_checker_;
  std::unique_ptr<ShootoutInvariantObservers> shootout_checkers_;
  std::unique_ptr<CashInvariantObserver> cash_checker_;
  TableObserverList cash_observers_;  // the cash checker, then the watch
  UnitWatch watch_;
  // The members' records so far.
  std::vector<TournamentRecord> tables_;
  std::vector<ShootoutRecord> shootouts_;
  std::optional<CashSessionRecord> cash_record_;
};

// Plays unit `unit` of `cell` and adds it to `stats` (a duplicate group with
// CellStats::add_group). `label_of_entrant` is
// label_of_entrants(cell); `hand` is scratch space reused between units.
void play_unit(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed, std::int64_t unit,
               const PlayOptions& options, Hand& hand, CellStats& stats);

}  // namespace sngsim
