#include "sim/config/hosted_bots.h"

#include <atomic>

namespace sngsim {

namespace {
std::atomic<const HostedBots*> g_host{nullptr};
}  // namespace

const StrategyInfo& hosted_strategy_info() {
  static const StrategyInfo info{"python", "a Python bot in this process (the sngsim package)", {}, nullptr};
  return info;
}

void set_hosted_bots(const HostedBots* host) { g_host.store(host); }

const HostedBots* hosted_bots() { return g_host.load(); }

}  // namespace sngsim
