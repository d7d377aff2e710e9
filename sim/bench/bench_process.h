#pragma once
// Decisions per second through one bot process (strategy: process,
// docs/bot-protocol.md): the whole path of a decision, request encoded,
// written, answered by the bot, read and decoded, on one preflop
// observation of a six-handed table, asked again and again. Wall time:
// the bot's share of the work is what is measured.

#include <string>
#include <utility>
#include <vector>

#include "sim/bench/bench.h"
#include "bot_hosting/process_bot_spec.h"

namespace sngsim {

// `command`: the bot's program (absolute) and arguments, `env` added to
// its environment; `decisions` per run. `batch` > 1 asks that many seats
// (of as many tables) at once, so a protocol-2 bot answers them in one
// decide_batch (docs/bot-protocol.md); 1 asks one decision at a time.
BenchResult bench_process_decisions(const std::string& name, const std::vector<std::string>& command,
                                    const std::vector<std::pair<std::string, std::string>>& env, int runs,
                                    int decisions, int batch = 1);
// The same for a bot as an experiment file describes it (its command,
// environment, workdir and params; `bench process --bot`). Returns the
// protocol the bot chose in `protocol` when given.
BenchResult bench_process_decisions(const std::string& name, const ProcessBotSpec& bot, int runs, int decisions,
                                    int batch = 1, int* protocol = nullptr);

// The floor under any bot in another process, measured in the same run as
// the bots: one byte written to a forked child through a pipe and one byte
// read back, `trips` times per run, wall time. A decision of a process bot
// makes the same kernel round trip (write, wake the bot, wait, wake
// sngsim) plus the work at both ends, so no bot can answer faster than
// this on the machine at hand.
BenchResult bench_pipe_round_trip(int runs, int trips);

}  // namespace sngsim
