#include "bot_hosting/bot_protocol.h"

#include <bit>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

#include <nlohmann/json.hpp>

#include "engine/game_definition.h"
#include "strategies/strategy_fault.h"

namespace sngsim {

namespace {

constexpr std::array<std::string_view, 5> kStreetNames = {"preflop", "flop", "turn", "river", "showdown"};
constexpr std::array<std::string_view, 12> kEventNames = {
    "ante", "blind", "deal_hole", "deal_board", "fold", "check", "call", "raise", "show", "muck", "uncalled", "win"};

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
    append_number(value);
  }
  // Text and numbers inside a value raw() began: no comma before them.
  void append(std::string_view text) { out_.append(text); }
  void append_number(std::int64_t value) {
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
    // The fixed words of an event in as few appends as they allow: a
    // hand_over is mostly events, and it is most of what a seat is sent.
    json.raw("{\"type\":\"");
    json.append(kEventNames[static_cast<std::size_t>(event.type)]);
    json.append("\",\"player\":");
    json.append_number(event.player);
    json.append(",\"street\":\"");
    json.append(kStreetNames[static_cast<std::size_t>(event.street)]);
    json.append("\"");
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
                   const DecisionTime& time, DecideFields fields) {
  JsonLine json(out);
  table_header(json, "decide", tournament, seat);
  const auto wanted = [fields](DecideField field) { return (fields >> static_cast<int>(field) & 1u) != 0; };
  if (wanted(DecideField::kHand)) json.put("hand", hand);
  if (wanted(DecideField::kLevel)) json.put("level", obs.level);
  if (wanted(DecideField::kStreet)) {
    json.key("street");
    json.word(kStreetNames[static_cast<std::size_t>(obs.street)]);
  }
  if (wanted(DecideField::kHole)) array(json, "hole", obs.rules.hole_cards, obs.hole, [&](Card c) { json.card(c); });
  if (wanted(DecideField::kBoard)) array(json, "board", obs.board_count, obs.board, [&](Card c) { json.card(c); });
  if (wanted(DecideField::kButton)) json.put("button", obs.seats[static_cast<std::size_t>(obs.num_players - 1)]);
  if (wanted(DecideField::kPlayer)) json.put("player", obs.player);
  const int n = obs.num_players;
  if (wanted(DecideField::kSeats)) array(json, "seats", n, obs.seats, [&](std::int8_t s) { json.number(s); });
  if (wanted(DecideField::kStacks)) array(json, "stacks", n, obs.stacks, [&](Chips c) { json.number(c); });
  if (wanted(DecideField::kBets)) array(json, "bets", n, obs.bets, [&](Chips c) { json.number(c); });
  if (wanted(DecideField::kCommitted)) array(json, "committed", n, obs.committed, [&](Chips c) { json.number(c); });
  if (wanted(DecideField::kFolded)) array(json, "folded", n, obs.folded, [&](bool f) { json.boolean(f); });
  if (wanted(DecideField::kPot)) json.put("pot", obs.pot);
  if (wanted(DecideField::kLegal)) {
    json.key("legal");
    json.open('{');
    json.put_flag("can_fold", obs.legal.can_fold);
    json.put_flag("can_check", obs.legal.can_check);
    json.put("call", obs.legal.call_amount);
    json.put_flag("can_raise", obs.legal.can_raise);
    json.put("min_raise_to", obs.legal.min_raise_to);
    json.put("max_raise_to", obs.legal.max_raise_to);
    json.close('}');
  }
  if (wanted(DecideField::kHistory)) events(json, obs.history);
  if (wanted(DecideField::kTime)) {
    json.key("time");
    json.open('{');
    json.put("per_action_ms", time.per_action_ms);
    json.put("bank_ms", time.bank_ms);
    json.close('}');
  }
  json.close('}');
  json.end_line();
}

void encode_hand_over(std::string& out, std::string_view tournament, int seat, int hand, std::span<const Event> history,
                      std::span<const Chips> stacks, std::span<const std::int8_t> seats, HandOverFields fields) {
  JsonLine json(out);
  table_header(json, "hand_over", tournament, seat);
  const auto wanted = [fields](HandOverField field) { return (fields >> static_cast<int>(field) & 1u) != 0; };
  if (wanted(HandOverField::kHand)) json.put("hand", hand);
  const int n = static_cast<int>(stacks.size());
  if (wanted(HandOverField::kSeats)) array(json, "seats", n, seats, [&](std::int8_t s) { json.number(s); });
  if (wanted(HandOverField::kStacks)) array(json, "stacks", n, stacks, [&](Chips c) { json.number(c); });
  if (wanted(HandOverField::kHistory)) events(json, history);
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

std::string escaped_reply(std::string_view reply) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string shown;
  shown.reserve(std::min(reply.size(), kShownReplyBytes) + 8);
  for (const char c : reply.substr(0, kShownReplyBytes)) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\\') {
      shown += "\\\\";
    } else if (byte >= 0x20 && byte < 0x7f) {
      shown += c;
    } else {
      shown += "\\x";
      shown += kHex[byte >> 4];
      shown += kHex[byte & 15];
    }
  }
  if (reply.size() > kShownReplyBytes) shown += "...";
  return shown;
}

namespace {

// The bits of the names in a hello's list `key` (all of them without the
// key; names not in `names` are left out), or why the list is no list of names.
template <std::size_t N>
std::optional<std::string> named_fields(const nlohmann::json& reply, const char* key,
                                        const std::array<std::string_view, N>& names, std::uint32_t& bits,
                                        const std::string& shown) {
  bits = (1u << N) - 1;
  const auto list = reply.find(key);
  if (list == reply.end()) return std::nullopt;
  const std::string problem = std::string("answered hello with \"") + key + "\" that is not a list of names: " + shown;
  if (!list->is_array()) return problem;
  bits = 0;
  for (const nlohmann::json& name : *list) {
    if (!name.is_string()) return problem;
    for (std::size_t f = 0; f < N; ++f) {
      if (names[f] == name.get_ref<const std::string&>()) bits |= 1u << f;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> hello_reply_problem(std::string_view line, int& protocol, DecideFields* fields,
                                               HandOverFields* hand_over_fields) {
  const nlohmann::json reply = nlohmann::json::parse(line, nullptr, false);
  const std::string shown = escaped_reply(line);
  if (reply.is_discarded() || !reply.is_object())
    return "answered hello with a line that is not a JSON object: " + shown;
  const auto type = reply.find("type");
  if (type == reply.end() || *type != "hello") return "answered hello without \"type\": \"hello\": " + shown;
  const auto version = reply.find("protocol");
  if (version == reply.end() || !version->is_number_integer() || *version < kBotProtocolVersion ||
      *version > kBotMaxProtocolVersion) {
    return "speaks protocol " + (version == reply.end() ? std::string("(none)") : escaped_reply(version->dump())) +
           ", this sngsim speaks " + std::to_string(kBotProtocolVersion) + " to " +
           std::to_string(kBotMaxProtocolVersion);
  }
  DecideFields named = kAllDecideFields;
  if (auto problem = named_fields(reply, "decide_fields", kDecideFieldNames, named, shown)) return problem;
  HandOverFields named_hand_over = kAllHandOverFields;
  if (auto problem = named_fields(reply, "hand_over_fields", kHandOverFieldNames, named_hand_over, shown)) {
    return problem;
  }
  protocol = version->get<int>();
  if (fields != nullptr) *fields = named;
  if (hand_over_fields != nullptr) *hand_over_fields = named_hand_over;
  return std::nullopt;
}

namespace {

// The largest double below 2^63: a decimal "to" beyond it is no chip count.
constexpr double kLargestChips = 9223372036854774784.0;

// Why an action name is not one of the four, with the nearest right one
// when the mistake is a common one.
std::string unknown_action_problem(const std::string& name) {
  std::string lower = name;
  for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  std::string hint;
  if (lower == "fold" || lower == "check" || lower == "call" || lower == "raise") {
    hint = " (actions are lower case: \"" + lower + "\")";
  } else if (lower == "allin" || lower == "all-in" || lower == "all_in" || lower == "shove" || lower == "push") {
    hint = " (an all-in is {\"action\": \"raise\", \"to\": max_raise_to})";
  } else if (lower == "bet") {
    hint = " (a bet is a raise: {\"action\": \"raise\", \"to\": N})";
  }
  return "unknown action \"" + escaped_reply(name) + "\"" + hint + "; the actions are fold, check, call, raise";
}

ActionReply action_reply_of(const nlohmann::json& reply) {
  using Kind = ActionReply::Kind;
  if (!reply.is_object()) return {Kind::kNotJson, 0, "not a JSON object", {}};
  // The bot's own report of its bug (the Python kit's, when decide()
  // raises): a fault by reason error, whatever else the reply says.
  if (const auto error = reply.find("error"); error != reply.end()) {
    return {Kind::kError,
            0,
            "the bot reported an error: " +
                escaped_reply(error->is_string() ? error->get_ref<const std::string&>() : error->dump()),
            {}};
  }
  const auto action = reply.find("action");
  if (action == reply.end()) return {Kind::kUnknown, 0, "no \"action\" in the reply", {}};
  if (!action->is_string()) return {Kind::kUnknown, 0, "\"action\" is not a string", {}};
  const std::string& name = action->get_ref<const std::string&>();
  if (name == "fold") return {Kind::kFold, 0, {}, {}};
  if (name == "call") return {Kind::kCall, 0, {}, {}};
  if (name == "check") return {Kind::kCheck, 0, {}, {}};
  if (name != "raise") return {Kind::kUnknown, 0, unknown_action_problem(name), {}};
  const auto to = reply.find("to");
  if (to == reply.end()) return {Kind::kBadAmount, 0, "a raise without \"to\" (the round total to raise to)", {}};
  if (to->is_number_integer()) return {Kind::kRaise, to->get<Chips>(), {}, {}};
  // 40.0 is 40 chips: JSON does not tell integers from decimals, and some
  // languages write every number as a decimal.
  if (to->is_number_float()) {
    const double value = to->get<double>();
    if (std::isfinite(value) && value == std::trunc(value) && std::fabs(value) <= kLargestChips) {
      return {Kind::kRaise, static_cast<Chips>(value), {}, {}};
    }
  }
  return {
      Kind::kBadAmount, 0, "a raise to " + escaped_reply(to->dump()) + ": \"to\" must be a whole number of chips", {}};
}

// Positions in a line that nlohmann::json::accept() took as JSON: the end
// of the value that starts at `i` (after any space).
std::size_t skip_space(std::string_view s, std::size_t i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
  return i;
}

std::size_t skip_value(std::string_view s, std::size_t i) {
  i = skip_space(s, i);
  int depth = 0;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '"') {
      for (++i; s[i] != '"'; ++i) i += s[i] == '\\' ? 1 : 0;
      if (depth == 0) return i + 1;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if (c == '}' || c == ']') {
      if (--depth <= 0) return depth < 0 ? i : i + 1;
    } else if (depth == 0 && (c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
      return i;  // the end of a number or a literal
    }
  }
  return i;
}

// The texts of the elements of the top-level object's "actions" array, or
// false when the object has none. `line` is valid JSON, an object.
bool split_actions(std::string_view line, std::vector<std::string_view>& elements) {
  elements.clear();
  std::size_t i = skip_space(line, 0) + 1;  // past '{'
  while (true) {
    i = skip_space(line, i);
    if (i >= line.size() || line[i] != '"') return false;  // '}': no more keys
    const std::size_t key_end = skip_value(line, i);
    const bool is_actions = line.substr(i, key_end - i) == "\"actions\"";
    i = skip_space(line, key_end) + 1;  // past ':'
    const std::size_t value = skip_space(line, i);
    const std::size_t value_end = skip_value(line, value);
    if (is_actions) {
      if (line[value] != '[') return false;
      std::size_t e = skip_space(line, value + 1);
      while (line[e] != ']') {
        const std::size_t end = skip_value(line, e);
        elements.push_back(line.substr(e, end - e));
        e = skip_space(line, end);
        if (line[e] == ',') e = skip_space(line, e + 1);
      }
      return true;  // a later duplicate key is not looked for: nlohmann keeps the last, but no bot sends two
    }
    i = skip_space(line, value_end);
    if (line[i] == ',') ++i;
  }
}

// The common reply, read without building a JSON tree: exactly
// {"type": "actions", "actions": [A, ...]} (keys in any order, any JSON
// spacing) with `count` actions, each {"action": "fold|check|call|raise"}
// with an integer "to" for a raise and nothing else, no escapes in any
// string. False for anything else, which the general reader then reads:
// this path only ever accepts valid JSON that it reads as the general one
// would.
class FastActions {
 public:
  explicit FastActions(std::string_view line) : s_(line) {}

  bool read(std::size_t count, std::vector<ActionReply>& out) {
    if (!take('{')) return false;
    bool seen_actions = false;
    do {
      std::string_view key;
      if (!word(key) || !take(':')) return false;
      if (key == "actions") {
        if (seen_actions || !actions(count, out)) return false;
        seen_actions = true;
      } else if (key == "type") {
        std::string_view type;
        if (!word(type) || type != "actions") return false;
      } else {
        return false;
      }
    } while (take(','));
    return take('}') && at_end() && seen_actions;
  }

 private:
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool take(char c) {
    space();
    if (i_ < s_.size() && s_[i_] == c) {
      ++i_;
      return true;
    }
    return false;
  }
  bool at_end() {
    space();
    return i_ == s_.size();
  }
  // A string without escapes or control bytes.
  bool word(std::string_view& text) {
    if (!take('"')) return false;
    const std::size_t start = i_;
    while (i_ < s_.size() && s_[i_] != '"') {
      if (s_[i_] == '\\' || static_cast<unsigned char>(s_[i_]) < 0x20) return false;
      ++i_;
    }
    if (i_ == s_.size()) return false;
    text = s_.substr(start, i_ - start);
    ++i_;
    return true;
  }
  // An integer of at most 18 digits (no fraction, no exponent).
  bool integer(Chips& value) {
    space();
    const bool negative = i_ < s_.size() && s_[i_] == '-';
    if (negative) ++i_;
    const std::size_t start = i_;
    value = 0;
    while (i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9' && i_ - start < 18) value = value * 10 + (s_[i_++] - '0');
    if (i_ == start || (s_[start] == '0' && i_ - start > 1)) return false;
    if (i_ < s_.size() && (s_[i_] == '.' || s_[i_] == 'e' || s_[i_] == 'E' || (s_[i_] >= '0' && s_[i_] <= '9'))) {
      return false;
    }
    if (negative) value = -value;
    return true;
  }
  bool action(ActionReply& reply) {
    space();
    const std::size_t start = i_;
    if (!take('{')) return false;
    std::string_view name;
    bool has_to = false;
    do {
      std::string_view key;
      if (!word(key) || !take(':')) return false;
      if (key == "action" && name.empty()) {
        if (!word(name) || name.empty()) return false;
      } else if (key == "to" && !has_to) {
        if (!integer(reply.to)) return false;
        has_to = true;
      } else {
        return false;
      }
    } while (take(','));
    if (!take('}')) return false;
    using Kind = ActionReply::Kind;
    if (name == "raise" && has_to) {
      reply.kind = Kind::kRaise;
    } else if (has_to) {
      return false;
    } else if (name == "call") {
      reply.kind = Kind::kCall;
    } else if (name == "fold") {
      reply.kind = Kind::kFold;
    } else if (name == "check") {
      reply.kind = Kind::kCheck;
    } else {
      return false;
    }
    if (!has_to) reply.to = 0;
    reply.problem.clear();
    reply.text = s_.substr(start, i_ - start);
    return true;
  }
  bool actions(std::size_t count, std::vector<ActionReply>& out) {
    if (!take('[')) return false;
    out.resize(count);
    std::size_t n = 0;
    if (take(']')) return count == 0;
    do {
      if (n == count || !action(out[n])) return false;
      ++n;
    } while (take(','));
    return take(']') && n == count;
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

}  // namespace

ActionReply read_action_reply(std::string_view line) {
  const nlohmann::json reply = nlohmann::json::parse(line, nullptr, false);
  if (reply.is_discarded() || !reply.is_object()) {
    return {ActionReply::Kind::kNotJson, 0, "not a JSON object: " + escaped_reply(line), line};
  }
  ActionReply read = action_reply_of(reply);
  read.text = line;
  return read;
}

void read_actions_reply(std::string_view line, std::size_t count, std::vector<ActionReply>& out) {
  if (FastActions(line).read(count, out)) return;
  out.assign(count, ActionReply{});
  const nlohmann::json reply = nlohmann::json::parse(line, nullptr, false);
  if (reply.is_discarded() || !reply.is_object()) {
    for (ActionReply& each : out) {
      each.problem = "not a JSON object: " + escaped_reply(line);
      each.text = line;
    }
    return;
  }
  const auto actions = reply.find("actions");
  std::vector<std::string_view> texts;
  if (actions == reply.end() || !actions->is_array() || !split_actions(line, texts) ||
      texts.size() != actions->size()) {
    for (ActionReply& each : out) each = {ActionReply::Kind::kUnknown, 0, "no \"actions\" array in the reply", line};
    return;
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (i < actions->size()) {
      out[i] = action_reply_of((*actions)[i]);
      out[i].text = texts[i];
    } else {
      out[i] = ActionReply{
          ActionReply::Kind::kUnknown, 0,
          "the reply has " + std::to_string(actions->size()) + " actions for " + std::to_string(count) + " requests",
          line};
    }
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
    case ActionReply::Kind::kBadAmount: throw StrategyFault(FaultReason::kBadAmount, reply.problem);
    case ActionReply::Kind::kError: throw StrategyFault(FaultReason::kError, reply.problem);
    case ActionReply::Kind::kUnknown: break;
  }
  throw StrategyFault(FaultReason::kUnknownAction, reply.problem);
}

Action decode_action(std::string_view line, const LegalActions& legal) {
  return judge_action(read_action_reply(line), legal);
}

}  // namespace sngsim
