#pragma once
// Inside sim/report: the typed summaries of the formats other than
// sit-and-go (RULES V6 shoot-outs, V7 cash tables) and of paired[], which
// summarize_run (sim/report/summary.cpp) assembles.

#include <vector>

#include "sim/report/run_summary.h"

namespace sngsim {

// V6: the prize pool is every buy-in less the fee; times 100 it is an
// integer, which keeps mean prizes and ROI a single rounding from exact.
Int128 prize_pool_times_100(const Payouts& payouts, int players);

// Precondition: stats.shootout() is set (sim/report/summary_shootout.cpp).
ShootoutSummary shootout_summary(const Cell& cell, const CellStats& stats);

// Precondition: stats.cash() is set (sim/report/summary_cash.cpp).
CashSummary cash_summary(const Cell& cell, const CellStats& stats);

// Precondition: cell.format is Format::kLeague, so stats holds the "league"
// collector (sim/report/summary_league.cpp); the table counters
// (LeagueSummary::tables) are left to the caller.
LeagueSummary league_summary(const Cell& cell, const CellStats& stats);

// paired[] of a cell (sim/report/summary_paired.cpp); empty for cash cells.
std::vector<PairSummary> paired_summary(const CellStats& stats);

}  // namespace sngsim
