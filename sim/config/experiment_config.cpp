#include "sim/config/experiment_config.h"

#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <numeric>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/game_definition.h"
#include "sim/config/config_keys.h"
#include "sim/config/duplicate.h"
#include "sim/config/utf8.h"
#include "bot_hosting/plugin_strategy.h"
#include "bot_hosting/process_strategy.h"
#include "sim/config/hosted_bots.h"
#include "strategies/registry.h"

namespace sngsim {

namespace {

// A ConfigError is one line, yet its message quotes the file, which may hold
// any byte (a quoted scalar that spans lines, a tab, a NUL); control
// characters are written as escapes so the message cannot break the line or
// the terminal.
std::string one_line(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (byte < 0x20 || byte == 0x7f) {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xf];
    } else {
      out += c;
    }
  }
  return out;
}

// The folder of the running sngsim binary (or test binary), for paths
// written as "{sngsim_dir}/...": files the build makes (build/plugins/)
// are found from any build folder.
constexpr std::string_view kSngsimDir = "{sngsim_dir}";

std::filesystem::path sngsim_dir() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::current_path() : self.parent_path();
}

// A path from the experiment file: "{sngsim_dir}/rest" is relative to the
// sngsim binary's folder, another relative path to `base`.
std::filesystem::path resolve_config_path(const std::string& text, const std::filesystem::path& base) {
  if (text.rfind(kSngsimDir, 0) == 0) {
    std::string rest = text.substr(kSngsimDir.size());
    while (!rest.empty() && rest[0] == '/') rest.erase(0, 1);
    return (sngsim_dir() / rest).lexically_normal();
  }
  const std::filesystem::path path(text);
  return path.is_absolute() ? path : base / path;
}

// The script an interpreter is told to run, as the index of its argument
// in `command`, or 0: the first argument that looks like a file (it holds a
// '/' or ends in a script's extension) when command[0] is a known
// interpreter, unless code comes inline first (-c, -m, -e).
std::size_t script_argument(const std::vector<std::string>& command) {
  static const std::vector<std::string> interpreters = {"python", "python3", "pypy3", "node", "ruby", "perl",
                                                        "sh", "bash", "Rscript", "julia", "lua", "php"};
  static const std::vector<std::string> extensions = {".py", ".js", ".mjs", ".rb", ".pl", ".sh",
                                                      ".R", ".jl", ".lua", ".php"};
  std::string program = std::filesystem::path(command[0]).filename().string();
  while (!program.empty() && (std::isdigit(static_cast<unsigned char>(program.back())) || program.back() == '.')) {
    program.pop_back();  // python3.11 -> python
  }
  if (std::find(interpreters.begin(), interpreters.end(), program) == interpreters.end() &&
      std::find(interpreters.begin(), interpreters.end(), program + "3") == interpreters.end()) {
    return 0;
  }
  for (std::size_t a = 1; a < command.size(); ++a) {
    const std::string& arg = command[a];
    if (arg == "-c" || arg == "-m" || arg == "-e" || arg == "--eval" || arg == "-") return 0;
    if (arg.empty() || arg[0] == '-') continue;
    const std::string extension = std::filesystem::path(arg).extension().string();
    if (arg.find('/') != std::string::npos ||
        std::find(extensions.begin(), extensions.end(), extension) != extensions.end()) {
      return a;
    }
  }
  return 0;
}

}  // namespace

ConfigError::ConfigError(std::string file_name, int line_number, int column_number, std::string text)
    : std::runtime_error(one_line(line_number > 0 ? file_name + ":" + std::to_string(line_number) + ":" +
                                                        std::to_string(column_number) + ": " + text
                                                  : file_name + ": " + text)),
      file(std::move(file_name)),
      line(line_number),
      column(column_number),
      message(one_line(text)) {}

namespace {

// Sanity bounds rather than rules: they keep every sum of chips (six stacks,
// antes scaled by doubling blinds) far from int64 overflow.
constexpr Chips kMaxChips = 1'000'000'000'000;
// TournamentRecord keeps bust hands in 16 bits.
constexpr std::int64_t kMaxHandCap = std::numeric_limits<std::int16_t>::max();
constexpr std::int64_t kMaxHandsPerLevel = 1'000'000;
constexpr std::int64_t kMaxAnteLevel = 1000;
constexpr std::size_t kMaxScheduleLevels = 10'000;
constexpr std::size_t kMaxCells = 10'000;
// Aliases are copied on conversion; this stops a "billion laughs" file.
constexpr std::size_t kMaxNodes = 1'000'000;
// The schema nests six deep at most. The bound also stops an alias inside
// its own anchor (`a: &x [*x]`), which yaml-cpp accepts as a cycle that
// would otherwise recurse until the stack overflows.
constexpr int kMaxDepth = 64;
const std::string kTooDeep = "values are nested more than " + std::to_string(kMaxDepth) + " levels deep";
constexpr int kMinPlayers = 2;
constexpr int kMaxTablePlayers = 6;  // R1
constexpr int kMaxFeePercent = 10;   // V6
// Experiment files are a page or two; a bound keeps `run /dev/zero` (or a
// wrong file) from filling the memory before the first message.
constexpr std::size_t kMaxConfigBytes = 4 * 1024 * 1024;
// The name is a folder name (results/<name>, plus a staging suffix) and
// must fit the usual 255-byte limit of one path component.
constexpr std::size_t kMaxNameBytes = 100;

// The keys of every mapping and the choices of every key that names one:
// sim/config/config_keys.h, which docs/config-reference.md renders.
const std::vector<std::string> kTopKeys = keys_of("");
const std::vector<std::string> kTableKeys = keys_of("table");
const std::vector<std::string> kAnteKeys = keys_of("table.ante");
const std::vector<std::string> kPayoutKeys = keys_of("payouts");
const std::vector<std::string> kShootoutKeys = keys_of("shootout");
const std::vector<std::string> kCashKeys = keys_of("cash");
const std::vector<std::string> kRakeKeys = keys_of("cash.rake");
const std::vector<std::string>& kFormats = choices_of("format");      // in Format order
const std::vector<std::string>& kSeatings = choices_of("seating");    // in Seating order
const std::vector<std::string> kDuplicateKeys = keys_of("duplicate");
// max_tournaments is a key only to say that `tournaments` is the maximum.
const std::vector<std::string> kStopKeys = keys_of("stop");
const std::vector<std::string> kCompareKeys = keys_of("compare");
const std::vector<std::string>& kMetrics = choices_of("stop.metric");  // in Metric order
constexpr std::int64_t kDefaultStopBatch = 1000;
constexpr int kMaxShootoutTablesConfig = 6;      // the final table seats one winner per table (R1)
constexpr std::int64_t kMaxCashHands = 10'000'000;  // per session
constexpr int kMinCashBuyInBb = 40;              // V7
constexpr int kMaxCashBuyInBb = 100;             // V7
constexpr int kMinLimitBuyInBb = 20;             // V7, fixed limit: 10 big bets of 2 big blinds
const std::vector<std::string> kEntrantKeys = keys_of("lineup[]");
// Not in the registry: a plug-in is a strategy only once `path` names it.
const std::string kPluginStrategy = "plugin";
// Nor a bot in another process, which `command` names (bot_hosting/process_strategy.h).
const std::string kProcessStrategy = "process";
const std::vector<std::string> kProcessOnlyKeys = {"command", "env", "workdir", "process"};
const std::vector<std::string> kProcessKeys = keys_of("lineup[].process");
// Nor a bot a host program provides in this process (sim/config/hosted_bots.h).
const std::string kPythonStrategy = "python";
const std::vector<std::string> kHostedOnlyKeys = {"object", "python_path"};
const std::vector<std::string> kTimeKeys = keys_of("time");
const std::vector<std::string> kBotsKeys = keys_of("bots");
constexpr std::int64_t kMaxTablesInFlight = 4096;
constexpr std::int64_t kMaxBotLogLimitMib = 1024 * 1024;  // bots.log_limit_mb: a tebibyte
const std::vector<std::string> kSitOutKeys = keys_of("sit_out");
constexpr std::int64_t kMaxSitOutHands = 1'000'000;
const std::vector<std::string>& kLevelKeys = blind_level_keys();
// Fixed for the whole experiment, so a matrix may not vary them.
const std::vector<std::string> kNotInMatrix = {"name", "seed", "tournaments", "matrix", "stop", "compare", "bots"};

// Why `name` cannot be the experiment's name, or nullopt. The name is the
// default output folder results/<name>, so it must stay one plain folder
// name: no separator, no "." or "..", nothing hidden, no control character.
std::optional<std::string> name_problem(const std::string& name) {
  if (name.empty()) return "is empty";
  if (name.size() > kMaxNameBytes) {
    return "is longer than " + std::to_string(kMaxNameBytes) + " bytes";
  }
  for (const char c : name) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '/' || c == '\\') return "must be a plain name, not a path: it holds '" + std::string(1, c) + "'";
    if (byte < 0x20 || byte == 0x7f) return "must be a plain name: it holds a control character or NUL byte";
  }
  if (name.front() == '.') return "must be a plain name: it may not start with '.' ('" + name + "')";
  if (name.front() == '-') return "must be a plain name: it may not start with '-' ('" + name + "')";
  if (name.front() == ' ' || name.back() == ' ') return "must be a plain name: it may not start or end with a space";
  return std::nullopt;
}

// A line and column (1-based; the column counts characters) of a byte offset.
std::pair<int, int> place_of(std::string_view text, std::size_t offset) {
  int line = 1;
  int column = 1;
  for (std::size_t i = 0; i < offset; ++i) {
    if (text[i] == '\n') {
      ++line;
      column = 1;
    } else if ((static_cast<unsigned char>(text[i]) & 0xc0) != 0x80) {
      ++column;
    }
  }
  return {line, column};
}

// Size, before YAML sees the text; encoding: every text of an experiment
// reaches JSON (summary.json, state.json, the bot protocol), which holds
// UTF-8 only, and a failure there would come after the whole run.
void check_size(const std::string& text, const std::string& display_name) {
  if (text.size() > kMaxConfigBytes) {
    throw ConfigError(display_name, 0, 0,
                      "larger than " + std::to_string(kMaxConfigBytes / (1024 * 1024)) +
                          " MiB: not an experiment file (they are a page or two)");
  }
}

void check_encoding(const std::string& text, const std::string& display_name,
                    const std::vector<std::string>& overrides) {
  if (first_non_utf8_byte(display_name)) {
    throw ConfigError(display_name, 0, 0, "the file's path is not UTF-8 text; rename the file");
  }
  if (const auto offset = first_non_utf8_byte(text)) {
    const auto [line, column] = place_of(text, *offset);
    char byte[8];
    std::snprintf(byte, sizeof byte, "0x%02x", static_cast<unsigned char>(text[*offset]));
    throw ConfigError(display_name, line, column,
                      std::string("the file is not UTF-8 text (byte ") + byte + "); save it as UTF-8");
  }
  for (const std::string& override_text : overrides) {
    if (first_non_utf8_byte(override_text)) {
      throw ConfigError(display_name, 0, 0, "--set " + override_text + ": not UTF-8 text");
    }
  }
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

// yaml-cpp stops nesting deeper than it can parse (its DepthGuard, a few
// hundred levels) with the bare message "bad file"; say what it means.
std::string yaml_message(const YAML::Exception& error) {
  return error.msg == YAML::ErrorMsg::BAD_FILE ? kTooDeep : error.msg;
}

// Where a document of a YAML stream starts, and its first value.
struct DocumentMarks {
  YAML::Mark start;
  YAML::Mark first_node = YAML::Mark::null_mark();
};

// Records DocumentMarks and nothing else.
class DocumentMarker : public YAML::EventHandler {
 public:
  std::vector<DocumentMarks> documents;

  void OnDocumentStart(const YAML::Mark& mark) override { documents.push_back({mark}); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { node(mark); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { node(mark); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string&) override {
    node(mark);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    node(mark);
  }
  void OnSequenceEnd() override {}
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t, YAML::EmitterStyle::value) override {
    node(mark);
  }
  void OnMapEnd() override {}

 private:
  void node(const YAML::Mark& mark) {
    if (!documents.empty() && documents.back().first_node.is_null()) documents.back().first_node = mark;
  }
};

// The first two documents of `text`. The reader loads only the first one
// (YAML::Load) and asks this whether a second follows, because yaml-cpp
// 0.7's LoadAll never returns on some malformed streams: a lone ',' yields
// empty documents forever, each one allocating (jbeder/yaml-cpp#1040, fixed
// upstream by #1319 in 2024, after Debian 12's 0.7.0). Throws what the
// parser throws.
std::vector<DocumentMarks> first_documents(const std::string& text) {
  std::istringstream in(text);
  YAML::Parser parser(in);
  DocumentMarker marker;
  while (marker.documents.size() < 2 && parser.HandleNextDocument(marker)) {
  }
  return marker.documents;
}

// Where a node came from: a place in the file, or a --set override.
struct Origin {
  int line = 0;  // 1-based; 0 when unknown
  int column = 0;
  int override_index = -1;  // >= 0: the node came from that --set
};

struct Entry;

// The document as the reader sees it. yaml-cpp's nodes would do for a file
// read once, but overrides and matrix cells substitute values, and a
// substituted value must keep saying where it came from (a line of the file,
// a matrix value, a --set) so its errors point there.
struct Node {
  enum class Kind : std::uint8_t { kNull, kScalar, kSequence, kMap };
  Kind kind = Kind::kNull;
  std::string text;          // scalars
  std::vector<Node> items;   // sequences
  std::vector<Entry> entries;  // mappings, in document order, keys unique
  Origin origin;

  bool is_null() const { return kind == Kind::kNull; }
  const Entry* find_entry(const std::string& key) const;
  const Node* find(const std::string& key) const;
};

struct Entry {
  std::string key;
  Origin key_origin;
  Node value;
};

const Entry* Node::find_entry(const std::string& key) const {
  for (const auto& entry : entries) {
    if (entry.key == key) return &entry;
  }
  return nullptr;
}

const Node* Node::find(const std::string& key) const {
  const Entry* entry = find_entry(key);
  return entry == nullptr ? nullptr : &entry->value;
}

std::string describe(const Node& node) {
  switch (node.kind) {
    case Node::Kind::kScalar: return "'" + node.text + "'";
    case Node::Kind::kSequence: return node.items.empty() ? "an empty list" : "a list";
    case Node::Kind::kMap: return "a mapping";
    case Node::Kind::kNull: break;
  }
  return "nothing";
}

// Compact flow-style text of a value, for Cell::params and messages.
std::string render(const Node& node) {
  switch (node.kind) {
    case Node::Kind::kScalar: return node.text;
    case Node::Kind::kNull: return "null";
    case Node::Kind::kSequence: {
      std::string out = "[";
      for (std::size_t i = 0; i < node.items.size(); ++i) out += (i > 0 ? ", " : "") + render(node.items[i]);
      return out + "]";
    }
    case Node::Kind::kMap: {
      std::string out = "{";
      for (std::size_t i = 0; i < node.entries.size(); ++i) {
        out += (i > 0 ? ", " : "") + node.entries[i].key + ": " + render(node.entries[i].value);
      }
      return out + "}";
    }
  }
  return "";
}

// One matrix dimension.
struct Axis {
  std::string key;  // as written, "table.players"
  std::vector<std::string> path;
  std::vector<Node> values;
};

// Validates one document. Holds what every message needs: the file name,
// the override texts (to name a --set) and the matrix cell being read.
class Reader {
 public:
  Reader(std::string display_name, std::vector<std::string> overrides)
      : display_name_(std::move(display_name)), overrides_(std::move(overrides)) {}

  Experiment read(const std::string& text);

 private:
  [[noreturn]] void fail(const Origin& at, const std::string& message) const;

  Node parse(const std::string& text);
  Node convert(const YAML::Node& yaml, const Origin& fallback, int override_index, int depth = 0) const;
  void apply_override(Node& root, int index);
  std::vector<std::string> check_key_path(const std::string& key, const Origin& at, bool for_matrix) const;
  void set_path(Node& root, const std::vector<std::string>& path, Node value, const Origin& created,
                const std::string& context) const;
  std::vector<Axis> read_matrix(const Node& root) const;
  // Every matrix cell (one without a matrix) into experiment.cells.
  void read_cells(const Node& root, Experiment& experiment);
  Cell read_cell(const Node& root) const;

  void check_keys(const Node& map, const std::string& path, const std::vector<std::string>& allowed) const;
  void expect_map(const Node& node, const std::string& path) const;
  std::int64_t read_integer(const Node& node, const std::string& path, std::int64_t min, std::int64_t max) const;
  std::int64_t read_integer(const Node& map, const std::string& section, const std::string& key,
                            std::int64_t min, std::int64_t max, std::int64_t fallback) const;
  const std::string& read_scalar(const Node& node, const std::string& path, const char* what) const;
  std::size_t read_choice(const Node& node, const std::string& path, const std::vector<std::string>& names) const;
  std::size_t read_choice(const Node& map, const std::string& section, const std::string& key,
                          const std::vector<std::string>& names, std::size_t fallback) const;

  BlindSchedule read_schedule(const Node& table) const;
  BlindLevel read_level(const Node& node, const std::string& path) const;
  // `seats` is the number of seats the lineup fills, `seats_what` says what
  // they are in messages ("table.players is 6").
  std::vector<Entrant> read_lineup(const Node& root, int seats, const std::string& seats_what) const;
  Payouts read_payouts(const Node& root, int places, const std::string& places_what) const;
  // true or false; `fallback` when the key is absent.
  bool read_bool(const Node& map, const std::string& section, const std::string& key, bool fallback) const;
  ShootoutRules read_shootout(const Node& root) const;
  CashRules read_cash(const Node& root, const Node& table, const TournamentRules& rules) const;
  SitOutRule read_sit_out(const Node& root) const;
  RakeRule read_rake(const Node& node) const;
  void read_seating(const Node& root, Cell& cell) const;
  std::optional<StopRule> read_stop(const Node& root) const;
  void check_stop(const Node& root, const Cell& cell) const;
  std::optional<std::string> read_baseline(const Node& root) const;
  void check_baseline(const Node& root, const Cell& cell) const;
  double read_positive_number(const Node& node, const std::string& path) const;
  double read_seconds(const Node& map, const std::string& section, const std::string& key, double fallback,
                      bool zero_allowed) const;
  // strategy: process: the entry's command and settings, checked.
  StrategyMaker bind_hosted_bot(const Node& item, const std::string& path, Entrant& entrant) const;
  std::shared_ptr<ProcessBotSpec> read_process_bot(const Node& root, const Node& item, const std::string& path,
                                                   const std::string& label) const;
  std::string place_of(const Origin& at) const;

  std::string display_name_;
  std::vector<std::string> overrides_;
  std::string cell_prefix_;  // "matrix cell k=v, ...: " while reading a cell
  // Read before the cells, which check themselves against them.
  std::int64_t tournaments_ = 0;
  std::optional<StopRule> stop_;
  std::optional<std::string> baseline_;
  mutable std::size_t converted_ = 0;  // nodes converted so far (kMaxNodes)
};

void Reader::fail(const Origin& at, const std::string& message) const {
  if (at.override_index >= 0) {
    throw ConfigError(display_name_, 0, 0,
                      cell_prefix_ + "--set " + overrides_[static_cast<std::size_t>(at.override_index)] + ": " +
                          message);
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
  if (++converted_ > kMaxNodes) fail(node.origin, "the document has more than " + std::to_string(kMaxNodes) + " values");
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
    default:
      break;
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

// Checks a dotted key against the schema, with "did you mean" for typos.
// Returns the path of mapping keys it addresses in the document; a matrix
// key inside `matrix.` is one key of the matrix mapping.
std::vector<std::string> Reader::check_key_path(const std::string& key, const Origin& at, bool for_matrix) const {
  // A matrix key is written far from the keys it names, so say which it is.
  const std::string context = for_matrix ? "matrix key '" + key + "': " : "";
  const std::vector<std::string> parts = split_dotted(key);
  for (const auto& part : parts) {
    if (part.empty()) fail(at, context + "malformed key '" + key + "': empty part between dots");
  }
  if (for_matrix && contains(kNotInMatrix, parts[0])) {
    fail(at, context + "name, seed, tournaments, matrix and stop are the same for every cell and cannot vary");
  }
  if (!for_matrix && parts[0] == "matrix" && parts.size() > 1) {
    const std::string rest = key.substr(std::string("matrix.").size());
    check_key_path(rest, at, true);
    return {"matrix", rest};
  }
  std::string section;
  for (const auto& part : parts) {
    const std::vector<std::string>* keys = section_keys(section);
    if (keys == nullptr) {
      if (section == "lineup") {
        fail(at, context + "lineup is a list and has no keys; give the whole list, e.g. lineup=[{strategy: random}]");
      }
      fail(at, context + "'" + section + "' has no keys, so '" + key + "' does not exist");
    }
    if (!contains(*keys, part)) {
      fail(at, context + "unknown key '" + part + "'" + (section.empty() ? "" : " in " + section) +
                   did_you_mean(part, *keys));
    }
    section += (section.empty() ? "" : ".") + part;
  }
  return parts;
}

// Puts `value` at `path`, creating the mappings on the way; `context` names
// the override or matrix key doing it, for the error of a non-mapping.
void Reader::set_path(Node& root, const std::vector<std::string>& path, Node value, const Origin& created,
                      const std::string& context) const {
  Node* current = &root;
  std::string where;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (current->is_null()) {
      current->kind = Node::Kind::kMap;
      if (current->origin.line == 0 && current->origin.override_index < 0) current->origin = created;
    }
    if (current->kind != Node::Kind::kMap) {
      fail(current->origin, context + "cannot set " + join(path, ".") + ": " + where + " must be a mapping, got " +
                                describe(*current));
    }
    auto it = std::find_if(current->entries.begin(), current->entries.end(),
                           [&](const Entry& entry) { return entry.key == path[i]; });
    if (it == current->entries.end()) {
      current->entries.push_back(Entry{path[i], created, Node{Node::Kind::kNull, {}, {}, {}, created}});
      it = std::prev(current->entries.end());
    }
    where += (where.empty() ? "" : ".") + path[i];
    current = &it->value;
  }
  *current = std::move(value);
}

void Reader::apply_override(Node& root, int index) {
  const std::string& text = overrides_[static_cast<std::size_t>(index)];
  const Origin here{0, 0, index};
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0) fail(here, "expected key=value, e.g. table.stack=2000");
  const std::string key = text.substr(0, equals);
  const std::vector<std::string> path = check_key_path(key, here, false);
  YAML::Node yaml;
  try {
    yaml = YAML::Load(text.substr(equals + 1));
  } catch (const YAML::Exception& error) {
    fail(here, "invalid YAML value: " + yaml_message(error));
  }
  set_path(root, path, convert(yaml, here, index), here, "--set " + text + ": ");
}

std::vector<Axis> Reader::read_matrix(const Node& root) const {
  std::vector<Axis> axes;
  const Node* matrix = root.find("matrix");
  if (matrix == nullptr || matrix->is_null()) return axes;
  expect_map(*matrix, "matrix");
  std::size_t cells = 1;
  for (const auto& entry : matrix->entries) {
    Axis axis{entry.key, check_key_path(entry.key, entry.key_origin, true), {}};
    const Node& values = entry.value;
    if (values.kind != Node::Kind::kSequence || values.items.empty()) {
      fail(values.origin, "matrix." + entry.key + " must be a non-empty list of values, got " + describe(values));
    }
    for (const auto& other : axes) {
      const std::size_t common = std::min(other.path.size(), axis.path.size());
      if (std::equal(other.path.begin(), other.path.begin() + static_cast<std::ptrdiff_t>(common), axis.path.begin())) {
        fail(entry.key_origin, "matrix keys '" + other.key + "' and '" + entry.key + "' overlap");
      }
    }
    axis.values = values.items;
    cells *= values.items.size();
    if (cells > kMaxCells) {
      fail(matrix->origin, "the matrix has more than " + std::to_string(kMaxCells) + " cells");
    }
    axes.push_back(std::move(axis));
  }
  return axes;
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

std::int64_t Reader::read_integer(const Node& node, const std::string& path, std::int64_t min,
                                  std::int64_t max) const {
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

std::int64_t Reader::read_integer(const Node& map, const std::string& section, const std::string& key,
                                  std::int64_t min, std::int64_t max, std::int64_t fallback) const {
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

BlindLevel Reader::read_level(const Node& node, const std::string& path) const {
  BlindLevel level;
  if (node.kind == Node::Kind::kSequence) {
    if (node.items.size() != 2 && node.items.size() != 3) {
      fail(node.origin, path + " must be [small, big] or [small, big, ante], got a list of " +
                            std::to_string(node.items.size()));
    }
    level.small_blind = read_integer(node.items[0], path + " small blind", 0, kMaxChips);
    level.big_blind = read_integer(node.items[1], path + " big blind", 1, kMaxChips);
    if (node.items.size() == 3) level.ante = read_integer(node.items[2], path + " ante", 0, kMaxChips);
  } else if (node.kind == Node::Kind::kMap) {
    check_keys(node, path, kLevelKeys);
    if (node.find("big") == nullptr) fail(node.origin, path + " needs 'big' (the big blind)");
    if (node.find("small") == nullptr) fail(node.origin, path + " needs 'small' (the small blind)");
    level.small_blind = read_integer(node, path, "small", 0, kMaxChips, 0);
    level.big_blind = read_integer(node, path, "big", 1, kMaxChips, 0);
    level.ante = read_integer(node, path, "ante", 0, kMaxChips, 0);
  } else {
    fail(node.origin, path + " must be [small, big], [small, big, ante] or {small: , big: , ante: }, got " +
                          describe(node));
  }
  if (level.small_blind > level.big_blind) {
    fail(node.origin, path + ": the small blind " + std::to_string(level.small_blind) +
                          " is larger than the big blind " + std::to_string(level.big_blind));
  }
  return level;
}

BlindSchedule Reader::read_schedule(const Node& table) const {
  const std::vector<std::string>& kSpeeds = choices_of("table.blinds");
  const std::size_t speed = read_choice(table, "table", "blinds", kSpeeds, 0);
  const bool custom = speed == 2;
  const int hands_per_level = static_cast<int>(read_integer(
      table, "table", "hands_per_level", 1, kMaxHandsPerLevel, speed == 1 ? kTurboHandsPerLevel : kNormalHandsPerLevel));

  std::vector<BlindLevel> levels;
  const Entry* schedule = table.find_entry("schedule");
  if (custom) {
    if (schedule == nullptr) fail(table.find("blinds")->origin, "blinds: custom needs table.schedule, the list of levels");
    const Node& list = schedule->value;
    if (list.kind != Node::Kind::kSequence || list.items.empty()) {
      fail(list.origin, "table.schedule must be a non-empty list of levels, got " + describe(list));
    }
    if (list.items.size() > kMaxScheduleLevels) {
      fail(list.origin, "table.schedule has more than " + std::to_string(kMaxScheduleLevels) + " levels");
    }
    for (std::size_t i = 0; i < list.items.size(); ++i) {
      levels.push_back(read_level(list.items[i], "table.schedule[" + std::to_string(i) + "]"));
    }
  } else {
    if (schedule != nullptr) {
      fail(schedule->key_origin, "table.schedule is only read with blinds: custom (blinds is " + kSpeeds[speed] + ")");
    }
    levels = BlindSchedule::standard(hands_per_level).levels();
  }

  const Entry* ante = table.find_entry("ante");
  if (ante != nullptr) {
    const Node& spec = ante->value;
    if (spec.kind != Node::Kind::kMap) {
      fail(spec.origin, "table.ante must be a mapping {from_level: , amount: }, got " + describe(spec));
    }
    check_keys(spec, "table.ante", kAnteKeys);
    if (spec.find("amount") == nullptr) fail(spec.origin, "table.ante needs 'amount' (chips per player)");
    const auto from_level = static_cast<std::size_t>(read_integer(spec, "table.ante", "from_level", 1, kMaxAnteLevel, 1));
    const Chips amount = read_integer(spec, "table.ante", "amount", 0, kMaxChips, 0);
    for (const auto& level : levels) {
      if (level.ante != 0) fail(ante->key_origin, "table.ante cannot be combined with antes in table.schedule");
    }
    // Levels past the list double (R4); write them out up to from_level so
    // the ante has a level to start from, then let it scale with the big
    // blind, which keeps it the same fraction of the blinds at every level.
    const BlindSchedule listed(levels, hands_per_level);
    while (levels.size() < from_level) levels.push_back(listed.level(static_cast<int>(levels.size()) + 1));
    const Chips base = levels[from_level - 1].big_blind;
    for (std::size_t i = from_level - 1; i < levels.size(); ++i) {
      __extension__ using Wide = __int128;  // amount * big blind may exceed 64 bits
      const Wide scaled = Wide{amount} * Wide{levels[i].big_blind} / Wide{base};
      // Saturate where BlindSchedule stops doubling blinds, far from overflow.
      levels[i].ante = static_cast<Chips>(std::min<Wide>(scaled, Wide{1} << 52));
    }
  }
  return BlindSchedule(std::move(levels), hands_per_level);
}

std::vector<Entrant> Reader::read_lineup(const Node& root, int players, const std::string& seats_what) const {
  const Entry* lineup = root.find_entry("lineup");
  if (lineup == nullptr) fail(root.origin, "missing required key 'lineup' (the strategies that play)");
  const Node& list = lineup->value;
  if (list.kind != Node::Kind::kSequence || list.items.empty()) {
    fail(list.origin, "lineup must be a non-empty list of entries ({strategy: , count: , ...}), got " + describe(list));
  }
  std::vector<Entrant> seats;  // every seat the lineup fills, in order
  std::map<std::string, std::size_t> label_owner;  // label -> first entry index
  std::vector<Entrant> entries;
  for (std::size_t i = 0; i < list.items.size(); ++i) {
    const Node& item = list.items[i];
    const std::string path = "lineup[" + std::to_string(i) + "]";
    if (item.kind != Node::Kind::kMap) {
      fail(item.origin, path + " must be a mapping {strategy: , label: , count: , params: }, got " + describe(item));
    }
    check_keys(item, path, kEntrantKeys);
    const Node* strategy = item.find("strategy");
    if (strategy == nullptr) fail(item.origin, path + " needs 'strategy' (one of " + join(strategy_names(), ", ") + ")");
    Entrant entrant;
    entrant.strategy = read_scalar(*strategy, path + ".strategy", "a strategy name");
    const Entry* plugin_path = item.find_entry("path");
    const Plugin* plugin = nullptr;
    const HostedBots* host = hosted_bots();
    entrant.hosted = entrant.strategy == kPythonStrategy ||
                     (host != nullptr && find_strategy(entrant.strategy) == nullptr && host->provides(entrant.strategy));
    if (!entrant.hosted) {
      for (const std::string& key : kHostedOnlyKeys) {
        if (const Entry* entry = item.find_entry(key)) {
          fail(entry->key_origin, path + "." + key + " is only read with strategy: python");
        }
      }
    }
    if (entrant.strategy != kProcessStrategy) {
      for (const std::string& key : kProcessOnlyKeys) {
        if (const Entry* entry = item.find_entry(key)) {
          fail(entry->key_origin, path + "." + key + " is only read with strategy: process");
        }
      }
    }
    if (entrant.strategy == kPluginStrategy) {
      if (plugin_path == nullptr) {
        fail(item.origin, path + " needs 'path' (the plug-in's shared library) with strategy: plugin");
      }
      const std::string& file = read_scalar(plugin_path->value, path + ".path", "a file path");
      // Relative to the experiment file, so a config and its plug-in move together.
      const std::filesystem::path resolved =
          resolve_config_path(file, std::filesystem::path(display_name_).parent_path());
      std::string error;
      // Loading here, before anything runs, turns every plug-in problem into
      // a config error that points at the path.
      plugin = load_plugin(resolved.string(), error);
      if (plugin == nullptr) {
        fail(plugin_path->value.origin, path + ".path: cannot load plug-in '" + resolved.string() + "': " + error);
      }
      entrant.info = &plugin->info;
    } else {
      if (plugin_path != nullptr) fail(plugin_path->key_origin, path + ".path is only read with strategy: plugin");
      entrant.info = entrant.strategy == kProcessStrategy ? &process_strategy_info()
                     : entrant.hosted                      ? &hosted_strategy_info()
                                                           : find_strategy(entrant.strategy);
    }
    if (entrant.info == nullptr) {
      std::vector<std::string> known = strategy_names();
      known.push_back(kPluginStrategy);
      known.push_back(kProcessStrategy);
      known.push_back(kPythonStrategy);
      fail(strategy->origin, "unknown strategy '" + entrant.strategy + "'" + did_you_mean(entrant.strategy, known) +
                                 "; known strategies: " + join(known, ", "));
    }
    const Node* label = item.find("label");
    const std::string default_label = plugin != nullptr ? plugin->name : entrant.strategy;
    entrant.label = label == nullptr ? default_label : read_scalar(*label, path + ".label", "a non-empty text");
    const auto count = read_integer(item, path, "count", 1, std::max(kMaxTablePlayers, players), 1);

    std::map<std::string, std::string> given;
    const Node* params = item.find("params");
    if (params != nullptr) {
      expect_map(*params, path + ".params");
      for (const auto& param : params->entries) {
        // A process bot's params go to it as JSON, nested or not.
        if (entrant.strategy == kProcessStrategy || entrant.hosted) {
          given[param.key] = render(param.value);
          continue;
        }
        if (param.value.kind != Node::Kind::kScalar) {
          fail(param.value.origin,
               path + ".params." + param.key + " must be a single value, got " + describe(param.value));
        }
        given[param.key] = param.value.text;
      }
    }
    // A plug-in or a process bot declares no parameters: whatever is given
    // passes through as text.
    std::vector<ParamSpec> specs = entrant.info->params;
    if (plugin != nullptr || entrant.strategy == kProcessStrategy || entrant.hosted) {
      for (const auto& [name, value] : given) specs.push_back({name, value, "plug-in parameter", false, 0.0, 0.0});
    }
    if (auto error = StrategyParams::resolve(specs, given, entrant.params)) {
      fail(params != nullptr ? params->origin : item.origin, path + ".params: " + *error);
    }
    if (entrant.strategy == kProcessStrategy) {
      auto spec = read_process_bot(root, item, path, entrant.label);
      entrant.make = bind_process_bot(spec);
      entrant.process = std::move(spec);
      entrant.clocked = true;
    } else if (entrant.hosted) {
      entrant.make = bind_hosted_bot(item, path, entrant);
    } else {
      try {
        entrant.make = entrant.info->bind(entrant.params);
      } catch (const std::invalid_argument& error) {
        fail(params != nullptr ? params->origin : item.origin, path + ".params: " + error.what());
      }
    }

    // A label is one row of the statistics, so it must mean one player.
    const auto [owner, inserted] = label_owner.emplace(entrant.label, i);
    if (!inserted) {
      const Entrant& first = entries[owner->second];
      // Two plug-ins share the strategy name but not the StrategyInfo.
      if (first.strategy != entrant.strategy || first.info != entrant.info ||
          first.params.all() != entrant.params.all() ||
          (first.process != nullptr && first.process->identity() != entrant.process->identity()) ||
          first.hosted_object != entrant.hosted_object) {
        fail(label != nullptr ? label->origin : strategy->origin,
             "label '" + entrant.label + "' already names lineup[" + std::to_string(owner->second) +
                 "], which has a different strategy or params; give this entry its own label");
      }
    }
    entries.push_back(entrant);
    for (std::int64_t c = 0; c < count; ++c) seats.push_back(entrant);
  }
  if (seats.size() > static_cast<std::size_t>(players)) {
    fail(lineup->key_origin, "the lineup fills " + std::to_string(seats.size()) + " seats but " + seats_what);
  }
  // A shorter lineup repeats in order, so one lineup serves every table size.
  std::vector<Entrant> entrants;
  for (int seat = 0; seat < players; ++seat) entrants.push_back(seats[static_cast<std::size_t>(seat) % seats.size()]);
  return entrants;
}

Payouts Reader::read_payouts(const Node& root, int players, const std::string& places_what) const {
  Payouts payouts;
  payouts.percent = {100};
  const Node* node = root.find("payouts");
  if (node == nullptr) return payouts;
  expect_map(*node, "payouts");
  check_keys(*node, "payouts", kPayoutKeys);
  if (const Node* places = node->find("places")) {
    if (places->kind != Node::Kind::kSequence || places->items.empty()) {
      fail(places->origin, "payouts.places must be a non-empty list of percentages, got " + describe(*places));
    }
    payouts.percent.clear();
    int sum = 0;
    for (std::size_t i = 0; i < places->items.size(); ++i) {
      const auto percent = static_cast<int>(
          read_integer(places->items[i], "payouts.places[" + std::to_string(i) + "]", 0, 100));
      payouts.percent.push_back(percent);
      sum += percent;
    }
    if (sum != 100) fail(places->origin, "payouts.places must add up to 100, got " + std::to_string(sum));
    if (payouts.percent.size() > static_cast<std::size_t>(players)) {
      fail(places->origin, "payouts.places pays " + std::to_string(payouts.percent.size()) + " places but " +
                               places_what);
    }
  }
  payouts.buy_in = read_integer(*node, "payouts", "buy_in", 1, kMaxChips, 100);
  payouts.fee_percent = static_cast<int>(read_integer(*node, "payouts", "fee", 0, kMaxFeePercent, 0));
  // The choices' order is IcmAtCap's.
  payouts.icm_at_cap =
      static_cast<IcmAtCap>(read_choice(*node, "payouts", "icm_at_cap", choices_of("payouts.icm_at_cap"), 0));
  return payouts;
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

ShootoutRules Reader::read_shootout(const Node& root) const {
  ShootoutRules shootout;
  const Node* node = root.find("shootout");
  if (node == nullptr) return shootout;
  expect_map(*node, "shootout");
  check_keys(*node, "shootout", kShootoutKeys);
  shootout.tables = static_cast<int>(read_integer(*node, "shootout", "tables", 2, kMaxShootoutTablesConfig, 2));
  shootout.final_table = read_choice(*node, "shootout", "winners", choices_of("shootout.winners"), 0) == 0;
  return shootout;
}

CashRules Reader::read_cash(const Node& root, const Node& table, const TournamentRules& rules) const {
  // A cash table has no levels, eliminations or starting stack: say which
  // cash key replaces a sit-and-go one rather than ignoring it.
  static const std::vector<std::pair<std::string, std::string>> kNotForCash = {
      {"stack", "the buy-in is cash.buy_in_bb big blinds"},
      {"blinds", "the blinds are fixed: cash.blinds"},
      {"hands_per_level", "the blinds are fixed: cash.blinds"},
      {"schedule", "the blinds are fixed: cash.blinds"},
      {"ante", "give the ante in cash.blinds: [small, big, ante]"},
      {"hand_cap", "a session lasts cash.hands hands"},
      {"bust_ties", "nobody is eliminated"},
  };
  for (const auto& [key, instead] : kNotForCash) {
    if (const Entry* entry = table.find_entry(key)) {
      fail(entry->key_origin, "table." + key + " does not apply to format: cash (" + instead + ")");
    }
  }
  if (const Entry* payouts = root.find_entry("payouts")) {
    fail(payouts->key_origin, "payouts does not apply to format: cash (results are big blinds won per 100 hands)");
  }

  CashRules cash;
  const Node* found = root.find("cash");
  const Node empty;
  const Node& node = found == nullptr ? empty : *found;
  expect_map(node, "cash");
  check_keys(node, "cash", kCashKeys);
  cash.hands = static_cast<int>(read_integer(node, "cash", "hands", 1, kMaxCashHands, 1000));
  if (const Node* blinds = node.find("blinds")) cash.table.blinds = read_level(*blinds, "cash.blinds");
  const Chips big_blind = cash.table.blinds.big_blind;
  // V7: 40..100 big blinds at no-limit and pot-limit; at fixed limit at
  // least 10 big bets (a big bet is two big blinds) and no maximum beyond
  // the bound that keeps chip sums far from overflow.
  const bool fixed_limit = rules.game.betting == BettingStructure::kFixedLimit;
  std::int64_t buy_in_bb = kMaxCashBuyInBb;
  if (!fixed_limit) {
    buy_in_bb = read_integer(node, "cash", "buy_in_bb", kMinCashBuyInBb, kMaxCashBuyInBb, kMaxCashBuyInBb);
  } else if (const Node* buy_in = node.find("buy_in_bb")) {
    buy_in_bb = read_integer(*buy_in, "cash.buy_in_bb", std::numeric_limits<std::int64_t>::min(),
                             std::max<Chips>(kMinLimitBuyInBb, kMaxChips / std::max<Chips>(big_blind, 1)));
    if (buy_in_bb < kMinLimitBuyInBb) {
      fail(buy_in->origin, "cash.buy_in_bb must be at least " + std::to_string(kMinLimitBuyInBb) +
                               " at a fixed-limit table (V7: 10 big bets of two big blinds), got " + buy_in->text);
    }
  }
  const auto rebuy_below_bb =
      read_integer(node, "cash", "rebuy_below_bb", 0, buy_in_bb, std::min<std::int64_t>(kMinCashBuyInBb, buy_in_bb));
  cash.table.players = rules.players;
  cash.table.game = rules.game;
  cash.table.buy_in = buy_in_bb * big_blind;
  cash.table.rebuy_below = rebuy_below_bb * big_blind;
  if (const Node* rake = node.find("rake")) cash.table.rake = read_rake(*rake);
  cash.table.missed_blinds_wait = read_choice(node, "cash", "missed_blinds", choices_of("cash.missed_blinds"), 0) == 1;
  cash.table.new_player_waits = read_choice(node, "cash", "new_players", choices_of("cash.new_players"), 0) == 1;
  cash.new_player_after_hands =
      static_cast<int>(read_integer(node, "cash", "new_player_after_hands", 0, kMaxSitOutHands, 0));
  cash.table.sit_out = read_sit_out(root);
  cash.table.sit_out.stand_up_after_hands = static_cast<int>(
      read_integer(node, "cash", "stand_up_after_hands", 1, kMaxSitOutHands, cash.table.sit_out.stand_up_after_hands));
  return cash;
}

SitOutRule Reader::read_sit_out(const Node& root) const {
  SitOutRule rule;
  const Node* node = root.find("sit_out");
  if (node == nullptr) return rule;
  expect_map(*node, "sit_out");
  check_keys(*node, "sit_out", kSitOutKeys);
  rule.after_faults = static_cast<int>(read_integer(*node, "sit_out", "after_faults", 0, 1000, 0));
  if (const Node* back = node->find("return_after_hands")) {
    rule.return_after_hands =
        back->kind == Node::Kind::kScalar && back->text == "never"
            ? 0
            : static_cast<int>(read_integer(*back, "sit_out.return_after_hands", 1, kMaxSitOutHands));
  }
  return rule;
}

RakeRule Reader::read_rake(const Node& node) const {
  if (node.kind != Node::Kind::kMap) {
    fail(node.origin, "cash.rake must be a mapping {percent: , cap: , no_flop_no_drop: }, got " + describe(node));
  }
  check_keys(node, "cash.rake", kRakeKeys);
  RakeRule rake;
  const Node* percent = node.find("percent");
  if (percent == nullptr) fail(node.origin, "cash.rake needs 'percent'");
  // A percentage with at most two decimals, kept exact in hundredths.
  const std::string& text = read_scalar(*percent, "cash.rake.percent", "a percentage");
  const std::size_t dot = text.find('.');
  const std::string whole = text.substr(0, dot);
  const std::string fraction = dot == std::string::npos ? "" : text.substr(dot + 1);
  const auto digits = [](const std::string& part) {
    return std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (whole.empty() || whole.size() > 6 || !digits(whole) || fraction.size() > 2 || !digits(fraction) ||
      (dot != std::string::npos && fraction.empty())) {
    fail(percent->origin, "cash.rake.percent must be a percentage such as 5 or 2.5 (at most two decimals), got '" +
                              text + "'");
  }
  const std::int64_t hundredths = std::stoll(whole) * 100 + (fraction.empty() ? 0 : std::stoll(fraction) *
                                                                                         (fraction.size() == 1 ? 10 : 1));
  if (hundredths > kMaxRakeHundredthsPercent) {
    fail(percent->origin, "cash.rake.percent must be at most 10 (V10: at least 90% of the bets go to the players), got " +
                              text);
  }
  rake.hundredths_percent = static_cast<int>(hundredths);
  rake.cap = read_integer(node, "cash.rake", "cap", 0, kMaxChips, 0);
  rake.no_flop_no_drop = read_bool(node, "cash.rake", "no_flop_no_drop", true);
  return rake;
}

Cell Reader::read_cell(const Node& root) const {
  Cell cell;
  const Node* table_node = root.find("table");
  const Node empty;
  const Node& table = table_node == nullptr ? empty : *table_node;
  expect_map(table, "table");
  check_keys(table, "table", kTableKeys);

  TournamentRules& rules = cell.rules;
  rules.players = static_cast<int>(read_integer(table, "table", "players", kMinPlayers, kMaxTablePlayers, 6));
  rules.starting_stack = read_integer(table, "table", "stack", 1, kMaxChips, 1000);
  rules.schedule = read_schedule(table);
  rules.hand_cap = static_cast<int>(read_integer(table, "table", "hand_cap", 1, kMaxHandCap, 120));
  rules.tie_rule = read_choice(table, "table", "bust_ties", choices_of("table.bust_ties"), 0) == 0 ? TieRule::kShare
                                                                                          : TieRule::kButtonOrder;
  const std::vector<std::string>& kGameNames = choices_of("table.game");
  const std::string& game = kGameNames.at(read_choice(table, "table", "game", kGameNames, 0));
  rules.game.hole_cards = game_definition(find_game(game).value()).hole_cards;
  if (const Node* betting = table.find("betting")) {
    const std::vector<std::string>& kBettings = choices_of("table.betting");  // in BettingStructure order
    // parse_betting also takes the short names (nl, pl, fl, limit).
    const auto parsed = betting->kind == Node::Kind::kScalar ? parse_betting(betting->text) : std::nullopt;
    rules.game.betting = parsed ? *parsed : static_cast<BettingStructure>(read_choice(*betting, "table.betting", kBettings));
  }

  // A format's own section is read only with that format.
  cell.format = static_cast<Format>(read_choice(root, "", "format", kFormats, 0));
  for (const Format format : {Format::kShootout, Format::kCash}) {
    const Entry* section = root.find_entry(format_name(format));
    if (section != nullptr && cell.format != format) {
      fail(section->key_origin, std::string(format_name(format)) + " is only read with format: " +
                                    format_name(format) + " (format is " + format_name(cell.format) + ")");
    }
  }
  std::string seats_what = "table.players is " + std::to_string(rules.players);
  if (cell.format == Format::kShootout) {
    cell.shootout = read_shootout(root);
    seats_what = "the shoot-out seats " + std::to_string(cell.field_size()) + " (shootout.tables " +
                 std::to_string(cell.shootout.tables) + " x table.players " + std::to_string(rules.players) + ")";
  }
  cell.sit_out = read_sit_out(root);
  if (cell.format == Format::kCash) cell.cash = read_cash(root, table, rules);

  cell.entrants = read_lineup(root, cell.field_size(), seats_what);
  read_seating(root, cell);
  if (cell.format != Format::kCash) cell.payouts = read_payouts(root, cell.field_size(), seats_what);
  if (cell.format == Format::kShootout && !cell.shootout.final_table) {
    // V6: each table winner gets pool / tables; there is no table to read.
    if (const Node* payouts = root.find("payouts"); payouts != nullptr && payouts->find_entry("places") != nullptr) {
      fail(payouts->find_entry("places")->key_origin,
           "payouts.places does not apply with shootout.winners: paid (each table winner gets the pool / tables)");
    }
    cell.payouts.percent.clear();
  }
  if (cell.payouts.icm_at_cap == IcmAtCap::kAlways && cell.format != Format::kSitAndGo) {
    fail(root.find("payouts")->find_entry("icm_at_cap")->key_origin,
         "payouts.icm_at_cap applies to format: sit-and-go only");
  }
  cell.adjust_luck = read_bool(root, "", "adjust_luck", false);
  cell.luck_board_terms = read_bool(root, "", "luck_board_terms", false);
  cell.style_stats = read_bool(root, "", "style_stats", false);
  if (cell.luck_board_terms && (!cell.adjust_luck || cell.format != Format::kSitAndGo)) {
    fail(root.find_entry("luck_board_terms")->key_origin,
         "luck_board_terms adds to the luck adjustment of a sit-and-go: it needs adjust_luck: true and format: sit-and-go");
  }
  if (stop_) check_stop(root, cell);
  if (baseline_) check_baseline(root, cell);
  return cell;
}

void Reader::read_seating(const Node& root, Cell& cell) const {
  cell.seating = static_cast<Seating>(read_choice(root, "", "seating", kSeatings, 0));
  const Entry* section = root.find_entry("duplicate");
  if (cell.seating != Seating::kDuplicate) {
    if (section != nullptr) {
      fail(section->key_origin, "duplicate is only read with seating: duplicate (seating is " +
                                    kSeatings[static_cast<std::size_t>(cell.seating)] + ")");
    }
    return;
  }
  const Node& seating = *root.find("seating");
  if (cell.format == Format::kCash) {
    fail(seating.origin, "seating: duplicate applies to sit-and-go and shoot-out cells (format is cash)");
  }
  const int field = cell.field_size();
  if (section != nullptr) {
    expect_map(section->value, "duplicate");
    check_keys(section->value, "duplicate", kDuplicateKeys);
    const Node* permutations = section->value.find("permutations");
    cell.duplicate.all_permutations =
        read_choice(section->value, "duplicate", "permutations", choices_of("duplicate.permutations"), 0) == 1;
    if (cell.duplicate.all_permutations && field > kMaxAllPermutationsField) {
      fail(permutations->origin, "duplicate.permutations: all would play " + std::to_string(field) +
                                     "! tournaments per group; it is for fields of at most " +
                                     std::to_string(kMaxAllPermutationsField) + " seats (the field is " +
                                     std::to_string(field) + "); use rotations");
    }
  }
  // A group is one unit of work, so a cell plays whole groups.
  const std::int64_t group = duplicate_group_size(cell);
  if (tournaments_ % group != 0) {
    const Node* tournaments = root.find("tournaments");
    const std::int64_t below = tournaments_ / group * group;
    fail(tournaments != nullptr ? tournaments->origin : seating.origin,
         "tournaments " + std::to_string(tournaments_) + " is not a multiple of " + std::to_string(group) +
             ", the tournaments of one duplicate group (" + duplicate_group_name(cell) + "); use " +
             (below > 0 ? std::to_string(below) + " or " : "") + std::to_string(below + group));
  }
}

std::string Reader::place_of(const Origin& at) const {
  if (at.override_index >= 0) return display_name_ + ": --set " + overrides_[static_cast<std::size_t>(at.override_index)];
  return display_name_ + ":" + std::to_string(at.line) + ":" + std::to_string(at.column);
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

namespace {

// A params value as JSON: integers, decimals, true, false and null keep
// their type, everything else is a string.
nlohmann::json param_json(const Node& node) {
  switch (node.kind) {
    case Node::Kind::kNull: return nullptr;
    case Node::Kind::kSequence: {
      nlohmann::json list = nlohmann::json::array();
      for (const Node& item : node.items) list.push_back(param_json(item));
      return list;
    }
    case Node::Kind::kMap: {
      nlohmann::json map = nlohmann::json::object();
      for (const Entry& entry : node.entries) map[entry.key] = param_json(entry.value);
      return map;
    }
    case Node::Kind::kScalar: break;
  }
  const std::string& text = node.text;
  if (text == "true" || text == "false") return text == "true";
  if (text == "null" || text == "~") return nullptr;
  const char* end = text.data() + text.size();
  std::int64_t integer = 0;
  if (auto [ptr, ec] = std::from_chars(text.data(), end, integer); ec == std::errc() && ptr == end && !text.empty()) {
    return integer;
  }
  double real = 0.0;
  if (auto [ptr, ec] = std::from_chars(text.data(), end, real);
      ec == std::errc() && ptr == end && !text.empty() && std::isfinite(real)) {
    return real;
  }
  return text;
}

}  // namespace

StrategyMaker Reader::bind_hosted_bot(const Node& item, const std::string& path, Entrant& entrant) const {
  const Node* strategy = item.find("strategy");
  const HostedBots* host = hosted_bots();
  if (host == nullptr) {
    fail(strategy->origin, path + ": strategy: python plays only in Python, with sngsim.run() of the sngsim "
                                  "package (docs/python.md); the sngsim program cannot host it");
  }
  HostedBotEntry entry;
  entry.strategy = entrant.strategy;
  entry.label = entrant.label;
  const Node* object = item.find("object");
  if (entrant.strategy == kPythonStrategy) {
    if (object == nullptr) {
      fail(item.origin, path + " needs 'object' (\"module:Class\", a Bot class) with strategy: python");
    }
    entry.object = read_scalar(*object, path + ".object", "\"module:Class\"");
  } else {
    if (object != nullptr) fail(object->origin, path + ".object: '" + entrant.strategy + "' is already a bot");
    entry.object = entrant.strategy;
  }
  if (const Node* python_path = item.find("python_path")) {
    const std::string& folder = read_scalar(*python_path, path + ".python_path", "a folder");
    entry.python_path = resolve_config_path(folder, std::filesystem::path(display_name_).parent_path()).string();
  }
  entry.params_json = "{}";
  if (const Node* params = item.find("params")) {
    try {
      entry.params_json = param_json(*params).dump();
    } catch (const nlohmann::json::type_error&) {
      fail(params->origin, path + ".params must be UTF-8 text: a Python bot gets them as JSON");
    }
    if (entry.params_json == "null") entry.params_json = "{}";
  }
  entrant.hosted_object = entry.object + "|" + entry.python_path + "|" + entry.params_json;
  try {
    return host->bind(entry);
  } catch (const std::invalid_argument& error) {
    fail(object != nullptr ? object->origin : strategy->origin,
         path + (object != nullptr ? ".object: " : ".strategy: ") + error.what());
  }
}

std::shared_ptr<ProcessBotSpec> Reader::read_process_bot(const Node& root, const Node& item, const std::string& path,
                                                         const std::string& label) const {
  namespace fs = std::filesystem;
  auto spec = std::make_shared<ProcessBotSpec>();
  spec->label = label;
  spec->origin = place_of(item.origin);
  // Relative paths are relative to the experiment file, so a config and
  // its bots move together.
  const fs::path folder = fs::path(display_name_).parent_path();
  const fs::path base = folder.empty() ? fs::current_path() : fs::absolute(folder);
  const Entry* command = item.find_entry("command");
  if (command == nullptr) {
    fail(item.origin, path + " needs 'command' (the program and its arguments, a list) with strategy: process");
  }
  const Node& list = command->value;
  if (list.kind != Node::Kind::kSequence || list.items.empty()) {
    fail(list.origin, path + ".command must be a non-empty list [program, arguments...], got " + describe(list));
  }
  for (std::size_t a = 0; a < list.items.size(); ++a) {
    const Node& arg = list.items[a];
    if (arg.kind != Node::Kind::kScalar) {
      fail(arg.origin, path + ".command[" + std::to_string(a) + "] must be a single value, got " + describe(arg));
    }
    spec->command.push_back(arg.text);
  }
  const Node& program_node = list.items[0];
  std::string& program = spec->command[0];
  if (program.empty()) fail(program_node.origin, path + ".command[0] must name the program");
  if (program.find('/') == std::string::npos) {
    const std::string found = find_in_path(program);
    if (found.empty()) fail(program_node.origin, path + ".command[0]: no program '" + program + "' in PATH");
    program = found;
  } else {
    program = resolve_config_path(program, base).lexically_normal().string();
    if (const auto problem = program_problem(program)) {
      fail(program_node.origin, path + ".command[0]: cannot run '" + program + "': " + *problem);
    }
  }

  // The protocol is UTF-8 JSON: text that is not UTF-8 cannot reach the bot.
  if (const Node* params = item.find("params")) {
    try {
      spec->params_json = param_json(*params).dump();
    } catch (const nlohmann::json::type_error&) {
      fail(params->origin, path + ".params must be UTF-8 text: the bot protocol sends them as JSON");
    }
  }
  try {
    static_cast<void>(nlohmann::json(spec->label).dump());
  } catch (const nlohmann::json::type_error&) {
    fail(item.origin, path + ": the label must be UTF-8 text: the bot protocol sends it as JSON");
  }
  if (spec->params_json == "null") spec->params_json = "{}";
  if (const Node* env = item.find("env")) {
    expect_map(*env, path + ".env");
    for (const Entry& entry : env->entries) {
      if (entry.key.empty() || entry.key.find('=') != std::string::npos) {
        fail(entry.key_origin, path + ".env: '" + entry.key + "' is not a variable name");
      }
      if (entry.value.kind != Node::Kind::kScalar && !entry.value.is_null()) {
        fail(entry.value.origin, path + ".env." + entry.key + " must be a single value, got " + describe(entry.value));
      }
      spec->env.emplace_back(entry.key, entry.value.text);
    }
  }
  spec->workdir = base.lexically_normal().string();
  if (const Node* workdir = item.find("workdir")) {
    const fs::path given = read_scalar(*workdir, path + ".workdir", "a folder");
    const fs::path chosen = (given.is_absolute() ? given : base / given).lexically_normal();
    std::error_code ec;
    if (!fs::is_directory(chosen, ec)) fail(workdir->origin, path + ".workdir: no folder '" + chosen.string() + "'");
    spec->workdir = chosen.string();
  }
  // An interpreter starts even when its script is missing, and only the
  // bot's log would say so: a missing script is an error of the file.
  if (const std::size_t script = script_argument(spec->command); script > 0) {
    const fs::path given(spec->command[script]);
    const fs::path file = given.is_absolute() ? given : fs::path(spec->workdir) / given;
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) {
      fail(list.items[script].origin, path + ".command[" + std::to_string(script) + "]: no script '" +
                                          file.lexically_normal().string() +
                                          "' (a relative script is relative to the bot's workdir)");
    }
  }
  if (const Node* process = item.find("process")) {
    expect_map(*process, path + ".process");
    check_keys(*process, path + ".process", kProcessKeys);
    spec->per_seat = read_bool(*process, path + ".process", "per_seat", false);
    spec->handshake_s = read_seconds(*process, path + ".process", "handshake_s", spec->handshake_s, false);
  }
  if (const Node* time = root.find("time")) {
    expect_map(*time, "time");
    check_keys(*time, "time", kTimeKeys);
    const BotClock defaults;
    const double per_action = read_seconds(*time, "time", "per_action_s", static_cast<double>(defaults.per_action_us) / 1e6, false);
    const double bank = read_seconds(*time, "time", "bank_s", static_cast<double>(defaults.bank_us) / 1e6, true);
    spec->clock.per_action_us = static_cast<std::int64_t>(std::llround(per_action * 1e6));
    spec->clock.bank_us = static_cast<std::int64_t>(std::llround(bank * 1e6));
  }
  if (const Node* bots = root.find("bots")) {
    spec->log_limit_bytes =
        read_integer(*bots, "bots", "log_limit_mb", 0, kMaxBotLogLimitMib, kDefaultBotLogLimitBytes >> 20) << 20;
  }
  return spec;
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

std::optional<StopRule> Reader::read_stop(const Node& root) const {
  const Entry* section = root.find_entry("stop");
  if (section == nullptr) return std::nullopt;
  const Node& node = section->value;
  if (node.kind != Node::Kind::kMap) {
    fail(node.origin, "stop must be a mapping {metric: , label: , ci_width: , ...}, got " + describe(node));
  }
  check_keys(node, "stop", kStopKeys);
  if (const Entry* max = node.find_entry("max_tournaments")) {
    fail(max->key_origin, "stop.max_tournaments: with stop, `tournaments` is the most a cell plays; "
                          "write tournaments: " + render(max->value) + " instead");
  }
  for (const char* key : {"metric", "label", "ci_width"}) {
    if (node.find(key) == nullptr) fail(node.origin, std::string("stop needs '") + key + "'");
  }
  StopRule rule;
  rule.metric = static_cast<Metric>(read_choice(node, "stop", "metric", kMetrics, 0));
  rule.label = read_scalar(*node.find("label"), "stop.label", "a label of the lineup");
  if (const Node* vs = node.find("vs")) {
    rule.vs = read_scalar(*vs, "stop.vs", "a label of the lineup");
    if (rule.vs == rule.label) fail(vs->origin, "stop.vs must name another label than stop.label ('" + rule.label + "')");
  }
  rule.ci_width = read_positive_number(*node.find("ci_width"), "stop.ci_width");
  rule.batch = read_integer(node, "stop", "batch", 1, std::numeric_limits<std::int64_t>::max(), 0);
  rule.adjusted = read_bool(node, "stop", "adjusted", false);
  return rule;
}

void Reader::check_stop(const Node& root, const Cell& cell) const {
  const Node& node = *root.find("stop");
  const Origin& at = root.find_entry("stop")->key_origin;
  if (cell.format == Format::kCash) fail(at, "stop applies to sit-and-go and shoot-out cells (format is cash)");
  const std::vector<std::string> labels = cell_labels(cell);
  for (const char* key : {"label", "vs"}) {
    const Node* label = node.find(key);
    if (label == nullptr || contains(labels, label->text)) continue;
    fail(label->origin, std::string("stop.") + key + " '" + label->text + "' is not a label of the lineup" +
                            did_you_mean(label->text, labels) + "; labels: " + join(labels, ", "));
  }
  if (stop_->adjusted && !cell.adjust_luck) {
    fail(node.find_entry("adjusted")->key_origin,
         "stop.adjusted: true watches a luck-adjusted interval; it needs adjust_luck: true in every cell");
  }
  if (stop_->adjusted && stop_->metric == Metric::kRoi && cell.payouts.buy_in <= 0) {
    fail(node.find_entry("adjusted")->key_origin, "stop.adjusted: the adjusted roi needs payouts.buy_in above 0");
  }
  const std::int64_t group = duplicate_group_size(cell);
  if (const Node* batch = node.find("batch"); batch != nullptr && stop_->batch % group != 0) {
    fail(batch->origin, "stop.batch " + std::to_string(stop_->batch) + " is not a multiple of " +
                            std::to_string(group) + ", the tournaments of one duplicate group");
  }
  if (stop_->metric == Metric::kRoi && max_paid_place_sharers(cell) > kMaxPlayers) {
    fail(node.find("metric")->origin,
         "stop.metric: roi is not kept exactly for a shoot-out paying places that more than " +
             std::to_string(kMaxPlayers) + " players can share; pay only the first shootout.tables places");
  }
}

std::optional<std::string> Reader::read_baseline(const Node& root) const {
  const Node* node = root.find("compare");
  if (node == nullptr) return std::nullopt;
  if (node->kind != Node::Kind::kMap) {
    fail(node->origin, "compare must be a mapping {baseline: LABEL}, got " + describe(*node));
  }
  check_keys(*node, "compare", kCompareKeys);
  const Node* baseline = node->find("baseline");
  if (baseline == nullptr) fail(node->origin, "compare needs 'baseline'");
  return read_scalar(*baseline, "compare.baseline", "a label of the lineup");
}

void Reader::check_baseline(const Node& root, const Cell& cell) const {
  // Cash cells keep no paired statistics: they have nothing to compare.
  if (cell.format == Format::kCash) return;
  const Node& label = *root.find("compare")->find("baseline");
  const std::vector<std::string> labels = cell_labels(cell);
  if (contains(labels, label.text)) return;
  fail(label.origin, "compare.baseline '" + label.text + "' is not a label of the lineup" +
                         did_you_mean(label.text, labels) + "; labels: " + join(labels, ", "));
}

Experiment Reader::read(const std::string& text) {
  Node root = parse(text);
  for (int i = 0; i < static_cast<int>(overrides_.size()); ++i) apply_override(root, i);
  check_keys(root, "", kTopKeys);

  Experiment experiment;
  experiment.source_path = display_name_;
  experiment.source_text = text;
  if (const Node* name = root.find("name")) {
    experiment.name = read_scalar(*name, "name", "a non-empty text");
    if (const auto problem = name_problem(experiment.name)) fail(name->origin, "name " + *problem);
  } else {
    experiment.name = std::filesystem::path(display_name_).stem().string();
    if (const auto problem = name_problem(experiment.name)) {
      throw ConfigError(display_name_, 0, 0,
                        "the file's name gives no plain experiment name (" + *problem + "); add a `name:` key");
    }
  }
  if (const Node* seed = root.find("seed")) {
    std::uint64_t value = 0;
    const char* end = seed->text.data() + seed->text.size();
    const auto [ptr, ec] = std::from_chars(seed->text.data(), end, value);
    if (seed->kind != Node::Kind::kScalar || seed->text.empty() || ec != std::errc() || ptr != end) {
      fail(seed->origin, "seed must be an unsigned 64-bit integer, got " + describe(*seed));
    }
    experiment.seed = value;
  }
  experiment.tournaments =
      read_integer(root, "", "tournaments", 1, std::numeric_limits<std::int64_t>::max(), experiment.tournaments);
  tournaments_ = experiment.tournaments;
  stop_ = read_stop(root);
  baseline_ = read_baseline(root);
  if (const Node* time = root.find("time")) {
    // Checked here whether or not a process bot plays, which reads it again.
    expect_map(*time, "time");
    check_keys(*time, "time", kTimeKeys);
    read_seconds(*time, "time", "per_action_s", 0.0, false);
    read_seconds(*time, "time", "bank_s", 0.0, true);
  }

  if (const Node* bots = root.find("bots")) {
    expect_map(*bots, "bots");
    check_keys(*bots, "bots", kBotsKeys);
    experiment.tables_in_flight = static_cast<int>(
        read_integer(*bots, "bots", "tables_in_flight", 1, kMaxTablesInFlight, experiment.tables_in_flight));
  }

  read_cells(root, experiment);
  if (stop_ && stop_->batch == 0) {
    // The default batch: kDefaultStopBatch tournaments, rounded up to whole
    // duplicate groups of every cell.
    std::int64_t groups = 1;
    for (const Cell& cell : experiment.cells) groups = std::lcm(groups, duplicate_group_size(cell));
    stop_->batch = (kDefaultStopBatch + groups - 1) / groups * groups;
  }
  experiment.stop = stop_;
  experiment.baseline = baseline_;
  return experiment;
}

void Reader::read_cells(const Node& root, Experiment& experiment) {
  const std::vector<Axis> axes = read_matrix(root);
  if (axes.empty()) {
    experiment.cells.push_back(read_cell(root));
    return;
  }
  // Odometer over the axes: the first key varies slowest.
  std::vector<std::size_t> index(axes.size(), 0);
  while (true) {
    Node document = root;
    std::vector<std::pair<std::string, std::string>> params;
    for (std::size_t a = 0; a < axes.size(); ++a) {
      const Node& value = axes[a].values[index[a]];
      params.emplace_back(axes[a].key, render(value));
      set_path(document, axes[a].path, value, value.origin, "matrix key '" + axes[a].key + "': ");
    }
    cell_prefix_ = "matrix cell ";
    for (std::size_t p = 0; p < params.size(); ++p) {
      cell_prefix_ += (p > 0 ? ", " : "") + params[p].first + "=" + params[p].second;
    }
    cell_prefix_ += ": ";
    Cell cell = read_cell(document);
    cell.params = std::move(params);
    experiment.cells.push_back(std::move(cell));
    cell_prefix_.clear();

    std::size_t a = axes.size();
    while (a > 0 && ++index[a - 1] == axes[a - 1].values.size()) index[--a] = 0;
    if (a == 0) break;
  }
}

}  // namespace

Experiment parse_experiment(const std::string& text, const std::string& display_name,
                            const std::vector<std::string>& overrides) {
  check_size(text, display_name);
  Experiment experiment = Reader(display_name, overrides).read(text);
  // After the reader, whose messages for the texts a bot receives are more
  // precise; before any use of the experiment.
  check_encoding(text, display_name, overrides);
  return experiment;
}

Experiment load_experiment(const std::string& path, const std::vector<std::string>& overrides) {
  std::error_code ignored;
  if (std::filesystem::is_directory(path, ignored)) throw ConfigError(path, 0, 0, "cannot read: it is a directory");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError(path, 0, 0, std::string("cannot read: ") + std::strerror(errno));
  // One byte more than allowed tells a file at the limit from a larger one,
  // without reading the rest (a device such as /dev/zero never ends).
  std::string text(kMaxConfigBytes + 1, '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  if (in.bad()) throw ConfigError(path, 0, 0, std::string("cannot read: ") + std::strerror(errno));
  text.resize(static_cast<std::size_t>(in.gcount()));
  return parse_experiment(text, path, overrides);
}

}  // namespace sngsim
