#pragma once
// Statistics by name, as strategies/registry.h lists strategies: each
// entry says which cells it applies to and makes a fresh collector for one.
// A cell's CellStats holds a collector of every entry that applies, in
// registry order (the order of their state and of the console's tables).
//
// The list itself is sim/stats/collector_list.h: a new statistic is one
// source file that defines its entry function, one line there, and its
// entry in docs (docs/developer.md, "Adding a statistic").

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/stats/collector.h"

namespace sngsim {

struct CollectorInfo {
  std::string name;     // Collector::name(), summary.json's key
  std::string summary;  // one line: what it counts
  // The fields of its StatResult rows (empty when sim/report renders it).
  std::vector<StatField> fields;
  // Also write <name>.csv: a row per cell and result row (cell, label,
  // then the fields), beside summary.json.
  bool csv = false;
  // Whether a cell needs this collector (its format, options, entrants).
  std::function<bool(const Cell&)> applies;
  // A fresh collector for `cell`, whose distinct labels are `labels`
  // (cell_labels). Precondition: applies(cell).
  std::function<std::unique_ptr<Collector>(const Cell& cell, const std::vector<std::string>& labels)> make;
};

const std::vector<CollectorInfo>& builtin_collectors();
const CollectorInfo* find_collector(std::string_view name);

}  // namespace sngsim
