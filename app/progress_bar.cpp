#include "app/progress_bar.h"

#include <cstdio>
#include <string>

namespace sngsim {

void ProgressBar::update(std::int64_t done, std::int64_t total) {
  constexpr int kWidth = 30;
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const double fraction = total > 0 ? static_cast<double>(done) / static_cast<double>(total) : 1.0;
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  const double eta = rate > 0 ? static_cast<double>(total - done) / rate : 0.0;
  const int filled = static_cast<int>(fraction * kWidth);
  std::string bar(static_cast<std::size_t>(filled), '=');
  if (filled < kWidth) bar += '>' + std::string(static_cast<std::size_t>(kWidth - filled - 1), ' ');
  char line[160];
  std::snprintf(line, sizeof line, "\r[%s] %5.1f%% %lld/%lld  %.0f tournaments/s  ETA %.0fs ", bar.c_str(),
                100.0 * fraction, static_cast<long long>(done), static_cast<long long>(total), rate, eta);
  out_ << line << std::flush;
  drawn_ = true;
}

void ProgressBar::finish() {
  if (drawn_) out_ << "\n" << std::flush;
  drawn_ = false;
}

}  // namespace sngsim
