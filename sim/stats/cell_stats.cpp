#include "sim/stats/cell_stats.h"

#include "sim/stats/collector_registry.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "poker_math/icm.h"

namespace sngsim {

namespace {

std::invalid_argument bad_record(const TournamentRecord& record, const std::string& what) {
  return std::invalid_argument("tournament record " + std::to_string(record.index) + ": " + what);
}

template <typename T>
void add_elementwise(std::vector<T>& into, const std::vector<T>& from) {
  for (std::size_t i = 0; i < into.size(); ++i) into[i] += from[i];
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
  LabelTotals empty;
  empty.place_shares.assign(static_cast<std::size_t>(players_), 0);
  label_totals_.assign(labels_.size(), empty);
  head_to_head_.assign(labels_.size() * labels_.size(), HeadToHead{});
  hands_histogram_.assign(static_cast<std::size_t>(hand_cap_) + 1, 0);
  level_histogram_.assign(static_cast<std::size_t>(max_level_) + 1, 0);
  busts_at_hand_.assign(static_cast<std::size_t>(hand_cap_) + 1, 0);
  seat_entries_.assign(static_cast<std::size_t>(players_), 0);
  seat_win_shares_.assign(static_cast<std::size_t>(players_), 0);
  format_ = cell.format;
  icm_at_cap_ = cell.payouts.icm_at_cap;
  clocked_.assign(labels_.size(), 0);
  for (const Entrant& entrant : cell.entrants) {
    const auto label = std::find(labels_.begin(), labels_.end(), entrant.label) - labels_.begin();
    if (entrant.clocked && label < static_cast<std::ptrdiff_t>(labels_.size())) clocked_[static_cast<std::size_t>(label)] = 1;
  }
  if (format_ == Format::kShootout) shootout_.emplace(cell, label_count());
  if (format_ == Format::kCash) cash_.emplace(cell, label_count());
  if (format_ != Format::kCash) paired_.emplace(cell, labels_);
  if (cell.adjust_luck && format_ != Format::kCash) luck_.emplace(cell, label_count());
  collectors_ = CollectorSet(cell, labels_);
}

CollectorSet::CollectorSet(const Cell& cell, const std::vector<std::string>& labels) {
  for (const CollectorInfo& info : builtin_collectors()) {
    if (info.applies(cell)) collectors_.push_back(info.make(cell, labels));
  }
}

CollectorSet::CollectorSet(const CollectorSet& other) {
  for (const auto& collector : other.collectors_) collectors_.push_back(collector->clone());
}

CollectorSet& CollectorSet::operator=(const CollectorSet& other) {
  if (this != &other) *this = CollectorSet(other);
  return *this;
}

bool CollectorSet::operator==(const CollectorSet& other) const {
  return std::equal(collectors_.begin(), collectors_.end(), other.collectors_.begin(), other.collectors_.end(),
                    [](const auto& a, const auto& b) { return a->equals(*b); });
}

UnitWatchers CellStats::watch_unit() const {
  UnitWatchers watchers;
  bool any = false;
  for (const auto& collector : collectors_.all()) {
    watchers.push_back(collector->watch_unit());
    any = any || watchers.back() != nullptr;
  }
  if (!any) watchers.clear();
  return watchers;
}

void CellStats::add_to_collectors(const FinishedUnit& unit, const UnitWatchers& watched) {
  const auto& all = collectors_.all();
  for (const auto& collector : all) collector->check(unit);
  for (std::size_t c = 0; c < all.size(); ++c) all[c]->add(unit, c < watched.size() ? watched[c].get() : nullptr);
}

void CellStats::add(const ShootoutRecord& record) {
  if (!shootout_) throw std::invalid_argument("a shoot-out record added to a " + std::string(format_name(format_)) + " cell");
  shootout_->check(record);
  const std::vector<EntryOutcome> outcomes = outcomes_of(record);
  paired_->add_tournament(outcomes);  // checks before adding
  shootout_->add(record);
  if (luck_) luck_->add(record);
  ++tournaments_;
}

void CellStats::add(const CashSessionRecord& record) {
  if (!cash_) throw std::invalid_argument("a cash session record added to a " + std::string(format_name(format_)) + " cell");
  cash_->add(record);
  ++tournaments_;
}

void CellStats::check_record(const TournamentRecord& record) const {
  if (format_ != Format::kSitAndGo) {
    throw std::invalid_argument("a sit-and-go record added to a " + std::string(format_name(format_)) + " cell");
  }
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

void CellStats::add(const TournamentRecord& record) {
  // Validate the whole record before touching any total, so a rejected
  // record leaves the accumulator as it was.
  check_record(record);
  const int label_count = this->label_count();
  paired_->add_tournament(outcomes_of(record));  // checks before adding

  ++tournaments_;
  const auto hands = static_cast<std::size_t>(record.hands);
  ++hands_histogram_[hands];
  hands_sum_ += record.hands;
  hands_sq_sum_ += static_cast<UInt128>(hands * hands);
  capped_ += record.capped ? 1 : 0;
  ++level_histogram_[static_cast<std::size_t>(record.level_reached)];
  seats_total_ += record.seats;
  if (luck_) luck_->add(record);

  // V6 icm_at_cap: the survivors of a capped tournament share the places
  // 1..k they cover by the ICM value of their stacks.
  const bool keep_icm = keeps_icm();
  std::array<std::int64_t, kMaxPlayers> icm_units{};
  if (keep_icm && record.capped) {
    std::vector<double> stacks;
    std::vector<int> survivor_seats;
    for (int seat = 0; seat < record.seats; ++seat) {
      if (record.final_chips[static_cast<std::size_t>(seat)] > 0) {
        stacks.push_back(static_cast<double>(record.final_chips[static_cast<std::size_t>(seat)]));
        survivor_seats.push_back(seat);
      }
    }
    std::vector<double> percent;
    for (std::size_t place = 0; place < stacks.size(); ++place) percent.push_back(payout_percent_[place]);
    const std::vector<double> equity = icm_equity(stacks, percent);
    for (std::size_t i = 0; i < survivor_seats.size(); ++i) {
      icm_units[static_cast<std::size_t>(survivor_seats[i])] =
          std::llround(equity[i] * static_cast<double>(kShareUnit * kIcmScale));
    }
  }

  unsigned present = 0;  // bit per label that holds a seat
  for (int seat = 0; seat < record.seats; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    const Placement place = record.placement[s];
    present |= 1u << record.label[s];
    LabelTotals& totals = label_totals_[static_cast<std::size_t>(record.label[s])];
    ++totals.entries;

    // R22: each covered place gets an equal share of the seat, and the
    // prize is the average of the covered places' prizes.
    const std::int64_t share = kShareUnit / place.count;
    std::int64_t prize = 0;
    for (int p = place.first; p < place.first + place.count; ++p) {
      const auto i = static_cast<std::size_t>(p - 1);
      totals.place_shares[i] += share;
      if (payout_percent_[i] > 0) totals.itm_shares += share;
      prize += payout_percent_[i] * share;
    }
    totals.prize_units += prize;
    totals.prize_units_sq_sum += static_cast<UInt128>(prize) * static_cast<UInt128>(prize);
    const std::int64_t icm = record.capped && record.final_chips[s] > 0 ? icm_units[s] : prize * kIcmScale;
    if (keep_icm) {
      totals.icm_prize_units += icm;
      totals.icm_prize_units_sq_sum += static_cast<UInt128>(icm) * static_cast<UInt128>(icm);
    }
    const std::int64_t twice_mean = place.twice_mean();
    totals.twice_mean_place_sum += twice_mean;
    totals.twice_mean_place_sq_sum += static_cast<UInt128>(twice_mean * twice_mean);
    if (record.capped) {
      ++totals.capped_entries;
      totals.capped_twice_mean_place_sum += twice_mean;
      totals.capped_twice_mean_place_sq_sum += static_cast<UInt128>(twice_mean * twice_mean);
      if (keep_icm) totals.capped_icm_prize_units += icm;
    }

    if (record.capped && record.final_chips[s] > 0) {
      totals.chips_at_cap_sum += record.final_chips[s];
      ++totals.chips_at_cap_count;
    }
    totals.faults += record.faults[s];
    if (record.first_fault_hand[s] > 0) {
      fault_examples_.add(FaultExample{record.index, record.first_fault_hand[s], static_cast<int>(s),
                                       record.label[s], record.first_fault_reason[s]});
    }
    if (record.bust_hand[s] > 0) ++busts_at_hand_[static_cast<std::size_t>(record.bust_hand[s])];
    ++seat_entries_[s];
    if (place.first == 1) seat_win_shares_[s] += share;
  }

  for (int i = 0; i < record.seats; ++i) {
    const int a = record.label[static_cast<std::size_t>(i)];
    const int twice_mean_a = record.placement[static_cast<std::size_t>(i)].twice_mean();
    for (int j = 0; j < record.seats; ++j) {
      const int b = record.label[static_cast<std::size_t>(j)];
      if (a == b) continue;  // also skips i == j
      const int twice_mean_b = record.placement[static_cast<std::size_t>(j)].twice_mean();
      HeadToHead& h2h = head_to_head_[static_cast<std::size_t>(a * label_count + b)];
      if (twice_mean_a < twice_mean_b) {
        ++h2h.above;
      } else if (twice_mean_a > twice_mean_b) {
        ++h2h.below;
      } else {
        ++h2h.tied;
      }
    }
  }
  for (int a = 0; a < label_count; ++a) {
    if ((present & (1u << a)) == 0) continue;
    for (int b = 0; b < label_count; ++b) {
      if (b != a && (present & (1u << b)) != 0)
        ++head_to_head_[static_cast<std::size_t>(a * label_count + b)].tournaments;
    }
  }
}

std::vector<EntryOutcome> CellStats::outcomes_of(const TournamentRecord& record) const {
  std::vector<EntryOutcome> outcomes;
  outcomes.reserve(static_cast<std::size_t>(record.seats));  // one allocation per tournament, not four
  for (int seat = 0; seat < record.seats; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    outcomes.push_back(paired_->outcome(record.label[s], record.placement[s]));
  }
  return outcomes;
}

std::vector<EntryOutcome> CellStats::outcomes_of(const ShootoutRecord& record) const {
  std::vector<EntryOutcome> outcomes;
  outcomes.reserve(static_cast<std::size_t>(record.field));
  for (int f = 0; f < record.field; ++f) {
    const auto i = static_cast<std::size_t>(f);
    outcomes.push_back(paired_->outcome(record.label[i], record.placement[i]));
  }
  return outcomes;
}

void CellStats::add_group(std::span<const TournamentRecord> group) {
  // Validate the whole group before touching any total.
  check_group_size(group.size());
  std::vector<EntryOutcome> entries;
  for (const TournamentRecord& record : group) {
    check_record(record);
    const std::vector<EntryOutcome> outcomes = outcomes_of(record);
    paired_->check_tournament(outcomes);
    entries.insert(entries.end(), outcomes.begin(), outcomes.end());
  }
  paired_->add_group(entries);  // checks each label's entries before adding
  for (const TournamentRecord& record : group) add(record);
  if (luck_) luck_->add_group(group);
}

void CellStats::add_group(std::span<const ShootoutRecord> group) {
  if (!shootout_) throw std::invalid_argument("a shoot-out group added to a " + std::string(format_name(format_)) + " cell");
  check_group_size(group.size());
  std::vector<EntryOutcome> entries;
  for (const ShootoutRecord& record : group) {
    shootout_->check(record);
    const std::vector<EntryOutcome> outcomes = outcomes_of(record);
    paired_->check_tournament(outcomes);
    entries.insert(entries.end(), outcomes.begin(), outcomes.end());
  }
  paired_->add_group(entries);
  for (const ShootoutRecord& record : group) add(record);
  if (luck_) luck_->add_group(group);
}

void CellStats::check_group_size(std::size_t size) const {
  if (!paired_ || !paired_->duplicate() || static_cast<std::int64_t>(size) != paired_->group_size()) {
    throw std::invalid_argument("a group of " + std::to_string(size) + " tournaments added to a cell whose group is " +
                                std::to_string(paired_ ? paired_->group_size() : 0));
  }
}

void CellStats::check_same_shape(const CellStats& other) const {
  if (labels_ != other.labels_ || players_ != other.players_ || hand_cap_ != other.hand_cap_ ||
      max_level_ != other.max_level_ || payout_percent_ != other.payout_percent_ || format_ != other.format_ ||
      icm_at_cap_ != other.icm_at_cap_ || luck_.has_value() != other.luck_.has_value() || (paired_ && !paired_->same_shape(*other.paired_))) {
    throw std::invalid_argument("cannot merge statistics of different cells");
  }
}

void CellStats::merge(const CellStats& other) {
  check_same_shape(other);
  if (collectors_.all().size() != other.collectors_.all().size()) {
    throw std::invalid_argument("cannot merge statistics of different cells");
  }
  for (std::size_t c = 0; c < collectors_.all().size(); ++c) collectors_.all()[c]->merge(*other.collectors_.all()[c]);
  tournaments_ += other.tournaments_;
  fault_examples_.merge(other.fault_examples_);
  for (std::size_t l = 0; l < label_totals_.size(); ++l) {
    LabelTotals& into = label_totals_[l];
    const LabelTotals& from = other.label_totals_[l];
    into.entries += from.entries;
    add_elementwise(into.place_shares, from.place_shares);
    into.twice_mean_place_sum += from.twice_mean_place_sum;
    into.twice_mean_place_sq_sum += from.twice_mean_place_sq_sum;
    into.itm_shares += from.itm_shares;
    into.prize_units += from.prize_units;
    into.prize_units_sq_sum += from.prize_units_sq_sum;
    into.icm_prize_units += from.icm_prize_units;
    into.icm_prize_units_sq_sum += from.icm_prize_units_sq_sum;
    into.chips_at_cap_sum += from.chips_at_cap_sum;
    into.chips_at_cap_count += from.chips_at_cap_count;
    into.capped_entries += from.capped_entries;
    into.capped_twice_mean_place_sum += from.capped_twice_mean_place_sum;
    into.capped_twice_mean_place_sq_sum += from.capped_twice_mean_place_sq_sum;
    into.capped_icm_prize_units += from.capped_icm_prize_units;
    into.faults += from.faults;
  }
  for (std::size_t i = 0; i < head_to_head_.size(); ++i) {
    head_to_head_[i].above += other.head_to_head_[i].above;
    head_to_head_[i].below += other.head_to_head_[i].below;
    head_to_head_[i].tied += other.head_to_head_[i].tied;
    head_to_head_[i].tournaments += other.head_to_head_[i].tournaments;
  }
  add_elementwise(hands_histogram_, other.hands_histogram_);
  hands_sum_ += other.hands_sum_;
  hands_sq_sum_ += other.hands_sq_sum_;
  capped_ += other.capped_;
  add_elementwise(level_histogram_, other.level_histogram_);
  seats_total_ += other.seats_total_;
  add_elementwise(busts_at_hand_, other.busts_at_hand_);
  add_elementwise(seat_entries_, other.seat_entries_);
  add_elementwise(seat_win_shares_, other.seat_win_shares_);
  if (shootout_) shootout_->merge(*other.shootout_);
  if (cash_) cash_->merge(*other.cash_);
  if (paired_) paired_->merge(*other.paired_);
  if (luck_) luck_->merge(*other.luck_);
}

std::int64_t CellStats::players_left_after(int hand) const {
  std::int64_t left = seats_total_;
  const int last = std::min(hand, hand_cap_);
  for (int h = 1; h <= last; ++h) left -= busts_at_hand_[static_cast<std::size_t>(h)];
  return left;
}

}  // namespace sngsim
