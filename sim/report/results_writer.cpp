#include "sim/report/results_writer.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <map>
#include <optional>
#include <system_error>
#include <type_traits>
#include <variant>

#include "sim/io/atomic_file.h"
#include "sim/report/baseline_comparison.h"
#include "sim/report/summary.h"

namespace sngsim {

namespace fs = std::filesystem;

namespace {

// ---- CSV -----------------------------------------------------------------

std::string csv_quote(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (const char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

// Shortest text that reads back as the same double, so CSV and JSON agree.
std::string number_text(double value) {
  if (!std::isfinite(value)) return "";
  char buffer[64];
  const auto result = std::to_chars(buffer, buffer + sizeof buffer, value);
  return std::string(buffer, result.ptr);
}

// The text of one field: what summary.json holds, so CSV and JSON agree;
// a null is empty.
std::string csv_text(const std::optional<double>& value) { return value ? number_text(*value) : std::string(); }
std::string csv_text(std::int64_t value) { return std::to_string(value); }
std::string csv_text(bool value) { return value ? "true" : "false"; }
std::string csv_text(const std::variant<std::int64_t, double>& value) {
  return std::holds_alternative<std::int64_t>(value) ? csv_text(std::get<std::int64_t>(value))
                                                     : number_text(std::get<double>(value));
}
std::string csv_lo(const std::optional<Interval>& interval) {
  return interval ? number_text(interval->lo) : std::string();
}
std::string csv_hi(const std::optional<Interval>& interval) {
  return interval ? number_text(interval->hi) : std::string();
}
// A value with its interval's bounds: three columns.
void append(std::vector<std::string>& row, const std::optional<double>& value, const std::optional<Interval>& ci) {
  row.push_back(csv_text(value));
  row.push_back(csv_lo(ci));
  row.push_back(csv_hi(ci));
}

class CsvTable {
 public:
  explicit CsvTable(std::vector<std::string> header) : columns_(header.size()) { add_row(header); }

  void add_row(const std::vector<std::string>& fields) {
    if (fields.size() != columns_) throw std::logic_error("CSV row has the wrong number of fields");
    for (std::size_t i = 0; i < fields.size(); ++i) {
      if (i > 0) text_ += ',';
      text_ += fields[i];
    }
    text_ += '\n';
  }
  const std::string& text() const { return text_; }

 private:
  std::size_t columns_;
  std::string text_;
};

// The matrix keys of every cell, in first-appearance order.
std::vector<std::string> param_keys(const RunSummary& summary) {
  std::vector<std::string> keys;
  for (const CellSummary& cell : summary.cells) {
    for (const auto& [key, value] : cell.params) {
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
    }
  }
  return keys;
}

// Leading columns shared by every CSV: cell index, then the matrix keys.
class CellColumns {
 public:
  CellColumns(const RunSummary& summary, const std::vector<std::string>& fixed_columns)
      : summary_(&summary), keys_(param_keys(summary)) {
    header_.push_back("cell");
    for (const std::string& key : keys_) {
      const bool collides =
          key == "cell" || std::find(fixed_columns.begin(), fixed_columns.end(), key) != fixed_columns.end();
      header_.push_back(csv_quote(collides ? "param_" + key : key));
    }
    for (const std::string& column : fixed_columns) header_.push_back(column);
  }

  const std::vector<std::string>& header() const { return header_; }

  std::vector<std::string> prefix(std::size_t cell_index) const {
    std::vector<std::string> fields{std::to_string(cell_index)};
    const auto& params = summary_->cells[cell_index].params;
    for (const std::string& key : keys_) {
      const auto it = std::find_if(params.begin(), params.end(), [&](const auto& kv) { return kv.first == key; });
      fields.push_back(it == params.end() ? "" : csv_quote(it->second));
    }
    return fields;
  }

 private:
  const RunSummary* summary_;
  std::vector<std::string> keys_;
  std::vector<std::string> header_;
};

// The tables of a sit-and-go cell, or a league's (its entrants as the
// players); null for other formats.
const SitAndGoSummary* tables_of(const CellSummary& cell) {
  if (const auto* s = std::get_if<SitAndGoSummary>(&cell.detail)) return s;
  if (const auto* s = std::get_if<LeagueSummary>(&cell.detail)) return &s->tables;
  return nullptr;
}

// The players of a sit-and-go, league or shoot-out cell; null for cash.
const std::vector<PlayerSummary>* players_of(const CellSummary& cell) {
  if (const auto* s = tables_of(cell)) return &s->players;
  if (const auto* s = std::get_if<ShootoutSummary>(&cell.detail)) return &s->players;
  return nullptr;
}

int seats_of(const CellSummary& cell) {
  return std::visit([](const auto& detail) { return detail.seats; }, cell.detail);
}

// adjust_luck (docs/statistics.md): players.csv gains the adjusted
// estimates, their intervals and the mean luck of ROI; without it the file
// keeps its columns.
constexpr const char* kLuckColumns[] = {
    "adj_roi",           "adj_roi_lo",        "adj_roi_hi",      "adj_win_rate",          "adj_win_rate_lo",
    "adj_win_rate_hi",   "adj_itm_rate",      "adj_itm_rate_lo", "adj_itm_rate_hi",       "adj_mean_place",
    "adj_mean_place_lo", "adj_mean_place_hi", "mean_luck_roi",   "roi_variance_reduction"};

bool any_luck_adjusted(const RunSummary& summary) {
  for (const CellSummary& cell : summary.cells) {
    const std::vector<PlayerSummary>* players = players_of(cell);
    if (players != nullptr && !players->empty() && players->front().luck_adjusted) return true;
  }
  return false;
}

void append_luck_columns(const PlayerSummary& player, std::vector<std::string>& row) {
  if (!player.luck_adjusted) {
    row.insert(row.end(), std::size(kLuckColumns), "");
    return;
  }
  const LuckSummary& adjusted = *player.luck_adjusted;
  for (const AdjustedMetric* m : {&adjusted.roi, &adjusted.win_rate, &adjusted.itm_rate, &adjusted.mean_place}) {
    append(row, m->value, m->ci95);
  }
  row.push_back(csv_text(adjusted.roi.mean_luck));
  row.push_back(csv_text(adjusted.roi.variance_reduction));
}

std::string players_csv(const RunSummary& summary) {
  int max_players = 0;
  for (const CellSummary& cell : summary.cells) max_players = std::max(max_players, seats_of(cell));
  std::vector<std::string> fixed{
      "label",       "entries",     "mean_place", "mean_place_lo",    "mean_place_hi", "win_rate",
      "win_rate_lo", "win_rate_hi", "itm_rate",   "itm_rate_lo",      "itm_rate_hi",   "mean_prize",
      "roi",         "roi_lo",      "roi_hi",     "avg_chips_at_cap", "faults"};
  for (int place = 1; place <= max_players; ++place) fixed.push_back("place_" + std::to_string(place));
  for (const char* column : {"icm_prize", "icm_roi", "icm_roi_lo", "icm_roi_hi"}) fixed.push_back(column);
  const bool luck = any_luck_adjusted(summary);
  if (luck) {
    for (const char* column : kLuckColumns) fixed.push_back(column);
  }
  const CellColumns columns(summary, fixed);
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary.cells.size(); ++c) {
    const CellSummary& cell = summary.cells[c];
    const std::vector<PlayerSummary>* players = players_of(cell);
    if (players == nullptr) continue;  // cash.csv
    const bool shootout = cell.format == Format::kShootout;
    for (std::size_t label = 0; label < cell.labels.size(); ++label) {
      const PlayerSummary& player = (*players)[label];
      const LabelSummary& p = player.outcome;
      std::vector<std::string> row = columns.prefix(c);
      row.push_back(csv_quote(cell.labels[label]));
      row.push_back(csv_text(p.entries));
      append(row, p.mean_place, p.mean_place_ci95);
      append(row, p.win_rate, p.win_rate_ci95);
      append(row, p.itm_rate, p.itm_rate_ci95);
      row.push_back(csv_text(p.mean_prize));
      append(row, p.roi, p.roi_ci95);
      row.push_back(csv_text(p.avg_chips_at_cap));
      row.push_back(csv_text(p.faults.total()));
      for (std::size_t place = 0; place < static_cast<std::size_t>(max_players); ++place) {
        row.push_back(place < p.places.size() ? csv_text(p.places[place]) : "");
      }
      // A shoot-out never values by ICM: its columns stay empty.
      row.push_back(shootout ? "" : csv_text(p.icm_prize));
      if (shootout) {
        row.insert(row.end(), 3, "");
      } else {
        append(row, p.icm_roi, p.icm_roi_ci95);
      }
      if (luck) append_luck_columns(player, row);
      table.add_row(row);
    }
  }
  return table.text();
}

std::string hands_csv(const RunSummary& summary) {
  const CellColumns columns(summary, {"hands", "count"});
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary.cells.size(); ++c) {
    const auto* s = tables_of(summary.cells[c]);
    if (s == nullptr) continue;                  // no hand-count histogram
    const auto& histogram = s->hands.histogram;  // [h - 1]
    for (std::size_t h = 1; h <= histogram.size(); ++h) {
      std::vector<std::string> row = columns.prefix(c);
      row.push_back(std::to_string(h));
      row.push_back(std::to_string(histogram[h - 1]));
      table.add_row(row);
    }
  }
  return table.text();
}

std::string survival_csv(const RunSummary& summary) {
  const CellColumns columns(summary, {"hand", "players_left"});
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary.cells.size(); ++c) {
    const auto* s = tables_of(summary.cells[c]);
    if (s == nullptr) continue;  // shoot-outs and cash tables have no survival curve
    for (std::size_t h = 0; h < s->survival.size(); ++h) {
      std::vector<std::string> row = columns.prefix(c);
      row.push_back(std::to_string(h));
      row.push_back(csv_text(s->survival[h]));
      table.add_row(row);
    }
  }
  return table.text();
}

std::string head_to_head_csv(const RunSummary& summary) {
  const CellColumns columns(summary,
                            {"a", "b", "a_above_b", "ci_lo", "ci_hi", "tournaments", "above", "below", "tied"});
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary.cells.size(); ++c) {
    const auto* s = tables_of(summary.cells[c]);
    if (s == nullptr) continue;  // head to head is of sit-and-go cells
    for (const HeadToHeadSummary& h : s->head_to_head) {
      std::vector<std::string> row = columns.prefix(c);
      row.push_back(csv_quote(h.a));
      row.push_back(csv_quote(h.b));
      append(row, h.a_above_b, h.ci95);
      for (const std::int64_t count : {h.tournaments, h.above, h.below, h.tied}) row.push_back(csv_text(count));
      table.add_row(row);
    }
  }
  return table.text();
}

// One row per sit-and-go or shoot-out cell x compared pair: every label
// against the baseline, or every pair of paired[] without one
// (sim/report/baseline_comparison.h).
std::string paired_csv(const RunSummary& summary) {
  std::vector<std::string> fixed{"label", "baseline", "verdict", "decided_on", "tournaments_needed"};
  const bool luck = any_luck_adjusted(summary);
  for (const char* metric : {"roi", "mean_place", "win_rate"}) {
    for (const char* suffix : {"_diff", "_diff_lo", "_diff_hi"}) fixed.push_back(std::string(metric) + suffix);
    if (!luck) continue;
    for (const char* suffix : {"_diff_adjusted", "_diff_adjusted_lo", "_diff_adjusted_hi"}) {
      fixed.push_back(std::string(metric) + suffix);
    }
  }
  const CellColumns columns(summary, fixed);
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary.cells.size(); ++c) {
    const CellSummary& cell = summary.cells[c];
    const std::optional<int> baseline = summary.baseline ? label_index(cell, *summary.baseline) : std::nullopt;
    for (const Comparison& comparison : cell_comparisons(cell, baseline)) {
      std::vector<std::string> row = columns.prefix(c);
      row.push_back(csv_quote(cell.labels[static_cast<std::size_t>(comparison.label)]));
      row.push_back(csv_quote(cell.labels[static_cast<std::size_t>(comparison.baseline)]));
      row.push_back(csv_quote(verdict_name(comparison.verdict)));
      row.push_back(csv_quote(comparison.decided_on));
      row.push_back(comparison.tournaments_needed ? csv_text(*comparison.tournaments_needed) : "");
      for (const ComparedMetric* metric : {&comparison.roi, &comparison.mean_place, &comparison.win_rate}) {
        append(row, metric->estimate, metric->ci95);
        if (luck) append(row, metric->adjusted_estimate, metric->adjusted_ci95);
      }
      table.add_row(row);
    }
  }
  return table.text();
}

// One row per shoot-out cell x label: first-round table wins.
std::string shootout_csv(const RunSummary& summary) {
  const CellColumns columns(summary, {"label", "entries", "table_wins", "table_win_rate", "table_win_rate_lo",
                                      "table_win_rate_hi", "tables", "table_seats", "final_table"});
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary.cells.size(); ++c) {
    const CellSummary& cell = summary.cells[c];
    const auto* s = std::get_if<ShootoutSummary>(&cell.detail);
    if (s == nullptr) continue;
    for (std::size_t label = 0; label < cell.labels.size(); ++label) {
      const LabelSummary& p = s->players[label].outcome;
      const LabelSummary::TableWins wins = p.table_wins.value_or(LabelSummary::TableWins{});
      std::vector<std::string> row = columns.prefix(c);
      row.push_back(csv_quote(cell.labels[label]));
      row.push_back(csv_text(p.entries));
      row.push_back(csv_text(wins.count));
      append(row, wins.rate, wins.rate_ci95);
      row.push_back(csv_text(std::int64_t{s->tables}));
      row.push_back(csv_text(std::int64_t{s->table_seats}));
      row.push_back(csv_text(s->final_table));
      table.add_row(row);
    }
  }
  return table.text();
}

// One row per cash cell x label: big blinds won per 100 hands (V7). When a
// cell takes a rake (V10), the rake paid and bb/100 before it follow.
// league.csv: one row per entrant of every league cell, best rating first.
std::string league_csv(const RunSummary& summary) {
  const CellColumns columns(summary, {"rank",
                                      "rank_best",
                                      "rank_worst",
                                      "label",
                                      "rating",
                                      "rating_lo",
                                      "rating_hi",
                                      "tournaments",
                                      "mean_place",
                                      "mean_place_lo",
                                      "mean_place_hi",
                                      "win_rate",
                                      "win_rate_lo",
                                      "win_rate_hi",
                                      "itm_rate",
                                      "itm_rate_lo",
                                      "itm_rate_hi",
                                      "roi",
                                      "roi_lo",
                                      "roi_hi",
                                      "faults",
                                      "ahead_of_next",
                                      "ahead_of_next_lo",
                                      "ahead_of_next_hi",
                                      "tournaments_to_separate_next"});
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary.cells.size(); ++c) {
    const CellSummary& cell = summary.cells[c];
    const auto* s = std::get_if<LeagueSummary>(&cell.detail);
    if (s == nullptr) continue;
    for (const LeagueEntrantSummary& e : s->standings) {
      const LabelSummary& p = e.results;
      std::vector<std::string> row = columns.prefix(c);
      row.push_back(csv_text(std::int64_t{e.rank}));
      row.push_back(csv_text(std::int64_t{e.rank_best}));
      row.push_back(csv_text(std::int64_t{e.rank_worst}));
      row.push_back(csv_quote(cell.labels[static_cast<std::size_t>(e.entrant)]));
      append(row, e.rating, e.rating_ci95);
      row.push_back(csv_text(p.entries));
      append(row, p.mean_place, p.mean_place_ci95);
      append(row, p.win_rate, p.win_rate_ci95);
      append(row, p.itm_rate, p.itm_rate_ci95);
      append(row, p.roi, p.roi_ci95);
      row.push_back(csv_text(e.faults));
      append(row, e.ahead_of_next, e.ahead_of_next_ci95);
      row.push_back(e.tournaments_to_separate_next ? csv_text(*e.tournaments_to_separate_next) : std::string());
      table.add_row(row);
    }
  }
  return table.text();
}

std::string cash_csv(const RunSummary& summary) {
  const bool any_rake = std::any_of(summary.cells.begin(), summary.cells.end(), [](const CellSummary& cell) {
    const auto* s = std::get_if<CashSummary>(&cell.detail);
    return s != nullptr && s->rake.has_value();
  });
  std::vector<std::string> names = {"label",         "sessions",      "hands",     "bb_per_100", "bb_per_100_lo",
                                    "bb_per_100_hi", "bb_per_100_sd", "chips_won", "rebuys",     "faults"};
  if (any_rake) names.insert(names.end(), {"rake_paid", "bb_per_100_before_rake"});
  const bool any_adjusted = std::any_of(summary.cells.begin(), summary.cells.end(), [](const CellSummary& cell) {
    const auto* s = std::get_if<CashSummary>(&cell.detail);
    return s != nullptr && !s->players.empty() && s->players.front().adjusted.has_value();
  });
  if (any_adjusted) {
    names.insert(names.end(), {"adj_bb_per_100", "adj_bb_per_100_lo", "adj_bb_per_100_hi", "mean_luck_bb_per_100",
                               "bb_per_100_variance_reduction"});
  }
  const CellColumns columns(summary, names);
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary.cells.size(); ++c) {
    const CellSummary& cell = summary.cells[c];
    const auto* s = std::get_if<CashSummary>(&cell.detail);
    if (s == nullptr) continue;
    for (std::size_t label = 0; label < cell.labels.size(); ++label) {
      const CashPlayerSummary& p = s->players[label];
      std::vector<std::string> row = columns.prefix(c);
      row.push_back(csv_quote(cell.labels[label]));
      row.push_back(csv_text(p.sessions));
      row.push_back(csv_text(p.hands));
      append(row, p.bb_per_100, p.bb_per_100_ci95);
      row.push_back(csv_text(p.bb_per_100_sd));
      row.push_back(csv_text(p.chips_won));
      row.push_back(csv_text(p.rebuys));
      row.push_back(csv_text(p.faults.total()));
      if (any_rake) {
        row.push_back(p.rake ? csv_text(p.rake->paid) : csv_text(std::int64_t{0}));
        row.push_back(csv_text(p.rake ? p.rake->bb_per_100_before : p.bb_per_100));
      }
      if (any_adjusted) {
        const CashPlayerSummary::Adjusted adjusted = p.adjusted.value_or(CashPlayerSummary::Adjusted{});
        append(row, adjusted.bb_per_100, adjusted.bb_per_100_ci95);
        row.push_back(csv_text(adjusted.mean_luck));
        row.push_back(csv_text(adjusted.variance_reduction));
      }
      table.add_row(row);
    }
  }
  return table.text();
}

std::string stat_value_text(const StatValue& value) {
  return std::visit(
      [](const auto& v) -> std::string {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<T, std::monostate>) {
          return "";
        } else if constexpr (std::is_same_v<T, std::int64_t>) {
          return std::to_string(v);
        } else if constexpr (std::is_same_v<T, double>) {
          return number_text(v);
        } else if constexpr (std::is_same_v<T, std::string>) {
          return csv_quote(v);
        } else {
          return number_text(v.lo) + "," + number_text(v.hi);
        }
      },
      value);
}

// <name>.csv of a collector whose registry entry asks for one: cell, the
// matrix keys, label, then its fields (an interval as two columns).
std::string statistic_csv(const RunSummary& summary, const std::string& name) {
  const StatSummary* first = nullptr;
  for (const CellSummary& cell : summary.cells) {
    for (const StatSummary& statistic : cell.statistics) {
      if (statistic.name == name && first == nullptr) first = &statistic;
    }
  }
  std::vector<std::string> columns{"label"};
  for (const StatField& field : first->fields) {
    if (field.type == "interval") {
      columns.push_back(field.name + "_lo");
      columns.push_back(field.name + "_hi");
    } else {
      columns.push_back(field.name);
    }
  }
  const CellColumns cell_columns(summary, columns);
  CsvTable table(cell_columns.header());
  for (std::size_t c = 0; c < summary.cells.size(); ++c) {
    for (const StatSummary& statistic : summary.cells[c].statistics) {
      if (statistic.name != name) continue;
      for (const StatRow& row : statistic.result.rows) {
        std::vector<std::string> fields = cell_columns.prefix(c);
        fields.push_back(csv_quote(row.label));
        for (std::size_t f = 0; f < statistic.fields.size(); ++f) {
          const StatValue value = f < row.values.size() ? row.values[f] : StatValue{};
          if (statistic.fields[f].type == "interval") {
            const Interval* interval = std::get_if<Interval>(&value);
            fields.push_back(interval ? number_text(interval->lo) : "");
            fields.push_back(interval ? number_text(interval->hi) : "");
          } else {
            fields.push_back(stat_value_text(value));
          }
        }
        table.add_row(fields);
      }
    }
  }
  return table.text();
}

// The names of the collectors with a CSV of their own, in first-appearance order.
std::vector<std::string> statistic_csv_names(const RunSummary& summary) {
  std::vector<std::string> names;
  for (const CellSummary& cell : summary.cells) {
    for (const StatSummary& statistic : cell.statistics) {
      if (statistic.csv && std::find(names.begin(), names.end(), statistic.name) == names.end()) {
        names.push_back(statistic.name);
      }
    }
  }
  return names;
}

bool has_format(const RunSummary& summary, Format format) {
  return std::any_of(summary.cells.begin(), summary.cells.end(),
                     [&](const CellSummary& cell) { return cell.format == format; });
}

// ---- console table ---------------------------------------------------------

__attribute__((format(printf, 1, 2))) std::string format(const char* pattern, ...) {
  va_list args;
  va_start(args, pattern);
  va_list copy;
  va_copy(copy, args);
  const int size = std::vsnprintf(nullptr, 0, pattern, copy);
  va_end(copy);
  std::string text(static_cast<std::size_t>(std::max(size, 0)), '\0');
  std::vsnprintf(text.data(), text.size() + 1, pattern, args);
  va_end(args);
  return text;
}

std::string number_or_dash(const std::optional<double>& value, const char* pattern, double scale = 1.0) {
  return value ? format(pattern, *value * scale) : std::string("-");
}

// An integer, or "null" when there is none.
std::string integer_text(const std::optional<std::int64_t>& value) {
  return value ? std::to_string(*value) : std::string("null");
}

std::string interval_text(const std::optional<Interval>& interval, const char* pattern, double scale = 1.0) {
  if (!interval) return "";
  std::string text = "[";
  text += format(pattern, interval->lo * scale);
  text += ", ";
  text += format(pattern, interval->hi * scale);
  return text + "]";
}

int label_width(const std::vector<std::string>& labels) {
  int width = 5;
  for (const std::string& label : labels) width = std::max(width, static_cast<int>(label.size()));
  return width;
}

// Label indexes sorted by a number, ascending or descending; labels without
// one last, lineup order among equals.
template <typename Key>
std::vector<std::size_t> labels_by(std::size_t count, Key key, bool ascending) {
  std::vector<std::size_t> order(count);
  for (std::size_t i = 0; i < count; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    const std::optional<double> va = key(a);
    const std::optional<double> vb = key(b);
    if (!va || !vb) return va.has_value() && !vb.has_value();
    return ascending ? *va < *vb : *va > *vb;
  });
  return order;
}

std::vector<std::string> names(const CellSummary& cell, const std::vector<std::size_t>& order) {
  std::vector<std::string> result;
  for (const std::size_t i : order) result.push_back(cell.labels[i]);
  return result;
}

std::string mean_place_text(const LabelSummary& p, const char* pattern, const char* half_pattern) {
  std::string place = number_or_dash(p.mean_place, pattern);
  if (p.mean_place_ci95) place += format(half_pattern, (p.mean_place_ci95->hi - p.mean_place_ci95->lo) / 2.0);
  return place;
}

// adjust_luck's console columns: the raw ROI's interval, then the adjusted
// ROI with its own (under kAdjustedRoiHeader).
constexpr const char* kAdjustedRoiHeader = "  ROI% 95% CI      adj ROI%  95% CI";
std::string adjusted_roi_columns(const PlayerSummary& player) {
  const AdjustedMetric& adjusted = player.luck_adjusted->roi;
  return format("  %-16s %8s  %s", interval_text(player.outcome.roi_ci95, "%+.1f", 100.0).c_str(),
                number_or_dash(adjusted.value, "%+.1f", 100.0).c_str(),
                interval_text(adjusted.ci95, "%+.1f", 100.0).c_str());
}

// A league's table: rank range, rating and interval, ROI, mean place and
// tournaments per entrant, best rating first, and what separates neighbours.
std::string league_console_rows(const CellSummary& cell, const LeagueSummary& s) {
  std::string text = format(
      "  league: %d entrants at tables of %d, %lld tournaments; schedule %s (%d blocks, every pair met %lld-%lld "
      "times)\n"
      "  ratings: Plackett-Luce log-strength, centred; 95%% intervals from a jackknife over %d groups%s\n",
      s.entrants, s.seats, static_cast<long long>(cell.tournaments), s.design.c_str(), s.blocks,
      static_cast<long long>(s.pair_meetings_min), static_cast<long long>(s.pair_meetings_max), s.jackknife_groups,
      s.converged ? "" : "  (FIT DID NOT CONVERGE)");
  std::vector<std::string> labels;
  for (const LeagueEntrantSummary& e : s.standings) labels.push_back(cell.labels[static_cast<std::size_t>(e.entrant)]);
  const int width = label_width(labels);
  text += format("  %-7s %-*s %-24s %-22s %-16s %9s  %s\n", "rank", width, "label", "rating   95% CI", "ROI%   95% CI",
                 "mean place", "tourn.", "ahead of next (95% CI), tournaments more to separate");
  for (const LeagueEntrantSummary& e : s.standings) {
    const LabelSummary& p = e.results;
    const std::string rank =
        e.rank_best == e.rank_worst ? format("%d", e.rank_best) : format("%d-%d", e.rank_best, e.rank_worst);
    std::string next;
    if (e.ahead_of_next) {
      next = format("%.3f %s", *e.ahead_of_next, interval_text(e.ahead_of_next_ci95, "%.3f").c_str());
      if (e.tournaments_to_separate_next) {
        next += *e.tournaments_to_separate_next == 0
                    ? std::string("  separated")
                    : format("  +%lld", static_cast<long long>(*e.tournaments_to_separate_next));
      }
    }
    text += format("  %-7s %-*s %+6.3f %-17s %6s %-15s %-16s %9lld  %s\n", rank.c_str(), width,
                   cell.labels[static_cast<std::size_t>(e.entrant)].c_str(), e.rating,
                   interval_text(e.rating_ci95, "%+.3f").c_str(), number_or_dash(p.roi, "%+.1f", 100.0).c_str(),
                   interval_text(p.roi_ci95, "%+.1f", 100.0).c_str(), mean_place_text(p, "%.3f", " +- %.3f").c_str(),
                   static_cast<long long>(p.entries), next.c_str());
  }
  return text;
}

std::string shootout_console_rows(const CellSummary& cell, const ShootoutSummary& s) {
  std::string text =
      format("  %lld shoot-outs: %d tables of %d, %s   table hands mean %s", static_cast<long long>(cell.tournaments),
             s.tables, s.table_seats, s.final_table ? "final table" : "table winners paid",
             number_or_dash(s.table_hands.mean, "%.1f").c_str());
  if (s.final_table) {
    text += format("  final hands mean %s",
                   number_or_dash(s.final_hands ? s.final_hands->mean : std::nullopt, "%.1f").c_str());
  }
  text += format("   capped %s of tables\n", number_or_dash(s.capped_table_fraction, "%.1f%%", 100.0).c_str());
  const std::vector<std::size_t> order = labels_by(
      cell.labels.size(), [&](std::size_t i) { return s.players[i].outcome.mean_place; }, true);
  const int width = label_width(names(cell, order));
  // adjust_luck adds the raw ROI's interval and the adjusted ROI with its own.
  const bool luck = s.variance_reduction.has_value();
  text += format("  %-*s %9s  %-17s %6s %-16s %7s %6s %8s %7s%s\n", width, "label", "entries", "mean place", "win%",
                 "95% CI", "table%", "ITM%", "ROI%", "faults", luck ? kAdjustedRoiHeader : "");
  for (const std::size_t i : order) {
    const LabelSummary& p = s.players[i].outcome;
    const std::optional<double> table_rate = p.table_wins.value_or(LabelSummary::TableWins{}).rate;
    text +=
        format("  %-*s %9lld  %-17s %6s %-16s %7s %6s %8s %7lld", width, cell.labels[i].c_str(),
               static_cast<long long>(p.entries), mean_place_text(p, "%.2f", " +- %.2f").c_str(),
               number_or_dash(p.win_rate, "%.1f", 100.0).c_str(), interval_text(p.win_rate_ci95, "%.1f", 100.0).c_str(),
               number_or_dash(table_rate, "%.1f", 100.0).c_str(), number_or_dash(p.itm_rate, "%.1f", 100.0).c_str(),
               number_or_dash(p.roi, "%+.1f", 100.0).c_str(), static_cast<long long>(p.faults.total()));
    if (luck) text += adjusted_roi_columns(s.players[i]);
    text += '\n';
  }
  return text;
}

std::string cash_console_rows(const CellSummary& cell, const CashSummary& s) {
  std::string text = format("  %lld sessions of %d hands, %d seats, blinds %lld/%lld",
                            static_cast<long long>(cell.tournaments), s.hands_per_session, s.seats,
                            static_cast<long long>(s.blinds.small_blind), static_cast<long long>(s.blinds.big_blind));
  if (s.blinds.ante > 0) text += format(" ante %lld", static_cast<long long>(s.blinds.ante));
  text += format(", buy-in %lld, re-buy below %lld\n", static_cast<long long>(s.buy_in),
                 static_cast<long long>(s.rebuy_below));
  const std::vector<std::size_t> order = labels_by(
      cell.labels.size(), [&](std::size_t i) { return s.players[i].bb_per_100; }, false);
  const int width = label_width(names(cell, order));
  text += format("  %-*s %9s %10s %9s %-20s %8s %7s %7s\n", width, "label", "sessions", "hands", "bb/100", "95% CI",
                 "sd/100", "rebuys", "faults");
  for (const std::size_t i : order) {
    const CashPlayerSummary& p = s.players[i];
    text += format("  %-*s %9lld %10lld %9s %-20s %8s %7lld %7lld\n", width, cell.labels[i].c_str(),
                   static_cast<long long>(p.sessions), static_cast<long long>(p.hands),
                   number_or_dash(p.bb_per_100, "%+.2f").c_str(), interval_text(p.bb_per_100_ci95, "%+.2f").c_str(),
                   number_or_dash(p.bb_per_100_sd, "%.1f").c_str(), static_cast<long long>(p.rebuys),
                   static_cast<long long>(p.faults.total()));
  }
  if (!s.players.empty() && s.players.front().adjusted) {
    // adjust_luck: all-in adjusted bb/100 beside the raw figure.
    text +=
        format("  %-*s %9s %-20s %9s %-20s %8s\n", width, "label", "bb/100", "95% CI", "adj", "adj 95% CI", "var/adj");
    for (const std::size_t i : order) {
      const CashPlayerSummary& p = s.players[i];
      text += format("  %-*s %9s %-20s %9s %-20s %8s\n", width, cell.labels[i].c_str(),
                     number_or_dash(p.bb_per_100, "%+.2f").c_str(), interval_text(p.bb_per_100_ci95, "%+.2f").c_str(),
                     number_or_dash(p.adjusted->bb_per_100, "%+.2f").c_str(),
                     interval_text(p.adjusted->bb_per_100_ci95, "%+.2f").c_str(),
                     number_or_dash(p.adjusted->variance_reduction, "%.2f").c_str());
    }
  }
  if (s.rake) {
    // V10: what the house took, and what each label would have won without it.
    text += format("  rake %s%% (cap %lld%s): %lld chips, %s a hand\n",
                   number_or_dash(static_cast<double>(s.rake->hundredths_percent) / 100.0, "%g").c_str(),
                   static_cast<long long>(s.rake->cap), s.rake->no_flop_no_drop ? ", no flop no drop" : "",
                   static_cast<long long>(s.rake_total), number_or_dash(s.rake_per_hand, "%.2f").c_str());
    text += format("  %-*s %12s %14s %-20s\n", width, "label", "rake bb/100", "bb/100 gross", "95% CI");
    for (const std::size_t i : order) {
      const CashPlayerSummary& p = s.players[i];
      if (!p.rake) continue;
      text += format("  %-*s %12s %14s %-20s\n", width, cell.labels[i].c_str(),
                     number_or_dash(p.rake->paid_bb_per_100, "%.2f").c_str(),
                     number_or_dash(p.rake->bb_per_100_before, "%+.2f").c_str(),
                     interval_text(p.rake->bb_per_100_before_ci95, "%+.2f").c_str());
    }
  }
  return text;
}

std::string sit_and_go_console_rows(const CellSummary& cell, const SitAndGoSummary& s) {
  const HandsSummary& hands = s.hands;
  const std::string mean_ci =
      hands.mean_ci95 ? format(" [%.1f, %.1f]", hands.mean_ci95->lo, hands.mean_ci95->hi) : std::string();
  std::string text =
      format("  %lld tournaments   hands mean %s%s  median %s  p10 %s  p90 %s   capped %s\n",
             static_cast<long long>(cell.tournaments), number_or_dash(hands.mean, "%.1f").c_str(), mean_ci.c_str(),
             integer_text(hands.median).c_str(), integer_text(hands.p10).c_str(), integer_text(hands.p90).c_str(),
             number_or_dash(s.capped_fraction, "%.1f%%", 100.0).c_str());
  // Best mean place first; labels with none (no entries) last.
  const std::vector<std::size_t> order = labels_by(
      cell.labels.size(), [&](std::size_t i) { return s.players[i].outcome.mean_place; }, true);
  const int width = label_width(names(cell, order));
  // V6 icm_at_cap adds the ROI with capped survivors valued by ICM.
  const bool icm = s.icm_at_cap;
  // adjust_luck adds the raw ROI's interval and the adjusted ROI with its own.
  const bool luck = s.variance_reduction.has_value();
  text += format("  %-*s %9s  %-16s %6s %-16s %6s %8s %7s%s%s\n", width, "label", "entries", "mean place", "win%",
                 "95% CI", "ITM%", "ROI%", "faults", icm ? "  ICM ROI%" : "", luck ? kAdjustedRoiHeader : "");
  for (const std::size_t i : order) {
    const PlayerSummary& player = s.players[i];
    const LabelSummary& p = player.outcome;
    text += format(
        "  %-*s %9lld  %-16s %6s %-16s %6s %8s %7lld", width, cell.labels[i].c_str(), static_cast<long long>(p.entries),
        mean_place_text(p, "%.3f", " +- %.3f").c_str(), number_or_dash(p.win_rate, "%.1f", 100.0).c_str(),
        interval_text(p.win_rate_ci95, "%.1f", 100.0).c_str(), number_or_dash(p.itm_rate, "%.1f", 100.0).c_str(),
        number_or_dash(p.roi, "%+.1f", 100.0).c_str(), static_cast<long long>(p.faults.total()));
    if (icm) text += format(" %9s", number_or_dash(p.icm_roi, "%+.1f", 100.0).c_str());
    if (luck) text += adjusted_roi_columns(player);
    text += '\n';
  }
  return text;
}

// The collectors' tables that asked for the console (StatResult::show_on_console).
std::string statistics_console_rows(const CellSummary& cell) {
  std::string text;
  for (const StatSummary& statistic : cell.statistics) {
    const StatResult& result = statistic.result;
    if (!result.show_on_console || result.rows.empty()) continue;
    text += "  " + (result.title.empty() ? statistic.name : result.title) + "\n";
    if (!result.note.empty()) text += "  " + result.note + "\n";
    std::vector<std::string> labels;
    for (const StatRow& row : result.rows) labels.push_back(row.label);
    const int width = label_width(labels);
    // Column widths: the wider of the field's name and its values.
    std::vector<std::vector<std::string>> cells;
    std::vector<std::size_t> widths;
    for (const StatField& field : statistic.fields) widths.push_back(field.name.size());
    for (const StatRow& row : result.rows) {
      std::vector<std::string> texts;
      for (std::size_t f = 0; f < statistic.fields.size(); ++f) {
        const StatValue value = f < row.values.size() ? row.values[f] : StatValue{};
        std::string shown = std::visit(
            [](const auto& v) -> std::string {
              using T = std::decay_t<decltype(v)>;
              if constexpr (std::is_same_v<T, std::monostate>) {
                return "-";
              } else if constexpr (std::is_same_v<T, std::int64_t>) {
                return std::to_string(v);
              } else if constexpr (std::is_same_v<T, double>) {
                return format("%.4g", v);
              } else if constexpr (std::is_same_v<T, std::string>) {
                return v;
              } else {
                return format("[%.4g, %.4g]", v.lo, v.hi);
              }
            },
            value);
        widths[f] = std::max(widths[f], shown.size());
        texts.push_back(std::move(shown));
      }
      cells.push_back(std::move(texts));
    }
    text += format("  %-*s", width, "label");
    for (std::size_t f = 0; f < statistic.fields.size(); ++f) {
      text += format(" %*s", static_cast<int>(widths[f]), statistic.fields[f].name.c_str());
    }
    text += '\n';
    for (std::size_t r = 0; r < result.rows.size(); ++r) {
      text += format("  %-*s", width, result.rows[r].label.c_str());
      for (std::size_t f = 0; f < cells[r].size(); ++f) {
        text += format(" %*s", static_cast<int>(widths[f]), cells[r][f].c_str());
      }
      text += '\n';
    }
  }
  return text;
}

}  // namespace

void write_results(const fs::path& out_dir, const RunSummary& summary, const Experiment& experiment, bool force,
                   const std::vector<std::pair<std::string, std::string>>& extra_files, const fs::path& kept_file) {
  if (summary.cells.size() != experiment.cells.size()) {
    throw std::invalid_argument("write_results: summary and experiment disagree on the cells");
  }
  check_output_dir(out_dir, force, kept_file);

  // Render everything first: a bug in formatting then leaves nothing behind.
  std::vector<std::pair<std::string, std::string>> files{
      {"summary.json", summary_json(summary).dump(2) + "\n"},
      {"players.csv", players_csv(summary)},
      {"hands.csv", hands_csv(summary)},
      {"survival.csv", survival_csv(summary)},
      {"head_to_head.csv", head_to_head_csv(summary)},
      {"paired.csv", paired_csv(summary)},
      {"config.yaml", experiment.source_text},
  };
  if (has_format(summary, Format::kShootout)) files.emplace_back("shootout.csv", shootout_csv(summary));
  if (has_format(summary, Format::kCash)) files.emplace_back("cash.csv", cash_csv(summary));
  if (has_format(summary, Format::kLeague)) files.emplace_back("league.csv", league_csv(summary));
  for (const std::string& name : statistic_csv_names(summary))
    files.emplace_back(name + ".csv", statistic_csv(summary, name));
  files.insert(files.end(), extra_files.begin(), extra_files.end());
  StagingFolder staging(out_dir);
  for (const auto& [name, text] : files) write_file_durably(staging.path() / name, text);
  staging.publish(force, kept_file);
}

std::string console_table(const RunSummary& summary) {
  std::string text;
  text +=
      format("%s  seed %llu  %lld tournaments%s\n", summary.name.c_str(),
             static_cast<unsigned long long>(summary.provenance.seed), static_cast<long long>(summary.tournaments_done),
             summary.provenance.partial ? "  (PARTIAL: interrupted)" : "");
  for (const CellSummary& cell : summary.cells) {
    // In key order, as summary.json's params object.
    std::map<std::string, std::string> sorted(cell.params.begin(), cell.params.end());
    std::string params;
    for (const auto& [key, value] : sorted) params += "  " + key + "=" + value;
    text += format("\ncell %zu%s\n", cell.index, params.c_str());
    std::visit(
        [&](const auto& detail) {
          using T = std::decay_t<decltype(detail)>;
          if constexpr (std::is_same_v<T, SitAndGoSummary>) text += sit_and_go_console_rows(cell, detail);
          if constexpr (std::is_same_v<T, ShootoutSummary>) text += shootout_console_rows(cell, detail);
          if constexpr (std::is_same_v<T, CashSummary>) text += cash_console_rows(cell, detail);
          if constexpr (std::is_same_v<T, LeagueSummary>) text += league_console_rows(cell, detail);
        },
        cell.detail);
    text += statistics_console_rows(cell);
    text += comparison_console_text(cell, summary.baseline);
  }
  return text;
}

}  // namespace sngsim
