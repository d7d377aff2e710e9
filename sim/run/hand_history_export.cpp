#include "sim/run/hand_history_export.h"

#include <algorithm>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "sim/formats/cash_session.h"
#include "sim/formats/play_tournament.h"
#include "sim/formats/shootout.h"
#include "sim/io/cash_hand_history_writer.h"
#include "sim/io/hand_history_writer.h"
#include "sim/run/runner.h"

namespace sngsim {

void write_hand_histories(const Experiment& experiment, const std::filesystem::path& directory, std::int64_t count) {
  std::filesystem::create_directories(directory);
  std::ofstream index(directory / "cells.txt");
  Hand hand;
  for (std::size_t c = 0; c < experiment.cells.size(); ++c) {
    const Cell& cell = experiment.cells[c];
    // Numbered from 0, as the console, summary.json and --replay-tournament
    // --cell number cells (folders of older versions counted from 1; replay
    // and grade read any .phhs path, so they stay readable).
    const std::filesystem::path cell_directory = directory / ("cell-" + std::to_string(c));
    std::filesystem::create_directories(cell_directory);
    index << "cell-" << c << ":";
    for (const auto& [key, value] : cell.params) index << " " << key << "=" << value;
    index << "\n";
    const std::vector<int> labels = label_of_entrants(cell);
    for (std::int64_t i = 0; i < std::min(count, experiment.tournaments); ++i) {
      if (cell.format == Format::kShootout) {
        // One file per table; the observer of table t writes it.
        std::vector<std::unique_ptr<HandHistoryWriter>> writers;
        for (int t = 0; t <= cell.shootout.tables; ++t) {
          std::string name = "tournament-";
          name += std::to_string(i);
          name += t < cell.shootout.tables ? "-table-" + std::to_string(t + 1) : std::string("-final");
          name += ".phhs";
          writers.push_back(std::make_unique<HandHistoryWriter>(cell, cell_directory, i, name));
        }
        play_shootout(cell, labels, experiment.seed, i, hand,
                      [&writers](int table) { return writers[static_cast<std::size_t>(table)].get(); });
      } else if (cell.format == Format::kCash) {
        CashHandHistoryWriter writer(cell, cell_directory, i,
                                     seat_entrants(cell, deal_key(cell, experiment.seed, i), i));
        play_cash_session(cell, labels, experiment.seed, i, hand, &writer);
        writer.write();
      } else {  // a sit-and-go, or a league's table (seated by its schedule)
        HandHistoryWriter writer(cell, cell_directory, i);
        play_tournament(cell, labels, experiment.seed, i, hand, &writer);
      }
    }
  }
}

}  // namespace sngsim
