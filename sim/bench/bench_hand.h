#pragma once
// Hand-engine benchmarks: six-handed hands played to showdown by always-call
// players (the engine's own cost), against the floor of what any engine must
// do per hand: shuffle, deal and evaluate six 7-card hands.

#include <vector>

#include "sim/bench/bench.h"

namespace sngsim {

std::vector<BenchResult> bench_hand(int runs);

}  // namespace sngsim
