#pragma once
// The summary.json cells of the formats other than sit-and-go (RULES V6
// shoot-outs, V7 cash tables); sim/summary dispatches to them. The keys are
// documented in sim/summary.h.

#include <cstddef>

#include <nlohmann/json.hpp>

#include "sim/cell_stats.h"
#include "sim/experiment.h"

namespace sngsim {

// Precondition: stats.shootout() is set.
nlohmann::json shootout_cell_json(const Cell& cell, const CellStats& stats, std::size_t index);

// Precondition: stats.cash() is set.
nlohmann::json cash_cell_json(const Cell& cell, const CellStats& stats, std::size_t index);

}  // namespace sngsim
