#pragma once
// Plays one sit-and-go of a matrix cell from start to finish: seats the
// lineup, creates fresh strategies, asks them for actions, enforces V5 on
// faults, and returns what the statistics need. Everything random is a pure
// function of (seed, tournament index).

#include <cstdint>
#include <vector>

#include "engine/hand.h"
#include "engine/tournament.h"
#include "sim/experiment.h"
#include "sim/tournament_record.h"

namespace sngsim {

// Sees every finished hand of a tournament (hand-history export).
class HandObserver {
 public:
  virtual ~HandObserver() = default;
  // `entrant_of_seat[s]` is the lineup index seated at s. Called after the
  // hand ended and before the tournament took its chips.
  virtual void hand_finished(const Tournament& tournament, const Hand& hand,
                             const std::vector<int>& entrant_of_seat) = 0;
  virtual void tournament_finished(const Tournament& tournament, const std::vector<int>& entrant_of_seat) = 0;
};

// The key of tournament `index`: shared by every matrix cell, so cells are
// compared on the same seatings and decks (common random numbers).
std::uint64_t tournament_key(std::uint64_t seed, std::int64_t index);

// The lineup index seated at each seat.
std::vector<int> seat_entrants(const Cell& cell, std::uint64_t key, std::int64_t index);

// `label_of_entrant[e]` is the distinct-label index of entrant e. `hand` is
// scratch space reused between tournaments so that no hand allocates.
TournamentRecord play_tournament(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                                 std::int64_t index, Hand& hand, HandObserver* observer = nullptr);

}  // namespace sngsim
