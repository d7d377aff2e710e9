#pragma once
// An experiment as validated data: what an experiment file says, with every
// default filled in and every matrix cell expanded. sim/experiment_config is
// the only code that reads YAML; everything downstream reads these structs.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/tournament.h"
#include "strategies/registry.h"

namespace sngsim {

// One labelled strategy in the lineup.
struct Entrant {
  std::string label;
  std::string strategy;           // registry name
  const StrategyInfo* info = nullptr;
  StrategyParams params;          // checked, defaults filled in
};

enum class Seating : std::uint8_t {
  kRandom,  // a uniformly random seat permutation per tournament (R3)
  kRotate,  // tournament i seats entrant e at seat (e + i) mod players, so every
            // entrant sits in every seat equally often
};

struct Payouts {
  std::vector<int> percent;  // prize pool percentage of place 1, 2, ...; sums to 100
  Chips buy_in = 100;        // what one entry costs, fee included
  int fee_percent = 0;       // of the buy-in, at most 10 (V6)
};

// Everything one matrix cell needs to run.
struct Cell {
  // The matrix keys and values that made this cell, in matrix order; empty
  // without a matrix.
  std::vector<std::pair<std::string, std::string>> params;
  TournamentRules rules;
  std::vector<Entrant> entrants;  // exactly rules.players of them; entrant i is seat i before seating
  Seating seating = Seating::kRandom;
  Payouts payouts;
};

struct Experiment {
  std::string name;
  std::string source_path;
  std::string source_text;   // the file verbatim, for provenance
  std::uint64_t seed = 1;
  std::int64_t tournaments = 1000;  // per cell
  std::vector<Cell> cells;
};

}  // namespace sngsim
