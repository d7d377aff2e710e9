#pragma once
// Evaluator benchmarks: hold'em 7-card hands in random order (consecutive
// hands share no table entries, as in a simulation), hold'em in enumeration
// order (neighbours differ by one card, so lookups mostly hit cache), and
// Omaha hands in random order.

#include <vector>

#include "sim/bench/bench.h"

namespace sngsim {

// Times each benchmark `runs` times and reports the medians (unit: "eval").
std::vector<BenchResult> bench_evaluator(int runs);

}  // namespace sngsim
