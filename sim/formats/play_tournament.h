#pragma once
// Plays one sit-and-go of a matrix cell from start to finish: seats the
// lineup, creates fresh strategies, asks them for actions, enforces V5 on
// faults, and returns what the statistics need. Everything random is a pure
// function of (seed, tournament index).

#include <cstdint>
#include <vector>

#include "engine/hand.h"
#include "engine/tournament.h"
#include "sim/config/experiment.h"
#include "sim/formats/tournament_record.h"
#include "sim/observe/table_observer.h"

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

// Plays one sit-and-go table by `rules` to its end: entrant_of_seat[s] sits
// at seat s; the strategies and the Tournament derive their streams from the
// table's `key`. play_tournament is play_table with the tournament's key and
// seating; a shootout plays each of its tables with it. With
// cell.adjust_luck, the record's luck values the table's places by
// `luck_place_values` (sim/luck/runout_luck.h), or when null as a
// sit-and-go of `rules.players` paid by the cell's payouts.
TournamentRecord play_table(const Cell& cell, const TournamentRules& rules, const std::vector<int>& entrant_of_seat,
                            const std::vector<int>& label_of_entrant, std::uint64_t key, std::int64_t index, Hand& hand,
                            TableObserver* observer = nullptr, const PlaceValues* luck_place_values = nullptr);

}  // namespace sngsim
