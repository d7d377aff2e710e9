#pragma once
// Writes simulated tournaments as PHH hand histories (one .phhs file per
// tournament), readable by `sngsim replay` and other PHH tools.
//
// Each hand carries the standard fields (variant, antes,
// blinds_or_straddles, min_bet or small_bet/big_bet, starting_stacks,
// actions with every dealt card, finishing_stacks) and the tournament's own:
// hand, level, seat_count, seats, players (labels), _button_seat (possibly an
// empty seat), _tournament, and on the last hand _places.

#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/formats/play_tournament.h"

namespace sngsim {

// Where a hand was played: what a history says of its table beside the hand.
struct PhhTableContext {
  int hand = 0;         // the hand's number at its table, from 1
  int level = 0;        // the blind level (1 at a cash table)
  int seat_count = 0;   // the table's seats
  int button_seat = 0;  // possibly an empty seat
};

// One hand as PHH text (a TOML table body, without the `[n]` header).
std::string hand_to_phh(const Hand& hand, const PhhTableContext& table, const std::vector<std::string>& labels_by_seat);
std::string hand_to_phh(const Hand& hand, const Tournament& tournament, const std::vector<std::string>& labels_by_seat);

// A TOML array of `count` entries, entry i written by format(i).
std::string phh_array(int count, const std::function<std::string(int)>& format);
// A TOML string, quoted and escaped.
std::string phh_string(const std::string& text);

class HandHistoryWriter final : public TableObserver {
 public:
  // Writes tournament `index` of `cell` into `directory`, as
  // tournament-<index>.phhs or, when given, `file_name` (a shoot-out's tables).
  HandHistoryWriter(const Cell& cell, std::filesystem::path directory, std::int64_t index,
                    const std::string& file_name = {});

  void hand_finished(const TableView& table, const Hand& hand) override;
  void table_finished(const TableView& table) override;
  // Writes the hands seen so far, without _places: a tournament stopped by
  // an invariant violation (`run --replay-tournament`). Returns false, and
  // writes nothing, before the first hand.
  bool write_unfinished() const;

 private:
  const Cell& cell_;
  std::filesystem::path path_;
  std::int64_t index_;
  std::string text_;  // the last hand is held back until _places is known
  std::string pending_hand_;
};

}  // namespace sngsim
