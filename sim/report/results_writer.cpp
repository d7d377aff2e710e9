#include "sim/report/results_writer.h"

#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <fstream>
#include <stdexcept>
#include <system_error>

#include "sim/io/atomic_file.h"

namespace sngsim {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// "results/" names the directory "results": drop the empty last component.
fs::path normalized(const fs::path& out_dir) {
  fs::path path = out_dir.lexically_normal();
  if (!path.has_filename() && path.has_parent_path()) path = path.parent_path();
  return path;
}

fs::path parent_of(const fs::path& path) { return path.has_parent_path() ? path.parent_path() : fs::path("."); }

fs::path sibling(const fs::path& path, const std::string& suffix) {
  return parent_of(path) / (path.filename().string() + suffix + std::to_string(::getpid()));
}

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

std::string csv_value(const json& value) {
  if (value.is_null()) return "";
  if (value.is_string()) return csv_quote(value.get<std::string>());
  if (value.is_boolean()) return value.get<bool>() ? "true" : "false";
  if (value.is_number_integer()) return value.dump();
  if (value.is_number_float()) return number_text(value.get<double>());
  return csv_quote(value.dump());
}

json interval_bound(const json& interval, std::size_t i) { return interval.is_array() ? interval[i] : json(nullptr); }

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
std::vector<std::string> param_keys(const Experiment& experiment) {
  std::vector<std::string> keys;
  for (const Cell& cell : experiment.cells) {
    for (const auto& [key, value] : cell.params) {
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
    }
  }
  return keys;
}

// Leading columns shared by every CSV: cell index, then the matrix keys.
class CellColumns {
 public:
  CellColumns(const Experiment& experiment, const std::vector<std::string>& fixed_columns)
      : experiment_(&experiment), keys_(param_keys(experiment)) {
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
    const auto& params = experiment_->cells[cell_index].params;
    for (const std::string& key : keys_) {
      const auto it = std::find_if(params.begin(), params.end(), [&](const auto& kv) { return kv.first == key; });
      fields.push_back(it == params.end() ? "" : csv_quote(it->second));
    }
    return fields;
  }

 private:
  const Experiment* experiment_;
  std::vector<std::string> keys_;
  std::vector<std::string> header_;
};

// "sit-and-go", "shootout" or "cash"; summaries written before formats
// existed are sit-and-go.
std::string cell_format(const json& cell) { return cell.value("format", std::string("sit-and-go")); }

// adjust_luck (docs/statistics.md): players.csv gains the adjusted
// estimates, their intervals and the mean luck of ROI; without it the file
// keeps its columns.
constexpr const char* kLuckColumns[] = {
    "adj_roi",        "adj_roi_lo",        "adj_roi_hi",        "adj_win_rate",    "adj_win_rate_lo",
    "adj_win_rate_hi", "adj_itm_rate",     "adj_itm_rate_lo",   "adj_itm_rate_hi", "adj_mean_place",
    "adj_mean_place_lo", "adj_mean_place_hi", "mean_luck_roi",  "roi_variance_reduction"};

bool any_luck_adjusted(const json& summary) {
  for (const json& cell : summary["cells"]) {
    if (cell.contains("variance_reduction")) return true;
  }
  return false;
}

void append_luck_columns(const json& player, std::vector<std::string>& row) {
  if (!player.contains("luck_adjusted")) {
    row.insert(row.end(), std::size(kLuckColumns), "");
    return;
  }
  const json& adjusted = player["luck_adjusted"];
  for (const char* metric : {"roi", "win_rate", "itm_rate", "mean_place"}) {
    const json& m = adjusted[metric];
    for (const json& value : {m["estimate"], interval_bound(m["ci95"], 0), interval_bound(m["ci95"], 1)}) {
      row.push_back(csv_value(value));
    }
  }
  row.push_back(csv_value(adjusted["roi"]["mean_luck"]));
  row.push_back(csv_value(adjusted["roi"]["variance_reduction"]));
}

std::string players_csv(const json& summary, const Experiment& experiment) {
  int max_players = 0;
  for (const json& cell : summary["cells"]) max_players = std::max(max_players, cell["seats"].get<int>());
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
  const CellColumns columns(experiment, fixed);
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary["cells"].size(); ++c) {
    const json& cell = summary["cells"][c];
    if (cell_format(cell) == "cash") continue;  // cash.csv
    for (const json& label : cell["labels"]) {
      const json& p = cell["players"][label.get<std::string>()];
      std::vector<std::string> row = columns.prefix(c);
      for (const json& value :
           {label, p["entries"], p["mean_place"], interval_bound(p["mean_place_ci95"], 0),
            interval_bound(p["mean_place_ci95"], 1), p["win_rate"], interval_bound(p["win_rate_ci95"], 0),
            interval_bound(p["win_rate_ci95"], 1), p["itm_rate"], interval_bound(p["itm_rate_ci95"], 0),
            interval_bound(p["itm_rate_ci95"], 1), p["mean_prize"], p["roi"], interval_bound(p["roi_ci95"], 0),
            interval_bound(p["roi_ci95"], 1), p["avg_chips_at_cap"], p["faults"]}) {
        row.push_back(csv_value(value));
      }
      const json& places = p["places"];
      for (std::size_t place = 0; place < static_cast<std::size_t>(max_players); ++place) {
        row.push_back(place < places.size() ? csv_value(places[place]) : "");
      }
      const json none;
      const json& icm_roi_ci = p.contains("icm_roi_ci95") ? p["icm_roi_ci95"] : none;
      for (const json& value : {p.contains("icm_prize") ? p["icm_prize"] : none, p.contains("icm_roi") ? p["icm_roi"] : none,
                                interval_bound(icm_roi_ci, 0), interval_bound(icm_roi_ci, 1)}) {
        row.push_back(csv_value(value));
      }
      if (luck) append_luck_columns(p, row);
      table.add_row(row);
    }
  }
  return table.text();
}

std::string hands_csv(const Experiment& experiment, const std::vector<CellStats>& cells) {
  const CellColumns columns(experiment, {"hands", "count"});
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < cells.size(); ++c) {
    if (cells[c].format() != Format::kSitAndGo) continue;  // no hand-count histogram
    const auto& histogram = cells[c].hands_histogram();
    for (std::size_t h = 1; h < histogram.size(); ++h) {
      std::vector<std::string> row = columns.prefix(c);
      row.push_back(std::to_string(h));
      row.push_back(std::to_string(histogram[h]));
      table.add_row(row);
    }
  }
  return table.text();
}

std::string survival_csv(const json& summary, const Experiment& experiment) {
  const CellColumns columns(experiment, {"hand", "players_left"});
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary["cells"].size(); ++c) {
    const json& survival = summary["cells"][c]["survival"];
    for (std::size_t h = 0; h < survival.size(); ++h) {
      std::vector<std::string> row = columns.prefix(c);
      row.push_back(std::to_string(h));
      row.push_back(csv_value(survival[h]));
      table.add_row(row);
    }
  }
  return table.text();
}

std::string head_to_head_csv(const json& summary, const Experiment& experiment) {
  const CellColumns columns(experiment,
                            {"a", "b", "a_above_b", "ci_lo", "ci_hi", "tournaments", "above", "below", "tied"});
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary["cells"].size(); ++c) {
    for (const json& h : summary["cells"][c]["head_to_head"]) {
      std::vector<std::string> row = columns.prefix(c);
      for (const json& value : {h["a"], h["b"], h["a_above_b"], interval_bound(h["ci95"], 0),
                                interval_bound(h["ci95"], 1), h["tournaments"], h["above"], h["below"], h["tied"]}) {
        row.push_back(csv_value(value));
      }
      table.add_row(row);
    }
  }
  return table.text();
}

// One row per shoot-out cell x label: first-round table wins.
std::string shootout_csv(const json& summary, const Experiment& experiment) {
  const CellColumns columns(experiment, {"label", "entries", "table_wins", "table_win_rate", "table_win_rate_lo",
                                         "table_win_rate_hi", "tables", "table_seats", "final_table"});
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary["cells"].size(); ++c) {
    const json& cell = summary["cells"][c];
    if (cell_format(cell) != "shootout") continue;
    for (const json& label : cell["labels"]) {
      const json& p = cell["players"][label.get<std::string>()];
      std::vector<std::string> row = columns.prefix(c);
      for (const json& value : {label, p["entries"], p["table_wins"], p["table_win_rate"],
                                interval_bound(p["table_win_rate_ci95"], 0), interval_bound(p["table_win_rate_ci95"], 1),
                                cell["tables"], cell["table_seats"], cell["final_table"]}) {
        row.push_back(csv_value(value));
      }
      table.add_row(row);
    }
  }
  return table.text();
}

// One row per cash cell x label: big blinds won per 100 hands (V7).
std::string cash_csv(const json& summary, const Experiment& experiment) {
  const CellColumns columns(experiment, {"label", "sessions", "hands", "bb_per_100", "bb_per_100_lo", "bb_per_100_hi",
                                         "bb_per_100_sd", "chips_won", "rebuys", "faults"});
  CsvTable table(columns.header());
  for (std::size_t c = 0; c < summary["cells"].size(); ++c) {
    const json& cell = summary["cells"][c];
    if (cell_format(cell) != "cash") continue;
    for (const json& label : cell["labels"]) {
      const json& p = cell["players"][label.get<std::string>()];
      std::vector<std::string> row = columns.prefix(c);
      for (const json& value : {label, p["sessions"], p["hands"], p["bb_per_100"], interval_bound(p["bb_per_100_ci95"], 0),
                                interval_bound(p["bb_per_100_ci95"], 1), p["bb_per_100_sd"], p["chips_won"], p["rebuys"],
                                p["faults"]}) {
        row.push_back(csv_value(value));
      }
      table.add_row(row);
    }
  }
  return table.text();
}

bool has_format(const json& summary, const std::string& format) {
  for (const json& cell : summary["cells"]) {
    if (cell_format(cell) == format) return true;
  }
  return false;
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

std::string number_or_dash(const json& value, const char* pattern, double scale = 1.0) {
  return value.is_number() ? format(pattern, value.get<double>() * scale) : std::string("-");
}

std::string interval_text(const json& interval, const char* pattern, double scale = 1.0) {
  if (!interval.is_array()) return "";
  std::string text = "[";
  text += format(pattern, interval[0].get<double>() * scale);
  text += ", ";
  text += format(pattern, interval[1].get<double>() * scale);
  return text + "]";
}

int label_width(const std::vector<std::string>& labels) {
  int width = 5;
  for (const std::string& label : labels) width = std::max(width, static_cast<int>(label.size()));
  return width;
}

// Labels sorted by a number, ascending or descending; labels without one last.
std::vector<std::string> labels_by(const json& cell, const char* key, bool ascending) {
  std::vector<std::string> labels = cell["labels"].get<std::vector<std::string>>();
  const json& players = cell["players"];
  std::stable_sort(labels.begin(), labels.end(), [&](const std::string& a, const std::string& b) {
    const json& va = players[a][key];
    const json& vb = players[b][key];
    if (va.is_null() || vb.is_null()) return !va.is_null() && vb.is_null();
    return ascending ? va.get<double>() < vb.get<double>() : va.get<double>() > vb.get<double>();
  });
  return labels;
}

std::string shootout_console_rows(const json& cell) {
  std::string text = format("  %s shoot-outs: %s tables of %s, %s   table hands mean %s", cell["tournaments"].dump().c_str(),
                            cell["tables"].dump().c_str(), cell["table_seats"].dump().c_str(),
                            cell["final_table"].get<bool>() ? "final table" : "table winners paid",
                            number_or_dash(cell["table_hands"]["mean"], "%.1f").c_str());
  if (cell["final_table"].get<bool>()) {
    text += format("  final hands mean %s", number_or_dash(cell["final_hands"]["mean"], "%.1f").c_str());
  }
  text += format("   capped %s of tables\n", number_or_dash(cell["capped_table_fraction"], "%.1f%%", 100.0).c_str());
  const std::vector<std::string> labels = labels_by(cell, "mean_place", true);
  const int width = label_width(labels);
  text += format("  %-*s %9s  %-17s %6s %-16s %7s %6s %8s %7s\n", width, "label", "entries", "mean place", "win%",
                 "95% CI", "table%", "ITM%", "ROI%", "faults");
  for (const std::string& label : labels) {
    const json& p = cell["players"][label];
    std::string place = number_or_dash(p["mean_place"], "%.2f");
    if (p["mean_place_ci95"].is_array()) {
      place += format(" +- %.2f", (p["mean_place_ci95"][1].get<double>() - p["mean_place_ci95"][0].get<double>()) / 2.0);
    }
    text += format("  %-*s %9s  %-17s %6s %-16s %7s %6s %8s %7s\n", width, label.c_str(), p["entries"].dump().c_str(),
                   place.c_str(), number_or_dash(p["win_rate"], "%.1f", 100.0).c_str(),
                   interval_text(p["win_rate_ci95"], "%.1f", 100.0).c_str(),
                   number_or_dash(p["table_win_rate"], "%.1f", 100.0).c_str(),
                   number_or_dash(p["itm_rate"], "%.1f", 100.0).c_str(),
                   number_or_dash(p["roi"], "%+.1f", 100.0).c_str(), p["faults"].dump().c_str());
  }
  return text;
}

std::string cash_console_rows(const json& cell) {
  const json& blinds = cell["blinds"];
  std::string text = format("  %s sessions of %s hands, %s seats, blinds %s/%s", cell["tournaments"].dump().c_str(),
                            cell["hands_per_session"].dump().c_str(), cell["seats"].dump().c_str(),
                            blinds["small"].dump().c_str(), blinds["big"].dump().c_str());
  if (blinds["ante"].get<std::int64_t>() > 0) text += format(" ante %s", blinds["ante"].dump().c_str());
  text += format(", buy-in %s, re-buy below %s\n", cell["buy_in"].dump().c_str(), cell["rebuy_below"].dump().c_str());
  const std::vector<std::string> labels = labels_by(cell, "bb_per_100", false);
  const int width = label_width(labels);
  text += format("  %-*s %9s %10s %9s %-20s %8s %7s %7s\n", width, "label", "sessions", "hands", "bb/100", "95% CI",
                 "sd/100", "rebuys", "faults");
  for (const std::string& label : labels) {
    const json& p = cell["players"][label];
    text += format("  %-*s %9s %10s %9s %-20s %8s %7s %7s\n", width, label.c_str(), p["sessions"].dump().c_str(),
                   p["hands"].dump().c_str(), number_or_dash(p["bb_per_100"], "%+.2f").c_str(),
                   interval_text(p["bb_per_100_ci95"], "%+.2f").c_str(), number_or_dash(p["bb_per_100_sd"], "%.1f").c_str(),
                   p["rebuys"].dump().c_str(), p["faults"].dump().c_str());
  }
  return text;
}

}  // namespace

void check_output_dir(const fs::path& out_dir, bool force) {
  const fs::path path = normalized(out_dir);
  if (path.empty()) throw std::runtime_error("output directory path is empty");
  std::error_code error;
  const fs::file_status status = fs::symlink_status(path, error);
  if (fs::exists(status)) {
    if (!fs::is_directory(status)) {
      throw std::runtime_error("output path " + path.string() +
                               " exists and is not a directory (or is a symbolic link); choose another --out");
    }
    if (!force) {
      throw std::runtime_error("output directory " + path.string() +
                               " already exists; use --force to replace it, or choose another --out");
    }
  }
  // The results are written next to out_dir and renamed, so the nearest
  // existing ancestor (parents are created) must be a writable directory.
  fs::path ancestor = fs::absolute(parent_of(path), error);
  if (error) throw std::runtime_error("cannot resolve output directory " + path.string() + ": " + error.message());
  while (!fs::exists(ancestor, error) && ancestor.has_parent_path() && ancestor != ancestor.parent_path()) {
    ancestor = ancestor.parent_path();
  }
  if (!fs::is_directory(ancestor, error)) {
    throw std::runtime_error("cannot create output directory " + path.string() + ": " + ancestor.string() +
                             " is not a directory");
  }
  if (::access(ancestor.c_str(), W_OK | X_OK) != 0) {
    throw std::runtime_error("cannot create output directory " + path.string() + ": " + ancestor.string() +
                             " is not writable");
  }
}

void write_results(const fs::path& out_dir, const json& summary, const Experiment& experiment,
                   const std::vector<CellStats>& cells, bool force,
                   const std::vector<std::pair<std::string, std::string>>& extra_files) {
  if (!summary.contains("cells") || summary["cells"].size() != experiment.cells.size() ||
      cells.size() != experiment.cells.size()) {
    throw std::invalid_argument("write_results: summary, experiment and statistics disagree on the cells");
  }
  const fs::path path = normalized(out_dir);
  check_output_dir(path, force);

  // Render everything first: a bug in formatting then leaves nothing behind.
  std::vector<std::pair<std::string, std::string>> files{
      {"summary.json", summary.dump(2) + "\n"},
      {"players.csv", players_csv(summary, experiment)},
      {"hands.csv", hands_csv(experiment, cells)},
      {"survival.csv", survival_csv(summary, experiment)},
      {"head_to_head.csv", head_to_head_csv(summary, experiment)},
      {"config.yaml", experiment.source_text},
  };
  if (has_format(summary, "shootout")) files.emplace_back("shootout.csv", shootout_csv(summary, experiment));
  if (has_format(summary, "cash")) files.emplace_back("cash.csv", cash_csv(summary, experiment));
  files.insert(files.end(), extra_files.begin(), extra_files.end());

  const fs::path temporary = sibling(path, ".tmp-");
  try {
    fs::create_directories(parent_of(path));
    fs::remove_all(temporary);  // a leftover of a crashed run with our pid
    fs::create_directory(temporary);
    for (const auto& [name, text] : files) write_file_durably(temporary / name, text);

    std::error_code error;
    if (fs::exists(fs::symlink_status(path, error))) {
      if (!force) {
        // Appeared while we ran (check_output_dir passed at the start).
        throw std::runtime_error("output directory " + path.string() + " already exists; use --force to replace it");
      }
      const fs::path old = sibling(path, ".old-");
      fs::remove_all(old);
      fs::rename(path, old);
      try {
        fs::rename(temporary, path);
      } catch (...) {
        fs::rename(old, path);  // put the previous results back
        throw;
      }
      fs::remove_all(old);
    } else {
      fs::rename(temporary, path);
    }
  } catch (...) {
    std::error_code ignored;
    fs::remove_all(temporary, ignored);
    throw;
  }
}

std::string console_table(const json& summary) {
  std::string text;
  text += format("%s  seed %s  %s tournaments%s\n", summary.value("name", std::string()).c_str(),
                 summary["seed"].dump().c_str(), summary["tournaments_done"].dump().c_str(),
                 summary.value("partial", false) ? "  (PARTIAL: interrupted)" : "");
  for (const json& cell : summary["cells"]) {
    std::string params;
    for (const auto& [key, value] : cell["params"].items()) params += "  " + key + "=" + value.get<std::string>();
    text += format("\ncell %s%s\n", cell["index"].dump().c_str(), params.c_str());
    if (cell_format(cell) == "shootout") {
      text += shootout_console_rows(cell);
      continue;
    }
    if (cell_format(cell) == "cash") {
      text += cash_console_rows(cell);
      continue;
    }
    const json& hands = cell["hands"];
    const std::string mean_ci =
        hands["mean_ci95"].is_array()
            ? format(" [%.1f, %.1f]", hands["mean_ci95"][0].get<double>(), hands["mean_ci95"][1].get<double>())
            : std::string();
    text += format("  %s tournaments   hands mean %s%s  median %s  p10 %s  p90 %s   capped %s\n",
                   cell["tournaments"].dump().c_str(), number_or_dash(hands["mean"], "%.1f").c_str(), mean_ci.c_str(),
                   hands["median"].dump().c_str(), hands["p10"].dump().c_str(), hands["p90"].dump().c_str(),
                   number_or_dash(cell["capped_fraction"], "%.1f%%", 100.0).c_str());

    std::vector<std::string> labels = cell["labels"].get<std::vector<std::string>>();
    const json& players = cell["players"];
    // Best mean place first; labels with none (no entries) last.
    std::stable_sort(labels.begin(), labels.end(), [&](const std::string& a, const std::string& b) {
      const json& ma = players[a]["mean_place"];
      const json& mb = players[b]["mean_place"];
      if (ma.is_null() || mb.is_null()) return !ma.is_null() && mb.is_null();
      return ma.get<double>() < mb.get<double>();
    });
    int width = 5;
    for (const std::string& label : labels) width = std::max(width, static_cast<int>(label.size()));

    // V6 icm_at_cap adds the ROI with capped survivors valued by ICM.
    const bool icm = cell["payouts"].value("icm_at_cap", false);
    // adjust_luck adds the raw ROI's interval and the adjusted ROI with its own.
    const bool luck = cell.contains("variance_reduction");
    text += format("  %-*s %9s  %-16s %6s %-16s %6s %8s %7s%s%s\n", width, "label", "entries", "mean place", "win%",
                   "95% CI", "ITM%", "ROI%", "faults", icm ? "  ICM ROI%" : "",
                   luck ? "  ROI% 95% CI      adj ROI%  95% CI" : "");
    for (const std::string& label : labels) {
      const json& p = players[label];
      std::string place = number_or_dash(p["mean_place"], "%.3f");
      if (p["mean_place_ci95"].is_array()) {
        const double half = (p["mean_place_ci95"][1].get<double>() - p["mean_place_ci95"][0].get<double>()) / 2.0;
        place += format(" +- %.3f", half);
      }
      text += format("  %-*s %9s  %-16s %6s %-16s %6s %8s %7s\n", width, label.c_str(), p["entries"].dump().c_str(),
                     place.c_str(), number_or_dash(p["win_rate"], "%.1f", 100.0).c_str(),
                     interval_text(p["win_rate_ci95"], "%.1f", 100.0).c_str(),
                     number_or_dash(p["itm_rate"], "%.1f", 100.0).c_str(),
                     number_or_dash(p["roi"], "%+.1f", 100.0).c_str(), p["faults"].dump().c_str());
      if (icm) {
        text.pop_back();  // the newline
        text += format(" %9s\n", number_or_dash(p["icm_roi"], "%+.1f", 100.0).c_str());
      }
      if (luck) {
        const json& adjusted = p["luck_adjusted"]["roi"];
        text.pop_back();  // the newline
        text += format("  %-16s %8s  %s\n", interval_text(p["roi_ci95"], "%+.1f", 100.0).c_str(),
                       number_or_dash(adjusted["estimate"], "%+.1f", 100.0).c_str(),
                       interval_text(adjusted["ci95"], "%+.1f", 100.0).c_str());
      }
    }
  }
  return text;
}

}  // namespace sngsim
