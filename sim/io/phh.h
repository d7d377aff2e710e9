#pragma once
// Hand histories in the Poker Hand History format (PHH v0.0.2): reading
// `.phh` / `.phhs` files and turning one hand into an engine hand.
//
// Reading never throws and never aborts: a file that is not valid TOML, or a
// hand with a missing or malformed field, becomes a PhhError whose message is
// `file: hand N: reason`; the other hands of the file are still returned.
//
// Player order is PHH's: index 0 is p1, the first seat left of the button,
// which is also the engine's hand order (engine/hand.h). The quirks of
// the format the reader settles are in docs/rules.md (hand histories).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/hand.h"

namespace sngsim {

// A stack as a history recorded it. Some histories split an odd chip into two
// halves (pluribus.phhs writes `10162.5`); chips stay integers here, and the
// half is kept apart so the comparison can apply R17 explicitly.
struct RecordedStack {
  Chips chips = 0;    // whole chips
  bool half = false;  // plus half a chip
};

// One hand as written, typed but not yet interpreted.
struct PhhHand {
  std::string file;          // the path it was read from
  std::string name;          // table name in a .phhs ("177"); for a .phh the `hand` field, or "1"
  std::string variant;       // "NT", "PO", "FT", ...: the codes of engine/game_definition.h can be converted
  std::vector<Chips> antes;  // per player, p1 first
  std::vector<Chips> blinds_or_straddles;  // as written: heads-up lists the small blind first; posts as 0
  std::vector<Chips> posts;                // the negative entries of blinds_or_straddles, made positive (V9)
  Chips min_bet = 0;                       // no-limit and pot-limit (NT, PO, ...)
  Chips small_bet = 0;                     // FT
  Chips big_bet = 0;                       // FT
  std::vector<Chips> starting_stacks;
  std::vector<std::string> actions;
  std::optional<std::vector<RecordedStack>> finishing_stacks;
  std::optional<std::int64_t> hand_number;  // the `hand` field, when present
  std::vector<std::string> players;         // names, when present
  bool ante_trimming_status = false;
  // sngsim's own annotations (docs/output-format.md, "Hand histories"),
  // when present: the tournament's seats, its payouts (percent of the
  // prize pool per place) and each player's lineup index (p1 first).
  std::optional<int> seat_count;
  std::optional<std::vector<double>> payouts;
  std::vector<int> entrants;

  int num_players() const { return static_cast<int>(starting_stacks.size()); }
};

struct PhhError {
  std::string file;
  std::string hand;  // table name; empty when the whole file is unreadable
  std::string reason;

  std::string message() const;  // "file: hand N: reason" or "file: reason"
};

struct PhhFile {
  std::vector<PhhHand> hands;    // in file order
  std::vector<PhhError> errors;  // hands (or the whole file) that could not be read
};

// Reads a file holding one hand at top level (.phh) or numbered tables
// `[1]`, `[2]`, ... (.phhs). The kind is told by the content, not the name.
PhhFile read_phh_file(const std::string& path);
// The same from text already in memory; `file` only names it in errors.
PhhFile read_phh_text(std::string_view text, const std::string& file);

// A player action of the history, resolved for the engine.
struct PhhAction {
  int index = 0;        // position in PhhHand::actions
  int player = -1;      // hand-order index (p1 = 0)
  int board_cards = 0;  // board cards the history had dealt before this action
  Action action;
};

// A hand ready to replay: the engine setup, the player actions in order, and
// which cards the history really gave. Unknown cards (`????`, a missing
// board) are filled with unused cards so the engine can run; they only
// matter if they reach a showdown, which the replay must then refuse.
struct PhhGame {
  HandSetup setup;
  std::vector<PhhAction> actions;
  std::array<bool, kMaxPlayers> hole_known{};
  int board_known = 0;  // board cards the history dealt; the rest are filler
};

// Interprets a hand: variant, heads-up blind order, cards, actions. `sm`
// (show/muck) is informational and skipped, except that shown cards stand in
// for hole cards the history dealt as unknown.
std::variant<PhhGame, PhhError> convert_phh_hand(const PhhHand& hand);

// "p3" -> 2; nullopt when it is not a player token of a hand of this size.
std::optional<int> parse_phh_player(std::string_view token, int num_players);

}  // namespace sngsim
