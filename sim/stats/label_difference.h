#pragma once
// Label A against label B on one metric: the estimate of (A's mean outcome -
// B's), its paired interval (over duplicate groups, or tournaments) and its
// unpaired one, from
// the exact accumulators of sim/stats/paired_stats. summary.json's paired[] and the
// stop rule (sim/stats/stop_decision) both read these, so they cannot disagree.
//
// Units: places for Metric::kMeanPlace (negative: A finishes better),
// fractions for kWinRate and kRoi (0.01 = one point).
//
//  - paired: the mean of independent, identically distributed differences,
//    Student t with n - 1 degrees of freedom (t_interval): over duplicate
//    groups (D / group_scale, sim/stats/paired_stats.h) in a duplicate cell, over
//    tournaments (D / tournament_scale) otherwise. A and B share every table
//    of a sit-and-go, so even under random seating their places in one
//    tournament are tied (only one can win); pairing them by tournament is
//    what makes that interval right.
//  - unpaired: A's and B's entries as two independent samples: Welch's
//    interval, estimate +- t * se with se^2 = var_A / n_A + var_B / n_B and
//    the Welch-Satterthwaite degrees of freedom (rounded down). It ignores
//    both pairings, so for labels sharing tables it is too narrow (places and
//    wins of two labels at one table are negatively correlated); it is
//    reported for comparison, and nothing decides on it.
//  - effective_sample_gain (duplicate cells): the variance of the estimate
//    were the same tournaments independent (the tournament differences'
//    variance / tournaments) over its variance as groups (the groups'
//    variance / groups). The tournaments are dealt uniformly random deals
//    and seated as seating: random would seat them (with rotations each
//    one, with permutations: all the group as a whole), so the first is
//    random seating's variance: the gain is
//    how many times more tournaments random seating needs for the width of
//    the duplicate cell's paired interval, measured on this run.

#include <cstdint>
#include <optional>

#include "sim/stats/intervals.h"
#include "sim/config/metric.h"
#include "sim/stats/paired_stats.h"

namespace sngsim {

struct LabelDifference {
  std::optional<double> estimate;               // over every entry of A and B; null without entries
  std::optional<Interval> ci95_paired;          // null below two groups (tournaments)
  std::optional<Interval> ci95_unpaired;        // null below two entries of either label
  std::optional<double> effective_sample_gain;  // duplicate cells with a group variance above 0
  std::int64_t groups = 0;                      // duplicate groups; 0 for other seatings
};

// Precondition: a != b, both labels of the cell. For Metric::kRoi of a cell
// without exact prizes (PairedStats::prize_exact) every value is null.
LabelDifference label_difference(const PairedStats& stats, int a, int b, Metric metric);

}  // namespace sngsim
