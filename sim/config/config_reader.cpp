#include "sim/config/config_reader.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <string_view>
#include <vector>

#include "sim/config/config_error.h"

namespace sngsim::config_reading {

void Reader::fail(const Origin& at, const std::string& message) const {
  if (at.override_index >= 0) {
    throw ConfigError(
        display_name_, 0, 0,
        cell_prefix_ + "--set " + overrides_[static_cast<std::size_t>(at.override_index)] + ": " + message);
  }
  throw ConfigError(display_name_, at.line, at.column, cell_prefix_ + message);
}

Node Reader::convert(const YAML::Node& yaml, const Origin& fallback, int override_index, int depth) const {
  Node node;
  const YAML::Mark mark = yaml.Mark();
  if (override_index >= 0) {
    node.origin = Origin{0, 0, override_index};
  } else if (mark.is_null()) {
    node.origin = fallback;
  } else {
    node.origin = Origin{mark.line + 1, mark.column + 1, -1};
  }
  if (++converted_ > kMaxNodes)
    fail(node.origin, "the document has more than " + std::to_string(kMaxNodes) + " values");
  if (depth > kMaxDepth) fail(node.origin, kTooDeep + " (an alias inside its own anchor?)");
  switch (yaml.Type()) {
    case YAML::NodeType::Scalar:
      node.kind = Node::Kind::kScalar;
      node.text = yaml.Scalar();
      break;
    case YAML::NodeType::Sequence:
      node.kind = Node::Kind::kSequence;
      for (const auto& item : yaml) node.items.push_back(convert(item, node.origin, override_index, depth + 1));
      break;
    case YAML::NodeType::Map:
      node.kind = Node::Kind::kMap;
      for (const auto& pair : yaml) {
        const Node key = convert(pair.first, node.origin, override_index, depth + 1);
        if (key.kind != Node::Kind::kScalar) fail(key.origin, "a key must be a single word, got " + describe(key));
        if (const Entry* first = node.find_entry(key.text)) {
          std::string where;
          if (first->key_origin.line > 0) where = " (first at line " + std::to_string(first->key_origin.line) + ")";
          fail(key.origin, "duplicate key '" + key.text + "'" + where);
        }
        Node value = convert(pair.second, key.origin, override_index, depth + 1);
        // yaml-cpp places an empty value at the next token, often the next
        // line; the key is the better place to point at.
        if (value.is_null() && value.origin.line != key.origin.line) value.origin = key.origin;
        node.entries.push_back(Entry{key.text, key.origin, std::move(value)});
      }
      break;
    default: break;
  }
  return node;
}

Node Reader::parse(const std::string& text) {
  YAML::Node document;
  std::vector<DocumentMarks> documents;
  try {
    document = YAML::Load(text);
    documents = first_documents(text);
  } catch (const YAML::Exception& error) {
    const bool known = !error.mark.is_null();
    throw ConfigError(display_name_, known ? error.mark.line + 1 : 0, known ? error.mark.column + 1 : 0,
                      "YAML syntax error: " + yaml_message(error));
  }
  const auto origin_of = [](const YAML::Mark& mark) { return Origin{mark.line + 1, mark.column + 1, -1}; };
  if (documents.size() > 1) {
    // A second document that starts where the first did consumed nothing:
    // the parser is stuck on a token it cannot place.
    if (documents[1].start.pos == documents[0].start.pos) {
      const auto pos = static_cast<std::size_t>(documents[0].start.pos);
      fail(origin_of(documents[0].start),
           "YAML syntax error: unexpected '" + (pos < text.size() ? text.substr(pos, 1) : std::string()) + "'");
    }
    const YAML::Mark& second = documents[1].first_node.is_null() ? documents[1].start : documents[1].first_node;
    fail(origin_of(second), "only one YAML document is allowed (a second one starts here)");
  }
  Node root = convert(document, Origin{1, 1, -1}, -1);
  if (root.kind != Node::Kind::kMap && !root.is_null()) {
    fail(root.origin, "an experiment must be a mapping of keys (name:, table:, lineup:, ...), got " + describe(root));
  }
  return root;
}

void Reader::check_keys(const Node& map, const std::string& path, const std::vector<std::string>& allowed) const {
  for (const auto& entry : map.entries) {
    if (contains(allowed, entry.key)) continue;
    std::string message = "unknown key '" + entry.key + "'" + (path.empty() ? "" : " in " + path);
    const std::string suggestion = did_you_mean(entry.key, allowed);
    message += suggestion.empty() ? "; expected one of: " + join(allowed, ", ") : suggestion;
    fail(entry.key_origin, message);
  }
}

void Reader::expect_map(const Node& node, const std::string& path) const {
  // An empty section (`table:` with every key commented out) reads as {}.
  if (node.kind != Node::Kind::kMap && !node.is_null()) {
    fail(node.origin, path + " must be a mapping of keys, got " + describe(node));
  }
}

std::int64_t Reader::read_integer(const Node& node, const std::string& path, std::int64_t min, std::int64_t max) const {
  if (node.kind != Node::Kind::kScalar) fail(node.origin, path + " must be an integer, got " + describe(node));
  const std::string& text = node.text;
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  const bool out_of_range = ec == std::errc::result_out_of_range;
  if (text.empty() || ptr != end || (ec != std::errc() && !out_of_range)) {
    fail(node.origin, path + " must be an integer, got '" + text + "'");
  }
  if (out_of_range || value < min || value > max) {
    // Small ranges are rules worth stating whole; large ones are sanity bounds.
    std::string rule;
    if (max - min <= 1000) {
      rule = "between " + std::to_string(min) + " and " + std::to_string(max);
    } else if (!out_of_range && value < min) {
      rule = "at least " + std::to_string(min);
    } else {
      rule = "at most " + std::to_string(max);
    }
    fail(node.origin, path + " must be " + rule + ", got " + text);
  }
  return value;
}

std::int64_t Reader::read_integer(const Node& map, const std::string& section, const std::string& key, std::int64_t min,
                                  std::int64_t max, std::int64_t fallback) const {
  const Node* node = map.find(key);
  if (node == nullptr) return fallback;
  return read_integer(*node, section.empty() ? key : section + "." + key, min, max);
}

const std::string& Reader::read_scalar(const Node& node, const std::string& path, const char* what) const {
  if (node.kind != Node::Kind::kScalar || node.text.empty()) {
    fail(node.origin, path + " must be " + what + ", got " + describe(node));
  }
  return node.text;
}

std::size_t Reader::read_choice(const Node& node, const std::string& path,
                                const std::vector<std::string>& names) const {
  const std::string expected = "one of " + join(names, ", ");
  if (node.kind != Node::Kind::kScalar) fail(node.origin, path + " must be " + expected + "; got " + describe(node));
  const auto it = std::find(names.begin(), names.end(), node.text);
  if (it == names.end()) {
    fail(node.origin, path + " must be " + expected + "; got '" + node.text + "'" + did_you_mean(node.text, names));
  }
  return static_cast<std::size_t>(it - names.begin());
}

std::size_t Reader::read_choice(const Node& map, const std::string& section, const std::string& key,
                                const std::vector<std::string>& names, std::size_t fallback) const {
  const Node* node = map.find(key);
  if (node == nullptr) return fallback;
  return read_choice(*node, section.empty() ? key : section + "." + key, names);
}

bool Reader::read_bool(const Node& map, const std::string& section, const std::string& key, bool fallback) const {
  if (map.find(key) == nullptr) return fallback;
  // The declaration names list items generically: lineup[2].process is lineup[].process there.
  std::string declared = section.empty() ? key : section + "." + key;
  for (std::size_t open = declared.find('['); open != std::string::npos; open = declared.find('[', open + 1)) {
    const std::size_t close = declared.find(']', open);
    if (close != std::string::npos) declared.erase(open + 1, close - open - 1);
  }
  return read_choice(map, section, key, choices_of(declared), 0) == 1;
}

double Reader::read_positive_number(const Node& node, const std::string& path) const {
  const std::string& text = read_scalar(node, path, "a number above 0");
  double value = 0.0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value) || !(value > 0.0)) {
    fail(node.origin, path + " must be a number above 0, got '" + text + "'");
  }
  return value;
}

double Reader::read_seconds(const Node& map, const std::string& section, const std::string& key, double fallback,
                            bool zero_allowed) const {
  const Node* node = map.find(key);
  if (node == nullptr) return fallback;
  const std::string path = section + "." + key;
  if (zero_allowed && node->kind == Node::Kind::kScalar && node->text == "0") return 0.0;
  const double value = read_positive_number(*node, path);
  // Microseconds in 64 bits, with room for sums over a run.
  if (value > 1e9) fail(node->origin, path + " must be at most 1e9 seconds, got " + node->text);
  return value;
}

std::string Reader::place_of(const Origin& at) const {
  if (at.override_index >= 0)
    return display_name_ + ": --set " + overrides_[static_cast<std::size_t>(at.override_index)];
  return display_name_ + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
}

// The keys a mapping of the schema may hold, by its dotted path; nullptr
// when the path is not a mapping of the schema (a scalar or a list).
const std::vector<std::string>* section_keys(const std::string& section) {
  if (section.empty()) return &kTopKeys;
  if (section == "table") return &kTableKeys;
  if (section == "table.ante") return &kAnteKeys;
  if (section == "payouts") return &kPayoutKeys;
  if (section == "shootout") return &kShootoutKeys;
  if (section == "cash") return &kCashKeys;
  if (section == "cash.rake") return &kRakeKeys;
  if (section == "duplicate") return &kDuplicateKeys;
  if (section == "stop") return &kStopKeys;
  if (section == "compare") return &kCompareKeys;
  if (section == "time") return &kTimeKeys;
  if (section == "bots") return &kBotsKeys;
  if (section == "sit_out") return &kSitOutKeys;
  return nullptr;
}

std::string join(const std::vector<std::string>& words, std::string_view separator) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0) out += separator;
    out += words[i];
  }
  return out;
}

std::vector<std::string> split_dotted(const std::string& key) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = key.find('.', start);
    parts.push_back(key.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) return parts;
    start = dot + 1;
  }
}

bool contains(const std::vector<std::string>& words, const std::string& word) {
  return std::find(words.begin(), words.end(), word) != words.end();
}

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates) {
  if (auto suggestion = closest_match(word, candidates)) return " (did you mean '" + *suggestion + "'?)";
  return "";
}

}  // namespace sngsim::config_reading
