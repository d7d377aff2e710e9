#pragma once
// Why a decision failed (RULES V5), and the two ways a strategy says so.
//
// A fault never ends the run: the player checks when checking is free and
// folds otherwise, and the fault is counted per label and by reason
// (sim/formats/fault_counts.h). A strategy reports the reason by throwing
// StrategyFault from decide(); any other exception is kError and an action
// the engine refuses is kIllegal. A bot in another process reports its own
// bug with an "error" field in its reply, also kError
// (docs/bot-protocol.md).
//
// BotSetupFailure is the exception to that rule: a bot that cannot be
// started at all (its handshake fails, it crashes again and again without
// answering) is a broken setup, not a weak bot, and stops the run with the
// message (exit code 2 in `sngsim run`).

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>

namespace sngsim {

enum class FaultReason : std::uint8_t {
  kIllegal,        // the engine refused the action (a size outside the legal range, ...)
  kError,          // the strategy threw
  kCrash,          // a bot process died or closed its output
  kNotJson,        // a reply line that is not a JSON object
  kUnknownAction,  // a JSON reply that is not one of the protocol's actions
  kStrayReply,     // a reply that answers no request
  kTimeout,        // the time limit and the time bank were used up (V5)
  kReplyTooLong,   // a reply line longer than the protocol's limit (kMaxBotLineBytes)
  kBadAmount,      // a raise whose "to" is missing or not a whole number of chips
};

inline constexpr int kFaultReasonCount = 9;

// The names summary.json and state.json use, in FaultReason order.
inline constexpr std::array<const char*, kFaultReasonCount> kFaultReasonNames = {
    "illegal",     "error",   "crash",          "not_json",  "unknown_action",
    "stray_reply", "timeout", "reply_too_long", "bad_amount"};

constexpr const char* fault_reason_name(FaultReason reason) {
  return kFaultReasonNames[static_cast<std::size_t>(reason)];
}

class StrategyFault : public std::runtime_error {
 public:
  StrategyFault(FaultReason reason, const std::string& what) : std::runtime_error(what), reason_(reason) {}
  FaultReason reason() const { return reason_; }

 private:
  FaultReason reason_;
};

class BotSetupFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace sngsim
