// libFuzzer target: a bot's reply line from hostile bytes, the path every
// line a process bot writes takes (bot_hosting/bot_protocol.h).
//
// The contracts under test: hello_reply_problem never throws and gives a
// reason (at most a few hundred bytes of the line quoted) or none;
// decode_action returns an action or throws StrategyFault with one of the
// reasons a reply can earn (not_json, unknown_action, illegal) and a
// message of bounded size, whatever the line; a raise it returns carries
// the integer the reply named; read_actions_reply (protocol 2) gives one
// reply per decide of its batch, whatever the line. The first byte picks
// the legal actions, so check, call and raise are tried facing a bet and
// not, and the batch size (0 to 7). Any other
// exception, crash, hang or sanitizer report is a bug.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "bot_hosting/bot_protocol.h"
#include "strategies/strategy_fault.h"

namespace {

[[noreturn]] void contract_broken(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_bot_reply: %s: %s\n", what, detail.substr(0, 300).c_str());
  std::abort();
}

// The longest message a reply may produce: the reason and 200 bytes of
// the line (a unknown action's name is quoted whole, but it is a JSON
// string of the line, so no longer than the line).
constexpr std::size_t kMessageSlack = 400;

void check(std::string_view input) {
  sngsim::LegalActions legal;
  const std::uint8_t flags = input.empty() ? 0 : static_cast<std::uint8_t>(input[0]);
  legal.can_check = (flags & 1) != 0;
  legal.can_fold = !legal.can_check;
  legal.can_raise = (flags & 2) != 0;
  legal.call_amount = legal.can_check ? 0 : 20;
  legal.min_raise_to = 40;
  legal.max_raise_to = 1000;
  const std::string_view line = input.empty() ? input : input.substr(1);

  int protocol = 0;
  if (const auto problem = sngsim::hello_reply_problem(line, protocol)) {
    if (problem->empty()) contract_broken("a hello problem without a reason", std::string(line));
    if (problem->size() > line.size() + kMessageSlack) contract_broken("an unbounded hello problem", *problem);
  } else if (protocol != 1 && protocol != 2) {
    contract_broken("a hello accepted with a protocol sngsim does not speak", std::string(line));
  }
  // Protocol 2: a batch reply gives exactly one action per decide asked,
  // whatever the line holds (the count comes from the flags byte).
  const std::size_t batch = (flags >> 2) & 7;
  std::vector<sngsim::ActionReply> replies;
  sngsim::read_actions_reply(line, batch, replies);
  if (replies.size() != batch) contract_broken("a batch reply of another length than its batch", std::string(line));
  try {
    static_cast<void>(sngsim::decode_action(line, legal));
  } catch (const sngsim::StrategyFault& fault) {
    const sngsim::FaultReason reason = fault.reason();
    // bot_hosting/bot_protocol.h, decode_action: what a reply line can earn.
    if (reason != sngsim::FaultReason::kNotJson && reason != sngsim::FaultReason::kUnknownAction &&
        reason != sngsim::FaultReason::kBadAmount && reason != sngsim::FaultReason::kError &&
        reason != sngsim::FaultReason::kIllegal) {
      contract_broken("a reply fault with a reason a line cannot earn", fault.what());
    }
    if (std::string_view(fault.what()).empty()) contract_broken("a fault without a message", std::string(line));
    if (std::string_view(fault.what()).size() > line.size() + kMessageSlack) {
      contract_broken("an unbounded fault message", fault.what());
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    check(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const std::exception& error) {
    contract_broken("an exception escaped", error.what());
  } catch (...) {
    contract_broken("an exception escaped", "not even a std::exception");
  }
  return 0;
}
