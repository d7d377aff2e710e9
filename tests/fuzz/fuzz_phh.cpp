// libFuzzer target: PHH hand histories from hostile bytes, the path of
// `sngsim replay FILE`.
//
// The contracts under test (sim/io/phh.h, sim/io/phh_replay.h): read_phh_text never
// throws and accounts for the file (at least one hand or one error, every
// error with a reason); convert_phh_hand turns each hand into a game or a
// PhhError; replay_hand runs a converted hand through the engine and says
// passed, failed or unreadable. Any exception, crash, hang or sanitizer
// report on the way is a bug.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <variant>

#include "sim/io/phh.h"
#include "sim/io/phh_replay.h"

namespace {

[[noreturn]] void contract_broken(const char* what, const std::string& detail) {
  std::fprintf(stderr, "fuzz_phh: %s: %s\n", what, detail.c_str());
  std::abort();
}

void check(std::string_view text) {
  const sngsim::PhhFile file = sngsim::read_phh_text(text, "fuzz.phhs");
  if (file.hands.empty() && file.errors.empty()) contract_broken("a file with neither hands nor errors", "");
  for (const sngsim::PhhError& error : file.errors) {
    if (error.reason.empty()) contract_broken("a PhhError without a reason", error.message());
  }
  for (const sngsim::PhhHand& hand : file.hands) {
    const auto converted = sngsim::convert_phh_hand(hand);
    if (const auto* error = std::get_if<sngsim::PhhError>(&converted)) {
      if (error->reason.empty()) contract_broken("a conversion error without a reason", error->message());
    }
    const sngsim::HandReplay replay = sngsim::replay_hand(hand);
    if (replay.status != sngsim::ReplayStatus::kPassed && replay.reason.empty()) {
      contract_broken("a replay that did not pass gives no reason", hand.name);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    check(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (const std::exception& error) {
    contract_broken("an exception escaped", error.what());
  } catch (...) {
    contract_broken("an exception escaped", "not even a std::exception");
  }
  return 0;
}
