#pragma once
// Plays one sit-and-go of a matrix cell from start to finish: seats the
// lineup, creates fresh strategies, asks them for actions, enforces V5 on
// faults, and returns what the statistics need. Everything random is a pure
// function of (seed, tournament index).

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/hand.h"
#include "engine/sit_out.h"
#include "engine/tournament.h"
#include "sim/config/experiment.h"
#include "sim/formats/table_observer.h"
#include "sim/formats/tournament_record.h"
#include "strategies/strategy.h"

namespace sngsim {

// The key of tournament `index`: shared by every matrix cell, so cells are
// compared on the same seatings and decks (common random numbers).
std::uint64_t tournament_key(std::uint64_t seed, std::int64_t index);

// The key that fixes tournament `index` of `cell` (button, decks, bot
// streams, seating draw): tournament_key(seed, index), or for a duplicate
// cell the key of its group, shared by the group's tournaments
// (sim/config/duplicate.h).
std::uint64_t deal_key(const Cell& cell, std::uint64_t seed, std::int64_t index);

// The lineup index seated at each of the cell's field_size() seats (for a
// shootout, seat t * players + s is seat s of first-round table t; for a
// league, its schedule's table, sim/formats/league.h); `key` is
// deal_key(cell, seed, index).
std::vector<int> seat_entrants(const Cell& cell, std::uint64_t key, std::int64_t index);

// `label_of_entrant[e]` is the distinct-label index of entrant e. `hand` is
// scratch space reused between tournaments so that no hand allocates.
TournamentRecord play_tournament(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                                 std::int64_t index, Hand& hand, TableObserver* observer = nullptr);

// The pieces every format plays with.

// Fresh strategies for one table: seat s gets lineup entrant
// entrant_of_seat[s] and its own random stream, derived from the table's
// `key` and s; `rules` (the table's) and `index` (the tournament's) are
// what a process bot is told at the start. `rules` must outlive them.
std::vector<std::unique_ptr<Strategy>> create_strategies(const Cell& cell, const std::vector<int>& entrant_of_seat,
                                                         std::uint64_t key, const TournamentRules& rules,
                                                         std::int64_t index);

// V8 at one table: the rule, each seat's clock, and the seats sitting out
// the hand being played (a tournament deals them in; play_hand checks or
// folds for them without asking their strategies).
struct TableSitOuts {
  SitOutRule rule;
  std::array<SitOutClock*, kMaxPlayers> clock{};  // by seat; the table's own (a cash table keeps them)
  std::array<bool, kMaxPlayers> out{};
};

// Plays a started hand to its end, asking the strategy of the acting
// player's seat; a decision that throws or that the engine rejects is a
// check when checking is free and a fold otherwise, counted in
// faults_of_seat[seat] by reason (V5). With `sit_outs`, a seat marked out
// is checked or folded without being asked, and every decision asked for
// goes to the seat's clock (V8). Then tells every player of the hand it is
// over. A BotSetupFailure from a strategy propagates. Returns the faults of
// the hand.
int play_hand(Hand& hand, const std::vector<std::unique_ptr<Strategy>>& strategy_of_seat,
              std::span<FaultCounts> faults_of_seat, TableSitOuts* sit_outs = nullptr);

// A seat's first fault in a hand: its reason and the reply behind it
// (Strategy::fault_reply), for the fault examples.
struct HandFault {
  int seat = 0;
  FaultReason reason = FaultReason::kIllegal;
  std::string reply;
};

// Where a hand that may pause stands between calls of continue_hand.
struct HandProgress {
  bool waiting = false;  // the player to act was asked (Strategy::ask) and not yet answered
  int faults = 0;        // the hand's faults so far
  std::vector<HandFault> first_faults;  // each faulting seat's first, in the order they happened
};

// play_hand in steps: plays the started hand on from `progress` until it
// ends (true, every player told) or, when `may_pause` and `sit_outs` is
// given, until a seat whose strategy decides_outside() has been asked
// (false): call again with the same progress once it is answered, and the
// answer is applied as decide()'s would have been. With `observer`, every
// decision asked for is reported (TableObserver::decision_made, at `view`).
bool continue_hand(Hand& hand, const std::vector<std::unique_ptr<Strategy>>& strategy_of_seat,
                   std::span<FaultCounts> faults_of_seat, TableSitOuts* sit_outs, HandProgress& progress,
                   bool may_pause, TableObserver* observer = nullptr, const TableView* view = nullptr);

// Plays one sit-and-go table by `rules` to its end: entrant_of_seat[s] sits
// at seat s; the strategies and the Tournament derive their streams from the
// table's `key`. play_tournament is play_table with the tournament's key and
// seating; a shootout plays each of its tables with it. With
// cell.adjust_luck, the record's luck values the table's places by
// `luck_place_values` (sim/formats/runout_luck.h), or when null as a
// sit-and-go of `rules.players` paid by the cell's payouts.
TournamentRecord play_table(const Cell& cell, const TournamentRules& rules, const std::vector<int>& entrant_of_seat,
                            const std::vector<int>& label_of_entrant, std::uint64_t key, std::int64_t index,
                            Hand& hand, TableObserver* observer = nullptr,
                            const PlaceValues* luck_place_values = nullptr);

}  // namespace sngsim
