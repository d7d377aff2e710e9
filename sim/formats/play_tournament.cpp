#include "sim/formats/play_tournament.h"

#include <bit>

#include "engine/rng.h"
#include "sim/config/duplicate.h"
#include "sim/formats/league.h"
#include "sim/formats/table_play.h"

namespace sngsim {

namespace {
constexpr std::uint64_t kSeatingStream = 11;
}  // namespace

std::uint64_t tournament_key(std::uint64_t seed, std::int64_t index) {
  return derive_key(seed, static_cast<std::uint64_t>(index));
}

std::vector<int> seat_entrants(const Cell& cell, std::uint64_t key, std::int64_t index) {
  if (cell.format == Format::kLeague) return league_seat_entrants(cell, index);  // its schedule seats it
  const int players = cell.field_size();
  std::vector<int> entrant_of_seat(static_cast<std::size_t>(players));
  if (cell.seating == Seating::kRotate) {
    for (int seat = 0; seat < players; ++seat) {
      entrant_of_seat[static_cast<std::size_t>(seat)] = static_cast<int>((seat + index) % players);
    }
    return entrant_of_seat;
  }
  // R3: a uniformly random seating (Fisher-Yates).
  for (int seat = 0; seat < players; ++seat) entrant_of_seat[static_cast<std::size_t>(seat)] = seat;
  CounterRng rng(derive_key(key, kSeatingStream));
  for (int i = players - 1; i > 0; --i) {
    const auto j = rng.below(static_cast<std::uint32_t>(i + 1));
    std::swap(entrant_of_seat[static_cast<std::size_t>(i)], entrant_of_seat[j]);
  }
  // A duplicate group draws this arrangement once, from its shared key, and
  // moves it around the table member by member.
  if (cell.seating == Seating::kDuplicate) return duplicate_seating(cell, entrant_of_seat, index);
  return entrant_of_seat;
}

std::uint64_t deal_key(const Cell& cell, std::uint64_t seed, std::int64_t index) {
  return tournament_key(seed, deal_index(cell, index));
}

TournamentRecord play_tournament(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                                 std::int64_t index, Hand& hand, TableObserver* observer) {
  const std::uint64_t key = deal_key(cell, seed, index);
  TablePlay table(cell, cell.rules, seat_entrants(cell, key, index), label_of_entrant, key, index, hand, observer);
  table.play(false);
  return table.finish();
}

TournamentRecord play_table(const Cell& cell, const TournamentRules& rules, const std::vector<int>& entrant_of_seat,
                            const std::vector<int>& label_of_entrant, std::uint64_t key, std::int64_t index, Hand& hand,
                            TableObserver* observer, const PlaceValues* luck_place_values) {
  TablePlay table(cell, rules, entrant_of_seat, label_of_entrant, key, index, hand, observer, luck_place_values);
  table.play(false);
  return table.finish();
}

}  // namespace sngsim
