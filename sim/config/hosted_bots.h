#pragma once
// Bots that a host program provides in this process: the Python package's
// `strategy: python` entries and the names its `sngsim.run(bots={...})`
// gives (python/sngsim). The experiment reader asks the host set here to
// bind such an entry; without a host (the sngsim binary) the entry is an
// error of the file that says where these bots run.
//
// A hosted bot decides outside the runner's code, like a bot in another
// process: its strategies answer through ask()/answer() and the runner
// keeps tables in flight for it (sim/run/tables_in_flight.h).

#include <string>

#include "strategies/registry.h"

namespace sngsim {

// One lineup entry of a hosted bot, as the file gives it.
struct HostedBotEntry {
  std::string strategy;     // "python", or a name the host provides
  std::string object;       // `object:` ("module:Class"), or the provided name itself
  std::string python_path;  // `python_path:`, resolved against the file's folder; empty when not given
  std::string label;
  std::string params_json;  // the entry's params as a JSON object
};

class HostedBots {
 public:
  virtual ~HostedBots() = default;
  // Whether `strategy` names a bot this host provides besides "python".
  virtual bool provides(const std::string& strategy) const = 0;
  // The maker of the entry's instances. Throws std::invalid_argument with
  // one line saying what is wrong (an object that cannot be imported ...).
  virtual StrategyMaker bind(const HostedBotEntry& entry) const = 0;
};

// "python" in the registry's sense: no declared parameters (the entry's
// params go to the bot as JSON), made by the host's bind, never by bind.
const StrategyInfo& hosted_strategy_info();

// The host of this process (null: none). The caller keeps it alive while
// experiments load, and sets null again after.
void set_hosted_bots(const HostedBots* host);
const HostedBots* hosted_bots();

}  // namespace sngsim
