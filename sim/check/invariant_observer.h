#pragma once
// Feeds the invariant checkers (sim/check/invariant_checker.h) from running
// tables and throws InvariantViolation at the first hand that breaks an
// invariant. This is the only code that reads engine state for the checks,
// and it only copies what the table shows: positions, stacks, places and
// what the hand itself dealt and posted (its HandSetup), so a table that
// disagrees with its own hand is caught too.
//
// One observer per table and per tournament; nothing is shared, so threads
// each use their own.

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/cash_table.h"
#include "engine/hand.h"
#include "engine/tournament.h"
#include "sim/formats/cash_session.h"
#include "sim/config/experiment.h"
#include "sim/check/invariant_checker.h"
#include "sim/formats/play_tournament.h"
#include "sim/formats/shootout.h"

namespace sngsim {

// Which table of the run a checker watches, for the violation's message.
struct CheckedTable {
  const Cell* cell = nullptr;
  std::uint64_t seed = 0;
  std::int64_t tournament = 0;
  std::string table;  // as InvariantViolation::table(): empty for a sit-and-go
};

// What a tournament table and its settled hand show the checker.
TableHandObservation observe_settled_hand(const Tournament& tournament, const Hand& hand);

// Checks every hand of one tournament table. `next`, when given, sees
// every call first (the hand-history writer of a replay), so the hand that
// breaks an invariant is already in its history.
class TableInvariantObserver final : public TableObserver {
 public:
  TableInvariantObserver(const TournamentRules& rules, CheckedTable where, TableObserver* next = nullptr);

  void decision_made(const TableView& table, const Hand& hand, int seat, std::int64_t nanoseconds) override;
  void hand_finished(const TableView& table, const Hand& hand) override;
  void hand_settled(const TableView& table, const Hand& hand) override;
  void table_finished(const TableView& table) override;

 private:
  InvariantChecker checker_;
  CheckedTable where_;
  TableObserver* next_;
};

// Checkers for every table of one shoot-out: first-round tables by the
// cell's rules, the final table by final_table_rules(). `next` as above.
class ShootoutInvariantObservers {
 public:
  ShootoutInvariantObservers(const Cell& cell, std::uint64_t seed, std::int64_t tournament,
                             const ShootoutObserverOf& next = {});
  // For play_shootout; valid while this object lives.
  ShootoutObserverOf observer_of();

 private:
  std::vector<std::unique_ptr<TableInvariantObserver>> tables_;
};

// Checks every hand of one cash session.
class CashInvariantObserver final : public TableObserver {
 public:
  CashInvariantObserver(const CashTableRules& rules, CheckedTable where);
  void hand_settled(const TableView& table, const Hand& hand) override;

 private:
  CashInvariantChecker checker_;
  CheckedTable where_;
};

}  // namespace sngsim
