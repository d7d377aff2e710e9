#pragma once
// Where a run stands, as data that outlives the process: the units of every
// cell already played and their statistics. It is what a checkpoint saves,
// what a shard leaves for `sngsim merge`, and what MPI ranks send rank 0.
//
// A run state names the run it belongs to (RunIdentity): the experiment
// file's text, the --set overrides, the seed, the tournament count and the
// code version. A state of another run is refused, because mixing them would
// silently produce numbers no single run gives.
//
// Units of a cell (sim/run/play_unit) are split into shards by contiguous
// ranges, so shard k of n plays units [U*(k-1)/n, U*k/n): any scheduler's
// job array can run them anywhere, and their statistics, merged, equal the
// single run's exactly (integer sums, sim/stats/cell_stats).

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

#include "sim/stats/cell_stats.h"
#include "sim/config/experiment.h"

namespace sngsim {

// --shard K/N: the K-th of N parts, K = 1..N.
struct Shard {
  int index = 1;
  int count = 1;
  bool is_whole() const { return count == 1; }
  bool operator==(const Shard&) const = default;
};

// Parses "K/N" (1 <= K <= N <= 1,000,000); throws std::invalid_argument
// with a message naming the problem.
Shard parse_shard(const std::string& text);
std::string to_string(const Shard& shard);

// What makes two runs the same run.
struct RunIdentity {
  std::string version;      // sngsim version and commit: other code may give other numbers
  std::string config_hash;  // file text, overrides, seed and tournament count
  std::uint64_t seed = 0;
  std::int64_t tournaments = 0;  // per cell
  std::string source_path;       // the experiment file as the run named it
  std::string source_text;       // verbatim, so `merge` needs nothing but the states
  std::vector<std::string> overrides;
  Shard shard;
};

// The identity of `experiment` (already loaded with `overrides`, seed and
// count applied) run as `shard` by this build.
RunIdentity run_identity(const Experiment& experiment, const std::vector<std::string>& overrides, Shard shard);

// A 64-bit fingerprint (16 hex digits) of the file, the overrides, the seed
// and the tournament count. Overrides of the seed or the count add nothing
// beyond their values: the same seed and count give the same hash however
// they were given.
std::string config_hash(const Experiment& experiment, const std::vector<std::string>& overrides);

struct CellProgress {
  std::int64_t begin = 0;  // this shard's units of the cell: [begin, end)
  std::int64_t end = 0;
  std::int64_t next = 0;  // units [begin, next) are in `stats`
  CellStats stats;
  std::string stop_reason;  // why a stopping rule ended the cell early; empty if it did not
  bool done() const { return next == end || !stop_reason.empty(); }
  bool operator==(const CellProgress&) const = default;
};

struct RunState {
  RunIdentity identity;
  std::vector<CellProgress> cells;  // one per experiment cell
  int threads = 0;                  // informational, like wall_seconds (per rank under MPI)
  int ranks = 1;                    // processes that played it at the same time (MPI ranks)
  double wall_seconds = 0.0;        // summed over the sessions that built the state; under MPI
                                    // the slowest rank's (sim/run/rank_merge.h)
  bool complete() const;
  std::int64_t tournaments_done() const;  // over all cells
};

// A fresh state: nothing played, every cell's range cut for `identity.shard`.
RunState initial_state(const Experiment& experiment, const RunIdentity& identity);

// JSON ("sngsim-state/2", with a checksum) and back. state_from_json checks the document's
// shape against `experiment` (which must be the experiment of its identity)
// and throws std::runtime_error naming `source` on anything that does not fit.
nlohmann::json state_to_json(const RunState& state);
RunState state_from_json(const nlohmann::json& document, const Experiment& experiment, const std::string& source);

// Reads a state file (as parse_state_text). Throws std::runtime_error
// naming the file when it is unreadable or not a state.
nlohmann::json read_state_file(const std::filesystem::path& path);

// The document of a state file's text, checked before anything reads it:
// JSON of the current format whose "checksum" (state_to_json writes it over
// the rest of the document, identity included) matches. Throws
// std::runtime_error naming `source` for damaged or truncated text, a state
// of an older format, a missing or wrong checksum. The caller still checks
// the identity and the shape (identity_mismatch, state_from_json).
nlohmann::json parse_state_text(const std::string& text, const std::string& source);

// The checksum state_to_json stores in a document (16 hex digits) over the
// rest of it; exposed for tests and fuzzers that build documents by hand.
std::string state_checksum(const nlohmann::json& document);

// Why `found` (read from `source`) cannot continue or join the run
// `expected`, as one line; empty when it can.
std::string identity_mismatch(const RunIdentity& expected, const RunIdentity& found, const std::string& source);
RunIdentity identity_from_json(const nlohmann::json& document, const std::string& source);

// The single-run state of the shards' states: refuses states of different
// runs, a shard given twice, a missing shard, and a shard that did not
// finish, with a message naming the offending file. `sources[i]` names
// states[i] in messages.
RunState merge_states(const Experiment& experiment, const std::vector<RunState>& states,
                      const std::vector<std::string>& sources);

}  // namespace sngsim
