#include "sim/stats/cell_stats.h"

#include <algorithm>
#include <stdexcept>

#include "sim/config/duplicate.h"
#include "sim/stats/collector_registry.h"

namespace sngsim {

namespace {

std::invalid_argument bad_record(const TournamentRecord& record, const std::string& what) {
  return std::invalid_argument("tournament record " + std::to_string(record.index) + ": " + what);
}

template <typename Typed>
const Typed* typed(const std::vector<std::unique_ptr<Collector>>& collectors, std::string_view name) {
  for (const auto& collector : collectors) {
    if (collector->name() == name) return dynamic_cast<const Typed*>(collector.get());
  }
  return nullptr;
}

}  // namespace

CellStats::CellStats(const Cell& cell)
    : labels_(cell_labels(cell)),
      players_(cell.rules.players),
      hand_cap_(cell.rules.hand_cap),
      max_level_(cell.rules.schedule.level_of_hand(std::max(cell.rules.hand_cap, 1))),
      payout_percent_(static_cast<std::size_t>(std::max(cell.rules.players, 0)), 0) {
  if (players_ < 1 || players_ > kMaxPlayers) {
    throw std::invalid_argument("cell has " + std::to_string(players_) + " players; 1.." + std::to_string(kMaxPlayers) +
                                " supported");
  }
  if (hand_cap_ < 1) throw std::invalid_argument("cell hand cap must be at least 1");
  // Places beyond the table size cannot be reached; missing ones pay nothing.
  for (std::size_t place = 0; place < payout_percent_.size() && place < cell.payouts.percent.size(); ++place) {
    payout_percent_[place] = cell.payouts.percent[place];
  }
  format_ = cell.format;
  icm_at_cap_ = cell.payouts.icm_at_cap;
  group_size_ = cell.format == Format::kCash ? 1 : duplicate_group_size(cell);
  clocked_.assign(labels_.size(), 0);
  for (const Entrant& entrant : cell.entrants) {
    const auto label = std::find(labels_.begin(), labels_.end(), entrant.label) - labels_.begin();
    if (entrant.clocked && label < static_cast<std::ptrdiff_t>(labels_.size()))
      clocked_[static_cast<std::size_t>(label)] = 1;
  }
  for (const CollectorInfo& info : builtin_collectors()) {
    if (info.applies(cell)) collectors_.push_back(info.make(cell, labels_));
  }
  find_builtins();
}

CellStats::CellStats(const CellStats& other)
    : labels_(other.labels_),
      players_(other.players_),
      hand_cap_(other.hand_cap_),
      max_level_(other.max_level_),
      payout_percent_(other.payout_percent_),
      icm_at_cap_(other.icm_at_cap_),
      clocked_(other.clocked_),
      format_(other.format_),
      group_size_(other.group_size_),
      tournaments_(other.tournaments_) {
  collectors_.reserve(other.collectors_.size());
  for (const auto& collector : other.collectors_) collectors_.push_back(collector->clone());
  find_builtins();
}

CellStats& CellStats::operator=(const CellStats& other) {
  if (this != &other) *this = CellStats(other);
  return *this;
}

CellStats::~CellStats() = default;

void CellStats::find_builtins() {
  places_ = typed<PlaceStats>(collectors_, "places");
  head_to_head_ = typed<HeadToHeadStats>(collectors_, "head_to_head");
  length_ = typed<LengthStats>(collectors_, "length");
  seats_ = typed<SeatStats>(collectors_, "seats");
  fault_examples_ = typed<FaultExampleStats>(collectors_, "fault_examples");
  shootout_ = typed<ShootoutStats>(collectors_, "shootout");
  cash_ = typed<CashStats>(collectors_, "cash");
  paired_ = typed<PairedStats>(collectors_, "paired");
  luck_ = typed<LuckStats>(collectors_, "luck");
  // A league compares its entrants by rating, not label against label.
  if (!places_ || (!head_to_head_ && format_ != Format::kLeague) || !length_ || !seats_ || !fault_examples_) {
    throw std::logic_error("the collector registry lacks a statistic every cell holds");
  }
  watches_ = std::any_of(collectors_.begin(), collectors_.end(),
                         [](const auto& collector) { return collector->watch_unit() != nullptr; });
}

const Collector* CellStats::find(std::string_view name) const {
  for (const auto& collector : collectors_) {
    if (collector->name() == name) return collector.get();
  }
  return nullptr;
}

UnitWatch CellStats::watch_unit() const {
  UnitWatch watch;
  if (!watches_) return watch;
  watch.observers_.reserve(collectors_.size());
  for (const auto& collector : collectors_) {
    watch.observers_.push_back(collector->watch_unit());
    watch.list_.add(watch.observers_.back().get());
  }
  return watch;
}

void CellStats::check_record(const TournamentRecord& record) const {
  if (record.seats != players_) {
    throw bad_record(record, "has " + std::to_string(record.seats) + " seats, the cell " + std::to_string(players_));
  }
  if (record.hands < 0 || record.hands > hand_cap_) {
    throw bad_record(
        record, "played " + std::to_string(record.hands) + " hands, beyond the cap of " + std::to_string(hand_cap_));
  }
  if (record.level_reached < 1 || record.level_reached > max_level_) {
    throw bad_record(record, "level " + std::to_string(record.level_reached) + " out of range");
  }
  const int label_count = this->label_count();
  for (int seat = 0; seat < record.seats; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    const Placement place = record.placement[s];
    if (record.label[s] < 0 || record.label[s] >= label_count) throw bad_record(record, "label index out of range");
    if (place.first < 1 || place.count < 1 || place.first + place.count - 1 > record.seats) {
      throw bad_record(record, "seat " + std::to_string(seat) + " has no valid placement");
    }
    if (record.bust_hand[s] < 0 || record.bust_hand[s] > record.hands) {
      throw bad_record(record, "seat " + std::to_string(seat) + " busts outside the hands played");
    }
  }
}

void CellStats::check_group_size(std::size_t size) const {
  if (group_size_ <= 1 || static_cast<std::int64_t>(size) != group_size_) {
    throw std::invalid_argument("a group of " + std::to_string(size) + " tournaments added to a cell whose group is " +
                                std::to_string(format_ == Format::kCash ? 0 : group_size_));
  }
}

void CellStats::add_unit(const FinishedUnit& unit, const UnitWatch* watch) {
  // Validate the whole unit before touching any collector, so a rejected
  // unit leaves the statistics as they were.
  const char* kind = !unit.tournaments.empty() ? "sit-and-go" : !unit.shootouts.empty() ? "shoot-out" : "cash session";
  const Format unit_format = !unit.tournaments.empty() ? Format::kSitAndGo
                             : !unit.shootouts.empty() ? Format::kShootout
                                                       : Format::kCash;
  if (unit_format == Format::kCash && unit.cash_session == nullptr) throw std::invalid_argument("an empty unit");
  // A league's tables are sit-and-go records (sim/formats/league.h).
  const Format cell_records = format_ == Format::kLeague ? Format::kSitAndGo : format_;
  if (unit_format != cell_records) {
    throw std::invalid_argument(std::string("a ") + kind + (unit.is_group ? " group" : " record") + " added to a " +
                                std::string(format_name(format_)) + " cell");
  }
  const std::size_t size = unit.tournaments.size() + unit.shootouts.size() + (unit.cash_session ? 1 : 0);
  if (unit.is_group) check_group_size(size);
  for (const TournamentRecord& record : unit.tournaments) check_record(record);
  for (const auto& collector : collectors_) collector->check(unit);

  tournaments_ += static_cast<std::int64_t>(size);
  for (std::size_t c = 0; c < collectors_.size(); ++c) {
    collectors_[c]->add(unit, watch != nullptr ? watch->of(c) : nullptr);
  }
}

void CellStats::add(const TournamentRecord& record) {
  add_unit(FinishedUnit{std::span<const TournamentRecord>(&record, 1), {}, nullptr, false});
}

void CellStats::add(const ShootoutRecord& record) {
  add_unit(FinishedUnit{{}, std::span<const ShootoutRecord>(&record, 1), nullptr, false});
}

void CellStats::add(const CashSessionRecord& record) { add_unit(FinishedUnit{{}, {}, &record, false}); }

void CellStats::add_group(std::span<const TournamentRecord> group) {
  if (group.empty()) check_group_size(0);
  add_unit(FinishedUnit{group, {}, nullptr, true});
}

void CellStats::add_group(std::span<const ShootoutRecord> group) {
  if (group.empty()) check_group_size(0);
  add_unit(FinishedUnit{{}, group, nullptr, true});
}

void CellStats::check_same_shape(const CellStats& other) const {
  bool same = labels_ == other.labels_ && players_ == other.players_ && hand_cap_ == other.hand_cap_ &&
              max_level_ == other.max_level_ && payout_percent_ == other.payout_percent_ && format_ == other.format_ &&
              icm_at_cap_ == other.icm_at_cap_ && collectors_.size() == other.collectors_.size();
  for (std::size_t c = 0; same && c < collectors_.size(); ++c)
    same = collectors_[c]->name() == other.collectors_[c]->name();
  if (!same) throw std::invalid_argument("cannot merge statistics of different cells");
}

void CellStats::merge(const CellStats& other) {
  check_same_shape(other);
  tournaments_ += other.tournaments_;
  for (std::size_t c = 0; c < collectors_.size(); ++c) collectors_[c]->merge(*other.collectors_[c]);
}

bool CellStats::operator==(const CellStats& other) const {
  if (labels_ != other.labels_ || players_ != other.players_ || hand_cap_ != other.hand_cap_ ||
      max_level_ != other.max_level_ || payout_percent_ != other.payout_percent_ || icm_at_cap_ != other.icm_at_cap_ ||
      clocked_ != other.clocked_ || format_ != other.format_ || group_size_ != other.group_size_ ||
      tournaments_ != other.tournaments_ || collectors_.size() != other.collectors_.size()) {
    return false;
  }
  for (std::size_t c = 0; c < collectors_.size(); ++c) {
    if (!collectors_[c]->equals(*other.collectors_[c])) return false;
  }
  return true;
}

}  // namespace sngsim
