// Hostile input: every input the fuzzers (tests/fuzz/) found to crash, hang
// or break a contract, fed again exactly as found, with the clean error it
// must now give. The inputs are in tests/fuzz/regressions/ (the fuzzers also
// start from them); README "Hostile input" says how they are made.

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "sim/config/experiment_config.h"
#include "sim/io/phh.h"
#include "sim/io/phh_replay.h"

namespace fs = std::filesystem;
using namespace sngsim;

namespace {

const fs::path kRegressions = fs::path(SNGSIM_SOURCE_DIR) / "tests" / "fuzz" / "regressions";

std::string read_bytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// A fuzz input of fuzz_experiment_config, split as the fuzzer splits it: the
// file up to the first NUL, then one --set override per line.
struct ExperimentInput {
  std::string text;
  std::vector<std::string> overrides;
};

ExperimentInput split_experiment_input(std::string_view input) {
  ExperimentInput split;
  const std::size_t nul = input.find('\0');
  split.text = std::string(input.substr(0, nul));
  if (nul == std::string_view::npos) return split;
  std::string_view rest = input.substr(nul + 1);
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    split.overrides.emplace_back(rest.substr(0, end));
    rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
  }
  return split;
}

// The ConfigError that parsing `input` throws; fails the test if none, or if
// anything else is thrown.
ConfigError config_error_of(const ExperimentInput& input, const std::string& name = "hostile.yaml") {
  try {
    parse_experiment(input.text, name, input.overrides);
  } catch (const ConfigError& error) {
    return error;
  }
  FAIL("expected a ConfigError for " << name);
  throw std::logic_error("unreachable");
}

ConfigError config_error_of(const std::string& text) { return config_error_of(ExperimentInput{text, {}}); }

ConfigError regression_error(const std::string& file) {
  return config_error_of(split_experiment_input(read_bytes(kRegressions / "experiment" / file)), file);
}

std::vector<fs::path> files_in(const fs::path& dir) {
  std::vector<fs::path> files;
  if (fs::is_directory(dir)) {
    for (const auto& entry : fs::directory_iterator(dir)) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("hostile config: an alias inside its own anchor is a ConfigError, not a stack overflow",
          "[hostile][config]") {
  // yaml-cpp builds `&loop [*loop]` as a list that contains itself; reading
  // it recursed until the stack overflowed (SIGSEGV).
  const ConfigError error = regression_error("alias-cycle.yaml");
  INFO(error.what());
  CHECK(error.line == 1);
  CHECK(error.column == 7);
  CHECK(error.message == "values are nested more than 64 levels deep (an alias inside its own anchor?)");
}

TEST_CASE("hostile config: nesting deeper than yaml-cpp parses says so, with its place", "[hostile][config]") {
  // yaml-cpp stops at a few hundred levels with the bare message "bad file".
  const ConfigError error = regression_error("nested-600-deep.yaml");
  INFO(error.what());
  CHECK(error.line == 1);
  CHECK(error.column > 7);
  CHECK(error.message == "YAML syntax error: values are nested more than 64 levels deep");
}

TEST_CASE("hostile config: nesting that yaml-cpp accepts stops at 64 levels", "[hostile][config]") {
  const std::string deep = "name: " + std::string(100, '[') + std::string(100, ']') + "\n";
  const ConfigError error = config_error_of(deep);
  INFO(error.what());
  CHECK(error.line == 1);
  CHECK(error.column == 7 + 64);  // the 65th nested list
  CHECK(error.message == "values are nested more than 64 levels deep (an alias inside its own anchor?)");
  // 64 levels are still read (and then refused by the schema, not the depth).
  const std::string fine = "name: " + std::string(63, '[') + std::string(63, ']') + "\n";
  CHECK(config_error_of(fine).message == "name must be a non-empty text, got a list");
}

TEST_CASE("hostile config: a lone comma is a syntax error, not an endless loop", "[hostile][config]") {
  // yaml-cpp 0.7's LoadAll yields empty documents forever on it, allocating
  // each (jbeder/yaml-cpp#1040); the fuzzer's input timed out after 10 s.
  const ConfigError minimal = config_error_of(",");
  INFO(minimal.what());
  CHECK(minimal.line == 1);
  CHECK(minimal.column == 1);
  CHECK(minimal.message == "YAML syntax error: unexpected ','");
  CHECK(config_error_of("  ,\n").column == 3);

  const ConfigError found = regression_error("lone-comma-hang.yaml");
  INFO(found.what());
  CHECK(found.line == 1);
  CHECK(found.column == 1);
  CHECK(found.message == "YAML syntax error: unexpected ','");
  // The exact input the fuzzer found: a mangled configs/bench.yaml.
  const ConfigError exact = regression_error("timeout-mangled-bench.yaml");
  INFO(exact.what());
  CHECK(exact.line == 3);
  CHECK(exact.column == 1);
  CHECK(exact.message == "YAML syntax error: unexpected ','");
}

TEST_CASE("hostile config: a second document is still refused, at its first value", "[hostile][config]") {
  const ConfigError error = config_error_of("lineup:\n  - strategy: random\n---\nseed: 2\n");
  CHECK(error.line == 4);
  CHECK(error.column == 1);
  CHECK(error.message == "only one YAML document is allowed (a second one starts here)");
}

TEST_CASE("hostile config: control characters of the file are escaped, so the error stays one line",
          "[hostile][config]") {
  // A double-quoted scalar may hold any character; the message quotes it.
  const ConfigError error = config_error_of("seed: \"1\\n2\\t\\u0007\"\n");
  INFO(error.what());
  CHECK(error.message == "seed must be an unsigned 64-bit integer, got '1\\n2\\t\\x07'");
  CHECK(std::string(error.what()) == "hostile.yaml:1:7: " + error.message);

  // The fuzzer's input: a mangled configs/cash-bb100.yaml whose single
  // quote now spans nine lines.
  const ConfigError found = regression_error("multiline-scalar-in-message.yaml");
  INFO(found.what());
  CHECK(found.line == 9);
  CHECK(found.message.find('\n') == std::string::npos);
  CHECK(std::string_view(found.what()).find('\n') == std::string_view::npos);
  CHECK(found.message.find("\\n") != std::string::npos);
}

TEST_CASE("hostile config: every experiment regression input is a clean one-line ConfigError", "[hostile][config]") {
  const std::vector<fs::path> files = files_in(kRegressions / "experiment");
  REQUIRE(files.size() >= 5);
  for (const fs::path& file : files) {
    INFO(file.string());
    const ConfigError error = config_error_of(split_experiment_input(read_bytes(file)), file.filename().string());
    CHECK_FALSE(error.message.empty());
    CHECK(std::string_view(error.what()).find('\n') == std::string_view::npos);
  }
}

TEST_CASE("hostile PHH: a control character in a table header is a TOML error of the file", "[hostile][phh]") {
  // toml++ 3.3 asserts a precondition its parser breaks here
  // (tests/fuzz/toml_header_only.h); the fuzzer's input, a mangled
  // tests/fuzz/corpus/phh/split-pot-half-chips.phhs.
  const fs::path file = kRegressions / "phh" / "toml-table-header-control-char.phhs";
  const PhhFile read = read_phh_text(read_bytes(file), "bad.phhs");
  CHECK(read.hands.empty());
  REQUIRE(read.errors.size() == 1);
  CHECK(read.errors[0].message() ==
        "bad.phhs: not valid TOML (line 2, column 2): Error while parsing key: expected bare key starting character "
        "or string delimiter, saw '\\u000F'");
  const PhhFile brackets = read_phh_text("[[[1]]]\n", "brackets.phhs");
  REQUIRE(brackets.errors.size() == 1);
  CHECK(brackets.errors[0].reason.rfind("not valid TOML (line 1, column 3)", 0) == 0);
}

TEST_CASE("hostile PHH: characters toml++ 3.3 cannot test for whitespace get toml++'s own clean errors",
          "[hostile][phh]") {
  // toml++ 3.3 reaches __builtin_unreachable (undefined behaviour) on them;
  // UBSan stopped the fuzzer four times (sim/io/phh.cpp hides them from it).
  const auto error_of = [](const std::string& file) {
    const PhhFile read = read_phh_text(read_bytes(kRegressions / "phh" / file), file);
    CHECK(read.hands.empty());
    REQUIRE(read.errors.size() == 1);
    return read.errors[0].reason;
  };
  // Outside strings, in each of the three ranges.
  CHECK(error_of("toml-non-ascii-whitespace-test.phhs") ==
        "not valid TOML (line 4, column 2): Error while parsing key-value pair: expected '=', saw '\u0408'");
  CHECK(error_of("toml-non-ascii-whitespace-test-2.phhs") ==
        "not valid TOML (line 1, column 1): Error while parsing root table: expected keys, tables, whitespace or "
        "comments, saw '\ufb7f'");
  const PhhFile outside = read_phh_text("hand = 1 \u3042\n", "o.phh");
  REQUIRE(outside.errors.size() == 1);
  CHECK(outside.errors[0].reason ==
        "not valid TOML (line 1, column 10): Error while parsing key-value pair: expected a comment or whitespace, "
        "saw '\u3042'");
  // Quotes right after a value, and blanks after a line-ending backslash.
  CHECK(error_of("toml-quote-after-value.phhs") ==
        "not valid TOML (line 1, column 9): Error while parsing floating-point: expected decimal digit, saw '''");
  CHECK(error_of("toml-blank-after-line-ending-backslash.phhs") ==
        "not valid TOML (line 5, column 6): Error while parsing string: encountered end-of-file");

  // marzer/tomlplusplus#190: valid TOML, now read as TOML says.
  const PhhFile issue_190 = read_phh_text("[1]\nplayers = \"\"\"\\\n  \u00a7\"\"\"\n", "s.phhs");
  REQUIRE(issue_190.errors.size() == 1);
  CHECK(issue_190.errors[0].reason == "missing field 'variant'");  // read, which is the point

  // The characters come back wherever toml++ hands text back.
  const std::string good =
      "# Jos\u00e9's hand \u3042\n"
      "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n"
      "actions = ['d dh p1 AsKs', 'd dh p2 7h7d', 'p2 f # \u00e9']\n"
      "players = ['Jos\u00e9', \"\u0416\\t\u3042\", '''\u00a7\ufb30''', \"\"\"\\\n  \u00e9\"\"\"]\n"
      "hand = 1 # \u00a7\n";
  const PhhFile read = read_phh_text(good, "good.phh");
  INFO((read.errors.empty() ? std::string() : read.errors[0].message()));
  REQUIRE(read.hands.size() == 1);
  CHECK(read.hands[0].players == std::vector<std::string>{"Jos\u00e9", "\u0416\t\u3042", "\u00a7\ufb30", "\u00e9"});
  CHECK(read.hands[0].actions.back() == "p2 f # \u00e9");

  // The stand-ins' own area (U+F0000..U+FFFFF) is refused, with its place.
  const PhhFile reserved = read_phh_text("hand = 1\nvariant = 'N\U000F00E9'\n", "r.phh");
  REQUIRE(reserved.errors.size() == 1);
  CHECK(reserved.errors[0].reason == "unsupported character (line 2, column 13): U+F0000..U+FFFFF are reserved");
}

TEST_CASE("hostile PHH: an array where chips belong is named, not printed by toml++", "[hostile][phh]") {
  // toml++ 3.3's formatter takes static_cast<size_t>(log10(x)) of the floats
  // of an array it prints: undefined behaviour for inf, nan and x < 0.1.
  const PhhFile found =
      read_phh_text(read_bytes(kRegressions / "phh" / "toml-print-array-with-inf.phhs"), "found.phhs");
  REQUIRE(found.errors.size() == 2);
  CHECK(found.errors[1].message() ==
        "found.phhs: hand 2: field 'big_bet' is not a whole number of chips: an array of 6");
  const PhhFile small = read_phh_text("variant = 'NT'\nstarting_stacks = [100, 1e-5]\n", "small.phh");
  REQUIRE(small.errors.size() == 1);
  CHECK(small.errors[0].reason == "starting_stacks[1] is not a whole number of chips: 1.0000000000000001e-05");
  const PhhFile nested = read_phh_text("variant = 'NT'\nstarting_stacks = [[nan], {a = inf}]\n", "nested.phh");
  REQUIRE(nested.errors.size() == 1);
  CHECK(nested.errors[0].reason == "starting_stacks[0] is not a whole number of chips: an array of 1");
}

TEST_CASE("hostile PHH: every regression input is read, converted and replayed without a crash", "[hostile][phh]") {
  for (const fs::path& file : files_in(kRegressions / "phh")) {
    INFO(file.string());
    const PhhFile read = read_phh_text(read_bytes(file), file.string());
    CHECK(read.hands.size() + read.errors.size() > 0);
    for (const PhhHand& hand : read.hands) {
      (void)convert_phh_hand(hand);
      const HandReplay replay = replay_hand(hand);
      if (replay.status != ReplayStatus::kPassed) CHECK_FALSE(replay.reason.empty());
    }
  }
}
