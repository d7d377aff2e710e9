#pragma once
// Inside sim/config only: the Reader that validates one experiment document
// (sim/config/experiment_config.h is the public side), its limits and the
// keys of every mapping. Its members are defined by concern:
//   config_reader.cpp      values: scalars, integers, choices, and where each error is
//   config_overrides.cpp   --set overrides and the matrix of cells
//   read_table_rules.cpp   blinds, payouts, shoot-out, cash, rake, sitting out
//   read_lineup.cpp        the lineup: strategies, parameters, plug-ins, process bots, seating
//   experiment_config.cpp  the document as a whole: one cell, stop rules, the baseline

#include <cstdint>
#include <filesystem>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/tournament.h"
#include "sim/config/config_document.h"
#include "sim/config/config_keys.h"
#include "sim/config/experiment.h"
#include "bot_hosting/process_bot_spec.h"

namespace sngsim::config_reading {

// Sanity bounds rather than rules: they keep every sum of chips (six stacks,
// antes scaled by doubling blinds) far from int64 overflow.
inline constexpr Chips kMaxChips = 1'000'000'000'000;
// TournamentRecord keeps bust hands in 16 bits.
inline constexpr std::int64_t kMaxHandCap = std::numeric_limits<std::int16_t>::max();
inline constexpr std::int64_t kMaxHandsPerLevel = 1'000'000;
inline constexpr std::int64_t kMaxAnteLevel = 1000;
inline constexpr std::size_t kMaxScheduleLevels = 10'000;
inline constexpr std::size_t kMaxCells = 10'000;
inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxTablePlayers = 6;  // R1
inline constexpr int kMaxFeePercent = 10;   // V6
// The name is a folder name (results/<name>, plus a staging suffix) and
// must fit the usual 255-byte limit of one path component.
inline constexpr std::size_t kMaxNameBytes = 100;
// The keys of every mapping and the choices of every key that names one:
// sim/config/config_keys.h, which docs/config-reference.md renders.
inline const std::vector<std::string> kTopKeys = keys_of("");
inline const std::vector<std::string> kTableKeys = keys_of("table");
inline const std::vector<std::string> kAnteKeys = keys_of("table.ante");
inline const std::vector<std::string> kPayoutKeys = keys_of("payouts");
inline const std::vector<std::string> kShootoutKeys = keys_of("shootout");
inline const std::vector<std::string> kCashKeys = keys_of("cash");
inline const std::vector<std::string> kRakeKeys = keys_of("cash.rake");
inline const std::vector<std::string>& kFormats = choices_of("format");    // in Format order
inline const std::vector<std::string>& kSeatings = choices_of("seating");  // in Seating order
inline const std::vector<std::string> kDuplicateKeys = keys_of("duplicate");
// max_tournaments is a key only to say that `tournaments` is the maximum.
inline const std::vector<std::string> kStopKeys = keys_of("stop");
inline const std::vector<std::string> kCompareKeys = keys_of("compare");
inline const std::vector<std::string>& kMetrics = choices_of("stop.metric");  // in Metric order
inline constexpr std::int64_t kDefaultStopBatch = 1000;
inline constexpr int kMaxShootoutTablesConfig = 6;         // the final table seats one winner per table (R1)
inline constexpr std::int64_t kMaxCashHands = 10'000'000;  // per session
inline constexpr int kMinCashBuyInBb = 40;                 // V7
inline constexpr int kMaxCashBuyInBb = 100;                // V7
inline constexpr int kMinLimitBuyInBb = 20;                // V7, fixed limit: 10 big bets of 2 big blinds
inline const std::vector<std::string> kEntrantKeys = keys_of("lineup[]");
// Not in the registry: a plug-in is a strategy only once `path` names it.
inline const std::string kPluginStrategy = "plugin";
// Nor a bot in another process, which `command` names (bot_hosting/process_strategy.h).
inline const std::string kProcessStrategy = "process";
inline const std::vector<std::string> kProcessOnlyKeys = {"command", "env", "workdir", "process"};
inline const std::vector<std::string> kProcessKeys = keys_of("lineup[].process");
// Nor a bot a host program provides in this process (sim/config/hosted_bots.h).
inline const std::string kPythonStrategy = "python";
inline const std::vector<std::string> kHostedOnlyKeys = {"object", "python_path"};
inline const std::vector<std::string> kTimeKeys = keys_of("time");
inline const std::vector<std::string> kBotsKeys = keys_of("bots");
inline constexpr std::int64_t kMaxTablesInFlight = 4096;
inline constexpr std::int64_t kMaxBotLogLimitMib = 1024 * 1024;  // bots.log_limit_mb: a tebibyte
inline const std::vector<std::string> kSitOutKeys = keys_of("sit_out");
inline constexpr std::int64_t kMaxSitOutHands = 1'000'000;
inline const std::vector<std::string>& kLevelKeys = blind_level_keys();
// Fixed for the whole experiment, so a matrix may not vary them.
inline const std::vector<std::string> kNotInMatrix = {"name", "seed",    "tournaments", "matrix",
                                                      "stop", "compare", "bots"};

// The keys a mapping of the schema may hold, by its dotted path; nullptr
// when the path is not a mapping of the schema (a scalar or a list).
const std::vector<std::string>* section_keys(const std::string& section);

std::string join(const std::vector<std::string>& words, std::string_view separator);

std::vector<std::string> split_dotted(const std::string& key);

bool contains(const std::vector<std::string>& words, const std::string& word);

std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

// Why `name` cannot be the experiment's name, or nullopt. The name is the
// default output folder results/<name>, so it must stay one plain folder
// name: no separator, no "." or "..", nothing hidden, no control character.
std::optional<std::string> name_problem(const std::string& name);

std::filesystem::path sngsim_dir();

// A path from the experiment file: "{sngsim_dir}/rest" is relative to the
// sngsim binary's folder, another relative path to `base`.
std::filesystem::path resolve_config_path(const std::string& text, const std::filesystem::path& base);

// The script an interpreter is told to run, as the index of its argument
// in `command`, or 0: the first argument that looks like a file (it holds a
// '/' or ends in a script's extension) when command[0] is a known
// interpreter, unless code comes inline first (-c, -m, -e).
std::size_t script_argument(const std::vector<std::string>& command);

// A params value as JSON: integers, decimals, true, false and null keep
// their type, everything else is a string.
nlohmann::json param_json(const Node& node);

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
  std::int64_t read_integer(const Node& map, const std::string& section, const std::string& key, std::int64_t min,
                            std::int64_t max, std::int64_t fallback) const;
  const std::string& read_scalar(const Node& node, const std::string& path, const char* what) const;
  std::size_t read_choice(const Node& node, const std::string& path, const std::vector<std::string>& names) const;
  std::size_t read_choice(const Node& map, const std::string& section, const std::string& key,
                          const std::vector<std::string>& names, std::size_t fallback) const;

  BlindSchedule read_schedule(const Node& table) const;
  BlindLevel read_level(const Node& node, const std::string& path) const;
  // `seats` is the number of seats the lineup fills, `seats_what` says what
  // they are in messages ("table.players is 6").
  // With `league`, the list `entrants` of a league: each entry its own
  // label, as many entrants as it lists.
  std::vector<Entrant> read_lineup(const Node& root, int seats, const std::string& seats_what,
                                   bool league = false) const;
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
  std::uint64_t seed_ = 1;  // the experiment's: a league's schedule is drawn from it
  std::optional<StopRule> stop_;
  std::optional<std::string> baseline_;
  mutable std::size_t converted_ = 0;  // nodes converted so far (kMaxNodes)
};

}  // namespace sngsim::config_reading
