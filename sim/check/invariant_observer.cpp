#include "sim/check/invariant_observer.h"

#include <utility>

#include "sim/check/invariant_violation.h"

namespace sngsim {

namespace {

std::size_t at(int index) { return static_cast<std::size_t>(index); }

[[noreturn]] void raise(const CheckedTable& where, int hand, std::vector<InvariantFailure> failures) {
  throw InvariantViolation(*where.cell, where.seed, where.tournament, where.table, hand, std::move(failures));
}

TableInvariantRules invariant_rules(const TournamentRules& rules) {
  return TableInvariantRules{rules.players, rules.starting_stack, rules.hand_cap, rules.tie_rule};
}

}  // namespace

TableHandObservation observe_settled_hand(const Tournament& tournament, const Hand& hand) {
  const HandSetup& setup = hand.setup();
  TableHandObservation seen;
  seen.hand = tournament.hands_played();
  seen.button_seat = tournament.button_seat();
  seen.small_blind_seat = tournament.small_blind_seat();
  seen.big_blind_seat = tournament.big_blind_seat();
  for (int seat = 0; seat < tournament.seat_count(); ++seat) {
    seen.stack_before[at(seat)] = tournament.stack_at_hand_start(seat);
    seen.stack_after[at(seat)] = tournament.stack(seat);
    seen.place_after[at(seat)] = tournament.placement(seat);
  }
  // What the hand itself was dealt and posted wins over the table's memory
  // of it: a table that dealt the wrong stacks fails the chips check.
  seen.dealt = setup.num_players;
  for (int p = 0; p < setup.num_players; ++p) {
    const int seat = setup.seats[at(p)];
    seen.hand_order[at(p)] = seat;
    if (seat < 0 || seat >= tournament.seat_count()) continue;
    seen.blind[at(seat)] = setup.blinds[at(p)];
    seen.stack_before[at(seat)] = setup.stacks[at(p)];
    seen.hand_result[at(seat)] = hand.stack(p);
  }
  seen.over = tournament.is_over();
  return seen;
}

TableInvariantObserver::TableInvariantObserver(const TournamentRules& rules, CheckedTable where, TableObserver* next)
    : checker_(invariant_rules(rules)), where_(std::move(where)), next_(next) {}

void TableInvariantObserver::decision_made(const TableView& table, const Hand& hand, int seat,
                                           std::int64_t nanoseconds) {
  if (next_ != nullptr) next_->decision_made(table, hand, seat, nanoseconds);
}

void TableInvariantObserver::hand_finished(const TableView& table, const Hand& hand) {
  if (next_ != nullptr) next_->hand_finished(table, hand);
}

void TableInvariantObserver::hand_settled(const TableView& table, const Hand& hand) {
  if (next_ != nullptr) next_->hand_settled(table, hand);
  const Tournament& tournament = *table.tournament;
  std::vector<InvariantFailure> failures = checker_.check_hand(observe_settled_hand(tournament, hand));
  if (!failures.empty()) raise(where_, tournament.hands_played(), std::move(failures));
}

void TableInvariantObserver::table_finished(const TableView& table) {
  if (next_ != nullptr) next_->table_finished(table);
  const Tournament& tournament = *table.tournament;
  if (!checker_.saw_end()) {
    raise(where_, tournament.hands_played(),
          {{InvariantKind::kEnd, "the table finished without a hand that ended it"}});
  }
}

ShootoutInvariantObservers::ShootoutInvariantObservers(const Cell& cell, std::uint64_t seed, std::int64_t tournament,
                                                       const ShootoutObserverOf& next) {
  const int tables = cell.shootout.tables;
  for (int t = 0; t <= tables; ++t) {
    const bool final_table = t == tables;
    if (final_table && !cell.shootout.final_table) break;
    CheckedTable where{&cell, seed, tournament,
                       final_table ? std::string("final table")
                                   : "first-round table " + std::to_string(t + 1) + " of " + std::to_string(tables)};
    tables_.push_back(std::make_unique<TableInvariantObserver>(final_table ? final_table_rules(cell) : cell.rules,
                                                               std::move(where), next ? next(t) : nullptr));
  }
}

ShootoutObserverOf ShootoutInvariantObservers::observer_of() {
  return [this](int table) -> TableObserver* {
    return table >= 0 && at(table) < tables_.size() ? tables_[at(table)].get() : nullptr;
  };
}

CashInvariantObserver::CashInvariantObserver(const CashTableRules& rules, CheckedTable where)
    : checker_(CashInvariantRules{rules.players, rules.buy_in, rules.rebuy_below, rules.rake.hundredths_percent,
                                  rules.rake.cap}),
      where_(std::move(where)) {}

void CashInvariantObserver::hand_settled(const TableView& view, const Hand& hand) {
  const CashTable& table = *view.cash;
  const HandSetup& setup = hand.setup();
  CashHandObservation seen;
  seen.hand = table.hands_played();
  seen.rake = hand.rake();
  for (int seat = 0; seat < table.seat_count(); ++seat) {
    seen.bought_in[at(seat)] = table.bought_in(seat);
    seen.stack_after[at(seat)] = table.stack(seat);
    seen.stack_before[at(seat)] = table.stack(seat);  // a seat not dealt in (V8) keeps its stack
    seen.left_with[at(seat)] = table.left_with(seat);
  }
  for (int p = 0; p < setup.num_players; ++p) {
    const int seat = setup.seats[at(p)];
    if (seat >= 0 && seat < table.seat_count()) {
      seen.stack_before[at(seat)] = setup.stacks[at(p)];
      seen.dealt[at(seat)] = true;
    }
  }
  std::vector<InvariantFailure> failures = checker_.check_hand(seen);
  if (!failures.empty()) raise(where_, table.hands_played(), std::move(failures));
}

}  // namespace sngsim
