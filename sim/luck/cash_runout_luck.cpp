#include "sim/luck/cash_runout_luck.h"

#include <cmath>

#include "engine/evaluator.h"
#include "engine/rng.h"

namespace sngsim {

void CashRunoutLuck::hand_settled(const TableView& view, const Hand& hand) {
  const CashTable& table = *view.cash;
  const std::optional<HandRunout> runout = runout_of(hand);
  if (runout) {
    ++runouts_;
    const HandSetup& setup = hand.setup();
    const int players = setup.num_players;
    const int known = runout->known;
    const std::uint32_t live = runout->live;
    const std::array<Chips, kMaxPlayers>& contributed = runout->contributed;
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
    const std::array<std::uint16_t, kMaxPlayers> rank = actual_ranks(setup, live);
    const auto actual = split_runout_pots(players, contributed, live, rank);
    for (int p = 0; p < players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      const double term = static_cast<double>(actual[i]) - expected[i] / static_cast<double>(boards);
      luck_[static_cast<std::size_t>(setup.seats[i])] += std::llround(term * static_cast<double>(kChipLuckUnit));
    }
  }
  if (next_ != nullptr) next_->hand_settled(view, hand);
}

}  // namespace sngsim
