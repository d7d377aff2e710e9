#include "sim/config/experiment_config.h"

#include <cerrno>
#include <charconv>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <vector>

#include "engine/game_definition.h"
#include "sim/config/config_document.h"
#include "sim/config/config_reader.h"
#include "sim/config/duplicate.h"
#include "sim/config/hosted_bots.h"

namespace sngsim {

namespace config_reading {

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
  rules.tie_rule = read_choice(table, "table", "bust_ties", choices_of("table.bust_ties"), 0) == 0
                       ? TieRule::kShare
                       : TieRule::kButtonOrder;
  const std::vector<std::string>& kGameNames = choices_of("table.game");
  const std::string& game = kGameNames.at(read_choice(table, "table", "game", kGameNames, 0));
  rules.game.hole_cards = game_definition(find_game(game).value()).hole_cards;
  if (const Node* betting = table.find("betting")) {
    const std::vector<std::string>& kBettings = choices_of("table.betting");  // in BettingStructure order
    // parse_betting also takes the short names (nl, pl, fl, limit).
    const auto parsed = betting->kind == Node::Kind::kScalar ? parse_betting(betting->text) : std::nullopt;
    rules.game.betting =
        parsed ? *parsed : static_cast<BettingStructure>(read_choice(*betting, "table.betting", kBettings));
  }

  // A format's own section is read only with that format.
  cell.format = static_cast<Format>(read_choice(root, "", "format", kFormats, 0));
  for (const Format format : {Format::kShootout, Format::kCash}) {
    const Entry* section = root.find_entry(format_name(format));
    if (section != nullptr && cell.format != format) {
      fail(section->key_origin, std::string(format_name(format)) + " is only read with format: " + format_name(format) +
                                    " (format is " + format_name(cell.format) + ")");
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

  const bool league = cell.format == Format::kLeague;
  if (const Entry* other = root.find_entry(league ? "lineup" : "entrants")) {
    fail(other->key_origin, league ? "format: league reads its bots from entrants, not lineup"
                                   : "entrants is only read with format: league (format is " +
                                         std::string(format_name(cell.format)) + "; use lineup)");
  }
  cell.entrants = read_lineup(root, cell.field_size(), seats_what, league);
  if (league) {
    cell.league = std::make_shared<const LeagueSchedule>(
        make_league_schedule(static_cast<int>(cell.entrants.size()), rules.players, seed_));
  }
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
         "luck_board_terms adds to the luck adjustment of a sit-and-go: it needs adjust_luck: true and format: "
         "sit-and-go");
  }
  if (league) {
    // Leagues rate every entrant at once (sim/stats/league_fit.h); these
    // act on labels of one table.
    if (const Entry* luck = root.find_entry("adjust_luck"); luck != nullptr && cell.adjust_luck) {
      fail(luck->key_origin, "adjust_luck does not apply to format: league yet (ratings come from finishing orders)");
    }
    if (stop_) fail(root.find_entry("stop")->key_origin, "stop does not apply to format: league (set tournaments)");
    if (baseline_) {
      fail(root.find_entry("compare")->key_origin,
           "compare.baseline does not apply to format: league (it ranks every entrant)");
    }
    if (cell.seating == Seating::kDuplicate && cell.duplicate.all_permutations) {
      fail(root.find_entry("duplicate")->key_origin,
           "duplicate.permutations: all does not apply to format: league (its groups turn each table through its "
           "seats)");
    }
  }
  if (stop_) check_stop(root, cell);
  if (baseline_) check_baseline(root, cell);
  return cell;
}

StrategyMaker Reader::bind_hosted_bot(const Node& item, const std::string& path, Entrant& entrant) const {
  const Node* strategy = item.find("strategy");
  const HostedBots* host = hosted_bots();
  if (host == nullptr) {
    fail(strategy->origin, path +
                               ": strategy: python plays only in Python, with sngsim.run() of the sngsim "
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

std::optional<StopRule> Reader::read_stop(const Node& root) const {
  const Entry* section = root.find_entry("stop");
  if (section == nullptr) return std::nullopt;
  const Node& node = section->value;
  if (node.kind != Node::Kind::kMap) {
    fail(node.origin, "stop must be a mapping {metric: , label: , ci_width: , ...}, got " + describe(node));
  }
  check_keys(node, "stop", kStopKeys);
  if (const Entry* max = node.find_entry("max_tournaments")) {
    fail(max->key_origin,
         "stop.max_tournaments: with stop, `tournaments` is the most a cell plays; "
         "write tournaments: " +
             render(max->value) + " instead");
  }
  for (const char* key : {"metric", "label", "ci_width"}) {
    if (node.find(key) == nullptr) fail(node.origin, std::string("stop needs '") + key + "'");
  }
  StopRule rule;
  rule.metric = static_cast<Metric>(read_choice(node, "stop", "metric", kMetrics, 0));
  rule.label = read_scalar(*node.find("label"), "stop.label", "a label of the lineup");
  if (const Node* vs = node.find("vs")) {
    rule.vs = read_scalar(*vs, "stop.vs", "a label of the lineup");
    if (rule.vs == rule.label)
      fail(vs->origin, "stop.vs must name another label than stop.label ('" + rule.label + "')");
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
  seed_ = experiment.seed;
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

}  // namespace config_reading

using config_reading::check_encoding;
using config_reading::check_size;
using config_reading::kMaxConfigBytes;
using config_reading::Reader;

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
