#pragma once
// `strategy: process`: a bot in another process, in any language, spoken
// to by protocol 1 or 2 (docs/bot-protocol.md). The Strategy here is the
// adapter of one seat for one tournament: it turns observations into
// decide requests on the connection its thread (or seat) owns, asked at
// once (decide) or posted to be answered with other tables' (ask, answer)
// (bot_hosting/bot_pool.h), keeps the seat's clock (RULES V5) and turns
// every failure into a StrategyFault with its reason, so the runner checks
// or folds and counts it.
//
// The clock: a decide's time runs from the request written to its reply
// read. Time over per_action_us is drawn from the seat's bank for the
// tournament; when a reply has not come by per action + bank left, the
// decision is a timeout fault, the bank is spent, and the late reply is
// discarded when it comes.

#include <memory>
#include <optional>
#include <string>

#include "bot_hosting/process_bot_spec.h"
#include "strategies/strategy_info.h"

namespace sngsim {

// "process" in the registry's sense: no declared parameters (the entry's
// params go to the bot in hello), made by bind_process_bot, never by bind.
const StrategyInfo& process_strategy_info();

// The maker of an experiment entry's instances.
StrategyMaker bind_process_bot(std::shared_ptr<const ProcessBotSpec> spec);

// Why `program` cannot be run as a bot (missing, a directory, not
// executable), or empty when it can.
std::optional<std::string> program_problem(const std::string& program);

// The absolute path of a program named without a '/' (looked up in PATH),
// or empty when PATH has none.
std::string find_in_path(const std::string& name);

}  // namespace sngsim
