#pragma once
// Replaying one tournament of an experiment (`sngsim run CONFIG
// --replay-tournament I [--cell C]`): tournament I of a cell is a pure
// function of (seed, I), so playing it alone reproduces exactly what a run
// played, hand for hand. The replay checks every invariant (as `run
// --check`), writes its PHH hand histories and says how it ended; it is
// the command a `--check` violation tells the user to run.

#include <cstdint>
#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "sim/config/experiment.h"

namespace sngsim {

// Plays tournament (shoot-out, cash session) `index` of cell `cell_index`
// with every invariant checked, writes its hand histories into `directory`
// (which must exist) and prints how it ended to `out`: hands, and every
// seat's label, place and chips. Files: cell-<C>-tournament-<I>.phhs, for a
// shoot-out cell-<C>-tournament-<I>-table-<t>.phhs (t = 1..tables) and
// ...-final.phhs; a cash session writes none. On a violation the hands
// played so far, the breaking one included, are written (without _places)
// and the InvariantViolation is rethrown.
void replay_tournament(const Experiment& experiment, int cell_index, std::int64_t index,
                       const std::filesystem::path& directory, std::ostream& out);

// The `sngsim run` command line that replays tournament `index` of cell
// `cell_index` of the experiment read from `config` with `overrides`.
std::string replay_command(const std::string& config, const std::vector<std::string>& overrides, std::uint64_t seed,
                           int cell_index, std::int64_t index);

}  // namespace sngsim
