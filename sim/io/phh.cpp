#include "sim/io/phh.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <utility>

#include <toml++/toml.h>

#include "engine/game_definition.h"

namespace sngsim {

std::string PhhError::message() const {
  if (hand.empty()) return file + ": " + reason;
  return file + ": hand " + hand + ": " + reason;
}

namespace {

// A malformed field. Thrown only inside this file and caught per hand, so a
// bad hand costs that hand and nothing else.
struct FieldError {
  std::string reason;
};

// A value for a message. Arrays and tables are only named: toml++ 3.3's
// formatter sizes their floats with static_cast<size_t>(log10(x)), undefined
// behaviour for inf, nan and anything below 0.1 (UBSan found it).
std::string describe(const toml::node& node) {
  if (const toml::array* array = node.as_array()) return "an array of " + std::to_string(array->size());
  if (node.is_table()) return "a table";
  std::ostringstream out;
  node.visit([&out](const auto& value) { out << value; });
  return out.str();
}

// The most chips any amount of a hand history may hold: ten players' worth
// of it, doubled by a raise, stays far inside std::int64_t, so no sum the
// replay or the grader makes can overflow. A larger amount is refused.
constexpr Chips kMaxPhhChips = 1'000'000'000'000'000;
constexpr const char* kMaxPhhChipsText = "10^15";

// Chips are integers; a TOML float is accepted only when it is whole
// (some writers emit `100.0`).
Chips read_chips(const toml::node& node, const std::string& where) {
  if (const auto* value = node.as_integer()) {
    if (value->get() < 0) throw FieldError{where + " is negative"};
    if (value->get() > kMaxPhhChips) throw FieldError{where + " is more than " + kMaxPhhChipsText + " chips"};
    return value->get();
  }
  if (const auto* value = node.as_floating_point()) {
    const double x = value->get();
    if (std::isfinite(x) && x >= 0 && x == std::floor(x) && x <= static_cast<double>(kMaxPhhChips)) {
      return static_cast<Chips>(x);
    }
  }
  throw FieldError{where + " is not a whole number of chips: " + describe(node)};
}

// Whole or half chips: the half-chip split pots of pluribus.phhs.
RecordedStack read_recorded_stack(const toml::node& node, const std::string& where) {
  if (node.is_integer()) return {read_chips(node, where), false};
  if (const auto* value = node.as_floating_point()) {
    const double twice = 2 * value->get();
    if (std::isfinite(twice) && twice >= 0 && twice == std::floor(twice) && twice <= 2.0 * kMaxPhhChips) {
      const auto halves = static_cast<Chips>(twice);
      return {halves / 2, halves % 2 != 0};
    }
  }
  throw FieldError{where + " is not a whole or half number of chips: " + describe(node)};
}

const toml::array& require_array(const toml::table& table, std::string_view key) {
  const toml::node* node = table.get(key);
  if (node == nullptr) throw FieldError{"missing field '" + std::string(key) + "'"};
  const toml::array* array = node->as_array();
  if (array == nullptr) throw FieldError{"field '" + std::string(key) + "' is not an array"};
  return *array;
}

std::vector<Chips> read_chips_array(const toml::table& table, std::string_view key) {
  const toml::array& array = require_array(table, key);
  std::vector<Chips> values;
  values.reserve(array.size());
  for (std::size_t i = 0; i < array.size(); ++i) {
    values.push_back(read_chips(array[i], std::string(key) + "[" + std::to_string(i) + "]"));
  }
  return values;
}

std::optional<Chips> read_optional_chips(const toml::table& table, std::string_view key) {
  const toml::node* node = table.get(key);
  if (node == nullptr) return std::nullopt;
  return read_chips(*node, "field '" + std::string(key) + "'");
}

PhhHand read_hand(const toml::table& table, const std::string& file, std::string name) {
  PhhHand hand;
  hand.file = file;
  hand.name = std::move(name);

  const toml::node* variant = table.get("variant");
  if (variant == nullptr) throw FieldError{"missing field 'variant'"};
  if (!variant->is_string()) throw FieldError{"field 'variant' is not a string"};
  hand.variant = variant->as_string()->get();

  hand.starting_stacks = read_chips_array(table, "starting_stacks");
  const std::size_t n = hand.starting_stacks.size();
  if (n == 0) throw FieldError{"field 'starting_stacks' is empty"};
  // Antes are optional in PHH (absent means none).
  hand.antes = table.contains("antes") ? read_chips_array(table, "antes") : std::vector<Chips>(n, 0);
  // A negative blind is a post (PHH, pokerkit): a live bet of a player
  // coming back or new to the table that does not decide who acts first.
  {
    const toml::array& blinds = require_array(table, "blinds_or_straddles");
    for (std::size_t i = 0; i < blinds.size(); ++i) {
      const std::string where = "blinds_or_straddles[" + std::to_string(i) + "]";
      const toml::node& value = blinds[i];
      const auto* integer = value.as_integer();
      if (integer != nullptr && integer->get() < 0 && integer->get() >= -kMaxPhhChips) {
        hand.blinds_or_straddles.push_back(0);
        hand.posts.push_back(-integer->get());
      } else {
        hand.blinds_or_straddles.push_back(read_chips(value, where));
        hand.posts.push_back(0);
      }
    }
  }
  for (const auto& [key, size] :
       {std::pair{"antes", hand.antes.size()}, std::pair{"blinds_or_straddles", hand.blinds_or_straddles.size()}}) {
    if (size != n) {
      throw FieldError{"field '" + std::string(key) + "' has " + std::to_string(size) + " entries for " +
                       std::to_string(n) + " players"};
    }
  }
  hand.min_bet = read_optional_chips(table, "min_bet").value_or(0);
  hand.small_bet = read_optional_chips(table, "small_bet").value_or(0);
  hand.big_bet = read_optional_chips(table, "big_bet").value_or(0);

  const toml::array& actions = require_array(table, "actions");
  hand.actions.reserve(actions.size());
  for (std::size_t i = 0; i < actions.size(); ++i) {
    const auto* text = actions[i].as_string();
    if (text == nullptr) throw FieldError{"actions[" + std::to_string(i) + "] is not a string"};
    hand.actions.push_back(text->get());
  }

  if (table.contains("finishing_stacks")) {
    const toml::array& finishing = require_array(table, "finishing_stacks");
    if (finishing.size() != n) {
      throw FieldError{"field 'finishing_stacks' has " + std::to_string(finishing.size()) + " entries for " +
                       std::to_string(n) + " players"};
    }
    std::vector<RecordedStack> stacks;
    for (std::size_t i = 0; i < finishing.size(); ++i) {
      stacks.push_back(read_recorded_stack(finishing[i], "finishing_stacks[" + std::to_string(i) + "]"));
    }
    hand.finishing_stacks = std::move(stacks);
  }
  if (const toml::node* number = table.get("hand")) {
    if (!number->is_integer()) throw FieldError{"field 'hand' is not an integer"};
    hand.hand_number = number->as_integer()->get();
  }
  if (const toml::node* players = table.get("players")) {
    const toml::array* names = players->as_array();
    if (names == nullptr) throw FieldError{"field 'players' is not an array"};
    for (const toml::node& name_node : *names) {
      if (!name_node.is_string()) throw FieldError{"field 'players' holds a non-string"};
      hand.players.push_back(name_node.as_string()->get());
    }
  }
  if (const toml::node* trimming = table.get("ante_trimming_status")) {
    if (!trimming->is_boolean()) throw FieldError{"field 'ante_trimming_status' is not a boolean"};
    hand.ante_trimming_status = trimming->as_boolean()->get();
  }
  // seat_count is informational to the replay; a value that cannot be a
  // table's seats is left unknown rather than refusing the hand.
  if (const toml::node* seats = table.get("seat_count")) {
    if (seats->is_integer() && seats->as_integer()->get() >= static_cast<std::int64_t>(n) &&
        seats->as_integer()->get() <= 1000) {
      hand.seat_count = static_cast<int>(seats->as_integer()->get());
    }
  }
  if (const toml::node* payouts = table.get("_payouts")) {
    const toml::array* values = payouts->as_array();
    if (values == nullptr || values->empty()) throw FieldError{"field '_payouts' is not a non-empty array"};
    std::vector<double> percent;
    double sum = 0.0;
    for (const toml::node& value : *values) {
      const std::optional<double> number =
          value.is_integer()          ? std::optional<double>(static_cast<double>(value.as_integer()->get()))
          : value.is_floating_point() ? std::optional<double>(value.as_floating_point()->get())
                                      : std::nullopt;
      if (!number || !(*number >= 0.0) || *number > 100.0) {
        throw FieldError{"field '_payouts' holds " + describe(value) + ", not a percentage of the prize pool"};
      }
      percent.push_back(*number);
      sum += *number;
    }
    if (!(sum > 0.0)) throw FieldError{"field '_payouts' pays nothing"};
    hand.payouts = std::move(percent);
  }
  if (const toml::node* entrants = table.get("_entrants")) {
    const toml::array* values = entrants->as_array();
    if (values == nullptr || values->size() != n) {
      throw FieldError{"field '_entrants' is not an array of one lineup index per player"};
    }
    for (const toml::node& value : *values) {
      if (!value.is_integer() || value.as_integer()->get() < 1 || value.as_integer()->get() > 100000) {
        throw FieldError{"field '_entrants' holds " + describe(value) + ", not a lineup index from 1"};
      }
      hand.entrants.push_back(static_cast<int>(value.as_integer()->get()));
    }
  }
  return hand;
}

}  // namespace

namespace {

// toml++ 3.3 (Debian 12's) reaches __builtin_unreachable, undefined
// behaviour, when it asks whether a character of U+00A1..U+0499,
// U+2C5E..U+3057 (U+3000 aside) or U+FB26..U+FEFE is whitespace (its
// is_non_ascii_horizontal_whitespace; marzer/tomlplusplus#190, #295), which
// it asks of most characters outside strings and of some inside. So toml++
// never sees them: each becomes a stand-in, itself plus U+F0000 (the
// supplementary private use area, which toml++ tests safely and never takes
// for whitespace; one code point for one, so toml++'s lines and columns stay
// right), and every text read back gets the original again. A file that
// holds a character of that area itself is refused: its stand-ins would be
// ambiguous. (An escape such as \U000F00E9 in a string would come back as
// U+00E9; PHH files have neither.)
constexpr char32_t kStandInOffset = 0xF0000;

bool breaks_toml_whitespace_test(char32_t c) {
  return (c >= 0xA1 && c <= 0x499) || (c >= 0x2C5E && c <= 0x3057 && c != 0x3000) || (c >= 0xFB26 && c <= 0xFEFE);
}

// The code point of the well-formed UTF-8 sequence at `at` and its length;
// {0, 1} for ASCII or a malformed sequence (toml++ reports those itself).
std::pair<char32_t, std::size_t> code_point_at(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t k) -> char32_t {
    return at + k < text.size() ? static_cast<unsigned char>(text[at + k]) : 0u;
  };
  const auto tail = [&](std::size_t k, char32_t low = 0x80, char32_t high = 0xBF) {
    return byte(k) >= low && byte(k) <= high;
  };
  const char32_t lead = byte(0);
  if (lead >= 0xC2 && lead <= 0xDF && tail(1)) return {(lead & 0x1F) << 6 | (byte(1) & 0x3F), 2};
  if (lead >= 0xE0 && lead <= 0xEF && tail(1, lead == 0xE0 ? 0xA0 : 0x80, lead == 0xED ? 0x9F : 0xBF) && tail(2)) {
    return {(lead & 0x0F) << 12 | (byte(1) & 0x3F) << 6 | (byte(2) & 0x3F), 3};
  }
  if (lead >= 0xF0 && lead <= 0xF4 && tail(1, lead == 0xF0 ? 0x90 : 0x80, lead == 0xF4 ? 0x8F : 0xBF) && tail(2) &&
      tail(3)) {
    return {(lead & 0x07) << 18 | (byte(1) & 0x3F) << 12 | (byte(2) & 0x3F) << 6 | (byte(3) & 0x3F), 4};
  }
  return {0, 1};
}

void append_utf8(std::string& out, char32_t c) {
  if (c < 0x800) {
    out += static_cast<char>(0xC0 | c >> 6);
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | c >> 12);
    out += static_cast<char>(0x80 | (c >> 6 & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | c >> 18);
    out += static_cast<char>(0x80 | (c >> 12 & 0x3F));
    out += static_cast<char>(0x80 | (c >> 6 & 0x3F));
  }
  out += static_cast<char>(0x80 | (c & 0x3F));
}

// The text with stand-ins, or the offset of a character of the stand-ins'
// area, which the file may not hold.
std::variant<std::string, std::size_t> with_stand_ins(std::string_view text) {
  std::string out;
  out.reserve(text.size() + text.size() / 2);
  for (std::size_t i = 0; i < text.size();) {
    const auto [c, length] = code_point_at(text, i);
    if (c >= kStandInOffset && c < kStandInOffset + 0x10000) return i;
    if (breaks_toml_whitespace_test(c)) {
      append_utf8(out, c + kStandInOffset);
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

// `text` read back from toml++ with the original characters. toml++ writes
// some characters of its `messages` as escapes, \U000F00E9 for U+00E9.
std::string without_stand_ins(std::string_view text, bool message = false) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto [c, length] = code_point_at(text, i);
    if (c >= kStandInOffset && c < kStandInOffset + 0x10000) {
      append_utf8(out, c - kStandInOffset);
    } else if (message && text.substr(i, 6) == "\\U000F" && text.size() >= i + 10) {
      out += "\\u";
      out.append(text.substr(i + 6, 4));
      i += 10;
      continue;
    } else {
      out.append(text.substr(i, length));
    }
    i += length;
  }
  return out;
}

// read_phh_text of a text toml++ may see.
PhhFile read_toml_text(std::string_view text, const std::string& file) {
  PhhFile result;
  toml::table root;
  try {
    root = toml::parse(text, file);
  } catch (const toml::parse_error& error) {
    const auto& where = error.source().begin;
    result.errors.push_back({file, "",
                             "not valid TOML (line " + std::to_string(where.line) + ", column " +
                                 std::to_string(where.column) + "): " + std::string(error.description())});
    return result;
  } catch (const std::exception& error) {
    result.errors.push_back({file, "", std::string("cannot parse: ") + error.what()});
    return result;
  }

  // A .phh holds one hand at top level; a .phhs holds one table per hand.
  if (root.contains("variant")) {
    std::string name = "1";
    if (const auto* number = root.get("hand"); number != nullptr && number->is_integer()) {
      name = std::to_string(number->as_integer()->get());
    }
    try {
      result.hands.push_back(read_hand(root, file, name));
    } catch (const FieldError& error) {
      result.errors.push_back({file, name, error.reason});
    }
    return result;
  }

  // Keys iterate in key order ("1", "10", "100", ...): keep the file's order.
  std::vector<std::pair<std::string, const toml::node*>> entries;
  for (const auto& [key, node] : root) entries.emplace_back(std::string(key.str()), &node);
  std::stable_sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) {
    return a.second->source().begin.line < b.second->source().begin.line;
  });
  if (entries.empty()) result.errors.push_back({file, "", "no hands in the file"});
  for (const auto& [name, node] : entries) {
    const toml::table* table = node->as_table();
    if (table == nullptr) {
      result.errors.push_back({file, name, "top-level key is not a hand table"});
      continue;
    }
    try {
      result.hands.push_back(read_hand(*table, file, name));
    } catch (const FieldError& error) {
      result.errors.push_back({file, name, error.reason});
    }
  }
  return result;
}

}  // namespace

PhhFile read_phh_text(std::string_view text, const std::string& file) {
  const auto safe = with_stand_ins(text);
  if (const auto* at = std::get_if<std::size_t>(&safe)) {
    int line = 1;
    int column = 1;  // in code points, as toml++ counts
    for (std::size_t k = 0; k < *at; ++k) {
      if (text[k] == '\n') {
        ++line;
        column = 1;
      } else if ((static_cast<unsigned char>(text[k]) & 0xC0u) != 0x80u) {
        ++column;
      }
    }
    return PhhFile{{},
                   {PhhError{file, "",
                             "unsupported character (line " + std::to_string(line) + ", column " +
                                 std::to_string(column) + "): U+F0000..U+FFFFF are reserved"}}};
  }
  const std::string& safe_text = std::get<std::string>(safe);
  if (safe_text == text) return read_toml_text(text, file);
  PhhFile result = read_toml_text(safe_text, file);
  for (PhhHand& hand : result.hands) {
    hand.name = without_stand_ins(hand.name);
    hand.variant = without_stand_ins(hand.variant);
    for (auto* texts : {&hand.actions, &hand.players}) {
      for (std::string& each : *texts) each = without_stand_ins(each);
    }
  }
  for (PhhError& error : result.errors) {
    error.hand = without_stand_ins(error.hand);
    error.reason = without_stand_ins(error.reason, true);
  }
  return result;
}

PhhFile read_phh_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return PhhFile{{}, {PhhError{path, "", "cannot open the file"}}};
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return PhhFile{{}, {PhhError{path, "", "cannot read the file"}}};
  return read_phh_text(text.str(), path);
}

std::optional<int> parse_phh_player(std::string_view token, int num_players) {
  if (token.size() < 2 || token[0] != 'p') return std::nullopt;
  int number = 0;
  const auto* end = token.data() + token.size();
  const auto [ptr, ec] = std::from_chars(token.data() + 1, end, number);
  if (ec != std::errc{} || ptr != end || number < 1 || number > num_players) return std::nullopt;
  return number - 1;
}

namespace {

std::vector<std::string_view> split_words(std::string_view text) {
  std::vector<std::string_view> words;
  if (const auto hash = text.find('#'); hash != std::string_view::npos) text = text.substr(0, hash);
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

// Cards as written: two characters each, "??" for an unknown card.
std::vector<std::optional<Card>> parse_cards(std::string_view text, const std::string& where) {
  if (text.size() % 2 != 0) throw FieldError{where + ": odd number of card characters '" + std::string(text) + "'"};
  std::vector<std::optional<Card>> cards;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const std::string_view pair = text.substr(i, 2);
    if (pair == "??") {
      cards.emplace_back(std::nullopt);
      continue;
    }
    const auto card = parse_card(pair);
    if (!card) throw FieldError{where + ": bad card '" + std::string(pair) + "'"};
    cards.emplace_back(*card);
  }
  return cards;
}

std::optional<Chips> parse_amount(std::string_view text) {
  Chips amount = 0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, amount);
  if (ec != std::errc{} || ptr != end || amount <= 0 || amount > kMaxPhhChips) return std::nullopt;
  return amount;
}

class Converter {
 public:
  explicit Converter(const PhhHand& hand) : hand_(hand) {}

  PhhGame run() {
    set_rules();
    set_chips();
    for (std::size_t i = 0; i < hand_.actions.size(); ++i) read_action(static_cast<int>(i));
    apply_shows();
    fill_unknown_cards();
    return game_;
  }

 private:
  void set_rules() {
    GameRules& rules = game_.setup.rules;
    // The codes sngsim writes (engine/game_definition.h): PHH's NT, PO and
    // FT, and sngsim's own NO, PT and FO for the other pairings
    // (docs/output-format.md, "Other files").
    const std::optional<GameRules> coded = rules_of_variant_code(hand_.variant);
    if (!coded) {
      throw FieldError{"unsupported variant '" + hand_.variant + "' (" + std::string(variant_code_list()) + " are)"};
    }
    rules = *coded;
    if (rules.betting == BettingStructure::kFixedLimit) {
      if (hand_.small_bet <= 0 || hand_.big_bet <= 0) {
        throw FieldError{hand_.variant + " needs positive 'small_bet' and 'big_bet'"};
      }
      game_.setup.min_bet = hand_.small_bet;
      game_.setup.big_bet = hand_.big_bet;
    } else {
      if (hand_.min_bet <= 0) throw FieldError{hand_.variant + " needs a positive 'min_bet'"};
      game_.setup.min_bet = hand_.min_bet;
    }
  }

  void set_chips() {
    n_ = hand_.num_players();
    if (n_ < 2 || n_ > kMaxPlayers) {
      throw FieldError{std::to_string(n_) + " players (2 to " + std::to_string(kMaxPlayers) + " supported)"};
    }
    HandSetup& setup = game_.setup;
    setup.num_players = n_;
    for (int p = 0; p < n_; ++p) {
      const auto i = static_cast<std::size_t>(p);
      setup.stacks[i] = hand_.starting_stacks[i];
      setup.antes[i] = hand_.antes[i];
      setup.blinds[i] = hand_.blinds_or_straddles[i];
      setup.posts[i] = i < hand_.posts.size() ? hand_.posts[i] : 0;
      setup.seats[i] = static_cast<std::int8_t>(p);
    }
    // Heads-up, p1 is the big blind but the blinds are still written small
    // blind first (data/README.md); posts are in the same list.
    if (n_ == 2) {
      std::swap(setup.blinds[0], setup.blinds[1]);
      std::swap(setup.posts[0], setup.posts[1]);
    }
    // The engine treats antes as dead money (V3), PHH's
    // `ante_trimming_status = false`. Trimming (an ante counted as part of a
    // bet, its uncalled part returned) gives the same chips when every player
    // owes the same ante, and differs otherwise (a big-blind ante).
    const bool equal_antes =
        std::all_of(hand_.antes.begin(), hand_.antes.end(), [&](Chips ante) { return ante == hand_.antes.front(); });
    if (hand_.ante_trimming_status && !equal_antes) {
      throw FieldError{"ante_trimming_status = true with unequal antes is not supported (antes are dead money, V3)"};
    }
  }

  std::string where(int index) const {
    return "action " + std::to_string(index + 1) + " '" + hand_.actions[static_cast<std::size_t>(index)] + "'";
  }

  void use_card(Card card, int index) {
    if (used_.contains(card)) throw FieldError{where(index) + ": card " + card_to_string(card) + " dealt twice"};
    used_.add(card);
  }

  void read_action(int index) {
    const auto words = split_words(hand_.actions[static_cast<std::size_t>(index)]);
    const std::string at = where(index);
    if (words.empty()) throw FieldError{at + ": empty action"};
    if (words[0] == "d") {
      read_deal(words, index);
      return;
    }
    const auto player = parse_phh_player(words[0], n_);
    if (!player)
      throw FieldError{at + ": no player '" + std::string(words[0]) + "' in a " + std::to_string(n_) + "-player hand"};
    if (words.size() < 2) throw FieldError{at + ": missing action"};
    const std::string_view verb = words[1];
    PhhAction action{index, *player, board_count_, Action::check_call()};
    if (verb == "f" && words.size() == 2) {
      action.action = Action::fold();
    } else if (verb == "cc" && words.size() == 2) {
      action.action = Action::check_call();
    } else if (verb == "cbr" && words.size() == 3) {
      const auto amount = parse_amount(words[2]);
      if (!amount) throw FieldError{at + ": bad amount '" + std::string(words[2]) + "'"};
      action.action = Action::raise_to(*amount);
    } else if (verb == "sm" && words.size() <= 3) {
      // The engine decides showdowns itself (R18); shown cards only stand in
      // for hole cards the history did not know.
      if (words.size() == 3 && words[2] != "-") shows_.push_back({*player, index, parse_cards(words[2], at)});
      return;
    } else {
      throw FieldError{at + ": unsupported or malformed action"};
    }
    game_.actions.push_back(action);
  }

  void read_deal(const std::vector<std::string_view>& words, int index) {
    const std::string at = where(index);
    const int hole_cards = game_.setup.rules.hole_cards;
    if (words.size() == 4 && words[1] == "dh") {
      const auto player = parse_phh_player(words[2], n_);
      if (!player)
        throw FieldError{at + ": no player '" + std::string(words[2]) + "' in a " + std::to_string(n_) +
                         "-player hand"};
      const auto p = static_cast<std::size_t>(*player);
      if (dealt_[p]) throw FieldError{at + ": p" + std::to_string(*player + 1) + " dealt twice"};
      const auto cards = parse_cards(words[3], at);
      if (static_cast<int>(cards.size()) != hole_cards) {
        throw FieldError{at + ": " + std::to_string(cards.size()) + " hole cards, " + hand_.variant + " deals " +
                         std::to_string(hole_cards)};
      }
      dealt_[p] = true;
      for (int c = 0; c < hole_cards; ++c) {
        const auto& card = cards[static_cast<std::size_t>(c)];
        if (card) use_card(*card, index);
        hole_[p][static_cast<std::size_t>(c)] = card;
      }
      return;
    }
    if (words.size() == 3 && words[1] == "db") {
      const auto cards = parse_cards(words[2], at);
      if (cards.empty() || board_count_ + static_cast<int>(cards.size()) > kBoardSize) {
        throw FieldError{at + ": more than " + std::to_string(kBoardSize) + " board cards"};
      }
      for (const auto& card : cards) {
        if (!card) throw FieldError{at + ": unknown board card"};
        use_card(*card, index);
        game_.setup.board[static_cast<std::size_t>(board_count_++)] = *card;
      }
      return;
    }
    throw FieldError{at + ": unsupported or malformed dealing"};
  }

  // A shown hand must agree with what was dealt; where the deal was unknown
  // (`????`), the shown cards are the player's cards.
  void apply_shows() {
    for (const Show& show : shows_) {
      const auto p = static_cast<std::size_t>(show.player);
      auto& hole = hole_[p];
      const int hole_cards = game_.setup.rules.hole_cards;
      if (static_cast<int>(show.cards.size()) != hole_cards ||
          std::any_of(show.cards.begin(), show.cards.end(), [](const auto& c) { return !c.has_value(); })) {
        continue;  // a partial show tells nothing certain
      }
      CardSet shown;
      for (const auto& card : show.cards) shown.add(*card);
      CardSet known;
      for (int c = 0; c < hole_cards; ++c) {
        if (hole[static_cast<std::size_t>(c)]) known.add(*hole[static_cast<std::size_t>(c)]);
      }
      if ((shown & known) != known) {
        throw FieldError{where(show.index) + ": shows cards that p" + std::to_string(show.player + 1) +
                         " was not dealt"};
      }
      for (int c = 0; c < hole_cards; ++c) {
        const Card card = *show.cards[static_cast<std::size_t>(c)];
        if (known.contains(card)) continue;
        use_card(card, show.index);
        for (auto& slot : hole) {
          if (!slot) {
            slot = card;
            break;
          }
        }
      }
    }
  }

  // Unknown cards get the lowest unused cards: any choice would do, since
  // they may not decide a showdown (checked by the replay).
  void fill_unknown_cards() {
    int next = 0;
    auto unused = [&]() {
      while (used_.contains(static_cast<Card>(next))) ++next;
      const auto card = static_cast<Card>(next);
      used_.add(card);
      return card;
    };
    const int hole_cards = game_.setup.rules.hole_cards;
    for (int p = 0; p < n_; ++p) {
      const auto i = static_cast<std::size_t>(p);
      game_.hole_known[i] = true;
      for (int c = 0; c < hole_cards; ++c) {
        const auto& card = hole_[i][static_cast<std::size_t>(c)];
        game_.hole_known[i] = game_.hole_known[i] && card.has_value();
        game_.setup.hole[i][static_cast<std::size_t>(c)] = card ? *card : unused();
      }
    }
    game_.board_known = board_count_;
    for (int b = board_count_; b < kBoardSize; ++b) game_.setup.board[static_cast<std::size_t>(b)] = unused();
  }

  struct Show {
    int player;
    int index;
    std::vector<std::optional<Card>> cards;
  };

  const PhhHand& hand_;
  PhhGame game_;
  int n_ = 0;
  int board_count_ = 0;
  CardSet used_;
  std::array<bool, kMaxPlayers> dealt_{};
  std::array<std::array<std::optional<Card>, 4>, kMaxPlayers> hole_{};
  std::vector<Show> shows_;
};

}  // namespace

std::variant<PhhGame, PhhError> convert_phh_hand(const PhhHand& hand) {
  try {
    return Converter(hand).run();
  } catch (const FieldError& error) {
    return PhhError{hand.file, hand.name, error.reason};
  }
}

}  // namespace sngsim
