#include "sim/run/tournament_rerun.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <memory>
#include <numeric>

#include "sim/formats/cash_session.h"
#include "sim/stats/cell_stats.h"
#include "sim/io/hand_history_writer.h"
#include "sim/check/invariant_observer.h"
#include "sim/check/invariant_violation.h"
#include "sim/formats/play_tournament.h"
#include "sim/run/runner.h"
#include "sim/formats/shootout.h"

namespace sngsim {

namespace {

std::size_t at(int index) { return static_cast<std::size_t>(index); }

std::string place_text(Placement place) {
  if (place.count <= 1) return std::to_string(place.first);
  return std::to_string(place.first) + "-" + std::to_string(place.first + place.count - 1);
}

std::string padded(const std::string& text, std::size_t width) {
  return text.size() >= width ? text + " " : text + std::string(width - text.size(), ' ');
}

// Seats ordered by place, best first (ties by seat).
std::vector<int> by_place(const Placement* placement, int count) {
  std::vector<int> order(static_cast<std::size_t>(count));
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return placement[at(a)].first < placement[at(b)].first; });
  return order;
}

void print_sit_and_go(const TournamentRecord& record, const std::vector<std::string>& labels, std::ostream& out) {
  out << "  " << record.hands << " hands, level " << record.level_reached << ", "
      << (record.capped ? "ended by the hand cap (R21)" : "won by the last player with chips") << "\n";
  out << "  place  seat  " << padded("label", 18) << "chips  busted  faults\n";
  for (const int seat : by_place(record.placement.data(), record.seats)) {
    const auto s = at(seat);
    out << "  " << padded(place_text(record.placement[s]), 7) << padded(std::to_string(seat), 6)
        << padded(labels[at(record.label[s])], 18) << padded(std::to_string(record.final_chips[s]), 7)
        << padded(record.bust_hand[s] == 0 ? "-" : "hand " + std::to_string(record.bust_hand[s]), 8)
        << record.faults[s].total() << "\n";
  }
}

void print_shootout(const ShootoutRecord& record, bool final_table, const std::vector<std::string>& labels,
                    std::ostream& out) {
  out << "  first-round tables:";
  for (int t = 0; t < record.tables; ++t)
    out << (t > 0 ? "," : "") << " " << t + 1 << ": " << record.table_hands[at(t)] << " hands";
  out << " (" << record.capped_tables << " ended by the hand cap)\n";
  if (final_table) {
    out << "  final table: " << record.final_hands << " hands"
        << (record.final_capped ? " (ended by the hand cap)" : "") << "\n";
  } else {
    out << "  no final table: the table winners share places 1-" << record.tables << "\n";
  }
  out << "  place  table  seat  " << padded("label", 18) << "table place  faults\n";
  for (const int f : by_place(record.placement.data(), record.field)) {
    const auto i = at(f);
    out << "  " << padded(place_text(record.placement[i]), 7) << padded(std::to_string(f / record.table_seats + 1), 7)
        << padded(std::to_string(f % record.table_seats), 6) << padded(labels[at(record.label[i])], 18)
        << padded(place_text(record.table_placement[i]) + (record.table_win[i] ? " (won)" : ""), 13)
        << record.faults[i].total() << "\n";
  }
}

void print_cash(const CashSessionRecord& record, const std::vector<std::string>& labels, std::ostream& out) {
  out << "  " << record.hands << " hands at big blind " << record.big_blind << "\n";
  out << "  seat  " << padded("label", 18) << padded("won", 10) << padded("bb", 10) << "rebuys  faults\n";
  for (int seat = 0; seat < record.seats; ++seat) {
    const auto s = at(seat);
    char big_blinds[32];
    std::snprintf(big_blinds, sizeof big_blinds, "%+.1f",
                  static_cast<double>(record.won[s]) / static_cast<double>(record.big_blind));
    out << "  " << padded(std::to_string(seat), 6) << padded(labels[at(record.label[s])], 18)
        << padded(std::to_string(record.won[s]), 10) << padded(big_blinds, 10)
        << padded(std::to_string(record.rebuys[s]), 8) << record.faults[s].total() << "\n";
  }
}

std::string shell_quoted(const std::string& text) {
  const bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || std::string("-_./=:,+@%").find(c) != std::string::npos;
  });
  if (plain) return text;
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

}  // namespace

void replay_tournament(const Experiment& experiment, int cell_index, std::int64_t index,
                       const std::filesystem::path& directory, std::ostream& out) {
  const Cell& cell = experiment.cells.at(at(cell_index));
  const std::vector<int> label_of_entrant = label_of_entrants(cell);
  const std::vector<std::string> labels = cell_labels(cell);
  const std::string stem = "cell-" + std::to_string(cell_index) + "-tournament-" + std::to_string(index);

  out << "cell " << cell_index;
  for (const auto& [key, value] : cell.params) out << "  " << key << "=" << value;
  out << "  tournament " << index << "  seed " << experiment.seed << "  (" << format_name(cell.format)
      << ", every invariant checked)\n";

  // Hand histories are written as each table finishes; a violation writes
  // the unfinished ones before it goes on up.
  std::vector<std::unique_ptr<HandHistoryWriter>> writers;
  const auto write_unfinished = [&writers] {
    for (const auto& writer : writers) writer->write_unfinished();
  };
  Hand hand;
  try {
    switch (cell.format) {
      case Format::kSitAndGo:
      case Format::kLeague: {  // a league's table is a sit-and-go seated by its schedule
        writers.push_back(std::make_unique<HandHistoryWriter>(cell, directory, index, stem + ".phhs"));
        TableInvariantObserver checker(cell.rules, CheckedTable{&cell, experiment.seed, index, {}}, writers[0].get());
        print_sit_and_go(play_tournament(cell, label_of_entrant, experiment.seed, index, hand, &checker), labels, out);
        break;
      }
      case Format::kShootout: {
        for (int t = 0; t <= cell.shootout.tables; ++t) {
          const std::string table =
              t < cell.shootout.tables ? "-table-" + std::to_string(t + 1) : std::string("-final");
          writers.push_back(std::make_unique<HandHistoryWriter>(cell, directory, index, stem + table + ".phhs"));
        }
        ShootoutInvariantObservers checkers(cell, experiment.seed, index,
                                            [&writers](int table) { return writers[at(table)].get(); });
        print_shootout(play_shootout(cell, label_of_entrant, experiment.seed, index, hand, checkers.observer_of()),
                       cell.shootout.final_table, labels, out);
        break;
      }
      case Format::kCash: {
        CashInvariantObserver checker(cell.cash.table, CheckedTable{&cell, experiment.seed, index, "cash session"});
        print_cash(play_cash_session(cell, label_of_entrant, experiment.seed, index, hand, &checker), labels, out);
        out << "  (cash sessions write no hand histories)\n";
        break;
      }
    }
  } catch (const InvariantViolation&) {
    write_unfinished();
    throw;
  }
}

std::string replay_command(const std::string& config, const std::vector<std::string>& overrides, std::uint64_t seed,
                           int cell_index, std::int64_t index) {
  std::string command = "sngsim run " + shell_quoted(config);
  for (const std::string& set : overrides) command += " --set " + shell_quoted(set);
  command += " --seed " + std::to_string(seed) + " --replay-tournament " + std::to_string(index);
  if (cell_index >= 0) command += " --cell " + std::to_string(cell_index);
  return command;
}

}  // namespace sngsim
