// libFuzzer target: run states from hostile bytes, the paths of
// `sngsim run --checkpoint FILE` (resuming) and `sngsim merge OUT DIR...`
// (a shard's state.json).
//
// The contracts under test (sim/run/run_state.h): parse_state_text accepts
// only a document whose checksum matches and throws std::runtime_error with
// a message for anything else; identity_from_json, state_from_json and
// merge_states throw std::runtime_error (a ConfigError from the experiment
// inside is one too) naming the source. The raw bytes rarely carry a valid
// checksum, so each input is tried twice: as it is (the checksum gate), and,
// when it is a JSON object, with its checksum put right (the readers behind
// the gate). Any other exception, crash, hang or sanitizer report is a bug.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/config/experiment_config.h"
#include "sim/run/run_state.h"

namespace {

[[noreturn]] void contract_broken(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_run_state: %s: %s\n", what, detail.c_str());
  std::abort();
}

// The experiment a checkpoint is resumed into: fixed, as `run` has it
// before reading the checkpoint.
const sngsim::Experiment& resumed_experiment() {
  static const sngsim::Experiment experiment = sngsim::parse_experiment(
      "name: fuzz\nseed: 42\ntournaments: 12\ntable: {players: 3, stack: 300}\n"
      "lineup: [{strategy: tag}, {strategy: rock}, {strategy: maniac}]\npayouts: {places: [100]}\n",
      "fuzz.yaml");
  return experiment;
}

// As Checkpoint::resume: identity first, then the state into `experiment`.
void resume(const nlohmann::json& document) {
  const sngsim::Experiment& experiment = resumed_experiment();
  const sngsim::RunIdentity found = sngsim::identity_from_json(document, "fuzz.ck");
  sngsim::RunIdentity expected = sngsim::run_identity(experiment, {}, found.shard);
  expected.version = found.version;  // the corpus was written by another commit
  if (!sngsim::identity_mismatch(expected, found, "fuzz.ck").empty()) return;
  static_cast<void>(sngsim::state_from_json(document, experiment, "fuzz.ck"));
}

// As `merge`: the experiment comes from the state itself.
void merge(const nlohmann::json& document) {
  const sngsim::RunIdentity identity = sngsim::identity_from_json(document, "state.json");
  sngsim::Experiment experiment =
      sngsim::parse_experiment(identity.source_text, identity.source_path, identity.overrides);
  experiment.seed = identity.seed;
  experiment.tournaments = identity.tournaments;
  if (experiment.tournaments > 100'000) return;  // a real run's size, not a reader's problem
  const sngsim::RunState state = sngsim::state_from_json(document, experiment, "state.json");
  static_cast<void>(sngsim::merge_states(experiment, {state}, {"state.json"}));
}

template <typename Read>
void expect_clean_refusal(const char* what, Read read) {
  try {
    read();
  } catch (const std::runtime_error& error) {
    if (std::string(error.what()).empty()) contract_broken(what, "a refusal without a message");
  } catch (const std::exception& error) {
    contract_broken(what, std::string("escaped as another exception: ") + error.what());
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  expect_clean_refusal("parse_state_text", [&] {
    const nlohmann::json document = sngsim::parse_state_text(text, "fuzz.ck");
    resume(document);
  });
  nlohmann::json document = nlohmann::json::parse(text, nullptr, false);
  if (!document.is_object()) return 0;
  try {
    document["checksum"] = sngsim::state_checksum(document);
  } catch (const nlohmann::json::type_error&) {
    return 0;  // not UTF-8: dump refuses it, and so does parse_state_text
  }
  expect_clean_refusal("resume", [&] { resume(sngsim::parse_state_text(document.dump(), "fuzz.ck")); });
  expect_clean_refusal("merge", [&] { merge(sngsim::parse_state_text(document.dump(), "state.json")); });
  return 0;
}
