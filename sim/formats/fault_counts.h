#pragma once
// V5 faults counted by reason (strategies/strategy_fault.h), with the time
// bank drawn and the sitting out they led to (V8, engine/sit_out.h): one per seat in a table's record, summed per label in the
// statistics. Integers only, so sums over threads, shards and MPI ranks are
// exact and order-independent like every other accumulator.

#include <array>
#include <cstdint>
#include <numeric>

#include "engine/sit_out.h"
#include "strategies/strategy_fault.h"

namespace sngsim {

struct FaultCounts {
  std::array<std::int64_t, kFaultReasonCount> by_reason{};  // FaultReason order
  std::int64_t bank_used_us = 0;                            // microseconds of time bank drawn (bots under a clock)
  SitOutCounts sit_out;                                     // V8: what the faults (and timeouts) led to

  void add(FaultReason reason) { ++by_reason[static_cast<std::size_t>(reason)]; }
  std::int64_t count(FaultReason reason) const { return by_reason[static_cast<std::size_t>(reason)]; }
  std::int64_t total() const { return std::accumulate(by_reason.begin(), by_reason.end(), std::int64_t{0}); }
  FaultCounts& operator+=(const FaultCounts& other) {
    for (std::size_t r = 0; r < by_reason.size(); ++r) by_reason[r] += other.by_reason[r];
    bank_used_us += other.bank_used_us;
    sit_out += other.sit_out;
    return *this;
  }
  bool operator==(const FaultCounts&) const = default;
};

}  // namespace sngsim
