// The declaration of an experiment file's keys (sim/config/config_keys.h) is
// what the reader enforces: the keys of every mapping and the choices of
// every choice key. docs/config-reference.md's table is its rendering
// (tests/docs/check_config_keys.py).

#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "tests/config_error_util.h"
#include "sim/config/config_keys.h"

namespace sngsim {
namespace {

constexpr const char* kFile = "keys.yaml";
constexpr const char* kLineup = "lineup:\n  - strategy: random\n";

std::string joined(const std::vector<std::string>& words) {
  std::string out;
  for (const std::string& word : words) out += (out.empty() ? "" : ", ") + word;
  return out;
}

std::string section_of(const std::string& path) {
  const std::size_t dot = path.rfind('.');
  return dot == std::string::npos ? "" : path.substr(0, dot);
}

TEST_CASE("config keys: every key is declared once, under a declared section", "[config]") {
  std::set<std::string> paths;
  std::set<std::string> sections{"", "lineup[]"};
  for (const ConfigKey& key : config_keys()) {
    INFO(key.path);
    CHECK(paths.insert(key.path).second);
    if (key.role == KeyRole::kSection) sections.insert(key.path);
    if (key.role == KeyRole::kValue) {
      CHECK_FALSE(key.type.empty());
      CHECK_FALSE(key.fallback.empty());
      CHECK_FALSE(key.meaning.empty());
    }
  }
  for (const ConfigKey& key : config_keys()) {
    INFO(key.path);
    CHECK(sections.count(section_of(key.path)) == 1);
  }
  CHECK(keys_of("table") == std::vector<std::string>{"players", "stack", "blinds", "hands_per_level", "schedule",
                                                     "hand_cap", "bust_ties", "game", "betting", "ante"});
  CHECK(keys_of("lineup[].process") == std::vector<std::string>{"per_seat", "handshake_s"});
  CHECK(keys_of("nowhere").empty());
  CHECK_THROWS_AS(choices_of("table.players"), std::logic_error);  // a number, not a choice
  CHECK(config_keys_markdown().rfind("| Key | Type | Default | Meaning |\n|---|---|---|---|\n| `name` |", 0) == 0);
}

TEST_CASE("config keys: the reader refuses what the declaration lacks, listing what it declares", "[config]") {
  // A name far from every key gets the whole list instead of a suggestion.
  const std::string odd = "zzzzzzzzzzzz: 1\n";
  testing::check_config_error(odd + kLineup, kFile, 1, 1,
                              "unknown key 'zzzzzzzzzzzz'; expected one of: " + joined(keys_of("")));
  const struct {
    std::string section, text;
    int line, column;
  } cases[] = {
      {"table", std::string("table:\n  ") + odd + kLineup, 2, 3},
      {"payouts", std::string(kLineup) + "payouts:\n  " + odd, 4, 3},
      {"stop", std::string(kLineup) + "stop:\n  " + odd, 4, 3},
      {"cash", std::string(kLineup) + "format: cash\ncash:\n  " + odd, 5, 3},
      {"time", std::string(kLineup) + "time:\n  " + odd, 4, 3},
  };
  for (const auto& c : cases) {
    INFO(c.section);
    testing::check_config_error(
        c.text, kFile, c.line, c.column,
        "unknown key 'zzzzzzzzzzzz' in " + c.section + "; expected one of: " + joined(keys_of(c.section)));
  }
}

TEST_CASE("config keys: a choice key takes exactly the declared choices", "[config]") {
  const struct {
    std::string path, text;
    int line, column;
  } cases[] = {
      {"table.game", std::string("table:\n  game: chess\n") + kLineup, 2, 9},
      {"table.bust_ties", std::string("table:\n  bust_ties: chess\n") + kLineup, 2, 14},
      {"seating", std::string("seating: chess\n") + kLineup, 1, 10},
      {"format", std::string("format: chess\n") + kLineup, 1, 9},
      {"adjust_luck", std::string("adjust_luck: chess\n") + kLineup, 1, 14},
      {"payouts.icm_at_cap", std::string(kLineup) + "payouts:\n  icm_at_cap: chess\n", 4, 15},
  };
  for (const auto& c : cases) {
    INFO(c.path);
    testing::check_config_error(c.text, kFile, c.line, c.column,
                                c.path + " must be one of " + joined(choices_of(c.path)) + "; got 'chess'");
  }
}

}  // namespace
}  // namespace sngsim
