#pragma once
// An experiment as validated data: what an experiment file says, with every
// default filled in and every matrix cell expanded. sim/config/experiment_config is
// the only code that reads YAML; everything downstream reads these structs.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/cash_table.h"
#include "engine/tournament.h"
#include "sim/config/league_schedule.h"
#include "sim/config/stop_rule.h"
#include "bot_hosting/process_bot_spec.h"
#include "strategies/registry.h"

namespace sngsim {

// One labelled strategy in the lineup.
struct Entrant {
  std::string label;
  std::string strategy;  // registry name
  const StrategyInfo* info = nullptr;
  StrategyParams params;  // checked, defaults filled in
  StrategyMaker make;     // info->bind(params): one instance per tournament
  // strategy: process only (bot_hosting/process_strategy.h): the bot's
  // command and settings, which `sngsim run` starts and greets before the
  // first tournament. Null for every other strategy.
  std::shared_ptr<const ProcessBotSpec> process;
  // Plays under the clock of V5 (per action and bank): process bots.
  bool clocked = false;
  // A bot the host program provides in this process (strategy: python,
  // sim/config/hosted_bots.h): it decides outside the runner's code, in
  // batches, like a process bot. `hosted_object` is what it was made from
  // (object, python_path, params), so two entries of a label must agree.
  bool hosted = false;
  std::string hosted_object;
};

enum class Seating : std::uint8_t {
  kRandom,     // a uniformly random seat permutation per tournament (R3)
  kRotate,     // tournament i seats entrant e at seat (e + i) mod players, so every
               // entrant sits in every seat equally often
  kDuplicate,  // groups of tournaments share their deals and differ only in
               // the seating (sim/config/duplicate.h)
};

// seating: duplicate (sim/config/duplicate.h).
struct DuplicateRules {
  bool all_permutations = false;  // every permutation of the field, not its rotations
};

// payouts.icm_at_cap (V6): when the survivors of the tournaments the hand cap
// ends (R21) are also valued by the ICM (Malmuth-Harville) of their stacks,
// reported beside the chip ranking's prizes (icm_prize, icm_roi).
enum class IcmAtCap : std::uint8_t {
  kWhenCapped,  // `auto`, the default: in a sit-and-go cell where the cap ended at least one tournament
  kAlways,      // `true`: in every sit-and-go cell (equal to the prizes where nothing was capped)
  kNever,       // `false`
};

struct Payouts {
  std::vector<int> percent;                     // prize pool percentage of place 1, 2, ...; sums to 100
  Chips buy_in = 100;                           // what one entry costs, fee included
  int fee_percent = 0;                          // of the buy-in, at most 10 (V6)
  IcmAtCap icm_at_cap = IcmAtCap::kWhenCapped;  // sit-and-go only; other formats never value by ICM
  bool operator==(const Payouts&) const = default;
};

// What a cell plays (docs/config-reference.md, "Formats").
enum class Format : std::uint8_t {
  kSitAndGo,  // one table until one player is left (R1..R22)
  kShootout,  // several first-round tables; their winners go on (V6)
  kCash,      // a ring game with fixed blinds for a number of hands (V7)
  kLeague,    // sit-and-gos of table.players drawn from many entrants by a
              // schedule (sim/config/league_schedule.h), rated together
};

// The name experiment files and summary.json use.
constexpr const char* format_name(Format format) {
  return format == Format::kShootout ? "shootout"
         : format == Format::kCash   ? "cash"
         : format == Format::kLeague ? "league"
                                     : "sit-and-go";
}

// format: shootout. Every first-round table has rules.players seats and
// plays by `rules`; the lineup fills tables * rules.players seats.
struct ShootoutRules {
  int tables = 2;           // first-round tables, 2..6
  bool final_table = true;  // the table winners play a final table (fresh
                            // stacks, same rules); false: they are paid
                            // (they share places 1..tables)
};

// format: cash. rules.players and rules.game apply too (the reader keeps
// them equal to table.players and table.game).
struct CashRules {
  CashTableRules table;            // chips; buy-in and threshold are whole big blinds
  int hands = 1000;                // per session (one "tournament" index = one session)
  int new_player_after_hands = 0;  // V8/V9: an empty seat is taken again after this many hands; 0: never
};

// Everything one matrix cell needs to run.
struct Cell {
  // The matrix keys and values that made this cell, in matrix order; empty
  // without a matrix.
  std::vector<std::pair<std::string, std::string>> params;
  TournamentRules rules;
  // Exactly field_size() of them, entrant i is seat i before seating; a
  // league's are its entrants, each its own label, seated by `league`.
  std::vector<Entrant> entrants;
  Seating seating = Seating::kRandom;
  DuplicateRules duplicate;  // seating: duplicate only
  Payouts payouts;
  Format format = Format::kSitAndGo;
  ShootoutRules shootout;                        // format: shootout only
  CashRules cash;                                // format: cash only (its table has its own copy of sit_out)
  std::shared_ptr<const LeagueSchedule> league;  // format: league only
  SitOutRule sit_out;                            // V8, every format
  // `adjust_luck: true` (sit-and-go only): play records the luck of all-in
  // run-outs and the statistics keep luck-adjusted estimates
  // (sim/stats/luck_stats.h, docs/statistics.md).
  bool adjust_luck = false;
  // `luck_board_terms: true` (sit-and-go, with adjust_luck): the luck also
  // takes the board cards dealt while pots are contested
  // (sim/luck/board_luck.h). Off, the results are the run-out terms'.
  bool luck_board_terms = false;
  // `style_stats: true`: the statistics also count each label's playing
  // style (collector "style", sim/stats/style_collector.h).
  bool style_stats = false;

  // Seats the lineup fills: tables * players for a shootout, else players
  // (a league's table).
  int field_size() const { return format == Format::kShootout ? shootout.tables * rules.players : rules.players; }
};

struct Experiment {
  std::string name;
  std::string source_path;
  std::string source_text;  // the file verbatim, for provenance
  std::uint64_t seed = 1;
  std::int64_t tournaments = 1000;  // per cell; the most a cell plays when `stop` is set
  std::optional<StopRule> stop;     // stop a cell early once an interval is narrow enough
  // compare.baseline: the label the results compare every other label
  // against (sim/report/baseline_comparison.h). Presentation only: no
  // statistic depends on it.
  std::optional<std::string> baseline;
  std::vector<Cell> cells;
  // `bots: {tables_in_flight}`: the units each runner thread keeps in play
  // at once when a cell has process bots (sim/run/tables_in_flight.h).
  // Results do not depend on it; 1 plays unit after unit.
  int tables_in_flight = 64;
};

// The cell's distinct labels in lineup order: the labels statistics are kept
// for.
std::vector<std::string> cell_labels(const Cell& cell);

// The most players that can share places that pay in `cell` (R22): at a
// sit-and-go every player, in a shoot-out the table winners or the
// first-round losers. Prizes are kept exactly (sim/stats/cell_stats.h,
// kShareUnit) when at most kMaxPlayers share.
int max_paid_place_sharers(const Cell& cell);

}  // namespace sngsim
