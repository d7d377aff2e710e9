// `sngsim merge OUT SHARD_DIR...`: the single-run result of a sharded run.
//
// Each shard's output folder holds state.json (sim/run/run_state), which carries
// the experiment file, overrides, seed and count it ran with, so merging
// needs nothing but the folders: the experiment is rebuilt from the first
// state, every state must be of that same run, and the merged integer
// accumulators give the summary a single run would have written.

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/cli_commands.h"
#include "sim/config/experiment_config.h"
#include "sim/report/results_writer.h"
#include "sim/run/run_results.h"
#include "sim/run/run_state.h"

namespace sngsim {

namespace {

struct MergeOptions {
  std::string out;
  std::vector<std::string> shards;
  bool force = false;
  bool quiet = false;
};

std::filesystem::path state_file_of(const std::string& shard) {
  const std::filesystem::path path(shard);
  return std::filesystem::is_directory(path) ? path / "state.json" : path;
}

// The experiment a state was run with, checked against its identity.
Experiment experiment_of(const RunIdentity& identity, const std::string& source) {
  Experiment experiment;
  try {
    experiment = parse_experiment(identity.source_text, identity.source_path, identity.overrides);
  } catch (const ConfigError& error) {
    throw std::runtime_error(source + ": its experiment no longer loads: " + error.what());
  }
  experiment.seed = identity.seed;
  experiment.tournaments = identity.tournaments;
  if (config_hash(experiment, identity.overrides) != identity.config_hash) {
    throw std::runtime_error(source + ": its config hash does not match its experiment (the file was edited)");
  }
  return experiment;
}

void merge(const MergeOptions& options) {
  std::vector<nlohmann::json> documents;
  std::vector<std::string> sources;
  Experiment experiment;
  std::vector<RunState> states;
  try {
    check_output_dir(options.out, options.force);
    for (const std::string& shard : options.shards) {
      const std::filesystem::path file = state_file_of(shard);
      sources.push_back(file.string());
      documents.push_back(read_state_file(file));
    }
    const RunIdentity first = identity_from_json(documents.front(), sources.front());
    if (first.version != run_identity(Experiment{}, {}, Shard{}).version) {
      throw std::runtime_error(sources.front() + " was written by sngsim " + first.version +
                               ", this is another version: merge with the sngsim that ran the shards");
    }
    experiment = experiment_of(first, sources.front());
    for (std::size_t i = 0; i < documents.size(); ++i) {
      const RunIdentity identity = identity_from_json(documents[i], sources[i]);
      const std::string mismatch = identity_mismatch(first, identity, sources[i]);
      if (!mismatch.empty()) throw std::runtime_error(mismatch + " (compared with " + sources.front() + ")");
      states.push_back(state_from_json(documents[i], experiment, sources[i]));
    }
  } catch (const std::exception& error) {
    std::cerr << error.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }
  RunState merged;
  try {
    merged = merge_states(experiment, states, sources);
  } catch (const std::runtime_error& error) {
    std::cerr << error.what() << "\n";
    throw CLI::RuntimeError(kExitBadInput);
  }

  RunSummary summary;
  try {
    summary = write_run_results(options.out, experiment, merged, options.force);
  } catch (const std::exception& error) {
    std::cerr << "cannot write the results to " << options.out << ": " << error.what()
              << "\nNothing was written there; any earlier results in it are untouched.\n";
    throw CLI::RuntimeError(kExitOutputError);
  }
  if (!options.quiet) std::cout << console_table(summary);
  std::cout << "Merged " << states.size() << " shards (" << merged.tournaments_done() << " tournaments) into "
            << options.out << "/\n";
}

}  // namespace

void add_merge_command(CLI::App& app) {
  auto options = std::make_shared<MergeOptions>();
  CLI::App* command = app.add_subcommand(
      "merge",
      "Combine the output folders of `run --shard K/N` (K = 1..N) into the result a single run gives,\n"
      "bit for bit. Refuses shards of different experiments, seeds, counts or versions, a shard given\n"
      "twice, a missing shard and an unfinished one.");
  command->add_option("out", options->out, "Output folder for the merged results")->required();
  command->add_option("shards", options->shards, "Shard output folders (or their state.json files)")
      ->required()
      ->expected(1, -1);
  command->add_flag("-f,--force", options->force, "Replace an existing output folder");
  command->add_flag("-q,--quiet", options->quiet, "No console table");
  command->callback([options] { merge(*options); });
}

}  // namespace sngsim
