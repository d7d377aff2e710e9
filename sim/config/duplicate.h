#pragma once
// Duplicate tournaments (seating: duplicate): every deal schedule is played
// once per seating of a group, so every label meets the same cards from every
// seat and luck of the deal partly cancels out of label-against-label
// differences (how much, measured: docs/config-reference.md, "Duplicate
// tournaments").
//
// A deal schedule is everything the tournament key fixes: the first button,
// the deck of hand 1, 2, 3, ... (derived from the key and the hand number,
// engine/tournament), each seat's bot random stream (derived from the key and
// the seat, sim/formats/play_tournament), a shoot-out's first-round table keys and
// first-place draws (per round with table-mates rounds, below). A
// shoot-out's final table is dealt from the member's own index instead
// (sim/formats/shootout): its players differ from member to member, so a shared
// final deal pairs nothing, and it made the members' final results alike
// (the same strong finalists on the same cards), which cost more than it
// saved (win-rate gain 0.78 against 1.01 in compare-strategies.yaml).
// Group g's tournaments all share the key of index g,
// tournament_key(seed, g), and differ only in who sits where. A seat's
// cards in hand h depend on the key, h and the seat only, not on who has
// busted (engine/seat_deal.h), so the cards stay paired seat by seat for as
// long as the tables play hand h at all.
//
// Tournament index i belongs to group i / G, member i % G, where G is the
// group size:
//  - rotations (the default): G = the cell's field_size() N. The group draws
//    one random arrangement of the lineup from its key (as seating: random
//    would, so neighbours and shoot-out table-mates vary from group to
//    group), and member r seats arrangement entry (s + r) mod N at seat s:
//    every entrant sits in every seat exactly once per group.
//  - table-mates (rotations in a shoot-out of p tables of p seats, p = 2, 3
//    or 5): turning the whole field changes who meets whom at the first-round
//    tables from member to member, and which table-mates a label draws is
//    much of the noise of a shoot-out (a field that stays together at its
//    table for the whole group, every table turned through every seat and
//    every table's deals, measured worse than random seating: gain 0.77 on
//    mean place in compare-strategies.yaml). So the group instead plays the
//    p + 1 rounds of the affine plane of order p: round c splits the
//    arrangement into the p parallel lines of slope c, one per table, and
//    each round is played p times, every table turned one seat further each
//    time. G = p (p + 1) (12 for 3 x 3); every two entrants share a table in
//    exactly one round, every entrant holds every seat of its table in every
//    round, and each table's deals are played by every turn of its
//    table-mates. Each round deals its own first-round tables (keys derived
//    from the group key and the round, sim/formats/shootout): an entrant sits at
//    the same table in several rounds, and one deal's leanings (say, one
//    that rewards aggression) met again in every round made the rounds
//    alike (mean-place gain 1.11 with one deal for all rounds, 1.20 with one
//    per round). Measured in docs/config-reference.md.
//  - permutations: all: G = N!, member r plays the r-th permutation of the
//    lineup in lexicographic order (N <= kMaxAllPermutationsField).
// A group is one unit of work (sim/run/play_unit): the statistics pair its
// tournaments (CellStats::add_group), so a cell plays whole groups only.

#include <cstdint>
#include <string>
#include <vector>

#include "sim/config/experiment.h"

namespace sngsim {

// permutations: all plays field! tournaments per group; 6! = 720 is the most.
inline constexpr int kMaxAllPermutationsField = 6;

// True for a duplicate shoot-out with rotations of p first-round tables of
// p seats, p prime (2, 3 or 5): its groups are table-mates rounds (above).
bool meets_every_table_mate_once(const Cell& cell);

// The table-mates round (0..p) tournament `index` plays, or -1 when the cell
// does not play table-mates rounds.
int table_mates_round(const Cell& cell, std::int64_t index);

// Tournaments per group: 1 unless cell.seating is Seating::kDuplicate.
std::int64_t duplicate_group_size(const Cell& cell);

// What one group of a duplicate cell plays, for messages: "every rotation
// of 9 seats".
std::string duplicate_group_name(const Cell& cell);

// The index whose tournament key fixes the deals of tournament `index`:
// index itself, or its group for a duplicate cell.
std::int64_t deal_index(const Cell& cell, std::int64_t index);

// The lineup index seated at each field seat of tournament `index` of a
// duplicate cell, given the group's random `arrangement` of the lineup (what
// seating: random draws from the group key; permutations: all ignores it).
// Precondition: cell.seating is Seating::kDuplicate.
std::vector<int> duplicate_seating(const Cell& cell, const std::vector<int>& arrangement, std::int64_t index);

}  // namespace sngsim
