#pragma once
// A statistic of a matrix cell, as one object: what it watches, what it
// adds up, how it merges, saves and restores, and what it reports. Every
// statistic of sngsim is a Collector; a cell's CellStats
// (sim/stats/cell_stats.h) holds those its format and options call for,
// made from the registry (sim/stats/collector_registry.h).
//
// Determinism. A collector's state is integer sums and counts, so add() and
// merge() are associative and commutative: any split of the units over
// threads, shards, MPI ranks or checkpoints, merged in any order, gives
// bit-identical state (equals() says so). Floating point appears only in
// summarize(), once every unit has been added.
//
// Life of a unit (sim/run/play_unit): before the unit plays, CellStats asks
// every collector for watch_unit(); the unit's tables report to the
// observers it returned (sim/observe/table_observer.h); when the unit is
// over, check() runs on every collector and then add() on every collector
// with its own observer back. A unit is added whole or not at all, so a
// checkpoint never holds half a unit.
//
// Adding a statistic: docs/developer.md, "Adding a statistic".

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/config/experiment.h"
#include "sim/formats/cash_session.h"
#include "sim/formats/shootout.h"
#include "sim/formats/tournament_record.h"
#include "sim/observe/table_observer.h"
#include "sim/stats/intervals.h"

namespace sngsim {

// One finished unit of a cell (sim/run/play_unit.h): exactly one of the
// three kinds of record is set, by the cell's format.
struct FinishedUnit {
  std::span<const TournamentRecord> tournaments;  // sit-and-go: one, or a duplicate group
  std::span<const ShootoutRecord> shootouts;      // shoot-out: one, or a duplicate group
  const CashSessionRecord* cash_session = nullptr;
  // A duplicate group (sim/config/duplicate.h), whose tournaments are also
  // compared as a whole (paired statistics).
  bool is_group = false;
};

// One value of a summarized statistic; monostate is null, an Interval is
// written [lo, hi] as summary.json's other *_ci95 are.
using StatValue = std::variant<std::monostate, std::int64_t, double, std::string, Interval>;

// What one field of a collector's result is: its key in summary.json, its
// JSON type ("integer", "number", "string", or "interval" for [lo, hi];
// null allowed when `nullable`),
// its unit and what it means. docs/output-format.md and
// docs/summary.schema.json describe every registered field, and the tests
// check that they do.
struct StatField {
  std::string name;
  std::string type;
  bool nullable = false;
  std::string unit;
  std::string meaning;
};

// A row of a collector's result: one label's values, in the order of the
// collector's fields.
struct StatRow {
  std::string label;
  std::vector<StatValue> values;
};

// A collector's summary of one cell: summary.json's cells[i].<name> is an
// array of objects, one per row, {"label": ..., field: value, ...}. The
// console prints the rows as a table under `title` when show_on_console
// (the collector decides when it matters), with `note` above it.
struct StatResult {
  std::vector<StatRow> rows;
  bool show_on_console = false;
  std::string title;
  std::string note;
  // Measurements of the machine rather than results of the seed (times):
  // summary.json keeps them under provenance.<name> instead, rows with
  // their "cell", so that results still compare without provenance.
  bool timing = false;
};

// What summarize() may know besides the collector's own state.
struct SummaryContext {
  const Cell& cell;
  const std::vector<std::string>& labels;  // the cell's distinct labels, lineup order
  std::int64_t units = 0;                  // units added (tournaments, shoot-outs, sessions)
  double wall_seconds = 0.0;               // of the whole run (0 when unknown)
};

class Collector {
 public:
  virtual ~Collector() = default;

  // The registry's name: the collector's key in summary.json and in state
  // files (save() writes under it, or under the keys it documents).
  virtual std::string_view name() const = 0;

  // A copy with the same state (CellStats is a value).
  virtual std::unique_ptr<Collector> clone() const = 0;
  // Same kind and same state, member for member.
  virtual bool equals(const Collector& other) const = 0;

  // A fresh observer for the tables of one unit, or null when the finished
  // records are all this collector needs (then watching costs nothing).
  // What it saw comes back to add() as `watched`.
  virtual std::unique_ptr<TableObserver> watch_unit() const { return nullptr; }

  // Throws std::invalid_argument when the unit does not fit the cell, so
  // that CellStats checks every collector before any adds: a rejected unit
  // leaves every collector as it was.
  virtual void check(const FinishedUnit& /*unit*/) const {}
  // Adds a checked unit; `watched` is what watch_unit() returned for it
  // (null when it returned null, or when the unit was played unobserved).
  virtual void add(const FinishedUnit& unit, const TableObserver* watched) = 0;
  // Adds another collector of the same name built for the same cell; throws
  // std::invalid_argument when their shapes differ.
  virtual void merge(const Collector& other) = 0;

  // The state for checkpoints, shard results and MPI: writes its keys into
  // the cell's state object, 128-bit sums as decimal strings
  // (sim/stats/state_json.h), so the round trip is exact. load() reads them
  // back into a collector built from the same cell and throws
  // std::runtime_error on a document that does not fit.
  virtual void save(nlohmann::json& cell_state) const = 0;
  virtual void load(const nlohmann::json& cell_state) = 0;

  // The typed result for summary.json and the console, with the fields the
  // registry entry lists; nullopt when the collector reports through
  // sim/report's own code (the statistics sngsim had before collectors).
  virtual std::optional<StatResult> summarize(const SummaryContext& /*context*/) const { return std::nullopt; }
};

// The boilerplate of a collector that is a copyable value with operator==:
// clone, equals and merge's downcast. Derived defines merge_same(const Derived&).
template <typename Derived>
class CollectorOf : public Collector {
 public:
  std::unique_ptr<Collector> clone() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
  bool equals(const Collector& other) const override {
    const auto* same = dynamic_cast<const Derived*>(&other);
    return same != nullptr && *same == static_cast<const Derived&>(*this);
  }
  void merge(const Collector& other) override {
    const auto* same = dynamic_cast<const Derived*>(&other);
    if (same == nullptr) throw std::invalid_argument("cannot merge statistics of different collectors");
    static_cast<Derived&>(*this).merge_same(*same);
  }
  // So that Derived may default its operator== over its own members.
  bool operator==(const CollectorOf&) const { return true; }
};

}  // namespace sngsim
