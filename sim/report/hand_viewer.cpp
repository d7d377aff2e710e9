#include "sim/report/hand_viewer.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <ostream>
#include <set>
#include <string_view>
#include <system_error>
#include <utility>

#include <nlohmann/json.hpp>

#include "sim/io/phh.h"
#include "sim/report/hand_view.h"

namespace sngsim {

namespace {

namespace fs = std::filesystem;
using nlohmann::json;

constexpr std::string_view kHandViewerPage =
#include "hand_viewer_page.inc"
    ;

// Flags of a hand in data/index.js (the page reads the same bits).
constexpr int kFlagAllIn = 1;
constexpr int kFlagFault = 2;
constexpr int kFlagCostly = 4;
constexpr int kFlagRefused = 8;

// A grade decision counts as costly above this loss, % of the prize pool:
// `sngsim grade`'s own threshold for a mistake.
constexpr double kCostlyLoss = 0.001;

bool is_hand_history(const fs::path& path) {
  const std::string extension = path.extension().string();
  return extension == ".phh" || extension == ".phhs";
}

// Natural order: digit runs compare as numbers.
bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
      std::size_t ie = i;
      std::size_t je = j;
      while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
      while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
      const std::string_view x = std::string_view(a).substr(i, ie - i);
      const std::string_view y = std::string_view(b).substr(j, je - j);
      const std::string_view xs = x.substr(std::min(x.find_first_not_of('0'), x.size()));
      const std::string_view ys = y.substr(std::min(y.find_first_not_of('0'), y.size()));
      if (xs.size() != ys.size()) return xs.size() < ys.size();
      if (xs != ys) return xs < ys;
      i = ie;
      j = je;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

// The page's player names: sngsim's exports hold labels in `players` and
// tell entrants of one label apart by `_entrants` ("tag #2"), as grade does.
std::string viewer_player_name(const PhhHand& hand, int p) {
  const auto i = static_cast<std::size_t>(p);
  std::string name = i < hand.players.size() ? hand.players[i] : "p" + std::to_string(p + 1);
  if (i < hand.entrants.size()) name += " #" + std::to_string(hand.entrants[i]);
  return name;
}

std::string viewer_label_of(const PhhHand& hand, int p) {
  const auto i = static_cast<std::size_t>(p);
  return i < hand.players.size() ? hand.players[i] : "p" + std::to_string(p + 1);
}

// Fault examples of summary.json, keyed "cell-C/tournament-T.phhs" -> hand -> what.
using FaultMap = std::map<std::string, std::map<std::int64_t, json>>;

FaultMap read_fault_examples(const std::string& results_dir) {
  FaultMap faults;
  if (results_dir.empty()) return faults;
  const fs::path path = fs::path(results_dir) / "summary.json";
  std::ifstream in(path);
  if (!in) throw HandViewerError(path.string() + ": cannot be read (--results names a folder of `sngsim run`)");
  json summary;
  try {
    summary = json::parse(in);
  } catch (const json::exception& error) {
    throw HandViewerError(path.string() + ": not JSON: " + error.what());
  }
  if (!summary.contains("cells") || !summary["cells"].is_array()) {
    throw HandViewerError(path.string() + ": no cells (is it a summary.json of `sngsim run`?)");
  }
  for (std::size_t c = 0; c < summary["cells"].size(); ++c) {
    const json& cell = summary["cells"][c];
    if (!cell.is_object() || !cell.contains("fault_examples")) continue;
    for (const json& example : cell["fault_examples"]) {
      if (!example.is_object() || !example.value("tournament", json()).is_number_integer() ||
          !example.value("hand", json()).is_number_integer()) {
        continue;
      }
      const std::string file = "cell-" + std::to_string(c) + "/tournament-" +
                               std::to_string(example["tournament"].get<std::int64_t>()) + ".phhs";
      json what = {{"cell", c},
                   {"label", example.value("label", "")},
                   {"reason", example.value("reason", "")},
                   {"seat", example.value("seat", -1)},
                   {"tournament", example["tournament"]},
                   {"hand", example["hand"]},
                   {"file", file}};
      faults[file][example["hand"].get<std::int64_t>()] = std::move(what);
    }
  }
  return faults;
}

// The fault examples of `file` (a page file name), matched by its ending.
const std::map<std::int64_t, json>* faults_of(const FaultMap& faults, const std::string& file) {
  for (const auto& [key, hands] : faults) {
    if (file == key || (file.size() > key.size() && file.compare(file.size() - key.size(), key.size(), key) == 0 &&
                        file[file.size() - key.size() - 1] == '/')) {
      return &hands;
    }
  }
  return nullptr;
}

json steps_json(const HandView& view) {
  json steps = json::array();
  for (const ViewStep& s : view.steps) {
    steps.push_back(json::array(
        {view_step_name(s.kind), s.player, s.amount, s.all_in ? 1 : 0, s.board, s.pot, s.stacks, s.bets, s.side_pots}));
  }
  return steps;
}

struct ViewerHand {
  json data;   // the chunk's entry
  json index;  // the index's entry
};

std::int64_t file_size_or_zero(const fs::path& path) {
  std::error_code error;
  const auto size = fs::file_size(path, error);
  return error ? 0 : static_cast<std::int64_t>(size);
}

void write_text(const fs::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw HandViewerError("cannot write " + path.string());
}

// Removes a half-written staging folder when writing stops on an error.
class StagingFolder {
 public:
  explicit StagingFolder(fs::path path) : path_(std::move(path)) {}
  StagingFolder(const StagingFolder&) = delete;
  StagingFolder& operator=(const StagingFolder&) = delete;
  ~StagingFolder() {
    std::error_code ignored;
    if (!kept_) fs::remove_all(path_, ignored);
  }
  void keep() { kept_ = true; }

 private:
  fs::path path_;
  bool kept_ = false;
};

}  // namespace

std::vector<FoundHandHistory> find_hand_histories(const std::vector<std::string>& paths) {
  std::vector<FoundHandHistory> found;
  for (const std::string& given : paths) {
    const fs::path root(given);
    std::error_code error;
    if (fs::is_directory(root, error)) {
      std::vector<FoundHandHistory> inside;
      for (const auto& entry : fs::recursive_directory_iterator(root, error)) {
        if (entry.is_regular_file() && is_hand_history(entry.path())) {
          inside.push_back({entry.path(), entry.path().lexically_relative(root).generic_string()});
        }
      }
      std::sort(inside.begin(), inside.end(),
                [](const FoundHandHistory& a, const FoundHandHistory& b) { return natural_less(a.name, b.name); });
      found.insert(found.end(), inside.begin(), inside.end());
    } else if (fs::is_regular_file(root, error)) {
      found.push_back({root, root.filename().generic_string()});
    } else {
      throw HandViewerError(given + ": no such file or folder");
    }
  }
  return found;
}

HandViewerResult write_hand_viewer(const HandViewerOptions& options, std::ostream& log) {
  const std::vector<FoundHandHistory> files = find_hand_histories(options.paths);
  if (files.empty()) throw HandViewerError("no .phh or .phhs file found in the paths given");
  const FaultMap faults = read_fault_examples(options.results_dir);
  std::error_code error;
  if (fs::exists(options.out, error) && !options.force) {
    throw HandViewerError(options.out.string() + " exists; --force replaces it");
  }

  HandViewerResult result;
  std::vector<PhhHand> hands;
  std::vector<int> hand_file;  // index into `files`
  for (std::size_t f = 0; f < files.size(); ++f) {
    PhhFile read = read_phh_file(files[f].path.string());
    for (const PhhError& problem : read.errors) {
      ++result.unreadable;
      log << problem.message() << " (left out)\n";
    }
    for (PhhHand& hand : read.hands) {
      hands.push_back(std::move(hand));
      hand_file.push_back(static_cast<int>(f));
    }
  }

  // Costly decisions, keyed by (file as read, hand name).
  std::map<std::pair<std::string, std::string>, std::vector<const GradedDecision*>> costly;
  GradeReport grade;
  if (options.grade) {
    try {
      grade = grade_hands(hands, *options.grade);
    } catch (const GradeError& problem) {
      throw HandViewerError(std::string("--grade: ") + problem.what());
    }
    for (const GradedDecision& d : grade.decisions) {
      if (d.loss > kCostlyLoss) costly[{d.file, d.hand}].push_back(&d);
    }
  }

  std::vector<std::string> labels;
  std::map<std::string, int> label_index;
  // Staged beside OUT and renamed into place: no reader sees half a viewer.
  // Each chunk of hands is written as soon as it is full, so memory holds
  // one chunk and the index, whatever the size of the export.
  const fs::path staging = options.out.string() + ".tmp";
  fs::remove_all(staging, error);
  fs::create_directories(staging / "data", error);
  if (error) throw HandViewerError("cannot create " + (staging / "data").string() + ": " + error.message());
  StagingFolder staged(staging);
  const auto chunk = static_cast<std::size_t>(std::max(1, options.chunk_hands));
  json index_hands = json::array();
  json chunk_data = json::array();
  const auto flush_chunk = [&] {
    if (chunk_data.empty()) return;
    const fs::path path = staging / "data" / ("hands-" + std::to_string(result.chunks) + ".js");
    write_text(path, "sngvChunk(" + std::to_string(result.chunks) + "," +
                         chunk_data.dump(-1, ' ', false, json::error_handler_t::replace) + ");\n");
    result.data_bytes += file_size_or_zero(path);
    ++result.chunks;
    chunk_data = json::array();
  };
  json costly_list = json::array();
  json fault_list = json::array();
  std::set<std::pair<std::string, std::int64_t>> faults_found;
  for (std::size_t h = 0; h < hands.size(); ++h) {
    const PhhHand& phh = hands[h];
    const FoundHandHistory& file = files[static_cast<std::size_t>(hand_file[h])];
    std::string reason;
    const std::optional<HandView> view = view_hand(phh, reason);
    if (!view) {
      ++result.unreadable;
      log << PhhError{phh.file, phh.name, reason}.message() << " (left out)\n";
      continue;
    }
    const auto here = static_cast<std::int64_t>(index_hands.size());
    ViewerHand entry;
    json names = json::array();
    json label_ids = json::array();
    for (int p = 0; p < view->num_players; ++p) {
      names.push_back(viewer_player_name(phh, p));
      const std::string label = viewer_label_of(phh, p);
      const auto [it, added] = label_index.try_emplace(label, static_cast<int>(labels.size()));
      if (added) labels.push_back(label);
      label_ids.push_back(it->second);
    }
    int flags = 0;
    json& d = entry.data;
    d["p"] = names;
    d["v"] = phh.variant;
    d["hc"] = view->hole_cards;
    d["h"] = view->hole;
    d["sh"] = view->shown;
    d["b"] = view->board;
    d["st"] = view->starting_stacks;
    d["an"] = view->antes;
    d["bl"] = view->blinds;
    d["s"] = steps_json(*view);
    d["w"] = view->won;
    d["n"] = view->net;
    if (phh.finishing_stacks) {
      json finishing = json::array();
      for (const RecordedStack& s : *phh.finishing_stacks)
        finishing.push_back(s.half ? json(static_cast<double>(s.chips) + 0.5) : json(s.chips));
      d["fs"] = finishing;
    }
    if (view->has_all_in) {
      flags |= kFlagAllIn;
      ++result.all_ins;
    }
    if (view->all_in_equity) {
      const AllInEquity& eq = *view->all_in_equity;
      d["eq"] = {{"s", eq.step}, {"p", eq.players}, {"e", eq.equity}, {"x", eq.exact}};
    }
    if (!view->replay_problem.empty()) {
      flags |= kFlagRefused;
      ++result.refused;
      d["pr"] = view->replay_problem;
    }
    if (const auto* in_file = faults_of(faults, file.name); in_file != nullptr && phh.hand_number) {
      if (const auto it = in_file->find(*phh.hand_number); it != in_file->end()) {
        flags |= kFlagFault;
        ++result.faults;
        d["fault"] = it->second;
        fault_list.push_back(json::array({here, it->second}));
        faults_found.insert({it->second["file"].get<std::string>(), *phh.hand_number});
      }
    }
    if (const auto it = costly.find({phh.file, phh.name}); it != costly.end()) {
      flags |= kFlagCostly;
      ++result.costly;
      json decisions = json::array();
      for (const GradedDecision* g : it->second) {
        json one = {{"player", g->player},         {"class", g->hand_class},          {"action", g->action},
                    {"nash_allin", g->nash_allin}, {"effective_bb", g->effective_bb}, {"ev_lost", g->loss}};
        decisions.push_back(one);
        costly_list.push_back(json::array({here, g->player, g->hand_class, g->action, g->loss}));
      }
      d["costly"] = decisions;
    }
    if (phh.hand_number) d["hn"] = *phh.hand_number;
    Chips pot = 0;
    for (const Chips won : view->won) pot += won;
    entry.index = json::array({hand_file[h], phh.name, pot, flags, label_ids, view->net});
    chunk_data.push_back(std::move(entry.data));
    index_hands.push_back(std::move(entry.index));
    if (chunk_data.size() == chunk) flush_chunk();
  }
  flush_chunk();
  result.hands = static_cast<std::int64_t>(index_hands.size());
  if (index_hands.empty()) throw HandViewerError("no hand could be read from the paths given");
  for (const auto& [file, in_file] : faults) {
    for (const auto& [hand, what] : in_file) {
      if (faults_found.count({file, hand}) == 0) ++result.faults_not_exported;
    }
  }
  std::stable_sort(costly_list.begin(), costly_list.end(),
                   [](const json& a, const json& b) { return a[4].get<double>() > b[4].get<double>(); });

  json file_names = json::array();
  for (const FoundHandHistory& file : files) file_names.push_back(file.name);
  json index = {{"title", options.title.empty() ? options.paths.front() : options.title},
                {"label", options.label},
                {"chunk", chunk},
                {"chunks", result.chunks},
                {"files", file_names},
                {"labels", labels},
                {"graded", options.grade.has_value()},
                {"hands", index_hands},
                {"faults", fault_list},
                {"costly", costly_list}};
  write_text(staging / "data" / "index.js",
             "sngvIndex(" + index.dump(-1, ' ', false, json::error_handler_t::replace) + ");\n");
  result.index_bytes = file_size_or_zero(staging / "data" / "index.js");
  write_text(staging / "index.html", kHandViewerPage);
  result.page_bytes = static_cast<std::int64_t>(kHandViewerPage.size());

  // For the report: which hands it may link.
  json manifest = {{"hands", result.hands}, {"files", file_names}, {"graded", options.grade.has_value()}};
  json linked_costly = json::array();
  for (const json& c : costly_list) {
    const json& entry = index_hands[c[0].get<std::size_t>()];
    linked_costly.push_back(
        {{"id", file_names[entry[0].get<std::size_t>()].get<std::string>() + ":" + entry[1].get<std::string>()},
         {"player", c[1]},
         {"class", c[2]},
         {"action", c[3]},
         {"ev_lost", c[4]}});
  }
  json linked_fault_ids = json::array();
  for (const json& f : fault_list) {
    const json& entry = index_hands[f[0].get<std::size_t>()];
    json one = f[1];
    one["id"] = file_names[entry[0].get<std::size_t>()].get<std::string>() + ":" + entry[1].get<std::string>();
    linked_fault_ids.push_back(one);
  }
  manifest["faults"] = linked_fault_ids;
  manifest["costly"] = linked_costly;
  write_text(staging / "viewer.json", manifest.dump(2) + "\n");

  fs::remove_all(options.out, error);
  fs::rename(staging, options.out, error);
  if (error)
    throw HandViewerError("cannot move " + staging.string() + " to " + options.out.string() + ": " + error.message());
  staged.keep();
  return result;
}

}  // namespace sngsim
