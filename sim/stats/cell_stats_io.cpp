// CellStats to and from JSON: the cell's own keys ("tournaments", and
// "labels" as a check), then every collector's (Collector::save, load).
// tests/sim/run/test_run_state.cpp checks the round trip with operator==,
// which compares every collector.

#include <nlohmann/json.hpp>

#include "sim/stats/cell_stats.h"
#include "sim/stats/state_json.h"

namespace sngsim {

nlohmann::json CellStats::state() const {
  nlohmann::json out = nlohmann::json::object();
  out["tournaments"] = tournaments_;
  out["labels"] = labels_;  // a check, not state: the reader's cell gives them
  for (const auto& collector : collectors_) collector->save(out);
  return out;
}

void CellStats::restore(const nlohmann::json& in) {
  if (!in.is_object()) throw bad_state("expected an object");
  if (!in.contains("labels") || in["labels"] != nlohmann::json(labels_)) throw bad_state("the labels differ");
  CellStats restored = *this;
  if (!in.contains("tournaments")) throw bad_state("missing tournaments");
  state_json::read_value(in["tournaments"], restored.tournaments_);
  for (const auto& collector : restored.collectors_) collector->load(in);
  *this = std::move(restored);
}

}  // namespace sngsim
