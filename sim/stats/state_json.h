#pragma once
// Accumulators to and from JSON, for checkpoints, shard results and MPI
// (Collector::save and load, sim/stats/collector.h).
//
// A struct lists its members once, in a static
// `for_each_field(self, field)` that both the writer and the reader walk,
// so the two directions cannot drift apart; the round trip is checked with
// operator==, which compares every member. 128-bit sums are decimal
// strings, so the round trip is exact. Shapes (labels, seats, cap) are not
// stored: they come from the cell the reader was built from, and every
// vector must already have the length that cell gives it.

#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/formats/fault_counts.h"
#include "sim/stats/intervals.h"

namespace sngsim {

// The error of a state that does not fit the experiment.
std::runtime_error bad_state(const std::string& what);

std::string int128_to_decimal(Int128 value);
std::string uint128_to_decimal(UInt128 value);
Int128 int128_from_decimal(const std::string& text);
UInt128 uint128_from_decimal(const std::string& text);

namespace state_json {

// FaultCounts by reason name, so a state file reads as summary.json does.
template <typename Counts, typename Field>
void fault_counts_fields(Counts& t, Field&& field) {
  for (std::size_t r = 0; r < t.by_reason.size(); ++r) field(kFaultReasonNames[r], t.by_reason[r]);
  field("bank_used_us", t.bank_used_us);
  field("sit_outs", t.sit_out.sit_outs);
  field("hands_missed", t.sit_out.hands_missed);
  field("returns", t.sit_out.returns);
  field("stand_ups", t.sit_out.stand_ups);
}

template <typename Struct, typename Field>
void struct_fields(Struct& value, Field&& field) {
  if constexpr (std::is_same_v<std::remove_const_t<Struct>, FaultCounts>) {
    fault_counts_fields(value, field);
  } else {
    std::remove_const_t<Struct>::for_each_field(value, field);
  }
}

template <typename T>
nlohmann::json write_value(const T& value);
template <typename T>
nlohmann::json write_value(const std::vector<T>& values);

template <typename T>
nlohmann::json write_value(const T& value) {
  if constexpr (std::is_same_v<T, Int128>) {
    return int128_to_decimal(value);
  } else if constexpr (std::is_same_v<T, UInt128>) {
    return uint128_to_decimal(value);
  } else if constexpr (std::is_integral_v<T>) {
    return value;
  } else {
    nlohmann::json out = nlohmann::json::object();
    struct_fields(value, [&out](const char* name, const auto& member) { out[name] = write_value(member); });
    return out;
  }
}

template <typename T>
nlohmann::json write_value(const std::vector<T>& values) {
  nlohmann::json out = nlohmann::json::array();
  for (const T& value : values) out.push_back(write_value(value));
  return out;
}

template <typename T>
void read_value(const nlohmann::json& in, T& value);
template <typename T>
void read_value(const nlohmann::json& in, std::vector<T>& values);

template <typename T>
void read_value(const nlohmann::json& in, T& value) {
  if constexpr (std::is_same_v<T, Int128> || std::is_same_v<T, UInt128>) {
    if (!in.is_string()) throw bad_state("a 128-bit sum is not a string");
    if constexpr (std::is_same_v<T, Int128>) {
      value = int128_from_decimal(in.get<std::string>());
    } else {
      value = uint128_from_decimal(in.get<std::string>());
    }
  } else if constexpr (std::is_integral_v<T>) {
    if (!in.is_number_integer()) throw bad_state("a count is not an integer");
    value = in.get<T>();
  } else {
    if (!in.is_object()) throw bad_state("expected an object");
    struct_fields(value, [&in](const char* name, auto& member) {
      if (!in.contains(name)) throw bad_state(std::string("missing ") + name);
      read_value(in[name], member);
    });
  }
}

template <typename T>
void read_value(const nlohmann::json& in, std::vector<T>& values) {
  if (!in.is_array() || in.size() != values.size()) {
    throw bad_state("a list has " + std::to_string(in.is_array() ? in.size() : 0) + " entries, the cell needs " +
                    std::to_string(values.size()));
  }
  for (std::size_t i = 0; i < values.size(); ++i) read_value(in[i], values[i]);
}

}  // namespace state_json

// Writes the members a class's for_each_accumulator lists into `out`.
template <typename Self>
void save_accumulators(const Self& self, nlohmann::json& out) {
  Self::for_each_accumulator(
      self, [&out](const char* name, const auto& member) { out[name] = state_json::write_value(member); });
}

// Reads them back from `in`; a missing key is "missing <prefix><name>".
template <typename Self>
void load_accumulators(Self& self, const nlohmann::json& in, const std::string& prefix) {
  if (!in.is_object()) throw bad_state("expected an object");
  Self::for_each_accumulator(self, [&in, &prefix](const char* name, auto& member) {
    if (!in.contains(name)) throw bad_state("missing " + prefix + name);
    state_json::read_value(in[name], member);
  });
}

}  // namespace sngsim
