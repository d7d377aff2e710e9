#include "sim/config/config_keys.h"

#include <algorithm>
#include <stdexcept>

namespace sngsim {

namespace {

// A function, not a namespace-scope vector: the reader's own key lists are
// built from the declaration during static initialisation, in another file,
// before a vector defined here would be (AddressSanitizer's
// initialization-order check caught it).
const std::vector<std::string>& boolean_choices() {
  static const std::vector<std::string> choices = {"false", "true"};  // read_bool's order
  return choices;
}

ConfigKey value(std::string path, std::string type, std::string fallback, std::string meaning) {
  return {std::move(path), KeyRole::kValue, {}, std::move(type), std::move(fallback), std::move(meaning)};
}

ConfigKey choice(std::string path, std::vector<std::string> choices, std::string fallback, std::string meaning) {
  std::string type;
  for (const std::string& name : choices) type += (type.empty() ? "`" : " \\| `") + name + "`";
  return {std::move(path), KeyRole::kValue,     std::move(choices),
          std::move(type), std::move(fallback), std::move(meaning)};
}

ConfigKey section(std::string path) { return {std::move(path), KeyRole::kSection, {}, {}, {}, {}}; }
ConfigKey refused(std::string path) { return {std::move(path), KeyRole::kRefused, {}, {}, {}, {}}; }

std::string level_forms() {
  std::string mapping;
  for (const std::string& key : blind_level_keys()) mapping += (mapping.empty() ? "" : ", ") + key + ": ";
  return "`[small, big]`, `[small, big, ante]` or `{" + mapping + "}`";
}

std::vector<ConfigKey> declare() {
  const std::string kLevelForms = level_forms();
  // The table of keys is laid out by hand, one key per entry.
  // clang-format off
  return {
    value("name", R"md(text)md", R"md(the file name without its extension)md",
          R"md(Names the experiment in results.)md"),
    value("seed", R"md(unsigned 64-bit integer)md", R"md(`1`)md",
          R"md(Every random choice (seating, button, decks, bots) derives from it: the same file and seed give the same results on any number of threads.)md"),
    value("tournaments", R"md(integer >= 1)md", R"md(`1000`)md",
          R"md(Tournaments per matrix cell; with `stop`, the most a cell plays. A multiple of the group size of every `seating: duplicate` cell.)md"),
    section("table"),
    value("table.players", R"md(integer 2..6)md", R"md(`6`)md",
          R"md(Players at the table (R1).)md"),
    value("table.stack", R"md(integer >= 1)md", R"md(`1000`)md",
          R"md(Starting stack of every player (R1).)md"),
    choice("table.blinds", {"normal", "turbo", "custom"}, R"md(`normal`)md",
           R"md(Blind speed: the R4 schedule with a new level every 6 hands (`normal`) or 4 (`turbo`), or the levels of `table.schedule` (`custom`).)md"),
    value("table.hands_per_level", R"md(integer >= 1)md", R"md(6 for `normal` and `custom`, 4 for `turbo`)md",
          R"md(Hands per blind level. When given it wins over the speed (in every matrix cell too).)md"),
    value("table.schedule", R"md(list of levels)md", R"md(none)md",
          R"md(Required with `blinds: custom` and refused otherwise. See [Custom schedules](#custom-schedules).)md"),
    value("table.hand_cap", R"md(integer 1..32767)md", R"md(`120`)md",
          R"md(The tournament ends after this many hands; the players left are ranked by chips (R21).)md"),
    choice("table.bust_ties", {"share", "button"}, R"md(`share`)md",
           R"md(Players busting in the same hand with the same starting chips (or with equal chips at the hand cap): `share` the places they cover (R20, R22), or rank them clockwise from the `button`, the button's own seat first (R20).)md"),
    choice("table.game", {"holdem", "omaha"}, R"md(`holdem`)md",
           R"md(Two hole cards, or four with exactly two used (V4).)md"),
    choice("table.betting", {"no-limit", "pot-limit", "fixed-limit"}, R"md(`no-limit`)md",
           R"md(Bet sizing (R11, V1, V2). The short names `nl`, `pl`, `fl` and `limit` are accepted too.)md"),
    section("table.ante"),
    value("table.ante.from_level", R"md(integer 1..1000)md", R"md(`1`)md",
          R"md(First level with an ante (V3).)md"),
    value("table.ante.amount", R"md(integer >= 0)md", R"md(required when `table.ante` is given)md",
          R"md(Ante per player at `from_level`. See [Antes](#antes). No `table.ante`: no antes.)md"),
    value("lineup", R"md(non-empty list of entries)md", R"md(**required** (not with `format: league`))md",
          R"md(Who plays. See [Lineup and seats](#lineup-and-seats).)md"),
    value("entrants", R"md(list of 3..500 entries, each as a `lineup` entry)md", R"md(**required** with `format: league`, refused otherwise)md",
          R"md(`format: league`: the bots ranked, each its own label (`count: n` makes n entrants labelled `label-1` .. `label-n`). See [Leagues](#leagues).)md"),
    value("lineup[].strategy", R"md(registry name \| `plugin` \| `process` \| `python`)md", R"md(**required**)md",
          R"md(A strategy from `sngsim strategies` (described in [strategies.md](strategies.md)), `plugin` for a bot in a shared library named by `path`, `process` for a bot in another program named by `command` ([bot-protocol.md](bot-protocol.md)), or `python` for a Python bot named by `object`, in the Python process ([python.md](python.md)).)md"),
    value("lineup[].command", R"md(non-empty list: program, arguments)md", R"md(required with `strategy: process`, refused otherwise)md",
          R"md(The bot's program and its arguments. A program without a `/` is looked up in `PATH`, a relative one is relative to the experiment file, and `"{sngsim_dir}/..."` is relative to the folder of the sngsim binary; it must exist and be executable (checked when the file is read, an error at this value). When the program is a known interpreter (`python3`, `node`, `ruby`, `perl`, `sh`, `bash`, `Rscript`, `julia`, `lua`, `php`), its first argument that looks like a file (holds a `/` or ends in `.py`, `.js`, ...) is its script, which must exist (relative to `workdir`) unless inline code (`-c`, `-m`, `-e`) comes first.)md"),
    value("lineup[].env", R"md(mapping of name: value)md", R"md(`{}`)md",
          R"md(With `strategy: process`: variables added to the bot's environment.)md"),
    value("lineup[].workdir", R"md(folder)md", R"md(the experiment file's folder)md",
          R"md(With `strategy: process`: the bot's working directory (relative to the experiment file).)md"),
    value("lineup[].object", R"md("module:Class")md", R"md(required with `strategy: python`, refused otherwise)md",
          R"md(A Python bot of the kit's `Bot` shape (python/sngsim_bot), played in the Python process by `sngsim.run()` of the `sngsim` package, with no pipe ([python.md](python.md)). The `sngsim` program refuses the entry.)md"),
    value("lineup[].python_path", R"md(folder)md", R"md(none)md",
          R"md(With `strategy: python`: a folder put first on Python's module path before `object` is imported (relative to the experiment file).)md"),
    section("lineup[].process"),
    choice("lineup[].process.per_seat", boolean_choices(), R"md(`false`)md",
           R"md(With `strategy: process`: a process per table seat instead of one per runner thread.)md"),
    value("lineup[].process.handshake_s", R"md(seconds > 0)md", R"md(`10`)md",
          R"md(With `strategy: process`: how long the bot may take to start and answer `hello`.)md"),
    section("bots"),
    value("bots.tables_in_flight", R"md(integer 1..4096)md", R"md(`64`)md",
          R"md(With process bots: the tables each runner thread keeps in play at once; a table waiting for a bot pauses, and each bot gets the decisions waiting for it together (one `decide_batch` with protocol 2). Results do not depend on it. See [design-tables-in-flight.md](design-tables-in-flight.md).)md"),
    value("bots.log_limit_mb", R"md(integer 0..1,048,576)md", R"md(`10`)md",
          R"md(With process bots: how much of each label's stderr its log `bots/<label>.log` keeps, in MiB; the rest is counted, and a line at the end of the log says how many bytes were dropped. See [bot-protocol.md](bot-protocol.md#limits).)md"),
    section("time"),
    value("time.per_action_s", R"md(seconds > 0, decimals allowed)md", R"md(`5`)md",
          R"md(The time limit of one decision of a process bot (RULES V5). See [bot-protocol.md](bot-protocol.md#the-clock).)md"),
    value("time.bank_s", R"md(seconds >= 0)md", R"md(`60`)md",
          R"md(The time bank of each process-bot seat per tournament, drawn on past `per_action_s`.)md"),
    section("sit_out"),
    value("sit_out.after_faults", R"md(integer 0..1000)md", R"md(`0` (only a timeout sits a player out))md",
          R"md(V8: this many faulty decisions in a row sit the player out from the next hand, as a timeout always does. See [Sitting out](#sitting-out).)md"),
    value("sit_out.return_after_hands", R"md(integer 1..1,000,000 or `never`)md", R"md(`10`)md",
          R"md(V8: a player who sits out comes back after sitting out this many hands (bots cannot ask to come back). `never`: not by itself.)md"),
    value("lineup[].path", R"md(file path)md", R"md(required with `strategy: plugin`, refused otherwise)md",
          R"md(The plug-in's shared library (the C ABI of `bot_hosting/plugin_api.h`). A relative path is relative to the directory of the experiment file, not the working directory; `"{sngsim_dir}/..."` (quoted) is relative to the folder of the sngsim binary, so `"{sngsim_dir}/plugins/libexample_bot.so"` finds the example plug-in of any build folder. The library is loaded and checked when the file is read, by `validate` too, which runs its load-time code (its initialisers and `sngsim_plugin_abi_version`; an experiment file is trusted like a Makefile): a missing file, a file that is not a shared library, a wrong ABI version or a missing required function is an error at this value, before anything runs. With a plug-in, `params` may hold any keys; they reach the plug-in as text, unchecked.)md"),
    value("lineup[].label", R"md(text)md", R"md(the strategy name (a plug-in: the name it reports, else its file name))md",
          R"md(Statistics are grouped by label. Two entries may share a label only if they have the same strategy (for plug-ins, the same library) and params.)md"),
    value("lineup[].count", R"md(integer 1..6 (up to the field of a shoot-out))md", R"md(`1`)md",
          R"md(Seats this entry fills.)md"),
    value("lineup[].params", R"md(mapping of name: value)md", R"md(`{}`)md",
          R"md(The strategy's parameters, checked against what the strategy declares (unknown names, non-numbers, ranges); missing ones take the strategy's defaults. Values keep their text as written (`0.50` stays `0.50`). A process bot gets them as a JSON object in `hello` (nesting allowed).)md"),
    choice("seating", {"random", "rotate", "duplicate"}, R"md(`random`)md",
           R"md(`random`: a fresh random seat order every tournament (R3). `rotate`: tournament *i* seats entrant *e* at seat (*e* + *i*) mod players, so every entrant sits in every seat equally often. `duplicate`: groups of tournaments play the same cards with the lineup moved through every seat; see [Duplicate tournaments](#duplicate-tournaments). Sit-and-go and shoot-out only.)md"),
    section("duplicate"),
    choice("duplicate.permutations", {"rotations", "all"}, R"md(`rotations`)md",
           R"md(With `seating: duplicate` only: a group is every rotation of the field (field size tournaments; a shoot-out of 2 x 2, 3 x 3 or 5 x 5 plays table-mates rounds instead, 6, 12 or 30 tournaments) or every permutation (field! tournaments; fields of at most 6 seats, 720 per group).)md"),
    section("stop"),
    choice("stop.metric", {"mean_place", "win_rate", "roi"}, R"md(**required** with `stop`)md",
           R"md(The statistic whose 95% interval decides; see [Stopping rules](#stopping-rules).)md"),
    value("stop.label", R"md(a label)md", R"md(**required** with `stop`)md",
          R"md(Whose statistic; a label of every cell.)md"),
    value("stop.vs", R"md(another label)md", R"md(none)md",
          R"md(Watch the difference `label` minus `vs` instead of `label` alone.)md"),
    value("stop.ci_width", R"md(number > 0)md", R"md(**required** with `stop`)md",
          R"md(Stop once the interval's full width (high − low) is at most this: places for `mean_place`, fractions for `win_rate` and `roi` (`0.01` = one point).)md"),
    value("stop.batch", R"md(integer >= 1)md", R"md(1000, rounded up to whole duplicate groups)md",
          R"md(Tournaments between two checks; a multiple of every duplicate cell's group size.)md"),
    choice("stop.adjusted", boolean_choices(), R"md(`false`)md",
           R"md(Watch the luck-adjusted interval instead of the raw one; needs `adjust_luck: true` in every cell (and, for `roi`, a buy-in above 0).)md"),
    // Accepted only to say that `tournaments` is the maximum.
    refused("stop.max_tournaments"),
    section("compare"),
    value("compare.baseline", R"md(a label)md", R"md(none)md",
          R"md(The label every other label is compared against: the console, `paired.csv` and the report show each one's ROI, mean place and win rate less the baseline's, with 95% intervals and a verdict. A label of every sit-and-go and shoot-out cell; `run --baseline` overrides it. See [Comparing with a baseline](#comparing-with-a-baseline).)md"),
    section("payouts"),
    value("payouts.places", R"md(list of integer percentages >= 0)md", R"md(`[100]`)md",
          R"md(Share of the prize pool for places 1, 2, ...; must add up to exactly 100 and pay no more places than there are players (`table.players`; a shoot-out's whole field) (V6). `[100]` is winner takes all. Refused with `shootout.winners: paid` and with `format: cash`.)md"),
    value("payouts.buy_in", R"md(integer >= 1)md", R"md(`100`)md",
          R"md(What one entry costs, fee included.)md"),
    value("payouts.fee", R"md(integer 0..10)md", R"md(`0`)md",
          R"md(Percent of the buy-in kept by the house (V6: at most 10%).)md"),
    choice("payouts.icm_at_cap", {"auto", "true", "false"}, R"md(`auto`)md",
           R"md(Sit-and-go only: also value the survivors of a tournament the hand cap ends by ICM: `auto` in every cell where the cap ended at least one tournament, `true` in every cell, `false` never. See [ICM at the hand cap](#icm-at-the-hand-cap).)md"),
    choice("adjust_luck", boolean_choices(), R"md(`false`)md",
           R"md(Also report luck-adjusted estimates, the outcomes less the luck of all-in run-outs (sit-and-go and shoot-out: `luck_adjusted` per label, `variance_reduction` per cell in summary.json; cash: the all-in adjusted `bb_per_100_adjusted` per player). Unbiased; see [statistics.md](statistics.md#luck-adjusted-estimates).)md"),
    choice("luck_board_terms", boolean_choices(), R"md(`false`)md",
           R"md(Sit-and-go with `adjust_luck: true`: the adjustment also removes the luck of the flop, turn and river dealt while the pot is still contested (board terms), at more cost. Unbiased; see [statistics.md](statistics.md#board-terms).)md"),
    choice("style_stats", boolean_choices(), R"md(`false`)md",
           R"md(Also count each label's playing style: VPIP, PFR, 3-bet, fold to 3-bet, steal, c-bet, fold to c-bet, aggression by street, went to and won at showdown, all-in preflop, each with its 95% interval (`style` per cell in summary.json, `style.csv`, a console table). Every format; `run --style` sets it. See [statistics.md](statistics.md#playing-style).)md"),
    choice("format", {"sit-and-go", "shootout", "cash", "league"}, R"md(`sit-and-go`)md",
           R"md(What a cell plays. See [Formats](#formats).)md"),
    section("shootout"),
    value("shootout.tables", R"md(integer 2..6)md", R"md(`2`)md",
          R"md(`format: shootout`: first-round tables of `table.players` seats each. See [Shoot-outs](#shoot-outs).)md"),
    choice("shootout.winners", {"final-table", "paid"}, R"md(`final-table`)md",
           R"md(The table winners play a final table, or are paid `pool / tables` each.)md"),
    section("cash"),
    value("cash.hands", R"md(integer 1..10,000,000)md", R"md(`1000`)md",
          R"md(`format: cash`: hands per session. See [Cash tables](#cash-tables).)md"),
    value("cash.blinds", kLevelForms, R"md(`[10, 20]`)md",
          R"md(The fixed blinds (and ante per player) of the cash table.)md"),
    value("cash.buy_in_bb", R"md(integer 40..100; fixed limit: at least 20 (10 big bets), no maximum)md", R"md(`100`)md",
          R"md(Buy-in in big blinds (V7); every re-buy tops the stack up to it.)md"),
    value("cash.rebuy_below_bb", R"md(integer 0..`buy_in_bb`)md", R"md(`40`)md",
          R"md(A stack below this many big blinds (or empty) when a hand starts buys in again.)md"),
    value("cash.stand_up_after_hands", R"md(integer 1..1,000,000)md", R"md(`30`)md",
          R"md(V8: a player who has sat out this many hands is stood up and leaves with the stack (the seed's 15 minutes, counted in hands: about two a minute). 0 or less is refused.)md"),
    choice("cash.missed_blinds", {"post", "wait"}, R"md(`post`)md",
           R"md(V9: a player coming back who missed the big blind posts both blinds at once (the big blind live, the small blind dead) or waits for the big blind. One who missed only the small blind posts it dead either way. See [Sitting out](#sitting-out).)md"),
    choice("cash.new_players", {"post", "wait"}, R"md(`post`)md",
           R"md(V9: a player who takes a seat a stand-up left empty posts a big blind at once (live) or waits for the big blind.)md"),
    value("cash.new_player_after_hands", R"md(integer 0..1,000,000)md", R"md(`0` (never))md",
          R"md(V8, V9: a seat left empty by a stand-up is taken after this many hands by a new player: the same lineup entrant with a fresh buy-in (its results stay the seat's).)md"),
    section("cash.rake"),
    value("cash.rake.percent", R"md(number 0..10, at most two decimals)md", R"md(**required** with `cash.rake`)md",
          R"md(V10: the house's share of every pot, floored to whole chips. Above 10 is refused. See [Rake](#rake).)md"),
    value("cash.rake.cap", R"md(integer chips >= 0)md", R"md(`0` (no cap))md",
          R"md(The most the rake takes from one hand.)md"),
    choice("cash.rake.no_flop_no_drop", boolean_choices(), R"md(`true`)md",
           R"md(A hand that ends before the flop pays no rake.)md"),
    value("matrix", R"md(mapping of key: list of values)md", R"md(none)md",
          R"md(Runs one cell per combination. See [Matrix](#matrix).)md"),
  };
  // clang-format on
}

}  // namespace

const std::vector<ConfigKey>& config_keys() {
  static const std::vector<ConfigKey> keys = declare();
  return keys;
}

std::vector<std::string> keys_of(std::string_view section) {
  const std::string prefix = section.empty() ? std::string() : std::string(section) + ".";
  std::vector<std::string> keys;
  for (const ConfigKey& key : config_keys()) {
    if (key.path.size() <= prefix.size() || key.path.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string name = key.path.substr(prefix.size());
    if (name.find('.') == std::string::npos) keys.push_back(name);
  }
  // A list of mappings (`lineup`) is a key of its parent, its items a section.
  for (const ConfigKey& key : config_keys()) {
    const std::size_t list = key.path.find("[].");
    if (list == std::string::npos) continue;
    const std::string parent = key.path.substr(0, list);
    const std::string parent_section =
        parent.rfind('.') == std::string::npos ? "" : parent.substr(0, parent.rfind('.'));
    const std::string name = parent.substr(parent_section.empty() ? 0 : parent_section.size() + 1);
    if (parent_section == section && std::find(keys.begin(), keys.end(), name) == keys.end()) keys.push_back(name);
  }
  return keys;
}

const std::vector<std::string>& choices_of(std::string_view path) {
  for (const ConfigKey& key : config_keys()) {
    if (key.path == path && !key.choices.empty()) return key.choices;
  }
  throw std::logic_error("config_keys: " + std::string(path) + " is not a declared choice");
}

const std::vector<std::string>& blind_level_keys() {
  static const std::vector<std::string> keys = {"small", "big", "ante"};
  return keys;
}

std::string config_keys_markdown() {
  std::string text = "| Key | Type | Default | Meaning |\n|---|---|---|---|\n";
  for (const ConfigKey& key : config_keys()) {
    if (key.role != KeyRole::kValue) continue;
    text += "| `" + key.path + "` | " + key.type + " | " + key.fallback + " | " + key.meaning + " |\n";
  }
  return text;
}

}  // namespace sngsim
