#include "sim/formats/table_strategies.h"

#include "engine/rng.h"

namespace sngsim {

namespace {
// A stream of the table key (play_tournament.cpp uses 11, table_play.cpp 13
// and 14).
constexpr std::uint64_t kStrategyStream = 12;
}  // namespace

std::vector<std::unique_ptr<Strategy>> create_strategies(const Cell& cell, const std::vector<int>& entrant_of_seat,
                                                         std::uint64_t key, const TournamentRules& rules,
                                                         std::int64_t index) {
  std::vector<std::unique_ptr<Strategy>> strategies(entrant_of_seat.size());
  const std::uint64_t strategy_key = derive_key(key, kStrategyStream);
  for (std::size_t seat = 0; seat < entrant_of_seat.size(); ++seat) {
    const Entrant& entrant = cell.entrants[static_cast<std::size_t>(entrant_of_seat[seat])];
    StrategyContext context(derive_key(strategy_key, seat), static_cast<int>(seat));
    context.tournament = index;
    context.rules = &rules;
    context.payout_percent = cell.payouts.percent;
    context.cash_session = cell.format == Format::kCash;
    strategies[seat] = entrant.make(context);
  }
  return strategies;
}

}  // namespace sngsim
