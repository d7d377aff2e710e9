// libFuzzer target: experiment files from hostile bytes.
//
// The contract under test (sim/config/experiment_config.h): parse_experiment either
// returns a validated Experiment or throws ConfigError, whose message is one
// line. Anything else (another exception, a crash, a hang, a sanitizer
// report) is a bug, and so is a ConfigError that breaks its own contract.
//
// Input: the bytes up to the first NUL are the file; every line after it is
// one --set override, so the fuzzer reaches the override path too. The seed
// corpus (configs/*.yaml) has no NUL, so it starts as plain files.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "sim/config/experiment_config.h"
#include "sim/config/league_schedule.h"

namespace {

// A directory that does not exist: a relative plug-in path then names no
// file, so the fuzzer never dlopens a library of the machine it runs on.
const std::string kDisplayName = "/nonexistent-sngsim-fuzz/fuzz.yaml";

[[noreturn]] void contract_broken(const char* what, std::string_view detail) {
  std::fprintf(stderr, "fuzz_experiment_config: %s: %.*s\n", what, static_cast<int>(detail.size()), detail.data());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  // An absolute path to a real shared library would make the loader dlopen
  // it (and run its constructors); every such path contains ".so".
  if (input.find(".so") != std::string_view::npos) return -1;

  const std::size_t nul = input.find('\0');
  const std::string text(input.substr(0, nul));
  std::vector<std::string> overrides;
  if (nul != std::string_view::npos) {
    std::string_view rest = input.substr(nul + 1);
    while (!rest.empty()) {
      const std::size_t end = rest.find('\n');
      overrides.emplace_back(rest.substr(0, end));
      rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
    }
  }

  try {
    const sngsim::Experiment experiment = sngsim::parse_experiment(text, kDisplayName, overrides);
    if (experiment.cells.empty()) contract_broken("an experiment without cells", experiment.name);
    for (const sngsim::Cell& cell : experiment.cells) {
      if (cell.rules.players < 2 || cell.rules.players > 6) contract_broken("players out of 2..6", experiment.name);
      const int entrants = static_cast<int>(cell.entrants.size());
      if (cell.format == sngsim::Format::kLeague) {
        // A league lists more bots than a table seats, and a schedule for them.
        if (entrants < std::max(sngsim::kMinLeagueEntrants, cell.rules.players) ||
            entrants > sngsim::kMaxLeagueEntrants || cell.league == nullptr) {
          contract_broken("a league without its entrants or schedule", experiment.name);
        }
      } else if (entrants != cell.field_size()) {
        contract_broken("lineup does not fill the seats", experiment.name);
      }
    }
  } catch (const sngsim::ConfigError& error) {
    const std::string_view what = error.what();
    if (error.message.empty()) contract_broken("empty ConfigError message", what);
    if (error.message.find('\n') != std::string::npos) contract_broken("ConfigError message is not one line", what);
    if (what.substr(0, kDisplayName.size()) != kDisplayName)
      contract_broken("ConfigError does not name the file", what);
    if (error.line < 0 || error.column < 0 || (error.line == 0) != (error.column == 0)) {
      contract_broken("ConfigError with a malformed place", what);
    }
  } catch (const std::exception& error) {
    contract_broken("an exception that is not a ConfigError", error.what());
  } catch (...) {
    contract_broken("an exception that is not a ConfigError", "not even a std::exception");
  }
  return 0;
}
