#pragma once
// Decisions per second through one bot process (strategy: process,
// docs/bot-protocol.md): the whole path of a decision, request encoded,
// written, answered by the bot, read and decoded, on one preflop
// observation of a six-handed table, asked again and again. Wall time:
// the bot's share of the work is what is measured.

#include <string>
#include <vector>

#include "sim/bench/bench.h"

namespace sngsim {

// `command`: the bot's program (absolute) and arguments; `decisions` per run.
BenchResult bench_process_decisions(const std::string& name, const std::vector<std::string>& command, int runs,
                                    int decisions);

}  // namespace sngsim
