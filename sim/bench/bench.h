#pragma once
// Benchmark results: medians of repeated runs, as the project quotes speed.

#include <ctime>
#include <string>
#include <vector>

namespace sngsim {

struct BenchResult {
  std::string name;
  std::string unit;  // what one operation is ("eval", "hand", "tournament")
  double median_ns_per_op = 0.0;
  double median_ops_per_sec = 0.0;
  std::vector<double> samples_ns_per_op;
  // Processor time per operation where a bench measures it apart from
  // wall time (process bots: sngsim's side and the bot's), medians.
  double median_cpu_ns_per_op = 0.0;
  double median_peer_cpu_ns_per_op = 0.0;
  // Where a bench times a reference on the same work in the same run (the
  // load moves absolute figures by a third, not the ratio): what it is, and
  // its median. reference / median above 1 means faster than the reference.
  std::string reference_name;
  double reference_median_ns_per_op = 0.0;
  std::vector<double> reference_samples_ns_per_op;
};

// The median of samples (the mean of the middle two for an even count).
double median(std::vector<double> samples);

// Processor time, not wall time, for the single-threaded benches (evaluator,
// hand): their one thread never waits, so on an idle machine the two agree,
// while on a shared one wall time also counts the time other processes hold
// the core, which made medians swing by half. The figure is what one core
// does.
using CpuTime = std::clock_t;

inline CpuTime cpu_now() { return std::clock(); }

inline double ns_since(CpuTime start) { return static_cast<double>(std::clock() - start) * (1e9 / CLOCKS_PER_SEC); }

}  // namespace sngsim
