#pragma once
// The spots `icm_nash` plays, bucketed and solved once per process.
//
// A spot (poker_math/icm_pushfold.h) is bucketed before it is solved: every
// stack, in big blinds, is rounded to the nearest multiple of the grid step
// (IcmNashSolveSettings::grid_bb at 2 or 3 players at the table, twice that
// at 4, four times at 5 and 6: more players means more distinct spots and
// dearer solves), except
// that a stack is never rounded down to what the player posts (it keeps its
// exact value then, so nobody becomes all-in by posting). Blinds and antes are
// kept exact (in big blinds), as are the payouts.
//
// The solver's settings depend on the players at the table (the measured
// costs are in docs/strategies.md): two players have no sampled pots and are
// solved to `target_small`; three players value their three-way pots over
// `samples_small` deals; four to six over `samples_large` deals, to
// `target_large`, at most `max_iterations` iterations.
//
// The cache is shared by every thread and keyed by the bucketed spot and the
// solver settings only. The solver is a pure function of those, so a spot
// gives the same bits whichever thread solved it first, and a result never
// depends on what was solved before it (when two threads meet a new spot at
// once, both solve it and the first stored copy is kept: the same bits).
// When the cache holds `kIcmSpotCacheLimit` spots it is emptied, which costs
// only solve time.

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "poker_math/icm_pushfold.h"

namespace sngsim {

struct IcmNashSolveSettings {
  double grid_bb = 0.5;         // stack rounding at 2-3 players (0: exact); x2 at 4, x4 at 5-6 players
  double target_small = 0.05;   // % of the pool, 2-3 players
  double target_large = 0.2;    // % of the pool, 4-6 players
  int samples_small = 1 << 17;  // multiway deals at 3 players
  int samples_large = 1 << 13;  // multiway deals at 4-6 players
  int max_iterations = 300;

  double grid_for(int players) const { return players >= 5 ? 4.0 * grid_bb : players == 4 ? 2.0 * grid_bb : grid_bb; }
  PushFoldOptions options_for(int players) const;
};

inline constexpr std::size_t kIcmSpotCacheLimit = 20'000;

// A solved spot: the nodes, the average strategy and the probability the
// others' strategies lead to each node (push_fold_nodes order).
struct SolvedIcmSpot {
  std::vector<PushFoldNode> nodes;
  std::vector<ClassWeights> allin;
  std::vector<double> reach;
  int find(const PushFoldNode& node) const;
};

// `spot` with its stacks rounded to the settings' grid (see the header).
PushFoldSpot bucket_icm_spot(const PushFoldSpot& spot, const IcmNashSolveSettings& settings);

// The solution of the already bucketed `spot` with settings.options_for(its
// players), from the cache or solved now. Precondition: push_fold_spot_error
// is nullopt for it.
std::shared_ptr<const SolvedIcmSpot> solved_icm_spot(const PushFoldSpot& bucketed,
                                                     const IcmNashSolveSettings& settings);

// Spots in the cache and solves done by this process (tests, measurements).
std::size_t icm_spot_cache_size();
std::int64_t icm_spot_solves();
void clear_icm_spot_cache();

// A range scaled by combos: `allin` (an all-in probability per class) made
// `scale` times as wide in combos (capped at every hand), widened by raising
// the strongest classes not yet fully in to 1 first, or narrowed by dropping
// the weakest classes still in first, the last class touched taking a
// fraction. Strength is the order of poker_math/starting_hands.h (equity
// against one random hand; equal percentiles by class number). scale 1
// returns `allin` unchanged.
ClassWeights scale_range(const ClassWeights& allin, double scale);

}  // namespace sngsim
