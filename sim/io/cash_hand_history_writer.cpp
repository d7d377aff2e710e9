#include "sim/io/cash_hand_history_writer.h"

#include <fstream>
#include <stdexcept>

#include "sim/io/hand_history_writer.h"

namespace sngsim {

CashHandHistoryWriter::CashHandHistoryWriter(const Cell& cell, std::filesystem::path directory, std::int64_t index,
                                             std::vector<int> entrant_of_seat)
    : cell_(cell),
      path_(directory / ("session-" + std::to_string(index) + ".phhs")),
      index_(index),
      entrant_of_seat_(std::move(entrant_of_seat)) {
  for (const int entrant : entrant_of_seat_) {
    labels_by_seat_.push_back(cell_.entrants[static_cast<std::size_t>(entrant)].label);
  }
}

void CashHandHistoryWriter::hand_settled(const TableView& view, const Hand& hand) {
  const CashTable& table = *view.cash;
  const HandSetup& setup = hand.setup();
  const int n = setup.num_players;
  const auto seat_of = [&](int p) { return static_cast<int>(setup.seats[static_cast<std::size_t>(p)]); };
  text_ += "[" + std::to_string(table.hands_played()) + "]\n";
  text_ += hand_to_phh(hand, PhhTableContext{table.hands_played(), 1, table.seat_count(), table.button_seat()},
                       labels_by_seat_);
  text_ += "_session = " + std::to_string(index_) + "\n";
  text_ +=
      "_entrants = " +
      phh_array(n, [&](int p) { return std::to_string(entrant_of_seat_[static_cast<std::size_t>(seat_of(p))] + 1); }) +
      "\n";
  // The table has already taken this hand's chips, so bought_in() holds the
  // buy-in made before it; starting_stacks are after it.
  text_ += "_buy_ins = " +
           phh_array(n,
                     [&](int p) {
                       const auto seat = static_cast<std::size_t>(seat_of(p));
                       return std::to_string(table.bought_in(seat_of(p)) - bought_in_[seat]);
                     }) +
           "\n";
  for (int p = 0; p < n; ++p) bought_in_[static_cast<std::size_t>(seat_of(p))] = table.bought_in(seat_of(p));
  // V9: the part of each player's `antes` that is a dead small blind.
  text_ += "_dead_blinds = " + phh_array(n, [&](int p) { return std::to_string(table.dead_blind(p)); }) + "\n";
  text_ += "_rake = " + std::to_string(hand.rake()) + "\n";
  text_ += "_rake_paid = " + phh_array(n, [&](int p) { return std::to_string(hand.rake_paid(p)); }) + "\n";
}

void CashHandHistoryWriter::write() const {
  std::ofstream file(path_);
  file << text_;
  if (!file) throw std::runtime_error("cannot write " + path_.string());
}

}  // namespace sngsim
