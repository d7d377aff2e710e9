#pragma once
// The faults of a cell, where they happened (collector "fault_examples"):
// the first V5 faults by (tournament, seat), sim/stats/fault_examples.h.
// The fault counts themselves are summed per label with the places
// (LabelTotals::faults), the shoot-out's and cash tables' totals. Every
// cell holds it; sit-and-go tournaments add to it.

#include "sim/stats/collector.h"
#include "sim/stats/fault_examples.h"

namespace sngsim {

class FaultExampleStats final : public CollectorOf<FaultExampleStats> {
 public:
  explicit FaultExampleStats(int label_count) : label_count_(label_count) {}

  std::string_view name() const override { return "fault_examples"; }
  void add(const FinishedUnit& unit, const TableObserver* watched) override;
  void merge_same(const FaultExampleStats& other) { examples_.merge(other.examples_); }
  void save(nlohmann::json& cell_state) const override;
  void load(const nlohmann::json& cell_state) override;

  const FaultExamples& examples() const { return examples_; }
  bool operator==(const FaultExampleStats&) const = default;

 private:
  int label_count_ = 0;
  FaultExamples examples_;
};

}  // namespace sngsim
