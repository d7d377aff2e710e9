#include "sim/run/checkpoint.h"

#include <stdexcept>
#include <system_error>

#include <nlohmann/json.hpp>

#include "sim/io/atomic_file.h"

namespace sngsim {

Checkpoint::Checkpoint(std::filesystem::path file, double every_seconds)
    : file_(std::move(file)), every_(every_seconds), last_save_(std::chrono::steady_clock::now()) {}

bool Checkpoint::resume(const Experiment& experiment, RunState& state) const {
  std::error_code error;
  if (!std::filesystem::exists(file_, error)) return false;
  const std::string source = "checkpoint " + file_.string();
  const nlohmann::json document = read_state_file(file_);
  const RunIdentity found = identity_from_json(document, source);
  std::string mismatch = identity_mismatch(state.identity, found, source);
  if (mismatch.empty() && !(found.shard == state.identity.shard)) {
    mismatch =
        source + " is of shard " + to_string(found.shard) + ", this run is shard " + to_string(state.identity.shard);
  }
  if (!mismatch.empty()) {
    throw std::runtime_error(mismatch + ". Delete it or choose another --checkpoint to start afresh.");
  }
  state = state_from_json(document, experiment, source);
  return true;
}

void Checkpoint::save_if_due(const RunState& state) {
  if (std::chrono::steady_clock::now() - last_save_ >= every_) save(state);
}

void Checkpoint::save(const RunState& state) {
  if (file_.has_parent_path()) std::filesystem::create_directories(file_.parent_path());
  write_file_atomically(file_, state_to_json(state).dump() + "\n");
  last_save_ = std::chrono::steady_clock::now();
}

void Checkpoint::remove() const {
  std::error_code ignored;
  std::filesystem::remove(file_, ignored);
}

}  // namespace sngsim
