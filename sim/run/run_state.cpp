#include "sim/run/run_state.h"

#include <charconv>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "engine/rng.h"
#include "sim/run/play_unit.h"
#include "version.h"

namespace sngsim {

namespace {

using nlohmann::json;

// /2 added the checksum; a /1 file is refused by name, never read.
constexpr const char* kStateFormat = "sngsim-state/2";
constexpr const char* kUncheckedStateFormat = "sngsim-state/1";
constexpr int kMaxShards = 1'000'000;

std::string build_version() { return std::string(kVersion) + " (" + kGitCommit + ")"; }

int parse_positive(const std::string& text, const std::string& whole) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() || value < 1 || value > kMaxShards) {
    throw std::invalid_argument("--shard " + whole +
                                ": expected K/N with 1 <= K <= N <= " + std::to_string(kMaxShards) + ", e.g. 3/8");
  }
  return value;
}

// Reads one key of a state document, naming the file when it is missing or
// has the wrong type.
template <typename T>
T get(const json& document, const char* key, const std::string& source) {
  if (!document.contains(key)) throw std::runtime_error(source + ": not an sngsim state: no '" + key + "'");
  try {
    return document[key].get<T>();
  } catch (const json::exception&) {
    throw std::runtime_error(source + ": not an sngsim state: '" + key + "' has the wrong type");
  }
}

}  // namespace

Shard parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  if (slash == std::string::npos) parse_positive("", text);
  Shard shard{parse_positive(text.substr(0, slash), text), parse_positive(text.substr(slash + 1), text)};
  if (shard.index > shard.count) parse_positive("", text);
  return shard;
}

std::string to_string(const Shard& shard) { return std::to_string(shard.index) + "/" + std::to_string(shard.count); }

namespace {

// Mixes every byte of `text`, then a separator, into `hash`.
std::uint64_t absorb(std::uint64_t hash, std::string_view text) {
  for (const unsigned char c : text) hash = derive_key(hash, c);
  return derive_key(hash, 0x100);
}

std::string hex16(std::uint64_t value) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(value));
  return buffer;
}

// The checksum of a state document: its compact JSON without "checksum"
// (keys sorted, numbers in shortest round-trip form, so a parsed document
// dumps to the same text). The document holds the identity (version,
// config hash, experiment text, seed, count, shard), so the checksum covers
// the run it belongs to as well as the numbers.
std::string checksum_of(json document) {
  document.erase("checksum");
  return hex16(absorb(absorb(0, kStateFormat), document.dump()));
}

}  // namespace

std::string config_hash(const Experiment& experiment, const std::vector<std::string>& overrides) {
  std::uint64_t hash = derive_key(experiment.seed, static_cast<std::uint64_t>(experiment.tournaments));
  hash = absorb(hash, experiment.source_text);
  // The seed and the count are hashed above as values, so `--seed 42` on a
  // file whose seed is 42 is the same run with the same hash.
  for (const auto& text : overrides) {
    if (text.rfind("seed=", 0) == 0 || text.rfind("tournaments=", 0) == 0) continue;
    hash = absorb(hash, text);
  }
  return hex16(hash);
}

RunIdentity run_identity(const Experiment& experiment, const std::vector<std::string>& overrides, Shard shard) {
  RunIdentity identity;
  identity.version = build_version();
  identity.config_hash = config_hash(experiment, overrides);
  identity.seed = experiment.seed;
  identity.tournaments = experiment.tournaments;
  identity.source_path = experiment.source_path;
  identity.source_text = experiment.source_text;
  identity.overrides = overrides;
  identity.shard = shard;
  return identity;
}

bool RunState::complete() const {
  for (const CellProgress& cell : cells) {
    if (!cell.done()) return false;
  }
  return true;
}

std::int64_t RunState::tournaments_done() const {
  std::int64_t done = 0;
  for (const CellProgress& cell : cells) done += cell.stats.tournaments();
  return done;
}

RunState initial_state(const Experiment& experiment, const RunIdentity& identity) {
  RunState state;
  state.identity = identity;
  for (const Cell& cell : experiment.cells) {
    const std::int64_t units = unit_count(experiment, cell);
    const auto k = static_cast<std::int64_t>(identity.shard.index);
    const auto n = static_cast<std::int64_t>(identity.shard.count);
    CellProgress progress{units * (k - 1) / n, units * k / n, 0, CellStats(cell), {}};
    progress.next = progress.begin;
    state.cells.push_back(std::move(progress));
  }
  return state;
}

json state_to_json(const RunState& state) {
  const RunIdentity& id = state.identity;
  json cells = json::array();
  for (const CellProgress& cell : state.cells) {
    cells.push_back({{"begin", cell.begin},
                     {"end", cell.end},
                     {"next", cell.next},
                     {"stop_reason", cell.stop_reason},
                     {"stats", cell.stats.state()}});
  }
  json document = {{"format", kStateFormat},
                   {"version", id.version},
                   {"config_hash", id.config_hash},
                   {"seed", id.seed},
                   {"tournaments", id.tournaments},
                   {"source_path", id.source_path},
                   {"source_text", id.source_text},
                   {"overrides", id.overrides},
                   {"shard", to_string(id.shard)},
                   {"threads", state.threads},
                   {"ranks", state.ranks},
                   {"wall_seconds", state.wall_seconds},
                   {"cells", cells}};
  document["checksum"] = checksum_of(document);
  return document;
}

std::string state_checksum(const json& document) { return checksum_of(document); }

RunIdentity identity_from_json(const json& document, const std::string& source) {
  if (!document.is_object() || get<std::string>(document, "format", source) != kStateFormat) {
    throw std::runtime_error(source + ": not an sngsim state (format " + std::string(kStateFormat) + ")");
  }
  RunIdentity id;
  id.version = get<std::string>(document, "version", source);
  id.config_hash = get<std::string>(document, "config_hash", source);
  id.seed = get<std::uint64_t>(document, "seed", source);
  id.tournaments = get<std::int64_t>(document, "tournaments", source);
  id.source_path = get<std::string>(document, "source_path", source);
  id.source_text = get<std::string>(document, "source_text", source);
  id.overrides = get<std::vector<std::string>>(document, "overrides", source);
  try {
    id.shard = parse_shard(get<std::string>(document, "shard", source));
  } catch (const std::invalid_argument&) {
    throw std::runtime_error(source + ": not an sngsim state: bad 'shard'");
  }
  return id;
}

RunState state_from_json(const json& document, const Experiment& experiment, const std::string& source) {
  RunState state;
  state.identity = identity_from_json(document, source);
  state.threads = get<int>(document, "threads", source);
  state.ranks = document.contains("ranks") ? get<int>(document, "ranks", source) : 1;
  state.wall_seconds = get<double>(document, "wall_seconds", source);
  const RunState fresh = initial_state(experiment, state.identity);
  const json cells = get<json>(document, "cells", source);
  if (!cells.is_array() || cells.size() != fresh.cells.size()) {
    throw std::runtime_error(source + ": the state has " + std::to_string(cells.is_array() ? cells.size() : 0) +
                             " cells, the experiment " + std::to_string(fresh.cells.size()));
  }
  for (std::size_t c = 0; c < cells.size(); ++c) {
    CellProgress cell = fresh.cells[c];
    const std::string where = source + ": cell " + std::to_string(c);
    if (get<std::int64_t>(cells[c], "begin", where) != cell.begin ||
        get<std::int64_t>(cells[c], "end", where) != cell.end) {
      throw std::runtime_error(where + ": its range of tournaments is not this shard's");
    }
    cell.next = get<std::int64_t>(cells[c], "next", where);
    if (cell.next < cell.begin || cell.next > cell.end) throw std::runtime_error(where + ": 'next' out of range");
    cell.stop_reason = get<std::string>(cells[c], "stop_reason", where);
    try {
      cell.stats.restore(get<json>(cells[c], "stats", where));
    } catch (const std::runtime_error& error) {
      throw std::runtime_error(where + ": " + error.what());
    }
    if (cell.stats.tournaments() != (cell.next - cell.begin) * tournaments_per_unit(experiment.cells[c])) {
      throw std::runtime_error(where + ": its statistics do not count the tournaments it claims");
    }
    state.cells.push_back(std::move(cell));
  }
  return state;
}

json parse_state_text(const std::string& text, const std::string& source) {
  json document;
  try {
    document = json::parse(text);
  } catch (const json::exception& error) {
    // parse_error, and out_of_range for a number beyond a double (1e3080).
    throw std::runtime_error(source + ": not an sngsim state (damaged or truncated JSON: " + error.what() + ")");
  }
  const auto format = document.is_object() ? document.find("format") : document.end();
  if (document.is_object() && format != document.end() && *format == kUncheckedStateFormat) {
    throw std::runtime_error(source + " was written by an older sngsim (format " + kUncheckedStateFormat +
                             ", without a checksum); this one reads " + kStateFormat +
                             ": delete it to start afresh, or finish it with the sngsim that wrote it");
  }
  if (!document.is_object() || format == document.end() || *format != kStateFormat) {
    throw std::runtime_error(source + ": not an sngsim state (format " + std::string(kStateFormat) + ")");
  }
  const auto checksum = document.find("checksum");
  if (checksum == document.end() || !checksum->is_string()) {
    throw std::runtime_error(source + ": not an sngsim state: no 'checksum'");
  }
  if (*checksum != checksum_of(document)) {
    throw std::runtime_error(source +
                             " is damaged: its checksum does not match its content (a byte was changed, "
                             "or the file was edited); delete it to start afresh");
  }
  return document;
}

json read_state_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw std::runtime_error("cannot read " + path.string());
  return parse_state_text(text.str(), path.string());
}

std::string identity_mismatch(const RunIdentity& expected, const RunIdentity& found, const std::string& source) {
  if (found.version != expected.version) {
    return source + " was written by sngsim " + found.version + ", this is " + expected.version +
           ": other code may give other numbers";
  }
  if (found.seed != expected.seed) {
    return source + " is from seed " + std::to_string(found.seed) + ", this run's seed is " +
           std::to_string(expected.seed);
  }
  if (found.tournaments != expected.tournaments) {
    return source + " is from a run of " + std::to_string(found.tournaments) + " tournaments per cell, this run has " +
           std::to_string(expected.tournaments);
  }
  if (found.config_hash != expected.config_hash) {
    return source + " is from another experiment (config hash " + found.config_hash + ", this one " +
           expected.config_hash + "; the file " + found.source_path + " or its --set overrides differ)";
  }
  return {};
}

RunState merge_states(const Experiment& experiment, const std::vector<RunState>& states,
                      const std::vector<std::string>& sources) {
  if (states.empty()) throw std::runtime_error("nothing to merge");
  const int count = states.front().identity.shard.count;
  std::vector<int> seen(static_cast<std::size_t>(count) + 1, -1);
  for (std::size_t i = 0; i < states.size(); ++i) {
    const RunIdentity& id = states[i].identity;
    const std::string mismatch = identity_mismatch(states.front().identity, id, sources[i]);
    if (!mismatch.empty()) throw std::runtime_error(mismatch + " (compared with " + sources.front() + ")");
    if (id.shard.count != count) {
      throw std::runtime_error(sources[i] + " is shard " + to_string(id.shard) + ", " + sources.front() + " shard " +
                               to_string(states.front().identity.shard) + ": the shard counts differ");
    }
    int& first = seen[static_cast<std::size_t>(id.shard.index)];
    if (first >= 0) {
      throw std::runtime_error("shard " + to_string(id.shard) +
                               " is given twice: " + sources[static_cast<std::size_t>(first)] + " and " + sources[i]);
    }
    first = static_cast<int>(i);
    if (!states[i].complete()) {
      throw std::runtime_error(
          sources[i] + " (shard " + to_string(id.shard) +
          ") did not finish (it was stopped): run its `sngsim run` command again with --force, which "
          "replaces it with the whole shard");
    }
  }
  for (int k = 1; k <= count; ++k) {
    if (seen[static_cast<std::size_t>(k)] < 0) {
      throw std::runtime_error("shard " + std::to_string(k) + "/" + std::to_string(count) + " is missing");
    }
  }

  RunIdentity whole = states.front().identity;
  whole.shard = Shard{};
  RunState merged = initial_state(experiment, whole);
  for (const RunState& state : states) {
    for (std::size_t c = 0; c < merged.cells.size(); ++c) {
      merged.cells[c].stats.merge(state.cells[c].stats);
      if (!state.cells[c].stop_reason.empty()) {
        throw std::runtime_error("a cell with a stopping rule cannot be sharded");  // the runner refuses it first
      }
    }
    merged.threads = std::max(merged.threads, state.threads);
    merged.wall_seconds += state.wall_seconds;
  }
  for (CellProgress& cell : merged.cells) cell.next = cell.end;
  return merged;
}

}  // namespace sngsim
