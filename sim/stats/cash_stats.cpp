#include "sim/stats/cash_stats.h"

#include <nlohmann/json.hpp>

#include "sim/stats/collector_registry.h"
#include "sim/stats/state_json.h"

#include "sim/luck/cash_runout_luck.h"

#include <stdexcept>
#include <string>

namespace sngsim {

CashStats::CashStats(const Cell& cell, int label_count)
    : seats_(cell.cash.table.players),
      hands_per_session_(cell.cash.hands),
      big_blind_(cell.cash.table.blinds.big_blind),
      labels_(static_cast<std::size_t>(label_count)),
      luck_(cell.adjust_luck ? static_cast<std::size_t>(3 * label_count) : 0) {
  if (seats_ < 2 || seats_ > kMaxPlayers || big_blind_ < 1 || hands_per_session_ < 1) {
    throw std::invalid_argument("cash cell needs 2.." + std::to_string(kMaxPlayers) +
                                " seats, a big blind and at least one hand");
  }
}

void CashStats::check(const CashSessionRecord& record) const {
  const auto bad = [&](const std::string& what) {
    return std::invalid_argument("cash session record " + std::to_string(record.index) + ": " + what);
  };
  if (record.seats != seats_) throw bad("has the wrong number of seats");
  if (record.hands != hands_per_session_) throw bad("has the wrong number of hands");
  if (record.big_blind != big_blind_) throw bad("has the wrong big blind");
  Int128 total = 0;
  for (int seat = 0; seat < seats_; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    if (record.label[s] < 0 || record.label[s] >= static_cast<int>(labels_.size()))
      throw bad("label index out of range");
    if (record.rebuys[s] < 0) throw bad("negative re-buys");
    if (record.hands_dealt[s] < 0 || record.hands_dealt[s] > record.hands)
      throw bad("dealt more hands than it counted");
    if (record.rake_paid[s] < 0) throw bad("negative rake");
    total += record.won[s] + record.rake_paid[s];
  }
  // Before the rake (V10), what one seat wins, the others lose.
  if (total != 0) throw bad("chips won and rake paid do not add up to zero");
}

void CashStats::add(const CashSessionRecord& record) {
  check(record);

  ++sessions_;
  for (int seat = 0; seat < seats_; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    CashLabelTotals& totals = labels_[static_cast<std::size_t>(record.label[s])];
    const Int128 won = record.won[s];
    ++totals.sessions;
    totals.hands += record.hands_dealt[s];  // bb/100 is per hand played (V8)
    totals.won_sum += won;
    totals.won_sq_sum += static_cast<UInt128>(won * won);
    totals.rebuys += record.rebuys[s];
    totals.faults += record.faults[s];
    const Int128 gross = won + record.rake_paid[s];
    totals.rake_sum += record.rake_paid[s];
    totals.gross_won_sum += gross;
    totals.gross_won_sq_sum += static_cast<UInt128>(gross * gross);
    if (!luck_.empty()) {
      const auto l = static_cast<std::size_t>(3 * record.label[s]);
      const Int128 raw = won * kChipLuckUnit;
      luck_[l].add(raw);
      luck_[l + 1].add(record.luck[s]);
      luck_[l + 2].add(raw - record.luck[s]);
    }
  }
}

void CashStats::merge(const CashStats& other) {
  if (seats_ != other.seats_ || hands_per_session_ != other.hands_per_session_ || big_blind_ != other.big_blind_ ||
      labels_.size() != other.labels_.size() || luck_.size() != other.luck_.size()) {
    throw std::invalid_argument("cannot merge statistics of different cash cells");
  }
  sessions_ += other.sessions_;
  for (std::size_t l = 0; l < labels_.size(); ++l) {
    CashLabelTotals& into = labels_[l];
    const CashLabelTotals& from = other.labels_[l];
    into.sessions += from.sessions;
    into.hands += from.hands;
    into.won_sum += from.won_sum;
    into.won_sq_sum += from.won_sq_sum;
    into.rebuys += from.rebuys;
    into.faults += from.faults;
    into.rake_sum += from.rake_sum;
    into.gross_won_sum += from.gross_won_sum;
    into.gross_won_sq_sum += from.gross_won_sq_sum;
  }
  for (std::size_t k = 0; k < luck_.size(); ++k) luck_[k].merge(other.luck_[k]);
}

void CashStats::check(const FinishedUnit& unit) const {
  if (unit.cash_session != nullptr) check(*unit.cash_session);
}

void CashStats::add(const FinishedUnit& unit, const TableObserver* /*watched*/) {
  if (unit.cash_session != nullptr) add(*unit.cash_session);
}

void CashStats::save(nlohmann::json& cell_state) const {
  nlohmann::json out = nlohmann::json::object();
  save_accumulators(*this, out);
  cell_state["cash"] = std::move(out);
}

void CashStats::load(const nlohmann::json& cell_state) {
  if (!cell_state.contains("cash")) throw bad_state("missing cash");
  load_accumulators(*this, cell_state["cash"], "cash ");
}

CollectorInfo cash_stats_info() {
  return {"cash",
          "per label: sessions, hands, chips won, re-buys, faults, rake and run-out luck (cash)",
          {},
          false,
          [](const Cell& cell) { return cell.format == Format::kCash; },
          [](const Cell& cell, const std::vector<std::string>& labels) {
            return std::make_unique<CashStats>(cell, static_cast<int>(labels.size()));
          }};
}

}  // namespace sngsim
