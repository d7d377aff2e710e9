#pragma once
// A one-line progress bar with rate and ETA, redrawn in place; for terminals
// only (the caller decides).

#include <chrono>
#include <cstdint>
#include <ostream>

namespace sngsim {

class ProgressBar {
 public:
  explicit ProgressBar(std::ostream& out) : out_(out), start_(std::chrono::steady_clock::now()) {}
  void update(std::int64_t done, std::int64_t total);
  void finish();

 private:
  std::ostream& out_;
  std::chrono::steady_clock::time_point start_;
  bool drawn_ = false;
};

}  // namespace sngsim
