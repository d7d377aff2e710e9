#pragma once
// A test case that cannot run here (a program or data missing, an opt-in not
// given) reports a skip, never a pass. Catch2 v2 has no SKIP, so:
//   - under ctest (CMakeLists.txt gives every discovered case
//     SNGSIM_SKIP_RETURN_CODE in its environment and the same
//     SKIP_RETURN_CODE), the case's process prints the reason and ends with
//     that code, and ctest counts the case as "Skipped";
//   - run by hand (build/sngsim_tests), the same: the process prints the
//     reason and ends with 77, so a skipped case never reads as a pass
//     (exclude it by name or tag to run the cases after it).
// Use it before the case has checked anything: SKIP_TEST("no python3 at " << path);

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>

#include <catch2/catch.hpp>

namespace sngsim::testing {

// Prints the reason and ends the process with the skip code: ctest's
// (SNGSIM_SKIP_RETURN_CODE), or 77 when run by hand.
[[noreturn]] inline void end_process_as_skipped(const std::string& reason) {
  const char* from_ctest = std::getenv("SNGSIM_SKIP_RETURN_CODE");
  const int code = from_ctest != nullptr && *from_ctest != '\0' ? std::atoi(from_ctest) : 77;
  std::cout << "SKIPPED: " << reason << std::endl;
  std::fflush(nullptr);
  // _Exit: a skip has nothing to clean up, and Catch2 must not turn the
  // ended case into a pass or a failure.
  std::_Exit(code);
}

}  // namespace sngsim::testing

#define SKIP_TEST(reason)                                               \
  do {                                                                  \
    std::ostringstream sngsim_skip_reason_;                             \
    sngsim_skip_reason_ << reason;                                      \
    sngsim::testing::end_process_as_skipped(sngsim_skip_reason_.str()); \
  } while (false)
