// `sngsim view PATH...`: a hand viewer of PHH hand histories in the browser
// (sim/report/hand_viewer.h), one HTML page and its data in a folder.

#include <spawn.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include <CLI/CLI.hpp>

#include "app/cli_commands.h"
#include "app/number_list.h"
#include "sim/report/hand_viewer.h"

extern char** environ;

namespace sngsim {

namespace {

struct ViewCommandOptions {
  HandViewerOptions viewer;
  std::string out;
  bool grade = false;
  std::string payouts;
  double max_bb = 15.0;
  bool open = false;
};

// Starts the desktop's browser on the page and does not wait for it.
void open_in_browser(const std::filesystem::path& page) {
  const char* browser = std::getenv("BROWSER");
  std::string program = browser != nullptr && *browser != '\0' ? browser : "xdg-open";
  const std::string url = "file://" + std::filesystem::absolute(page).string();
  std::vector<char*> argv{program.data(), const_cast<char*>(url.c_str()), nullptr};
  pid_t pid = 0;
  if (posix_spawnp(&pid, program.c_str(), nullptr, nullptr, argv.data(), environ) != 0) {
    std::cerr << "sngsim view: could not start " << program << " (set BROWSER); open " << url << "\n";
  }
}

std::string kilobytes(std::int64_t bytes) { return std::to_string((bytes + 512) / 1024) + " KiB"; }

int run_view(ViewCommandOptions& options) {
  HandViewerOptions& viewer = options.viewer;
  if (options.out.empty()) {
    options.out = viewer.results_dir.empty() ? std::string("results/view")
                                             : (std::filesystem::path(viewer.results_dir) / "hands").string();
  }
  viewer.out = options.out;
  if (options.grade) {
    GradeOptions grade;
    grade.max_bb = options.max_bb;
    grade.threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    if (!options.payouts.empty()) {
      try {
        grade.payouts = parse_payout_percentages(options.payouts, "--payouts");
      } catch (const std::invalid_argument& error) {
        std::cerr << "sngsim view: " << error.what() << "\n";
        return kExitBadInput;
      }
    }
    viewer.grade = grade;
  }
  HandViewerResult result;
  try {
    result = write_hand_viewer(viewer, std::cerr);
  } catch (const HandViewerError& error) {
    std::cerr << "sngsim view: " << error.what() << "\n";
    return kExitBadInput;
  }
  const std::filesystem::path page = viewer.out / "index.html";
  std::cout << result.hands << " hands written to " << page.string() << " (page " << kilobytes(result.page_bytes)
            << ", index " << kilobytes(result.index_bytes) << ", hands " << kilobytes(result.data_bytes) << " in "
            << result.chunks << " files)\n"
            << "  " << result.all_ins << " with an all-in, " << result.faults << " with a fault example";
  if (result.faults_not_exported > 0) std::cout << " (" << result.faults_not_exported << " more not in these files)";
  if (viewer.grade) std::cout << ", " << result.costly << " with a costly decision";
  std::cout << "\n";
  if (result.unreadable > 0) std::cout << "  " << result.unreadable << " hands could not be read and are left out\n";
  if (result.refused > 0) {
    std::cout << "  " << result.refused << " hands where the engine refused an action: shown up to it, marked\n";
  }
  if (options.open) open_in_browser(page);
  return 0;
}

}  // namespace

void write_run_hand_viewer(const std::string& hand_history_dir, const std::filesystem::path& results_dir) {
  HandViewerOptions viewer;
  viewer.paths = {hand_history_dir};
  viewer.out = results_dir / "hands";
  viewer.results_dir = results_dir.string();
  viewer.force = true;
  try {
    const HandViewerResult result = write_hand_viewer(viewer, std::cerr);
    std::cout << "Hand viewer of " << result.hands << " hands written to " << (viewer.out / "index.html").string()
              << "\n";
  } catch (const HandViewerError& error) {
    std::cerr << "sngsim run: no hand viewer: " << error.what() << "\n";
  }
}

void add_view_command(CLI::App& app) {
  auto options = std::make_shared<ViewCommandOptions>();
  CLI::App* command = app.add_subcommand(
      "view",
      "A hand viewer in the browser: one self-contained HTML page (no server, no network) of PHH hand\n"
      "histories, each hand replayed through the engine, to step through action by action and filter\n"
      "by label, tournament, pots won or lost, all-ins (with equity), faults and costly decisions.");
  command
      ->add_option("paths", options->viewer.paths, ".phh / .phhs files, or folders holding them (searched recursively)")
      ->required()
      ->check(CLI::ExistingPath);
  command->add_option("--out,-o", options->out,
                      "Folder to write (index.html and data/); default results/view, or RESULTS/hands with --results");
  command->add_option("--label", options->viewer.label,
                      "The label studied: its hands first, its hole cards always shown");
  command->add_option("--title", options->viewer.title, "The page's title (default: the first path)");
  command
      ->add_option("--results", options->viewer.results_dir,
                   "A results folder of `sngsim run`: mark the hands of its fault examples (summary.json)")
      ->check(CLI::ExistingDirectory);
  command->add_flag("--grade", options->grade,
                    "Grade push/fold decisions as `sngsim grade` does and mark the hands of costly ones");
  command->add_option("--payouts", options->payouts, "--grade: payouts for hands without _payouts (50,30,20)");
  command->add_option("--max-bb", options->max_bb, "--grade: grade decisions up to this many big blinds (default 15)")
      ->check(CLI::PositiveNumber);
  command->add_option("--chunk", options->viewer.chunk_hands, "Hands per data file (default 400)")
      ->check(CLI::PositiveNumber);
  command->add_flag("--force,-f", options->viewer.force, "Replace the output folder if it exists");
  command->add_flag("--open", options->open, "Open the page in the browser ($BROWSER, else xdg-open)");
  command->callback([options] {
    const int status = run_view(*options);
    if (status != 0) throw CLI::RuntimeError(status);
  });
}

}  // namespace sngsim
