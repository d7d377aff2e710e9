#pragma once
// Benchmark results: medians of repeated runs, as the project quotes speed.

#include <string>
#include <vector>

namespace sngsim {

struct BenchResult {
  std::string name;
  std::string unit;  // what one operation is ("eval", "hand", "tournament")
  double median_ns_per_op = 0.0;
  double median_ops_per_sec = 0.0;
  std::vector<double> samples_ns_per_op;
};

// The median of samples (the mean of the middle two for an even count).
double median(std::vector<double> samples);

}  // namespace sngsim
