#include "sim/stats/shootout_stats.h"

#include <nlohmann/json.hpp>

#include "sim/stats/collector_registry.h"
#include "sim/stats/state_json.h"

#include <stdexcept>
#include <string>

namespace sngsim {

namespace {

std::invalid_argument bad_record(const ShootoutRecord& record, const std::string& what) {
  return std::invalid_argument("shoot-out record " + std::to_string(record.index) + ": " + what);
}

}  // namespace

ShootoutStats::ShootoutStats(const Cell& cell, int label_count)
    : tables_(cell.shootout.tables),
      table_seats_(cell.rules.players),
      final_table_(cell.shootout.final_table),
      hand_cap_(cell.rules.hand_cap) {
  if (tables_ < 2 || tables_ > kMaxShootoutTables || table_seats_ < 2 || table_seats_ > kMaxShootoutTableSeats) {
    throw std::invalid_argument("shoot-out cell needs 2.." + std::to_string(kMaxShootoutTables) + " tables of 2.." +
                                std::to_string(kMaxShootoutTableSeats) + " seats");
  }
  ShootoutLabelTotals empty;
  empty.placements.assign(static_cast<std::size_t>(field() * field()), 0);
  labels_.assign(static_cast<std::size_t>(label_count), empty);
}

void ShootoutStats::check(const ShootoutRecord& record) const {
  if (record.tables != tables_ || record.table_seats != table_seats_ || record.field != field()) {
    throw bad_record(record, "has the wrong number of tables or seats");
  }
  int wins = 0;
  for (int f = 0; f < record.field; ++f) {
    const auto i = static_cast<std::size_t>(f);
    const Placement place = record.placement[i];
    if (record.label[i] < 0 || record.label[i] >= static_cast<int>(labels_.size())) {
      throw bad_record(record, "label index out of range");
    }
    if (place.first < 1 || place.count < 1 || place.first + place.count - 1 > record.field) {
      throw bad_record(record, "seat " + std::to_string(f) + " has no valid placement");
    }
    wins += record.table_win[i] ? 1 : 0;
  }
  if (wins != tables_) throw bad_record(record, "needs exactly one winner per table");
  for (int t = 0; t < tables_; ++t) {
    const int hands = record.table_hands[static_cast<std::size_t>(t)];
    if (hands < 0 || hands > hand_cap_) throw bad_record(record, "table hands beyond the cap");
  }
  if (record.final_hands < 0 || record.final_hands > hand_cap_ || (!final_table_ && record.final_hands != 0)) {
    throw bad_record(record, "final table hands out of range");
  }
}

void ShootoutStats::add(const ShootoutRecord& record) {
  // Validate everything before touching a total.
  check(record);
  ++shootouts_;
  for (int f = 0; f < record.field; ++f) {
    const auto i = static_cast<std::size_t>(f);
    ShootoutLabelTotals& totals = labels_[static_cast<std::size_t>(record.label[i])];
    ++totals.entries;
    const Placement place = record.placement[i];
    ++totals.placements[static_cast<std::size_t>((place.count - 1) * field() + place.first - 1)];
    totals.table_wins += record.table_win[i] ? 1 : 0;
    totals.faults += record.faults[i];
  }
  for (int t = 0; t < tables_; ++t) {
    const std::int64_t hands = record.table_hands[static_cast<std::size_t>(t)];
    table_hands_sum_ += hands;
    table_hands_sq_sum_ += static_cast<UInt128>(hands * hands);
  }
  capped_tables_ += record.capped_tables;
  if (final_table_) {
    const std::int64_t hands = record.final_hands;
    final_hands_sum_ += hands;
    final_hands_sq_sum_ += static_cast<UInt128>(hands * hands);
    final_capped_ += record.final_capped ? 1 : 0;
  }
}

void ShootoutStats::merge(const ShootoutStats& other) {
  if (tables_ != other.tables_ || table_seats_ != other.table_seats_ || final_table_ != other.final_table_ ||
      hand_cap_ != other.hand_cap_ || labels_.size() != other.labels_.size()) {
    throw std::invalid_argument("cannot merge statistics of different shoot-out cells");
  }
  shootouts_ += other.shootouts_;
  for (std::size_t l = 0; l < labels_.size(); ++l) {
    ShootoutLabelTotals& into = labels_[l];
    const ShootoutLabelTotals& from = other.labels_[l];
    into.entries += from.entries;
    for (std::size_t i = 0; i < into.placements.size(); ++i) into.placements[i] += from.placements[i];
    into.table_wins += from.table_wins;
    into.faults += from.faults;
  }
  table_hands_sum_ += other.table_hands_sum_;
  table_hands_sq_sum_ += other.table_hands_sq_sum_;
  capped_tables_ += other.capped_tables_;
  final_hands_sum_ += other.final_hands_sum_;
  final_hands_sq_sum_ += other.final_hands_sq_sum_;
  final_capped_ += other.final_capped_;
}

void ShootoutStats::check(const FinishedUnit& unit) const {
  for (const ShootoutRecord& record : unit.shootouts) check(record);
}

void ShootoutStats::add(const FinishedUnit& unit, const TableObserver* /*watched*/) {
  for (const ShootoutRecord& record : unit.shootouts) add(record);
}

void ShootoutStats::save(nlohmann::json& cell_state) const {
  nlohmann::json out = nlohmann::json::object();
  save_accumulators(*this, out);
  cell_state["shootout"] = std::move(out);
}

void ShootoutStats::load(const nlohmann::json& cell_state) {
  if (!cell_state.contains("shootout")) throw bad_state("missing shootout");
  load_accumulators(*this, cell_state["shootout"], "shootout ");
}

CollectorInfo shootout_stats_info() {
  return {"shootout",
          "per label: overall placements, table wins and faults; hands per table and the cap (shoot-out)",
          {},
          false,
          [](const Cell& cell) { return cell.format == Format::kShootout; },
          [](const Cell& cell, const std::vector<std::string>& labels) {
            return std::make_unique<ShootoutStats>(cell, static_cast<int>(labels.size()));
          }};
}

}  // namespace sngsim
