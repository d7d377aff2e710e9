#pragma once
// Limits every subcommand's options share, applied in one place after the
// command line is built, so that no command can miss them (a new command
// gets them too):
//  - every floating-point option refuses NaN and infinity (CLI11 reads
//    "nan" and "inf" as numbers, and a range check such as
//    CLI::PositiveNumber lets NaN through: every comparison with it is
//    false);
//  - every --threads option takes at most kMaxThreads (a thread count of
//    70000 made oneTBB crash).
// A refused value is a usage error: exit code 2 and the option's name.

#include <CLI/CLI.hpp>

namespace sngsim {

inline constexpr int kMaxThreads = 1024;

// Adds the checks to every option of `app` and of its subcommands.
void apply_option_limits(CLI::App& app);

}  // namespace sngsim
