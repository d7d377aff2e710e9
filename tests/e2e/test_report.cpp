// `sngsim report` end to end: a small real run with the built binary, then
// the report of it (scripts/report.py, python3-matplotlib). Checks every PNG
// (signature, IHDR size), that report.html embeds each one as a data URI and
// nothing from outside, the overlay groups of a matrix run, byte-identical
// reruns, and the exit codes for bad input.
//
// A missing python3-matplotlib fails these tests with a message saying to run
// scripts/setup.sh (scripts/test.sh, the README's test command, runs it).
// The [browser] test checks in headless Chromium (Debian's `chromium`) that
// every image of the page decodes. It is not one of the tests ctest finds
// in this file: CMakeLists.txt runs it through tests/browser/with_chromium.sh,
// which makes ctest count it as skipped, saying why, when chromium is missing.

#include <catch2/catch.hpp>

#include <algorithm>
#include "tests/temp_dir.h"
#include <sys/wait.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace fs = std::filesystem;

namespace {

using sngsim::testing::TempDir;

std::string quote(const std::string& text) {
  std::string quoted = "'";
  for (const char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs a shell command with stdout and stderr into `log`; returns its exit code.
int run_shell(const std::string& command, const fs::path& log) {
  const int status = std::system((command + " >" + quote(log.string()) + " 2>&1").c_str());
  if (status == -1 || !WIFEXITED(status)) return -1;
  return WEXITSTATUS(status);
}

std::string binary() { return quote(SNGSIM_BINARY); }

std::string config(const std::string& name) { return quote((fs::path(SNGSIM_SOURCE_DIR) / "configs" / name).string()); }

// Fails the test with the report's own words, and with the fix when the
// cause is a missing matplotlib.
void require_report_ok(int code, const fs::path& log) {
  if (code == 0) return;
  const std::string text = read_file(log);
  if (text.find("matplotlib") != std::string::npos) {
    FAIL("python3-matplotlib is missing: run scripts/setup.sh (it installs python3 and python3-matplotlib)\n" + text);
  }
  FAIL("sngsim report failed with exit code " << code << ":\n" << text);
}

std::string base64(const std::string& bytes) {
  static const char* const kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  std::size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    const std::uint32_t n = (std::uint32_t(std::uint8_t(bytes[i])) << 16) |
                            (std::uint32_t(std::uint8_t(bytes[i + 1])) << 8) | std::uint8_t(bytes[i + 2]);
    for (int shift = 18; shift >= 0; shift -= 6) out += kAlphabet[(n >> shift) & 63];
  }
  if (i < bytes.size()) {
    std::uint32_t n = std::uint32_t(std::uint8_t(bytes[i])) << 16;
    if (i + 1 < bytes.size()) n |= std::uint32_t(std::uint8_t(bytes[i + 1])) << 8;
    out += kAlphabet[(n >> 18) & 63];
    out += kAlphabet[(n >> 12) & 63];
    out += i + 1 < bytes.size() ? kAlphabet[(n >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::size_t count(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + needle.size())) ++n;
  return n;
}

struct PngSize {
  std::uint32_t width = 0;
  std::uint32_t height = 0;
};

std::uint32_t big_endian(const std::string& bytes, std::size_t at) {
  std::uint32_t value = 0;
  for (std::size_t k = 0; k < 4; ++k) value = (value << 8) | std::uint8_t(bytes[at + k]);
  return value;
}

// Checks the signature and the IHDR chunk that must follow it.
PngSize check_png(const fs::path& path) {
  INFO(path.string());
  const std::string bytes = read_file(path);
  REQUIRE(bytes.size() > 33);
  REQUIRE(bytes.compare(0, 8, std::string("\x89PNG\r\n\x1a\n", 8)) == 0);
  REQUIRE(big_endian(bytes, 8) == 13);
  REQUIRE(bytes.compare(12, 4, "IHDR") == 0);
  const PngSize size{big_endian(bytes, 16), big_endian(bytes, 20)};
  CHECK(size.width >= 300);
  CHECK(size.width <= 4000);
  CHECK(size.height >= 300);
  CHECK(size.height <= 4000);
  return size;
}

std::map<std::string, PngSize> check_pngs(const fs::path& figure_dir) {
  REQUIRE(fs::is_directory(figure_dir));
  std::map<std::string, PngSize> pngs;
  for (const auto& entry : fs::directory_iterator(figure_dir)) {
    if (entry.path().extension() == ".png") pngs[entry.path().filename().string()] = check_png(entry.path());
  }
  return pngs;
}

// The value of `attribute` in the <img> whose data-file is `file`.
std::string img_attribute(const std::string& html, const std::string& file, const std::string& attribute) {
  const std::size_t at = html.find("data-file=\"" + file + "\"");
  if (at == std::string::npos) return {};
  const std::size_t start = html.rfind("<img", at);
  const std::size_t end = html.find('>', at);
  const std::string tag = html.substr(start, end - start);
  const std::string key = attribute + "=\"";
  const std::size_t value = tag.find(key);
  if (value == std::string::npos) return {};
  return tag.substr(value + key.size(), tag.find('"', value + key.size()) - value - key.size());
}

std::vector<int> cell_list(const std::string& text) {
  std::vector<int> cells;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');) cells.push_back(std::stoi(item));
  return cells;
}

// report.html embeds every PNG of the folder, byte for byte, and nothing else.
void check_page_embeds(const std::string& html, const fs::path& figure_dir,
                       const std::map<std::string, PngSize>& pngs) {
  CHECK(count(html, "<img ") == pngs.size());
  CHECK(count(html, "src=\"data:image/png;base64,") == pngs.size());
  for (const auto& [name, size] : pngs) {
    INFO(name);
    CHECK(count(html, "data-file=\"" + name + "\"") == 1);
    CHECK(html.find("base64," + base64(read_file(figure_dir / name)) + "\"") != std::string::npos);
  }
  // Self-contained: no external resources of any kind.
  CHECK(html.find("src=\"http") == std::string::npos);
  CHECK(html.find("href=\"http") == std::string::npos);
  CHECK(html.find("<link") == std::string::npos);
  CHECK(html.find("<script") == std::string::npos);
  CHECK(html.find("url(") == std::string::npos);
}

}  // namespace

TEST_CASE("report of a matrix run: one histogram per blinds overlay group, every plot embedded", "[report]") {
  TempDir tmp;
  const fs::path results = tmp.path() / "run";
  // 2 blinds x 2 stacks x 2 table sizes = 8 cells, 4 overlay groups.
  REQUIRE(run_shell(binary() + " run " + config("turbo-vs-normal.yaml") +
                        " --tournaments 200 --set 'matrix.table.players=[2,3]' -q -t 2 --out " +
                        quote(results.string()),
                    tmp.path() / "run.log") == 0);
  const fs::path log = tmp.path() / "report.log";
  require_report_ok(run_shell(binary() + " report " + quote(results.string()), log), log);
  CHECK(read_file(log).find("report.html") != std::string::npos);

  const auto summary = nlohmann::json::parse(read_file(results / "summary.json"));
  const auto& cells = summary.at("cells");
  REQUIRE(cells.size() == 8);
  // The documented groups: cells equal in every matrix key but table.blinds,
  // numbered from 1 in the order of their first cells.
  std::vector<std::vector<int>> groups;
  std::map<std::string, std::size_t> group_of;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    auto params = cells[i].at("params");
    params.erase("table.blinds");
    const auto [it, inserted] = group_of.emplace(params.dump(), groups.size());
    if (inserted) groups.emplace_back();
    groups[it->second].push_back(static_cast<int>(i));
  }
  REQUIRE(groups.size() == 4);

  const fs::path figure_dir = results / "report";
  const auto pngs = check_pngs(figure_dir);
  std::set<std::string> expected;
  for (std::size_t k = 1; k <= groups.size(); ++k) {
    expected.insert("hands_" + std::to_string(k) + ".png");
    expected.insert("survival_" + std::to_string(k) + ".png");
  }
  for (std::size_t i = 0; i < cells.size(); ++i) {
    for (const char* kind : {"compare_", "places_", "rates_", "h2h_"})
      expected.insert(kind + std::to_string(i) + ".png");
  }
  // Two blind speeds: the capped fraction against them, unless the cap ended
  // no tournament (flat lines at 0% say nothing).
  const bool any_capped = std::any_of(cells.begin(), cells.end(),
                                      [](const auto& cell) { return cell.at("capped").template get<int>() > 0; });
  if (any_capped) expected.insert("capped.png");
  // A headline per matrix key (table.blinds, table.players, table.stack), each over every cell.
  for (int k = 1; k <= 3; ++k) expected.insert("headline_" + std::to_string(k) + ".png");
  std::set<std::string> actual;
  for (const auto& [name, size] : pngs) actual.insert(name);
  CHECK(actual == expected);

  const std::string html = read_file(results / "report.html");
  check_page_embeds(html, figure_dir, pngs);
  // The comparison of labels (paired.csv) comes first: it answers "which is better?".
  CHECK(html.find("data-file=\"compare_0.png\"") < html.find("data-file=\"hands_1.png\""));

  // Each histogram overlays exactly its group's cells (one per blind
  // schedule); together they cover every cell once.
  std::multiset<int> covered;
  for (std::size_t k = 1; k <= groups.size(); ++k) {
    const std::string name = "hands_" + std::to_string(k) + ".png";
    INFO(name);
    const std::vector<int> shown = cell_list(img_attribute(html, name, "data-cells"));
    CHECK(shown == groups[k - 1]);
    CHECK(shown.size() == 2);
    covered.insert(shown.begin(), shown.end());
  }
  CHECK(covered.size() == cells.size());
  CHECK(std::set<int>(covered.begin(), covered.end()).size() == cells.size());
  // The capped fraction against the blind speed covers every cell; the
  // summary gives each cell's speed and the interval it draws.
  if (any_capped) {
    CHECK(cell_list(img_attribute(html, "capped.png", "data-cells")) == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
  } else {
    CHECK(html.find("capped.png") == std::string::npos);
  }
  for (int k = 1; k <= 3; ++k) {
    CHECK(cell_list(img_attribute(html, "headline_" + std::to_string(k) + ".png", "data-cells")) ==
          std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
  }
  CHECK(html.find("alt=\"mean tournament length against table.players\"") != std::string::npos);
  for (const auto& cell : cells) {
    CHECK(cell.at("hands_per_level") == (cell.at("params").at("table.blinds") == "turbo" ? 4 : 6));
    CHECK(cell.at("capped_fraction_ci95").size() == 2);
  }

  // The intervals' methods, one line each, and the documentation that
  // describes them (not a header of the code).
  // Named, never linked by a file:// path that only works on the machine that ran it.
  CHECK(html.find("<code>docs/statistics.md</code>") != std::string::npos);
  CHECK(html.find("file://") == std::string::npos);
  CHECK(html.find("sim/report/summary.h") == std::string::npos);
  CHECK(count(html, "<li>Rates (win rate, in the money): Wilson score interval") == 1);
  CHECK(count(html, "<li>Means (mean place, ROI): mean &plusmn; t") == 1);

  // Provenance: the commit, the seed and the config verbatim.
  CHECK(html.find(summary.at("provenance").at("commit").get<std::string>()) != std::string::npos);
  CHECK(html.find(summary.at("provenance").at("config_hash").get<std::string>()) != std::string::npos);
  CHECK(html.find("# How much do faster blinds, deeper stacks and table size change who wins?") != std::string::npos);
}

TEST_CASE("run --report makes the report, and a rerun gives identical bytes", "[report]") {
  TempDir tmp;
  const fs::path results = tmp.path() / "run";
  const fs::path log = tmp.path() / "run.log";
  const int code =
      run_shell(binary() + " run " + config("quickstart.yaml") +
                    " --tournaments 300 --set adjust_luck=true -q -t 2 --report --out " + quote(results.string()),
                log);
  require_report_ok(code, log);

  // One cell, no matrix: one histogram and one survival plot of cell 0,
  // no headline; adjust_luck adds the raw-beside-adjusted ROI plot, and
  // paired.csv the comparison of labels.
  const fs::path figure_dir = results / "report";
  const auto pngs = check_pngs(figure_dir);
  CHECK(pngs.size() == 7);
  for (const char* name : {"compare_0.png", "hands_1.png", "survival_1.png", "places_0.png", "rates_0.png", "h2h_0.png",
                           "adjusted_0.png"}) {
    CHECK(pngs.count(name) == 1);
  }
  const std::string html = read_file(results / "report.html");
  check_page_embeds(html, figure_dir, pngs);
  // One cell: the ranking of its labels answers its question, so it comes
  // before the tournament length.
  CHECK(html.find("data-file=\"places_0.png\"") < html.find("data-file=\"hands_1.png\""));
  CHECK(img_attribute(html, "hands_1.png", "data-cells") == "0");

  std::map<std::string, std::string> first;
  for (const auto& [name, size] : pngs) first[name] = read_file(figure_dir / name);
  const fs::path again = tmp.path() / "again.log";
  require_report_ok(run_shell(binary() + " report " + quote(results.string()), again), again);
  CHECK(read_file(results / "report.html") == html);
  for (const auto& [name, bytes] : first) {
    INFO(name);
    CHECK(read_file(figure_dir / name) == bytes);
  }
}

TEST_CASE("report: a missing or invalid results folder is bad input (exit code 2)", "[report]") {
  TempDir tmp;
  const fs::path log = tmp.path() / "report.log";
  auto report = [&](const fs::path& dir) { return run_shell(binary() + " report " + quote(dir.string()), log); };

  CHECK(report(tmp.path() / "no-such-folder") == 2);
  CHECK(read_file(log).find("no such folder") != std::string::npos);

  const fs::path empty = tmp.path() / "empty";
  fs::create_directories(empty);
  CHECK(report(empty) == 2);
  CHECK(read_file(log).find("summary.json") != std::string::npos);

  const fs::path broken = tmp.path() / "broken";
  fs::create_directories(broken);
  std::ofstream(broken / "summary.json") << "{\"format\": \"sngsim-summary/1\", \"cells\": [";
  CHECK(report(broken) == 2);
  CHECK(read_file(log).find("not valid JSON") != std::string::npos);

  const fs::path foreign = tmp.path() / "foreign";
  fs::create_directories(foreign);
  std::ofstream(foreign / "summary.json") << "{\"cells\": []}";
  CHECK(report(foreign) == 2);
  CHECK(read_file(log).find("not an sngsim summary") != std::string::npos);

  // A script that cannot be found is the installation's fault, not the input's.
  CHECK(run_shell("SNGSIM_SCRIPTS=" + quote((tmp.path() / "nowhere").string()) + " " + binary() + " report " +
                      quote(empty.string()),
                  log) == 1);
  CHECK(read_file(log).find("SNGSIM_SCRIPTS") != std::string::npos);
}

TEST_CASE("report.html shows every image in headless Chromium", "[report][browser]") {
  TempDir tmp;
  const fs::path results = tmp.path() / "run";
  const fs::path log = tmp.path() / "run.log";
  require_report_ok(run_shell(binary() + " run " + config("quickstart.yaml") +
                                  " --tournaments 300 -q -t 2 --report --out " + quote(results.string()),
                              log),
                    log);
  const auto pngs = check_pngs(results / "report");

  // A copy of the page with a probe that writes each image's decoded size
  // into the DOM once everything has loaded; --dump-dom prints it.
  std::string html = read_file(results / "report.html");
  const std::string probe =
      "<script>window.addEventListener('load', function () {"
      " var out = document.createElement('pre'); out.id = 'probe'; var rows = [];"
      " for (var i = 0; i < document.images.length; ++i) { var img = document.images[i];"
      "   rows.push(img.getAttribute('data-file') + '=' + img.naturalWidth + 'x' + img.naturalHeight); }"
      " out.textContent = 'PROBE[' + rows.join(';') + ']'; document.body.appendChild(out); });</script>";
  const std::size_t body_end = html.rfind("</body>");
  REQUIRE(body_end != std::string::npos);
  html.insert(body_end, probe);
  const fs::path page = results / "probe.html";
  std::ofstream(page, std::ios::binary) << html;

  const fs::path profile = tmp.path() / "chromium-profile";
  fs::create_directories(profile);
  const fs::path dom = tmp.path() / "dom.html";
  const std::string command =
      "chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking "
      "--disable-component-update --disable-sync --disable-dev-shm-usage --virtual-time-budget=10000 --user-data-dir=" +
      quote(profile.string()) + " --dump-dom " + quote("file://" + page.string()) + " 2>" +
      quote((tmp.path() / "chromium.log").string());
  const int status = std::system((command + " >" + quote(dom.string())).c_str());
  const std::string chromium_log = read_file(tmp.path() / "chromium.log");
  INFO("chromium stderr:\n" << chromium_log);
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) == 127) {
    FAIL("chromium not found: scripts/setup.sh installs it (Debian package chromium)");
  }
  const std::string text = read_file(dom);
  const std::string marker = "<pre id=\"probe\">PROBE[";
  const std::size_t start = text.find(marker);
  REQUIRE(start != std::string::npos);
  const std::size_t begin = start + marker.size();
  const std::string rows = text.substr(begin, text.find(']', begin) - begin);

  std::map<std::string, std::string> decoded;
  std::stringstream in(rows);
  for (std::string row; std::getline(in, row, ';');) {
    const std::size_t eq = row.find('=');
    decoded[row.substr(0, eq)] = row.substr(eq + 1);
  }
  CHECK(decoded.size() == pngs.size());
  for (const auto& [name, size] : pngs) {
    INFO(name);
    REQUIRE(decoded.count(name) == 1);
    CHECK(decoded[name] == std::to_string(size.width) + "x" + std::to_string(size.height));
  }
}
