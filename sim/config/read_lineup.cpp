#include "sim/config/config_reader.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "sim/config/duplicate.h"
#include "sim/config/config_error.h"
#include "bot_hosting/plugin_strategy.h"
#include "bot_hosting/process_strategy.h"
#include "sim/config/hosted_bots.h"
#include "strategies/registry.h"

namespace sngsim::config_reading {

std::vector<Entrant> Reader::read_lineup(const Node& root, int players, const std::string& seats_what,
                                         bool league) const {
  const std::string list_key = league ? "entrants" : "lineup";
  const Entry* lineup = root.find_entry(list_key);
  if (lineup == nullptr) {
    fail(root.origin, league ? "missing required key 'entrants' (the bots a league ranks)"
                             : "missing required key 'lineup' (the strategies that play)");
  }
  const Node& list = lineup->value;
  if (list.kind != Node::Kind::kSequence || list.items.empty()) {
    fail(list.origin,
         list_key + " must be a non-empty list of entries ({strategy: , count: , ...}), got " + describe(list));
  }
  std::vector<Entrant> seats;                      // every seat the lineup fills, in order
  std::map<std::string, std::size_t> label_owner;  // label -> first entry index
  std::vector<Entrant> entries;
  for (std::size_t i = 0; i < list.items.size(); ++i) {
    const Node& item = list.items[i];
    const std::string path = list_key + "[" + std::to_string(i) + "]";
    if (item.kind != Node::Kind::kMap) {
      fail(item.origin, path + " must be a mapping {strategy: , label: , count: , params: }, got " + describe(item));
    }
    check_keys(item, path, kEntrantKeys);
    const Node* strategy = item.find("strategy");
    if (strategy == nullptr)
      fail(item.origin, path + " needs 'strategy' (one of " + join(strategy_names(), ", ") + ")");
    Entrant entrant;
    entrant.strategy = read_scalar(*strategy, path + ".strategy", "a strategy name");
    const Entry* plugin_path = item.find_entry("path");
    const Plugin* plugin = nullptr;
    const HostedBots* host = hosted_bots();
    entrant.hosted =
        entrant.strategy == kPythonStrategy ||
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
                     : entrant.hosted                     ? &hosted_strategy_info()
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
    const auto count =
        read_integer(item, path, "count", 1, league ? kMaxLeagueEntrants : std::max(kMaxTablePlayers, players), 1);

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

    if (league) {
      // Each entrant of a league is its own label: `count: n` numbers them.
      for (std::int64_t c = 0; c < count; ++c) {
        Entrant numbered = entrant;
        if (count > 1) numbered.label += "-" + std::to_string(c + 1);
        const auto [owner, inserted] = label_owner.emplace(numbered.label, i);
        if (!inserted) {
          fail(label != nullptr ? label->origin : strategy->origin,
               "label '" + numbered.label + "' already names entrants[" + std::to_string(owner->second) +
                   "]; every entrant of a league needs its own label");
        }
        seats.push_back(std::move(numbered));
      }
      continue;
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
  if (league) {
    const auto least = static_cast<std::size_t>(std::max(kMinLeagueEntrants, players));
    if (seats.size() < least || seats.size() > static_cast<std::size_t>(kMaxLeagueEntrants)) {
      fail(lineup->key_origin, "a league ranks " + std::to_string(least) + " to " + std::to_string(kMaxLeagueEntrants) +
                                   " entrants (at least " + seats_what + "); entrants gives " +
                                   std::to_string(seats.size()));
    }
    return seats;
  }
  if (seats.size() > static_cast<std::size_t>(players)) {
    fail(lineup->key_origin, "the lineup fills " + std::to_string(seats.size()) + " seats but " + seats_what);
  }
  // A shorter lineup repeats in order, so one lineup serves every table size.
  std::vector<Entrant> entrants;
  for (int seat = 0; seat < players; ++seat) entrants.push_back(seats[static_cast<std::size_t>(seat) % seats.size()]);
  return entrants;
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
    const double per_action =
        read_seconds(*time, "time", "per_action_s", static_cast<double>(defaults.per_action_us) / 1e6, false);
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
  static const std::vector<std::string> interpreters = {"python", "python3", "pypy3",   "node",  "ruby", "perl",
                                                        "sh",     "bash",    "Rscript", "julia", "lua",  "php"};
  static const std::vector<std::string> extensions = {".py", ".js", ".mjs", ".rb",  ".pl",
                                                      ".sh", ".R",  ".jl",  ".lua", ".php"};
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

}  // namespace sngsim::config_reading
