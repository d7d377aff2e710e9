// CellStats, ShootoutStats, CashStats and PairedStats to and from JSON.
//
// Each accumulator struct lists its members once, in a `fields` function
// that both the writer and the reader walk, so the two directions cannot
// drift apart; tests/sim/run/test_run_state.cpp checks the round trip with
// operator==, which compares every member. Shapes (labels, seats, cap) are
// not stored: they come from the cell the reader was built from, and every
// vector must have the length that cell gives it.

#include <charconv>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/stats/cash_stats.h"
#include "sim/stats/cell_stats.h"
#include "sim/stats/luck_stats.h"
#include "sim/stats/shootout_stats.h"

namespace sngsim {

namespace {

using nlohmann::json;

std::runtime_error bad_state(const std::string& what) {
  return std::runtime_error("statistics state does not fit this experiment: " + what);
}

std::string to_decimal(UInt128 value, bool negative) {
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  } while (value != 0);
  return negative ? "-" + digits : digits;
}

UInt128 parse_magnitude(const std::string& text, std::size_t start) {
  if (start >= text.size()) throw bad_state("empty number");
  UInt128 value = 0;
  for (std::size_t i = start; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') throw bad_state("not a number: " + text);
    const UInt128 next = value * 10 + static_cast<unsigned>(text[i] - '0');
    if (next / 10 != value) throw bad_state("number out of range: " + text);
    value = next;
  }
  return value;
}

// Writer and reader of one value. Vectors are read into a vector that
// already has the cell's length.
template <typename Struct>
void write_struct(json& out, const Struct& value);
template <typename Struct>
void read_struct(const json& in, Struct& value);

template <typename T>
json write_value(const T& value) {
  if constexpr (std::is_same_v<T, Int128>) {
    return to_decimal(value < 0 ? static_cast<UInt128>(-(value + 1)) + 1 : static_cast<UInt128>(value), value < 0);
  } else if constexpr (std::is_same_v<T, UInt128>) {
    return to_decimal(value, false);
  } else if constexpr (std::is_integral_v<T>) {
    return value;
  } else {
    json out = json::object();
    write_struct(out, value);
    return out;
  }
}

template <typename T>
json write_value(const std::vector<T>& values) {
  json out = json::array();
  for (const T& value : values) out.push_back(write_value(value));
  return out;
}

template <typename T>
void read_value(const json& in, T& value) {
  if constexpr (std::is_same_v<T, Int128> || std::is_same_v<T, UInt128>) {
    if (!in.is_string()) throw bad_state("a 128-bit sum is not a string");
    const std::string text = in.get<std::string>();
    const bool negative = !text.empty() && text[0] == '-';
    const UInt128 magnitude = parse_magnitude(text, negative ? 1 : 0);
    if constexpr (std::is_same_v<T, UInt128>) {
      if (negative) throw bad_state("negative unsigned sum " + text);
      value = magnitude;
    } else {
      constexpr UInt128 kLimit = static_cast<UInt128>(1) << 127;
      if (magnitude > (negative ? kLimit : kLimit - 1)) throw bad_state("number out of range: " + text);
      value = negative ? static_cast<Int128>(-(magnitude - 1)) - 1 : static_cast<Int128>(magnitude);
    }
  } else if constexpr (std::is_integral_v<T>) {
    if (!in.is_number_integer()) throw bad_state("a count is not an integer");
    value = in.get<T>();
  } else {
    if (!in.is_object()) throw bad_state("expected an object");
    read_struct(in, value);
  }
}

template <typename T>
void read_value(const json& in, std::vector<T>& values) {
  if (!in.is_array() || in.size() != values.size()) {
    throw bad_state("a list has " + std::to_string(in.is_array() ? in.size() : 0) + " entries, the cell needs " +
                    std::to_string(values.size()));
  }
  for (std::size_t i = 0; i < values.size(); ++i) read_value(in[i], values[i]);
}

// The member lists. `field(name, member)` is called once per accumulated
// member; `Totals` is const for writing and mutable for reading.
template <typename Totals, typename Field>
void label_totals_fields(Totals& t, Field&& field) {
  field("entries", t.entries);
  field("place_shares", t.place_shares);
  field("twice_mean_place_sum", t.twice_mean_place_sum);
  field("twice_mean_place_sq_sum", t.twice_mean_place_sq_sum);
  field("itm_shares", t.itm_shares);
  field("prize_units", t.prize_units);
  field("prize_units_sq_sum", t.prize_units_sq_sum);
  field("icm_prize_units", t.icm_prize_units);
  field("icm_prize_units_sq_sum", t.icm_prize_units_sq_sum);
  field("chips_at_cap_sum", t.chips_at_cap_sum);
  field("chips_at_cap_count", t.chips_at_cap_count);
  field("capped_entries", t.capped_entries);
  field("capped_twice_mean_place_sum", t.capped_twice_mean_place_sum);
  field("capped_twice_mean_place_sq_sum", t.capped_twice_mean_place_sq_sum);
  field("capped_icm_prize_units", t.capped_icm_prize_units);
  field("faults", t.faults);
}

// By reason name, so a state file reads as summary.json does.
template <typename Counts, typename Field>
void fault_counts_fields(Counts& t, Field&& field) {
  for (std::size_t r = 0; r < t.by_reason.size(); ++r) field(kFaultReasonNames[r], t.by_reason[r]);
  field("bank_used_us", t.bank_used_us);
  field("sit_outs", t.sit_out.sit_outs);
  field("hands_missed", t.sit_out.hands_missed);
  field("returns", t.sit_out.returns);
  field("stand_ups", t.sit_out.stand_ups);
}

template <typename Totals, typename Field>
void head_to_head_fields(Totals& t, Field&& field) {
  field("above", t.above);
  field("below", t.below);
  field("tied", t.tied);
  field("tournaments", t.tournaments);
}

template <typename Totals, typename Field>
void shootout_label_fields(Totals& t, Field&& field) {
  field("entries", t.entries);
  field("placements", t.placements);
  field("table_wins", t.table_wins);
  field("faults", t.faults);
}

template <typename Totals, typename Field>
void cash_label_fields(Totals& t, Field&& field) {
  field("sessions", t.sessions);
  field("hands", t.hands);
  field("won_sum", t.won_sum);
  field("won_sq_sum", t.won_sq_sum);
  field("rebuys", t.rebuys);
  field("faults", t.faults);
  field("rake_sum", t.rake_sum);
  field("gross_won_sum", t.gross_won_sum);
  field("gross_won_sq_sum", t.gross_won_sq_sum);
}

template <typename Totals, typename Field>
void moments_fields(Totals& t, Field&& field) {
  field("count", t.count);
  field("sum", t.sum);
  field("sq_sum", t.sq_sum);
}

template <typename Struct, typename Field>
void struct_fields(Struct& value, Field&& field) {
  using Plain = std::remove_const_t<Struct>;
  if constexpr (std::is_same_v<Plain, LabelTotals>) {
    label_totals_fields(value, field);
  } else if constexpr (std::is_same_v<Plain, HeadToHead>) {
    head_to_head_fields(value, field);
  } else if constexpr (std::is_same_v<Plain, ShootoutLabelTotals>) {
    shootout_label_fields(value, field);
  } else if constexpr (std::is_same_v<Plain, Moments>) {
    moments_fields(value, field);
  } else if constexpr (std::is_same_v<Plain, FaultCounts>) {
    fault_counts_fields(value, field);
  } else {
    static_assert(std::is_same_v<Plain, CashLabelTotals>, "no field list for this type");
    cash_label_fields(value, field);
  }
}

template <typename Struct>
void write_struct(json& out, const Struct& value) {
  struct_fields(value, [&out](const char* name, const auto& member) { out[name] = write_value(member); });
}

template <typename Struct>
void read_struct(const json& in, Struct& value) {
  struct_fields(value, [&in](const char* name, auto& member) {
    if (!in.contains(name)) throw bad_state(std::string("missing ") + name);
    read_value(in[name], member);
  });
}

}  // namespace

json CellStats::state() const {
  json out = json::object();
  for_each_accumulator(*this, [&out](const char* name, const auto& member) { out[name] = write_value(member); });
  out["labels"] = labels_;  // a check, not state: the reader's cell gives them
  if (shootout_) out["shootout"] = shootout_->state();
  if (cash_) out["cash"] = cash_->state();
  if (paired_) out["paired"] = paired_->state();
  // [tournament, hand, seat, label, reason] each, at most kFaultExamples.
  json examples = json::array();
  for (const FaultExample& e : fault_examples_.list()) {
    examples.push_back({e.tournament, e.hand, e.seat, e.label, static_cast<int>(e.reason)});
  }
  out["fault_examples"] = std::move(examples);
  if (luck_) out["luck"] = luck_->state();
  for (const auto& collector : collectors_.all()) collector->save(out);
  return out;
}

void CellStats::restore(const json& in) {
  if (!in.is_object()) throw bad_state("expected an object");
  if (!in.contains("labels") || in["labels"] != json(labels_)) throw bad_state("the labels differ");
  CellStats restored = *this;
  for_each_accumulator(restored, [&in](const char* name, auto& member) {
    if (!in.contains(name)) throw bad_state(std::string("missing ") + name);
    read_value(in[name], member);
  });
  if (restored.shootout_) {
    if (!in.contains("shootout")) throw bad_state("missing shootout");
    restored.shootout_->restore(in["shootout"]);
  }
  if (restored.cash_) {
    if (!in.contains("cash")) throw bad_state("missing cash");
    restored.cash_->restore(in["cash"]);
  }
  if (restored.paired_) {
    if (!in.contains("paired")) throw bad_state("missing paired");
    restored.paired_->restore(in["paired"]);
  }
  if (!in.contains("fault_examples") || !in["fault_examples"].is_array() ||
      in["fault_examples"].size() > kFaultExamples) {
    throw bad_state("missing or bad fault_examples");
  }
  restored.fault_examples_ = FaultExamples{};
  for (const json& e : in["fault_examples"]) {
    if (!e.is_array() || e.size() != 5) throw bad_state("a fault example is not [tournament, hand, seat, label, reason]");
    for (const json& value : e) {
      if (!value.is_number_integer()) throw bad_state("a fault example holds a non-integer");
    }
    const int label = e[3].get<int>();
    const int reason = e[4].get<int>();
    if (label < 0 || label >= label_count() || reason < 0 || reason >= kFaultReasonCount) {
      throw bad_state("a fault example's label or reason is out of range");
    }
    restored.fault_examples_.list().push_back(FaultExample{e[0].get<std::int64_t>(), e[1].get<int>(), e[2].get<int>(),
                                                           label, static_cast<FaultReason>(reason)});
  }
  if (restored.luck_) {
    if (!in.contains("luck")) throw bad_state("missing luck");
    restored.luck_->restore(in["luck"]);
  }
  for (const auto& collector : restored.collectors_.all()) collector->load(in);
  *this = std::move(restored);
}

template <typename Self, typename Field>
void CellStats::for_each_accumulator(Self& self, Field&& field) {
  field("tournaments", self.tournaments_);
  field("label_totals", self.label_totals_);
  field("head_to_head", self.head_to_head_);
  field("hands_histogram", self.hands_histogram_);
  field("hands_sum", self.hands_sum_);
  field("hands_sq_sum", self.hands_sq_sum_);
  field("capped", self.capped_);
  field("level_histogram", self.level_histogram_);
  field("seats_total", self.seats_total_);
  field("busts_at_hand", self.busts_at_hand_);
  field("seat_entries", self.seat_entries_);
  field("seat_win_shares", self.seat_win_shares_);
}

json ShootoutStats::state() const {
  json out = json::object();
  for_each_accumulator(*this, [&out](const char* name, const auto& member) { out[name] = write_value(member); });
  return out;
}

void ShootoutStats::restore(const json& in) {
  if (!in.is_object()) throw bad_state("expected an object");
  ShootoutStats restored = *this;
  for_each_accumulator(restored, [&in](const char* name, auto& member) {
    if (!in.contains(name)) throw bad_state(std::string("missing shootout ") + name);
    read_value(in[name], member);
  });
  *this = std::move(restored);
}

template <typename Self, typename Field>
void ShootoutStats::for_each_accumulator(Self& self, Field&& field) {
  field("shootouts", self.shootouts_);
  field("labels", self.labels_);
  field("table_hands_sum", self.table_hands_sum_);
  field("table_hands_sq_sum", self.table_hands_sq_sum_);
  field("capped_tables", self.capped_tables_);
  field("final_hands_sum", self.final_hands_sum_);
  field("final_hands_sq_sum", self.final_hands_sq_sum_);
  field("final_capped", self.final_capped_);
}

json CashStats::state() const {
  json out = json::object();
  for_each_accumulator(*this, [&out](const char* name, const auto& member) { out[name] = write_value(member); });
  return out;
}

void CashStats::restore(const json& in) {
  if (!in.is_object()) throw bad_state("expected an object");
  CashStats restored = *this;
  for_each_accumulator(restored, [&in](const char* name, auto& member) {
    if (!in.contains(name)) throw bad_state(std::string("missing cash ") + name);
    read_value(in[name], member);
  });
  *this = std::move(restored);
}

template <typename Self, typename Field>
void CashStats::for_each_accumulator(Self& self, Field&& field) {
  field("sessions", self.sessions_);
  field("labels", self.labels_);
  // adjust_luck only, so that other cells' states keep their keys.
  if (!self.luck_.empty()) field("luck", self.luck_);
}

json PairedStats::state() const {
  json out = json::object();
  for_each_accumulator(*this, [&out](const char* name, const auto& member) { out[name] = write_value(member); });
  return out;
}

void PairedStats::restore(const json& in) {
  if (!in.is_object()) throw bad_state("expected an object");
  PairedStats restored = *this;
  for_each_accumulator(restored, [&in](const char* name, auto& member) {
    if (!in.contains(name)) throw bad_state(std::string("missing paired ") + name);
    read_value(in[name], member);
  });
  *this = std::move(restored);
}

template <typename Self, typename Field>
void PairedStats::for_each_accumulator(Self& self, Field&& field) {
  field("groups", self.groups_);
  field("label_moments", self.label_moments_);
  field("tournament_moments", self.tournament_moments_);
  field("group_moments", self.group_moments_);
}

json LuckStats::state() const {
  json out = json::object();
  for_each_accumulator(*this, [&out](const char* name, const auto& member) { out[name] = write_value(member); });
  return out;
}

void LuckStats::restore(const json& in) {
  if (!in.is_object()) throw bad_state("expected an object");
  LuckStats restored = *this;
  for_each_accumulator(restored, [&in](const char* name, auto& member) {
    if (!in.contains(name)) throw bad_state(std::string("missing luck ") + name);
    read_value(in[name], member);
  });
  *this = std::move(restored);
}

template <typename Self, typename Field>
void LuckStats::for_each_accumulator(Self& self, Field&& field) {
  field("raw", self.raw_);
  field("correction", self.correction_);
  field("adjusted", self.adjusted_);
  field("pair_raw", self.pair_raw_);
  field("pair_adjusted", self.pair_adjusted_);
  field("pair_correction", self.pair_correction_);
  field("group_raw", self.group_raw_);
  field("group_adjusted", self.group_adjusted_);
  field("group_correction", self.group_correction_);
}

}  // namespace sngsim
