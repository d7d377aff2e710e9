// The decision_times collector (sim/stats/decision_time_stats.cpp), through
// the Collector interface the runner uses: what its unit observer sees is
// added per label, any split of the units merges to the same state, the
// percentiles are the upper edges of the log histogram's buckets, the state
// survives save and load, and the registry describes its fields.

#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "bot_hosting/process_bot_spec.h"
#include "engine/hand.h"
#include "sim/config/experiment.h"
#include "sim/observe/table_observer.h"
#include "sim/stats/collector.h"
#include "sim/stats/collector_registry.h"

using namespace sngsim;

namespace {

const std::vector<std::string> kLabels{"fast", "slow", "builtin"};

// One decision: the label's index (seat = label here) and its time.
struct Decision {
  int label;
  std::int64_t ns;
};

const CollectorInfo& info() {
  const CollectorInfo* found = find_collector("decision_times");
  REQUIRE(found != nullptr);
  return *found;
}

std::unique_ptr<Collector> make_collector() { return info().make(Cell{}, kLabels); }

// Plays `decisions` as one unit: the collector's observer sees each
// decision at a table whose seat s is label s, then the unit is added.
void add_unit(Collector& collector, const std::vector<Decision>& decisions) {
  const std::vector<int> entrant_of_seat{0, 1, 2};
  const std::vector<int> label_of_entrant{0, 1, 2};
  const TableView view{nullptr, nullptr, entrant_of_seat, label_of_entrant, 0, 0};
  Hand hand;
  std::unique_ptr<TableObserver> observer = collector.watch_unit();
  REQUIRE(observer != nullptr);
  for (const Decision& d : decisions) observer->decision_made(view, hand, d.label, d.ns);
  collector.add(FinishedUnit{}, observer.get());
}

nlohmann::json state_of(const Collector& collector) {
  nlohmann::json state = nlohmann::json::object();
  collector.save(state);
  return state;
}

StatResult summary_of(const Collector& collector, double wall_seconds = 0.0) {
  const Cell cell{};
  const std::optional<StatResult> result = collector.summarize(SummaryContext{cell, kLabels, 1, wall_seconds});
  REQUIRE(result.has_value());
  return *result;
}

// Label "fast": 98 decisions of 1 ms, one of 3 ms, one of 10 ms; "slow":
// 16 and 17 ns (one bucket) and 5 ns (a bucket of its own); "builtin": two
// decisions not timed (kNotTimed).
std::vector<std::vector<Decision>> example_units() {
  std::vector<std::vector<Decision>> units;
  for (int u = 0; u < 7; ++u) {
    std::vector<Decision> unit;
    for (int i = 0; i < 14; ++i) unit.push_back({0, 1'000'000});
    units.push_back(unit);
  }
  units[2].push_back({0, 3'000'000});
  units[5].push_back({0, 10'000'000});
  units[1].push_back({1, 16});
  units[3].push_back({1, 17});
  units[6].push_back({1, 5});
  units[0].push_back({2, kNotTimed});
  units[4].push_back({2, kNotTimed});
  return units;
}

std::int64_t as_integer(const StatValue& value) { return std::get<std::int64_t>(value); }
double as_number(const StatValue& value) { return std::get<double>(value); }

}  // namespace

TEST_CASE("decision_times: every split of the units merges to the state of one collector that saw them all",
          "[stats][decision_times]") {
  const std::vector<std::vector<Decision>> units = example_units();
  const auto whole = make_collector();
  for (const auto& unit : units) add_unit(*whole, unit);
  const nlohmann::json expected = state_of(*whole);

  const auto unit_count = static_cast<unsigned>(units.size());
  for (unsigned mask = 0; mask < (1U << unit_count); ++mask) {
    const auto left = make_collector();
    const auto right = make_collector();
    for (unsigned u = 0; u < unit_count; ++u) add_unit((mask >> u) & 1U ? *left : *right, units[u]);
    const auto left_then_right = left->clone();
    left_then_right->merge(*right);
    right->merge(*left);
    INFO("units of the left part: mask " << mask);
    CHECK(state_of(*left_then_right) == expected);
    CHECK(state_of(*right) == expected);
    CHECK(left_then_right->equals(*whole));
  }
}

TEST_CASE("decision_times: counts, mean, total, and p50 and p99 as the upper edges of their histogram buckets",
          "[stats][decision_times]") {
  const auto collector = make_collector();
  for (const auto& unit : example_units()) add_unit(*collector, unit);
  const StatResult result = summary_of(*collector);
  CHECK(result.timing);
  CHECK_FALSE(result.show_on_console);  // no wall time known
  REQUIRE(result.rows.size() == 3);

  // fast: 100 timed. 1 ms = 1,000,000 ns lies in [2^19 + 7 * 2^16, 2^20):
  // upper edge 1,048,575 ns, and 98 of 100 are at or below it (p50). The
  // 99th is the 3 ms decision: [2^21 + 3 * 2^18, 2^21 + 4 * 2^18), upper
  // edge 3,145,727 ns.
  const StatRow& fast = result.rows[0];
  CHECK(fast.label == "fast");
  REQUIRE(fast.values.size() == 6);
  CHECK(as_integer(fast.values[0]) == 100);
  CHECK(as_integer(fast.values[1]) == 100);
  CHECK(as_number(fast.values[2]) == 1.11);  // (98 + 3 + 10) ms / 100
  CHECK(as_number(fast.values[3]) == 1.048575);
  CHECK(as_number(fast.values[4]) == 3.145727);
  CHECK(as_number(fast.values[5]) == 0.111);  // seconds

  // slow: 5 ns has a bucket of its own (below 8 every value does); 16 and
  // 17 share [16, 18), upper edge 17. p50 is the second of three: 17 ns.
  const StatRow& slow = result.rows[1];
  CHECK(slow.label == "slow");
  CHECK(as_integer(slow.values[0]) == 3);
  CHECK(as_integer(slow.values[1]) == 3);
  CHECK(as_number(slow.values[2]) == 38.0 / 3.0 / 1e6);
  CHECK(as_number(slow.values[3]) == 17 / 1e6);
  CHECK(as_number(slow.values[4]) == 17 / 1e6);
  CHECK(as_number(slow.values[5]) == 38 / 1e9);

  // builtin: asked twice, never timed; its times are nulls.
  const StatRow& builtin = result.rows[2];
  CHECK(builtin.label == "builtin");
  CHECK(as_integer(builtin.values[0]) == 2);
  CHECK(as_integer(builtin.values[1]) == 0);
  for (std::size_t field = 2; field < 6; ++field) {
    CHECK(std::holds_alternative<std::monostate>(builtin.values[field]));
  }
}

TEST_CASE("decision_times: the console shows the table from 5% of the wall time on", "[stats][decision_times]") {
  const auto collector = make_collector();
  for (const auto& unit : example_units()) add_unit(*collector, unit);
  // fast took 0.111 s: 11% of one second, 4.8% of 2.3 seconds.
  const StatResult shown = summary_of(*collector, 1.0);
  CHECK(shown.show_on_console);
  CHECK(shown.note == "fast's decisions took 11% of the run's wall time (summed over its tables)");
  CHECK_FALSE(summary_of(*collector, 2.3).show_on_console);
}

TEST_CASE("decision_times: save and load give back the same state, the times' sum as a decimal string",
          "[stats][decision_times]") {
  const auto collector = make_collector();
  for (const auto& unit : example_units()) add_unit(*collector, unit);
  const nlohmann::json state = state_of(*collector);
  REQUIRE(state.contains("decision_times"));
  const nlohmann::json& fast = state["decision_times"][0];
  CHECK(fast["decisions"] == 100);
  CHECK(fast["timed"] == 100);
  CHECK(fast["total_ns"] == "111000000");
  // Buckets: 8 a power of two, so 1 ms is bucket 19 * 8 + 7, 3 ms 21 * 8 + 3
  // and 10 ms ([2^23 + 2^20, 2^23 + 2^21)) 23 * 8 + 1; 512 in all.
  const nlohmann::json& histogram = fast["histogram"];
  REQUIRE(histogram.size() == 512);
  CHECK(histogram[159] == 98);
  CHECK(histogram[171] == 1);
  CHECK(histogram[185] == 1);
  std::int64_t counted = 0;
  for (const auto& count : histogram) counted += count.get<std::int64_t>();
  CHECK(counted == 100);

  const auto loaded = make_collector();
  loaded->load(state);
  CHECK(loaded->equals(*collector));
  CHECK(state_of(*loaded) == state);

  // A state written before this statistic existed has no key: nothing is
  // loaded, and the collector stays empty.
  const auto from_older = make_collector();
  from_older->load(nlohmann::json::object());
  CHECK(state_of(*from_older) == state_of(*make_collector()));
}

TEST_CASE(
    "decision_times: the registry entry names its fields, types and units, and applies to cells with "
    "process bots",
    "[stats][decision_times]") {
  const CollectorInfo& entry = info();
  CHECK(entry.name == "decision_times");
  CHECK_FALSE(entry.csv);
  const std::vector<std::tuple<std::string, std::string, bool, std::string>> expected{
      {"decisions", "integer", false, "decisions"}, {"timed", "integer", false, "decisions"},
      {"mean_ms", "number", true, "milliseconds"},  {"p50_ms", "number", true, "milliseconds"},
      {"p99_ms", "number", true, "milliseconds"},   {"total_s", "number", true, "seconds"}};
  REQUIRE(entry.fields.size() == expected.size());
  for (std::size_t f = 0; f < expected.size(); ++f) {
    const StatField& field = entry.fields[f];
    INFO("field " << field.name);
    CHECK(std::tie(field.name, field.type, field.nullable, field.unit) == expected[f]);
    CHECK_FALSE(field.meaning.empty());
  }
  CHECK(make_collector()->name() == "decision_times");

  Cell cell;
  cell.entrants.resize(2);
  CHECK_FALSE(entry.applies(cell));
  cell.entrants[1].process = std::make_shared<const ProcessBotSpec>();
  CHECK(entry.applies(cell));
}
