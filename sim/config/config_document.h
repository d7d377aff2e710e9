#pragma once
// Inside sim/config only: the experiment document as the reader sees it, a
// tree of nodes that remember where they came from (a place in the file, a
// matrix value or a --set), and the checks of the raw text before YAML.

#include <yaml-cpp/yaml.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sngsim::config_reading {

// Aliases are copied on conversion; this stops a "billion laughs" file.
inline constexpr std::size_t kMaxNodes = 1'000'000;
// The schema nests six deep at most. The bound also stops an alias inside
// its own anchor (`a: &x [*x]`), which yaml-cpp accepts as a cycle that
// would otherwise recurse until the stack overflows.
inline constexpr int kMaxDepth = 64;
inline const std::string kTooDeep = "values are nested more than " + std::to_string(kMaxDepth) + " levels deep";
// Experiment files are a page or two; a bound keeps `run /dev/zero` (or a
// wrong file) from filling the memory before the first message.
inline constexpr std::size_t kMaxConfigBytes = 4 * 1024 * 1024;

// Where a document of a YAML stream starts, and its first value.
struct DocumentMarks {
  YAML::Mark start;
  YAML::Mark first_node = YAML::Mark::null_mark();
};

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
  std::string text;            // scalars
  std::vector<Node> items;     // sequences
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

// A line and column (1-based; the column counts characters) of a byte offset.
std::pair<int, int> place_of(std::string_view text, std::size_t offset);

// Size, before YAML sees the text; encoding: every text of an experiment
// reaches JSON (summary.json, state.json, the bot protocol), which holds
// UTF-8 only, and a failure there would come after the whole run.
void check_size(const std::string& text, const std::string& display_name);

void check_encoding(const std::string& text, const std::string& display_name,
                    const std::vector<std::string>& overrides);

// yaml-cpp stops nesting deeper than it can parse (its DepthGuard, a few
// hundred levels) with the bare message "bad file"; say what it means.
std::string yaml_message(const YAML::Exception& error);

// The first two documents of `text`. The reader loads only the first one
// (YAML::Load) and asks this whether a second follows, because yaml-cpp
// 0.7's LoadAll never returns on some malformed streams: a lone ',' yields
// empty documents forever, each one allocating (jbeder/yaml-cpp#1040, fixed
// upstream by #1319 in 2024, after Debian 12's 0.7.0). Throws what the
// parser throws.
std::vector<DocumentMarks> first_documents(const std::string& text);

std::string describe(const Node& node);

// Compact flow-style text of a value, for Cell::params and messages.
std::string render(const Node& node);

}  // namespace sngsim::config_reading
