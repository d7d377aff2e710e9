// The playing-style collector in real runs (style_stats: true): integer sums
// that are bit-identical for any thread count and any split into shards,
// and that survive the state file, in every format.

#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sim/config/experiment_config.h"
#include "sim/run/run_state.h"
#include "sim/run/runner.h"
#include "sim/stats/style_collector.h"

using namespace sngsim;

namespace {

const std::string kConfigs = std::string(SNGSIM_SOURCE_DIR) + "/configs/";

RunState play(const Experiment& experiment, int threads, Shard shard = Shard{}) {
  RunState state = initial_state(experiment, run_identity(experiment, {}, shard));
  RunOptions options;
  options.threads = threads;
  REQUIRE(continue_run(experiment, state, options));
  return state;
}

const StyleStats& style_of(const CellStats& stats) {
  for (const auto& collector : stats.collectors()) {
    if (const auto* style = dynamic_cast<const StyleCollector*>(collector.get())) return style->stats();
  }
  FAIL("no style collector");
  throw;
}

}  // namespace

TEST_CASE("style: the counts of a run do not depend on threads or shards, and survive the state file", "[style]") {
  for (const char* config : {"quickstart.yaml", "shootout.yaml", "cash-bb100.yaml", "duplicate.yaml"}) {
    INFO(config);
    std::vector<std::string> overrides{"style_stats=true"};
    if (std::string(config) == "cash-bb100.yaml") overrides.push_back("cash.hands=60");
    Experiment experiment = load_experiment(kConfigs + config, overrides);
    experiment.tournaments = 24;
    const RunState one = play(experiment, 1);
    const RunState three = play(experiment, 3);
    const RunState first = play(experiment, 1, Shard{1, 2});
    const RunState second = play(experiment, 2, Shard{2, 2});
    const RunState merged = merge_states(experiment, {first, second}, {"first", "second"});
    const RunState restored = state_from_json(nlohmann::json::parse(state_to_json(three).dump()), experiment, "test");
    for (std::size_t c = 0; c < one.cells.size(); ++c) {
      const StyleStats& style = style_of(one.cells[c].stats);
      CHECK(style.sums(0, StyleStat::kVpip).opportunities > 0);
      CHECK(style.sums(0, StyleStat::kVpip).clusters > 1);
      CHECK(style == style_of(three.cells[c].stats));
      CHECK(style == style_of(merged.cells[c].stats));
      CHECK(style == style_of(restored.cells[c].stats));
      CHECK(one.cells[c].stats == three.cells[c].stats);
    }
  }
}

TEST_CASE("style: a run without style_stats has no style collector", "[style]") {
  Experiment experiment = load_experiment(kConfigs + "quickstart.yaml");
  experiment.tournaments = 4;
  const RunState state = play(experiment, 1);
  for (const auto& cell : state.cells) {
    for (const auto& collector : cell.stats.collectors()) CHECK(collector->name() != "style");
  }
}
