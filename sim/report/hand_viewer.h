#pragma once
// `sngsim view`: a hand viewer for PHH hand histories, written as one
// self-contained HTML page (no server, no network) and its data beside it.
//
//   OUT/index.html          the page (sim/report/assets/hand_viewer.html)
//   OUT/data/index.js       every hand's summary: file, name, labels, pot,
//                           net chips per player, flags (all-in, fault,
//                           costly decision, refused by the engine)
//   OUT/data/hands-K.js     the hands K*chunk .. (K+1)*chunk-1, each replayed
//                           through the engine (sim/report/hand_view.h); the
//                           page loads a chunk with a <script> tag when a hand
//                           of it is shown (file:// pages may not fetch)
//   OUT/viewer.json         what the report needs to link hands: the files,
//                           the fault examples found and the costly decisions
//
// A hand is named `FILE:NAME` in the page's address (`index.html#hand=
// cell-0/tournament-3.phhs:12`), FILE relative to the folder it was found
// in (or the file's own name when a file was given), NAME the table name of
// a .phhs or the `hand` field of a .phh.

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/io/phh_grade.h"

namespace sngsim {

struct HandViewerOptions {
  std::vector<std::string> paths;  // .phh / .phhs files, or folders searched for them (recursively)
  std::filesystem::path out;       // written whole under a temporary name, then renamed into place
  std::string label;               // the label studied: its hands first, its cards always shown
  std::string title;               // the page's title; empty: the first path
  // A results folder of `sngsim run`: its summary.json's fault examples mark
  // their hands (cell C, tournament T, hand H is cell-C+1/tournament-T.phhs
  // with `hand = H`).
  std::string results_dir;
  std::optional<GradeOptions> grade;  // set: `sngsim grade`'s costly decisions mark their hands
  int chunk_hands = 400;              // hands per data file
  bool force = false;                 // replace an existing OUT
};

// Bad input: nothing found, no readable hand, OUT in the way; the message
// says which. Nothing is left written.
struct HandViewerError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct HandViewerResult {
  std::int64_t hands = 0;       // in the page
  std::int64_t unreadable = 0;  // hands (or files) left out, each printed
  std::int64_t refused = 0;     // in the page, but the engine refused an action of them
  std::int64_t all_ins = 0;
  std::int64_t faults = 0;  // hands with a fault example
  std::int64_t faults_not_exported = 0;
  std::int64_t costly = 0;  // hands with a costly decision
  int chunks = 0;
  std::int64_t page_bytes = 0;   // index.html
  std::int64_t index_bytes = 0;  // data/index.js
  std::int64_t data_bytes = 0;   // every data/hands-K.js
};

// Writes the viewer; prints each hand it leaves out to `log`. Throws
// HandViewerError for bad input.
HandViewerResult write_hand_viewer(const HandViewerOptions& options, std::ostream& log);

// The .phh and .phhs files of the paths, each with the name the page gives
// it: the path inside the folder given, or the file's name. Folders are
// searched recursively; files come in natural order (tournament-2 before
// tournament-10). Throws HandViewerError when a path does not exist.
struct FoundHandHistory {
  std::filesystem::path path;
  std::string name;
};
std::vector<FoundHandHistory> find_hand_histories(const std::vector<std::string>& paths);

}  // namespace sngsim
