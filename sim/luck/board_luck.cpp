#include "sim/luck/board_luck.h"

#include "engine/rng.h"

namespace sngsim {

ContestedDeals contested_deals_of(const Hand& hand) {
  const HandSetup& setup = hand.setup();
  ContestedDeals deals;
  std::uint32_t live = (1u << setup.num_players) - 1u;
  std::array<Chips, kMaxPlayers> before_round{};  // antes and the bets of finished rounds
  std::array<Chips, kMaxPlayers> round_bet{};     // this round's bet (blinds and posts included)
  int known = 0;
  for (const Event& event : hand.events()) {
    const auto i = static_cast<std::size_t>(event.player);
    switch (event.type) {
      case EventType::kAnte: before_round[i] += event.amount; break;
      case EventType::kBlind:
      case EventType::kCall:
      case EventType::kBetRaise:
        round_bet[i] = event.amount;  // the round's total after the action
        break;
      case EventType::kFold: live &= ~(1u << event.player); break;
      case EventType::kDealBoard: {
        for (std::size_t p = 0; p < kMaxPlayers; ++p) before_round[p] += round_bet[p];
        round_bet.fill(0);
        ContestedDeal& deal = deals.deal[static_cast<std::size_t>(deals.count++)];
        deal.known_before = known;
        known += event.cards.size();
        deal.known_after = known;
        deal.live = live;
        deal.contributed = before_round;
        break;
      }
      case EventType::kShow:
        // R19: hands are shown before the board is dealt only when betting
        // is over; what comes after is the run-out's. At a river showdown
        // every board card came before.
        return deals;
      default: break;
    }
  }
  return deals;
}

BoardLuck::BoardLuck(const LuckValue& value, std::uint64_t key, TableObserver* next)
    : value_(value), key_(key), next_(next) {}

int BoardLuck::terms_of(const Tournament& tournament, const Hand& hand, std::array<BoardTerm, 3>& terms) {
  const ContestedDeals deals = contested_deals_of(hand);
  const HandSetup& setup = hand.setup();
  // The run-out term's key: the same boards where both count the same known
  // cards.
  const std::uint64_t sample_key = derive_key(key_, static_cast<std::uint64_t>(tournament.hands_played()));
  for (int d = 0; d < deals.count; ++d) {
    BoardTerm& term = terms[static_cast<std::size_t>(d)];
    term.deal = deals.deal[static_cast<std::size_t>(d)];
    const ContestedDeal& deal = term.deal;
    // Vcd before: boards_ holds the previous deal's boards, which complete
    // the same known cards; its live set holds this one's (players only
    // fold), and the split reads the ranks of `live` only.
    if (d == 0) {
      boards_.count(setup, deal.live, deal.known_before, sample_key, kRunoutSamples);
    }
    const BoardTerm* previous = d > 0 ? &terms[static_cast<std::size_t>(d - 1)] : nullptr;
    if (previous != nullptr && previous->deal.live == deal.live && previous->deal.contributed == deal.contributed) {
      term.before = previous->after;  // a street checked through: the same state
    } else {
      mean_value_over(value_, tournament, setup, boards_, deal.contributed, deal.live, term.before);
    }
    if (deal.known_after == kBoardSize) {
      value_.of_stacks(tournament,
                       LuckValue::stacks_after(tournament, setup, deal.contributed,
                                               split_runout_pots(setup.num_players, deal.contributed, deal.live,
                                                                 actual_ranks(setup, deal.live))),
                       term.after);
    } else {
      boards_.count(setup, deal.live, deal.known_after, sample_key, kRunoutSamples);
      mean_value_over(value_, tournament, setup, boards_, deal.contributed, deal.live, term.after);
    }
  }
  return deals.count;
}

void BoardLuck::hand_finished(const TableView& table, const Hand& hand) {
  if (next_ != nullptr) next_->hand_finished(table, hand);
  const Tournament& tournament = *table.tournament;
  std::array<BoardTerm, 3> terms;
  const int count = terms_of(tournament, hand, terms);
  for (int d = 0; d < count; ++d) {
    add_luck_terms(luck_, terms[static_cast<std::size_t>(d)].after, terms[static_cast<std::size_t>(d)].before);
  }
  terms_ += count;
}

void BoardLuck::hand_settled(const TableView& table, const Hand& hand) {
  if (next_ != nullptr) next_->hand_settled(table, hand);
}

void BoardLuck::table_finished(const TableView& table) {
  if (next_ != nullptr) next_->table_finished(table);
}

}  // namespace sngsim
