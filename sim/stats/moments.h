#pragma once
// Count, sum and sum of squares of one quantity, exact in 128 bits: the
// accumulator of every mean and interval the statistics report.

#include <cstdint>

#include "sim/stats/intervals.h"

namespace sngsim {

struct Moments {
  std::int64_t count = 0;
  Int128 sum = 0;
  UInt128 sq_sum = 0;

  void add(Int128 value) {
    ++count;
    sum += value;
    const UInt128 magnitude = value < 0 ? static_cast<UInt128>(-value) : static_cast<UInt128>(value);
    sq_sum += magnitude * magnitude;
  }
  void merge(const Moments& other) {
    count += other.count;
    sum += other.sum;
    sq_sum += other.sq_sum;
  }
  bool operator==(const Moments&) const = default;

  // The members by name, for state files (sim/stats/state_json.h).
  template <typename Self, typename Field>
  static void for_each_field(Self& self, Field&& field) {
    field("count", self.count);
    field("sum", self.sum);
    field("sq_sum", self.sq_sum);
  }
};

}  // namespace sngsim
