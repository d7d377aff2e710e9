#include "sim/stats/collector_registry.h"

namespace sngsim {

// Each entry function, declared from the list.
#define SNGSIM_COLLECTOR(entry) CollectorInfo entry();
#include "sim/stats/collector_list.h"
#undef SNGSIM_COLLECTOR

const std::vector<CollectorInfo>& builtin_collectors() {
  static const std::vector<CollectorInfo> collectors = {
#define SNGSIM_COLLECTOR(entry) entry(),
#include "sim/stats/collector_list.h"
#undef SNGSIM_COLLECTOR
  };
  return collectors;
}

const CollectorInfo* find_collector(std::string_view name) {
  for (const CollectorInfo& info : builtin_collectors()) {
    if (info.name == name) return &info;
  }
  return nullptr;
}

}  // namespace sngsim
