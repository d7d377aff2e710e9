#include "sim/formats/cash_runout_luck.h"

#include <cmath>

#include "engine/evaluator.h"
#include "engine/rng.h"

namespace sngsim {

void CashRunoutLuck::hand_settled(const CashTable& table, const Hand& hand) {
  // R19 as in RunoutLuck::hand_finished: live hands shown before the board
  // is complete mark a run-out.
  int known = 0;
  bool shown = false;
  std::uint32_t live = 0;
  std::array<Chips, kMaxPlayers> won{};
  for (const Event& event : hand.events()) {
    if (event.type == EventType::kDealBoard && !shown) known += event.cards.size();
    if (event.type == EventType::kShow) {
      shown = true;
      live |= 1u << event.player;
    }
    if (event.type == EventType::kWin) won[static_cast<std::size_t>(event.player)] += event.amount;
  }
  if (shown && known < kBoardSize) {
    ++runouts_;
    const HandSetup& setup = hand.setup();
    const int players = setup.num_players;
    std::array<Chips, kMaxPlayers> contributed{};
    for (int p = 0; p < players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      contributed[i] = setup.stacks[i] - (hand.stack(p) - won[i]);
    }
    boards_.count(setup, live, known, derive_key(key_, static_cast<std::uint64_t>(table.hands_played())),
                  kRunoutSamples);
    std::int64_t boards = 0;
    std::array<double, kMaxPlayers> expected{};
    for (const RunoutOrders::Order& order : boards_.orders()) {
      const auto winnings = split_runout_pots(players, contributed, live, order.rank);
      boards += order.count;
      for (int p = 0; p < players; ++p) {
        expected[static_cast<std::size_t>(p)] +=
            static_cast<double>(order.count) * static_cast<double>(winnings[static_cast<std::size_t>(p)]);
      }
    }
    CardSet board_actual;
    for (const Card card : setup.board) board_actual.add(card);
    std::array<std::uint16_t, kMaxPlayers> rank{};
    for (std::uint32_t rest = live; rest != 0; rest &= rest - 1) {
      const auto i = static_cast<std::size_t>(std::countr_zero(rest));
      CardSet hole;
      for (int c = 0; c < setup.rules.hole_cards; ++c) hole.add(setup.hole[i][static_cast<std::size_t>(c)]);
      rank[i] = evaluate_hand(setup.rules.hole_cards, hole, board_actual).value;
    }
    const auto actual = split_runout_pots(players, contributed, live, rank);
    for (int p = 0; p < players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      const double term = static_cast<double>(actual[i]) - expected[i] / static_cast<double>(boards);
      luck_[static_cast<std::size_t>(setup.seats[i])] += std::llround(term * static_cast<double>(kChipLuckUnit));
    }
  }
  if (next_ != nullptr) next_->hand_settled(table, hand);
}

}  // namespace sngsim
