#include "sim/config/config_document.h"

#include <yaml-cpp/eventhandler.h>

#include <cstdio>
#include <sstream>
#include <string_view>
#include <vector>

#include "sim/config/config_error.h"
#include "sim/config/utf8.h"

namespace sngsim::config_reading {

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

// yaml-cpp stops nesting deeper than it can parse (its DepthGuard, a few
// hundred levels) with the bare message "bad file"; say what it means.
std::string yaml_message(const YAML::Exception& error) {
  return error.msg == YAML::ErrorMsg::BAD_FILE ? kTooDeep : error.msg;
}

// Records DocumentMarks and nothing else.
class DocumentMarker : public YAML::EventHandler {
 public:
  std::vector<DocumentMarks> documents;

  void OnDocumentStart(const YAML::Mark& mark) override { documents.push_back({mark}); }
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t) override { node(mark); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t) override { node(mark); }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t, const std::string&) override { node(mark); }
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
  while (marker.documents.size() < 2 && parser.HandleNextDocument(marker)) {}
  return marker.documents;
}

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

}  // namespace sngsim::config_reading
