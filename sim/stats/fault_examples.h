#pragma once
// The first V5 faults of a cell with where they happened, so one can be
// looked at again (`sngsim run CONFIG --replay-tournament I --cell C` plays
// tournament I with its hand histories). The list keeps the kFaultExamples
// smallest by (tournament, seat), each seat's first fault of a tournament,
// so any split of the tournaments over threads, shards or ranks merges to
// the same list.

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "strategies/strategy_fault.h"

namespace sngsim {

inline constexpr std::size_t kFaultExamples = 5;

struct FaultExample {
  std::int64_t tournament = 0;  // index in the cell
  int hand = 0;                 // 1-based hand of the tournament
  int seat = 0;                 // table seat
  int label = 0;                // index into the cell's labels
  FaultReason reason = FaultReason::kIllegal;
  // What the bot replied (a process bot's line or action, escaped and cut
  // to 200 bytes: bot_hosting/bot_protocol.h, escaped_reply); empty when
  // there was no reply (a crash, a timeout) or no bot to reply.
  std::string reply;
  bool operator==(const FaultExample&) const = default;
  bool comes_before(const FaultExample& other) const {
    return tournament != other.tournament ? tournament < other.tournament : seat < other.seat;
  }
};

class FaultExamples {
 public:
  void add(const FaultExample& example) {
    examples_.push_back(example);
    keep_first();
  }
  void merge(const FaultExamples& other) {
    examples_.insert(examples_.end(), other.examples_.begin(), other.examples_.end());
    keep_first();
  }
  const std::vector<FaultExample>& list() const { return examples_; }
  std::vector<FaultExample>& list() { return examples_; }  // restoring a saved state
  bool operator==(const FaultExamples&) const = default;

 private:
  void keep_first() {
    std::sort(examples_.begin(), examples_.end(),
              [](const FaultExample& a, const FaultExample& b) { return a.comes_before(b); });
    if (examples_.size() > kFaultExamples) examples_.resize(kFaultExamples);
  }
  std::vector<FaultExample> examples_;
};

}  // namespace sngsim
