#pragma once
// Writes one cash session (RULES V7..V10) as a PHH hand history,
// session-<index>.phhs: every hand with the standard fields and the
// annotations of sim/io/hand_history_writer.h, and the session's own
// (docs/output-format.md, "Hand histories"): _session, _buy_ins (chips each
// player bought in before the hand: the first buy-in, then re-buys),
// _dead_blinds (V9) and _rake with _rake_paid (V10). Antes are PHH's own
// `antes`; a dead small blind is written into them (dead money like an
// ante), a live post as a negative blind (PHH's post).

#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "sim/config/experiment.h"
#include "sim/formats/cash_session.h"

namespace sngsim {

class CashHandHistoryWriter final : public TableObserver {
 public:
  // `entrant_of_seat[s]`: the lineup index seated at s (seat_entrants).
  CashHandHistoryWriter(const Cell& cell, std::filesystem::path directory, std::int64_t index,
                        std::vector<int> entrant_of_seat);

  void hand_settled(const TableView& view, const Hand& hand) override;
  // Writes the hands seen; throws std::runtime_error when it cannot.
  void write() const;

 private:
  const Cell& cell_;
  std::filesystem::path path_;
  std::int64_t index_;
  std::vector<int> entrant_of_seat_;
  std::vector<std::string> labels_by_seat_;
  std::array<Chips, kMaxPlayers> bought_in_{};  // per seat, up to the last hand written
  std::string text_;
};

}  // namespace sngsim
