#include "sim/stats/fault_example_stats.h"

#include "sim/stats/collector_registry.h"
#include "sim/stats/state_json.h"

namespace sngsim {

void FaultExampleStats::add(const FinishedUnit& unit, const TableObserver* /*watched*/) {
  for (const TournamentRecord& record : unit.tournaments) {
    for (int seat = 0; seat < record.seats; ++seat) {
      const auto s = static_cast<std::size_t>(seat);
      if (record.first_fault_hand[s] > 0) {
        examples_.add(FaultExample{record.index, record.first_fault_hand[s], seat, record.label[s],
                                   record.first_fault_reason[s], record.first_fault_reply[s]});
      }
    }
  }
}

// [tournament, hand, seat, label, reason] each, and the reply when there
// is one; at most kFaultExamples.
void FaultExampleStats::save(nlohmann::json& cell_state) const {
  nlohmann::json examples = nlohmann::json::array();
  for (const FaultExample& e : examples_.list()) {
    examples.push_back({e.tournament, e.hand, e.seat, e.label, static_cast<int>(e.reason)});
    if (!e.reply.empty()) examples.back().push_back(e.reply);
  }
  cell_state["fault_examples"] = std::move(examples);
}

void FaultExampleStats::load(const nlohmann::json& in) {
  if (!in.contains("fault_examples") || !in["fault_examples"].is_array() ||
      in["fault_examples"].size() > kFaultExamples) {
    throw bad_state("missing or bad fault_examples");
  }
  FaultExamples restored;
  for (const nlohmann::json& e : in["fault_examples"]) {
    if (!e.is_array() || e.size() < 5 || e.size() > 6 || (e.size() == 6 && !e[5].is_string())) {
      throw bad_state("a fault example is not [tournament, hand, seat, label, reason(, reply)]");
    }
    for (std::size_t i = 0; i < 5; ++i) {
      if (!e[i].is_number_integer()) throw bad_state("a fault example holds a non-integer");
    }
    const int label = e[3].get<int>();
    const int reason = e[4].get<int>();
    if (label < 0 || label >= label_count_ || reason < 0 || reason >= kFaultReasonCount) {
      throw bad_state("a fault example's label or reason is out of range");
    }
    restored.list().push_back(FaultExample{e[0].get<std::int64_t>(), e[1].get<int>(), e[2].get<int>(), label,
                                           static_cast<FaultReason>(reason),
                                           e.size() == 6 ? e[5].get<std::string>() : std::string()});
  }
  examples_ = std::move(restored);
}

CollectorInfo fault_example_stats_info() {
  return {"fault_examples",
          "the first faults (V5) and where they happened, to replay them (sit-and-go)",
          {},
          false,
          [](const Cell&) { return true; },
          [](const Cell&, const std::vector<std::string>& labels) {
            return std::make_unique<FaultExampleStats>(static_cast<int>(labels.size()));
          }};
}

}  // namespace sngsim
