#pragma once
// Protocols 1 and 2 between sngsim and a bot in another process
// (docs/bot-protocol.md): the requests as JSON lines and the replies read
// back. Protocol 2 is protocol 1 plus decide_batch: many decides in one
// line, answered by one line of actions. Pure functions of their arguments, with no I/O, so the wire format
// is tested apart from processes.
//
// Requests are written by hand into a reused buffer: a decide is a few
// hundred bytes of numbers, card strings and fixed words, and building it
// as a JSON object tree would cost more allocations than the whole engine
// makes in a tournament. Text that comes from the user (labels, params) is
// escaped by nlohmann-json. Replies are parsed by nlohmann-json.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/hand.h"
#include "engine/tournament.h"

namespace sngsim {

// hello says "protocol": 1 (what every bot understands) and
// "max_protocol": 2; the bot's hello reply picks the version.
inline constexpr int kBotProtocolVersion = 1;
inline constexpr int kBotMaxProtocolVersion = 2;

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

// The fields of a decide after its type, tournament and seat, which are
// always sent. A bot may name the ones it reads in its hello reply
// ("decide_fields": [...]) and is sent only those: less to write and to
// parse for a bot that looks at little (the kit's call_bot reads only
// "legal"). Without the key it gets them all.
enum class DecideField : std::uint8_t {
  kHand,
  kLevel,
  kStreet,
  kHole,
  kBoard,
  kButton,
  kPlayer,
  kSeats,
  kStacks,
  kBets,
  kCommitted,
  kFolded,
  kPot,
  kLegal,
  kHistory,
  kTime,
  kCount
};
using DecideFields = std::uint32_t;  // a bit per DecideField
inline constexpr DecideFields kAllDecideFields = (1u << static_cast<int>(DecideField::kCount)) - 1;
// The names, in DecideField order.
inline constexpr std::array<std::string_view, static_cast<std::size_t>(DecideField::kCount)> kDecideFieldNames = {
    "hand",   "level", "street",    "hole",   "board", "button", "player",  "seats",
    "stacks", "bets",  "committed", "folded", "pot",   "legal",  "history", "time"};

// The fields of a hand_over after its type, tournament and seat, named the
// same way ("hand_over_fields": [...] in the hello reply). A bot that names
// none is sent no hand_over at all: most bots never read one, and it is
// most of what a seat is sent (every public event of every hand).
enum class HandOverField : std::uint8_t { kHand, kSeats, kStacks, kHistory, kCount };
using HandOverFields = std::uint32_t;  // a bit per HandOverField
inline constexpr HandOverFields kAllHandOverFields = (1u << static_cast<int>(HandOverField::kCount)) - 1;
inline constexpr std::array<std::string_view, static_cast<std::size_t>(HandOverField::kCount)> kHandOverFieldNames = {
    "hand", "seats", "stacks", "history"};

// Each encoder replaces `out` with one request line, '\n' included.
void encode_hello(std::string& out, std::string_view label, std::string_view params_json);
void encode_tournament_start(std::string& out, const TournamentStart& start);
void encode_decide(std::string& out, std::string_view tournament, int seat, int hand, const Observation& observation,
                   const DecisionTime& time, DecideFields fields = kAllDecideFields);
// `stacks` and `seats` by hand-order index, after the hand.
void encode_hand_over(std::string& out, std::string_view tournament, int seat, int hand, std::span<const Event> events,
                      std::span<const Chips> stacks, std::span<const std::int8_t> seats,
                      HandOverFields fields = kAllHandOverFields);
// `place` is unset for a table that ended without places (a cash session).
void encode_tournament_end(std::string& out, std::string_view tournament, int seat, Placement place,
                           double prize_percent);
void encode_bye(std::string& out);

// Protocol 2: one decide_batch line of `decides` (decide lines as
// encode_decide writes them, '\n' included, concatenated), '\n' included.
void encode_decide_batch(std::string& out, std::string_view decides);

// The hello reply: empty when it is {"type": "hello", "protocol": P, ...}
// with P 1 or 2 (then `protocol` is P, `fields` the decide fields it
// names, all without "decide_fields", and `hand_over_fields` likewise
// from "hand_over_fields"; names this sngsim does not know are left out),
// else why not (one line).
std::optional<std::string> hello_reply_problem(std::string_view line, int& protocol, DecideFields* fields = nullptr,
                                               HandOverFields* hand_over_fields = nullptr);

// What one action object of a reply says, before the rules judge it.
struct ActionReply {
  enum class Kind : std::uint8_t { kFold, kCheck, kCall, kRaise, kNotJson, kUnknown, kBadAmount, kError };
  Kind kind = Kind::kNotJson;
  Chips to = 0;         // kRaise
  std::string problem;  // kNotJson, kUnknown, kBadAmount, kError: why
  // The reply's own text: the line (protocol 1), or its element of the
  // actions array (protocol 2). A view into the line read, valid as long
  // as it is (BotConnection keeps it until its next round of decides).
  std::string_view text;
};

// Protocol 1's reply line. An object with an "error" field is the bot's
// own report of a bug (kError), whatever else it says; "to" may be a
// decimal that is a whole number (40.0).
ActionReply read_action_reply(std::string_view line);
// Protocol 2's reply line {"type": "actions", "actions": [...]} for a batch
// of `count` decides: one ActionReply per decide in request order. A line
// that is not a JSON object makes every one kNotJson; an object without an
// "actions" array makes every one kUnknown; a missing action (too short an
// array) is kUnknown for its decide alone, and actions past `count` are
// ignored.
void read_actions_reply(std::string_view line, std::size_t count, std::vector<ActionReply>& out);

// A reply as a fault example and a message show it: its first
// kShownReplyBytes bytes, printable ASCII as it is, '\' as "\\" and every
// other byte (control bytes, a terminal's escapes, non-ASCII) as "\xNN",
// then "..." when the reply was longer.
inline constexpr std::size_t kShownReplyBytes = 200;
std::string escaped_reply(std::string_view reply);

// The Action a reply names, judged by `legal`: throws StrategyFault with
// kNotJson, kUnknownAction, kBadAmount, kError, or kIllegal for a check
// when checking is not free. A call when checking is free is a check; a raise's size is the
// engine's to judge.
Action judge_action(const ActionReply& reply, const LegalActions& legal);

// judge_action(read_action_reply(line), legal).
Action decode_action(std::string_view line, const LegalActions& legal);

}  // namespace sngsim
