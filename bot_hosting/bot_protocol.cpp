#include "bot_hosting/bot_protocol.h"

#include <bit>
#include <charconv>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "engine/game_definition.h"
#include "strategies/strategy_fault.h"

namespace sngsim {

namespace {

constexpr std::array<const char*, 5> kStreetNames = {"preflop", "flop", "turn", "river", "showdown"};
constexpr std::array<const char*, 12> kEventNames = {"ante", "blind", "deal_hole", "deal_board", "fold", "check",
                                                     "call", "raise", "show", "muck", "uncalled", "win"};

// Appends JSON text to a string; keys and fixed words are written as given.
class JsonLine {
 public:
  explicit JsonLine(std::string& out) : out_(out) { out_.clear(); }
  void raw(std::string_view text) {  // a value already in JSON
    comma();
    out_.append(text);
  }
  void key(std::string_view name) {
    comma();
    out_ += '"';
    out_.append(name);
    out_ += "\":";
    first_ = true;  // the value follows without a comma
  }
  void number(std::int64_t value) {
    comma();
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
    out_.append(digits, end);
  }
  void real(double value) {
    comma();
    char digits[32];
    const int length = std::snprintf(digits, sizeof digits, "%.17g", value);
    out_.append(digits, static_cast<std::size_t>(length));
  }
  void boolean(bool value) {
    comma();
    out_.append(value ? "true" : "false");
  }
  void word(std::string_view text) {  // a string known to need no escaping
    comma();
    out_ += '"';
    out_.append(text);
    out_ += '"';
  }
  void text(std::string_view value) {  // any string, escaped
    comma();
    out_.append(nlohmann::json(std::string(value)).dump());
  }
  void card(Card card) { word(card_to_string(card)); }
  void open(char bracket) {
    comma();
    out_ += bracket;
    first_ = true;
  }
  void close(char bracket) {
    out_ += bracket;
    first_ = false;
  }
  void end_line() { out_ += '\n'; }
  // A key with its value.
  void put(std::string_view name, std::int64_t value) {
    key(name);
    number(value);
  }
  void put_flag(std::string_view name, bool value) {
    key(name);
    boolean(value);
  }

 private:
  void comma() {
    if (!first_) out_ += ',';
    first_ = false;
  }
  std::string& out_;
  bool first_ = true;
};

void table_header(JsonLine& json, const char* type, std::string_view tournament, int seat) {
  json.open('{');
  json.key("type");
  json.word(type);
  json.key("tournament");
  json.word(tournament);
  json.put("seat", seat);
}

template <typename Value, typename Write>
void array(JsonLine& json, std::string_view name, int count, const Value& values, Write&& write) {
  json.key(name);
  json.open('[');
  for (int i = 0; i < count; ++i) write(values[static_cast<std::size_t>(i)]);
  json.close(']');
}

void events(JsonLine& json, std::span<const Event> history) {
  json.key("history");
  json.open('[');
  for (const Event& event : history) {
    json.open('{');
    json.key("type");
    json.word(kEventNames[static_cast<std::size_t>(event.type)]);
    json.put("player", event.player);
    json.key("street");
    json.word(kStreetNames[static_cast<std::size_t>(event.street)]);
    if (event.amount != 0) {
      json.put("amount", event.amount);
    }
    if (std::uint64_t bits = event.cards.bits(); bits != 0) {
      json.key("cards");
      json.open('[');
      for (; bits != 0; bits &= bits - 1) {
        const int bit = std::countr_zero(bits);
        json.card(make_card(bit % 16, bit / 16));
      }
      json.close(']');
    }
    json.close('}');
  }
  json.close(']');
}

}  // namespace

void encode_hello(std::string& out, std::string_view label, std::string_view params_json) {
  JsonLine json(out);
  json.open('{');
  json.key("type");
  json.word("hello");
  json.put("protocol", kBotProtocolVersion);
  json.put("max_protocol", kBotMaxProtocolVersion);
  json.key("label");
  json.text(label);
  json.key("params");
  json.raw(params_json.empty() ? "{}" : params_json);
  json.close('}');
  json.end_line();
}

void encode_tournament_start(std::string& out, const TournamentStart& start) {
  JsonLine json(out);
  table_header(json, "tournament_start", start.tournament, start.seat);
  json.key("rng_seed");
  json.word(std::to_string(start.rng_seed));
  if (const TournamentRules* rules = start.rules) {
    json.put("players", rules->players);
    json.put("stack", rules->starting_stack);
    json.key("variant");
    json.word(variant_code(rules->game));
    json.key("betting");
    json.word(betting_name(rules->game.betting));
    json.put("hole_cards", rules->game.hole_cards);
    json.key("payouts");
    json.open('[');
    for (const int percent : start.payout_percent) json.number(percent);
    json.close(']');
    json.put("hand_cap", rules->hand_cap);
    json.put("hands_per_level", rules->schedule.hands_per_level());
    json.key("blinds");
    json.open('[');
    for (const BlindLevel& level : rules->schedule.levels()) {
      json.open('[');
      json.number(level.small_blind);
      json.number(level.big_blind);
      json.number(level.ante);
      json.close(']');
    }
    json.close(']');
  }
  json.close('}');
  json.end_line();
}

void encode_decide(std::string& out, std::string_view tournament, int seat, int hand, const Observation& obs,
                   const DecisionTime& time) {
  JsonLine json(out);
  table_header(json, "decide", tournament, seat);
  json.put("hand", hand);
  json.put("level", obs.level);
  json.key("street");
  json.word(kStreetNames[static_cast<std::size_t>(obs.street)]);
  array(json, "hole", obs.rules.hole_cards, obs.hole, [&](Card c) { json.card(c); });
  array(json, "board", obs.board_count, obs.board, [&](Card c) { json.card(c); });
  json.put("button", obs.seats[static_cast<std::size_t>(obs.num_players - 1)]);
  json.put("player", obs.player);
  const int n = obs.num_players;
  array(json, "seats", n, obs.seats, [&](std::int8_t s) { json.number(s); });
  array(json, "stacks", n, obs.stacks, [&](Chips c) { json.number(c); });
  array(json, "bets", n, obs.bets, [&](Chips c) { json.number(c); });
  array(json, "committed", n, obs.committed, [&](Chips c) { json.number(c); });
  array(json, "folded", n, obs.folded, [&](bool f) { json.boolean(f); });
  json.put("pot", obs.pot);
  json.key("legal");
  json.open('{');
  json.put_flag("can_fold", obs.legal.can_fold);
  json.put_flag("can_check", obs.legal.can_check);
  json.put("call", obs.legal.call_amount);
  json.put_flag("can_raise", obs.legal.can_raise);
  json.put("min_raise_to", obs.legal.min_raise_to);
  json.put("max_raise_to", obs.legal.max_raise_to);
  json.close('}');
  events(json, obs.history);
  json.key("time");
  json.open('{');
  json.put("per_action_ms", time.per_action_ms);
  json.put("bank_ms", time.bank_ms);
  json.close('}');
  json.close('}');
  json.end_line();
}

void encode_hand_over(std::string& out, std::string_view tournament, int seat, int hand,
                      std::span<const Event> history, std::span<const Chips> stacks,
                      std::span<const std::int8_t> seats) {
  JsonLine json(out);
  table_header(json, "hand_over", tournament, seat);
  json.put("hand", hand);
  const int n = static_cast<int>(stacks.size());
  array(json, "seats", n, seats, [&](std::int8_t s) { json.number(s); });
  array(json, "stacks", n, stacks, [&](Chips c) { json.number(c); });
  events(json, history);
  json.close('}');
  json.end_line();
}

void encode_tournament_end(std::string& out, std::string_view tournament, int seat, Placement place,
                           double prize_percent) {
  JsonLine json(out);
  table_header(json, "tournament_end", tournament, seat);
  json.key("place");
  if (place.is_set()) {
    json.number(place.first);
    json.put("places_shared", place.count);
    json.key("prize");
    json.real(prize_percent);
  } else {
    json.raw("null");
  }
  json.close('}');
  json.end_line();
}

void encode_bye(std::string& out) { out = "{\"type\":\"bye\"}\n"; }

namespace {

// A reply as a message quotes it: its first 200 bytes, control bytes (a
// terminal's escape sequences) as '?', so a bot cannot flood or steer the
// terminal through sngsim's messages.
std::string shown_reply(std::string_view line) {
  std::string shown(line.substr(0, 200));
  for (char& c : shown) {
    if (static_cast<unsigned char>(c) < 0x20 || c == '\x7f') c = '?';
  }
  if (line.size() > 200) shown += "...";
  return shown;
}

}  // namespace

void encode_decide_batch(std::string& out, std::string_view decides) {
  out.assign("{\"type\":\"decide_batch\",\"requests\":[");
  bool first = true;
  while (!decides.empty()) {
    const std::size_t end = decides.find('\n');
    if (!first) out += ',';
    first = false;
    out.append(decides.substr(0, end));
    if (end == std::string_view::npos) break;
    decides.remove_prefix(end + 1);
  }
  out.append("]}\n");
}

std::optional<std::string> hello_reply_problem(std::string_view line, int& protocol) {
  const nlohmann::json reply = nlohmann::json::parse(line, nullptr, false);
  const std::string shown = shown_reply(line);
  if (reply.is_discarded() || !reply.is_object()) return "answered hello with a line that is not a JSON object: " + shown;
  const auto type = reply.find("type");
  if (type == reply.end() || *type != "hello") return "answered hello without \"type\": \"hello\": " + shown;
  const auto version = reply.find("protocol");
  if (version == reply.end() || !version->is_number_integer() || *version < kBotProtocolVersion ||
      *version > kBotMaxProtocolVersion) {
    return "speaks protocol " + (version == reply.end() ? std::string("(none)") : shown_reply(version->dump())) +
           ", this sngsim speaks " + std::to_string(kBotProtocolVersion) + " to " +
           std::to_string(kBotMaxProtocolVersion);
  }
  protocol = version->get<int>();
  return std::nullopt;
}

namespace {

ActionReply action_reply_of(const nlohmann::json& reply) {
  using Kind = ActionReply::Kind;
  if (!reply.is_object()) return {Kind::kNotJson, 0, "not a JSON object: " + shown_reply(reply.dump())};
  const auto action = reply.find("action");
  if (action == reply.end() || !action->is_string()) return {Kind::kUnknown, 0, "no \"action\" in the reply"};
  const std::string& name = action->get_ref<const std::string&>();
  if (name == "fold") return {Kind::kFold, 0, {}};
  if (name == "call") return {Kind::kCall, 0, {}};
  if (name == "check") return {Kind::kCheck, 0, {}};
  if (name == "raise") {
    const auto to = reply.find("to");
    if (to == reply.end() || !to->is_number_integer()) return {Kind::kUnknown, 0, "a raise without an integer \"to\""};
    return {Kind::kRaise, to->get<Chips>(), {}};
  }
  return {Kind::kUnknown, 0, "unknown action '" + shown_reply(name) + "'"};
}

}  // namespace

ActionReply read_action_reply(std::string_view line) {
  const nlohmann::json reply = nlohmann::json::parse(line, nullptr, false);
  if (reply.is_discarded() || !reply.is_object()) {
    return {ActionReply::Kind::kNotJson, 0, "not a JSON object: " + shown_reply(line)};
  }
  return action_reply_of(reply);
}

void read_actions_reply(std::string_view line, std::size_t count, std::vector<ActionReply>& out) {
  out.assign(count, ActionReply{});
  const nlohmann::json reply = nlohmann::json::parse(line, nullptr, false);
  if (reply.is_discarded() || !reply.is_object()) {
    for (ActionReply& each : out) each.problem = "not a JSON object: " + shown_reply(line);
    return;
  }
  const auto actions = reply.find("actions");
  if (actions == reply.end() || !actions->is_array()) {
    for (ActionReply& each : out) each = {ActionReply::Kind::kUnknown, 0, "no \"actions\" array in the reply"};
    return;
  }
  for (std::size_t i = 0; i < count; ++i) {
    out[i] = i < actions->size()
                 ? action_reply_of((*actions)[i])
                 : ActionReply{ActionReply::Kind::kUnknown, 0,
                               "the reply has " + std::to_string(actions->size()) + " actions for " +
                                   std::to_string(count) + " requests"};
  }
}

Action judge_action(const ActionReply& reply, const LegalActions& legal) {
  switch (reply.kind) {
    case ActionReply::Kind::kFold: return Action::fold();
    case ActionReply::Kind::kCall: return Action::check_call();
    case ActionReply::Kind::kCheck:
      if (!legal.can_check) throw StrategyFault(FaultReason::kIllegal, "check facing a bet");
      return Action::check_call();
    case ActionReply::Kind::kRaise: return Action::raise_to(reply.to);
    case ActionReply::Kind::kNotJson: throw StrategyFault(FaultReason::kNotJson, reply.problem);
    case ActionReply::Kind::kUnknown: break;
  }
  throw StrategyFault(FaultReason::kUnknownAction, reply.problem);
}

Action decode_action(std::string_view line, const LegalActions& legal) {
  return judge_action(read_action_reply(line), legal);
}

}  // namespace sngsim
