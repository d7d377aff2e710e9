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
// the seat, sim/play_tournament), a shoot-out's table keys and first-place
// draws. Group g's tournaments all share the key of index g,
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
//  - permutations: all: G = N!, member r plays the r-th permutation of the
//    lineup in lexicographic order (N <= kMaxAllPermutationsField).
// A group is one unit of work (sim/play_unit): the statistics pair its
// tournaments (CellStats::add_group), so a cell plays whole groups only.

#include <cstdint>
#include <string>
#include <vector>

#include "sim/experiment.h"

namespace sngsim {

// permutations: all plays field! tournaments per group; 6! = 720 is the most.
inline constexpr int kMaxAllPermutationsField = 6;

// Tournaments per group: 1 unless cell.seating is Seating::kDuplicate.
std::int64_t duplicate_group_size(const Cell& cell);

// The index whose tournament key fixes the deals of tournament `index`:
// index itself, or its group for a duplicate cell.
std::int64_t deal_index(const Cell& cell, std::int64_t index);

// Why experiment.tournaments does not make whole groups in every duplicate
// cell, or empty when it does. The experiment reader says it with the
// file's place; this is for a count set afterwards (run --tournaments).
std::string whole_groups_problem(const Experiment& experiment);

// The lineup index seated at each field seat of tournament `index` of a
// duplicate cell, given the group's random `arrangement` of the lineup (what
// seating: random draws from the group key; permutations: all ignores it).
// Precondition: cell.seating is Seating::kDuplicate.
std::vector<int> duplicate_seating(const Cell& cell, const std::vector<int>& arrangement, std::int64_t index);

}  // namespace sngsim
