#pragma once
// Protocol v1 between sngsim and a bot in another process
// (docs/bot-protocol.md): the requests as JSON lines and the replies read
// back. Pure functions of their arguments, with no I/O, so the wire format
// is tested apart from processes.
//
// Requests are written by hand into a reused buffer: a decide is a few
// hundred bytes of numbers, card strings and fixed words, and building it
// as a JSON object tree would cost more allocations than the whole engine
// makes in a tournament. Text that comes from the user (labels, params) is
// escaped by nlohmann-json. Replies are parsed by nlohmann-json.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/hand.h"
#include "engine/tournament.h"

namespace sngsim {

inline constexpr int kBotProtocolVersion = 1;

// What tournament_start says besides the rules.
struct TournamentStart {
  std::string_view tournament;  // the id every later request of the table repeats
  int seat = 0;
  std::uint64_t rng_seed = 0;
  const TournamentRules* rules = nullptr;  // null: only the id, seat and seed are sent
  std::span<const int> payout_percent;
};

// The clock as a decide reports it: what is left, in milliseconds.
struct DecisionTime {
  std::int64_t per_action_ms = 0;
  std::int64_t bank_ms = 0;
};

// Each encoder replaces `out` with one request line, '\n' included.
void encode_hello(std::string& out, std::string_view label, std::string_view params_json);
void encode_tournament_start(std::string& out, const TournamentStart& start);
void encode_decide(std::string& out, std::string_view tournament, int seat, int hand, const Observation& observation,
                   const DecisionTime& time);
// `stacks` and `seats` by hand-order index, after the hand.
void encode_hand_over(std::string& out, std::string_view tournament, int seat, int hand,
                      std::span<const Event> events, std::span<const Chips> stacks,
                      std::span<const std::int8_t> seats);
// `place` is unset for a table that ended without places (a cash session).
void encode_tournament_end(std::string& out, std::string_view tournament, int seat, Placement place,
                           double prize_percent);
void encode_bye(std::string& out);

// The hello reply: empty when it is {"type": "hello", "protocol": 1, ...},
// else why not (one line).
std::optional<std::string> hello_reply_problem(std::string_view line);

// The action a decide reply names. Throws StrategyFault: kNotJson for a
// line that is not a JSON object, kUnknownAction for an object that is not
// one of fold, check, call, raise (with an integer "to"), kIllegal for a
// check when checking is not free. A call when checking is free is a
// check; a raise's size is the engine's to judge.
Action decode_action(std::string_view line, const LegalActions& legal);

}  // namespace sngsim
