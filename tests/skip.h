#pragma once
// A test case that cannot run here (a program or data missing, an opt-in not
// given) reports a skip, never a pass. Catch2 v2 has no SKIP, so:
//   - under ctest (CMakeLists.txt gives every discovered case
//     SNGSIM_SKIP_RETURN_CODE in its environment and the same
//     SKIP_RETURN_CODE), the case's process prints the reason and ends with
//     that code, and ctest counts the case as "Skipped";
//   - run by hand (build/sngsim_tests), the case prints the reason as a
//     warning and returns, so the cases after it still run.
// Use it before the case has checked anything: SKIP_TEST("no python3 at " << path);

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

namespace sngsim::testing {

// Under ctest: prints the reason and ends the process with the skip code.
// Otherwise returns, and the caller warns and returns.
inline void end_process_as_skipped(const std::string& reason) {
  const char* code = std::getenv("SNGSIM_SKIP_RETURN_CODE");
  if (code == nullptr || *code == '\0') return;
  std::cout << "SKIPPED: " << reason << std::endl;
  std::fflush(nullptr);
  // _Exit: a skip has nothing to clean up, and Catch2 must not turn the
  // ended case into a pass or a failure.
  std::_Exit(std::atoi(code));
}

}  // namespace sngsim::testing

#define SKIP_TEST(reason)                                     \
  do {                                                        \
    std::ostringstream sngsim_skip_reason_;                   \
    sngsim_skip_reason_ << reason;                            \
    sngsim::testing::end_process_as_skipped(sngsim_skip_reason_.str()); \
    WARN("skipped: " << sngsim_skip_reason_.str());           \
    return;                                                   \
  } while (false)
