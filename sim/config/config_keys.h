#pragma once
// Every key of an experiment file, declared once: the reader
// (sim/config/experiment_config.cpp) takes from here the keys each mapping
// may hold and the choices of each key that names one, and the Keys table
// of docs/config-reference.md is this declaration rendered
// (`sngsim config-keys --markdown`; a docs test compares the two), as
// ParamSpec does for the parameters of bots.

#include <string>
#include <string_view>
#include <vector>

namespace sngsim {

enum class KeyRole {
  kValue,    // a row of the Keys table
  kSection,  // a mapping of further keys (`table`, `lineup[].process`); no row
  kRefused,  // accepted only to be refused with advice; no row, the document says why
};

struct ConfigKey {
  std::string path;  // dotted; `lineup[].x` is the key x of every lineup entry
  KeyRole role = KeyRole::kValue;
  // For a key naming one of a fixed set, in the order the reader numbers
  // them (the first is not necessarily the default); empty otherwise.
  std::vector<std::string> choices;
  // The table's columns (Markdown). A choice key's type is its choices.
  std::string type;
  std::string fallback;
  std::string meaning;
};

// In the order of the table.
const std::vector<ConfigKey>& config_keys();

// The keys a mapping at `section` may hold ("" the file itself, "table",
// "lineup[]", "lineup[].process"...), in declaration order; empty for a
// path that is not a section.
std::vector<std::string> keys_of(std::string_view section);

// The choices of a choice key. Throws std::logic_error for any other path
// (a bug of the reader, not of the file).
const std::vector<std::string>& choices_of(std::string_view path);

// A blind level as a mapping (table.schedule's levels, cash.blinds).
const std::vector<std::string>& blind_level_keys();

// The "Keys" table of docs/config-reference.md: its header and one row per
// KeyRole::kValue key, each line ending in a newline.
std::string config_keys_markdown();

}  // namespace sngsim
