#include "sim/stats/league_stats.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/config/duplicate.h"
#include "sim/config/league_schedule.h"
#include "sim/stats/collector_registry.h"
#include "sim/stats/state_json.h"

namespace sngsim {

namespace {

constexpr std::int64_t binomial(int n, int k) {
  std::int64_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * (n - k + i) / i;
  return result;
}

std::invalid_argument bad_table(const LeagueTable& table, const std::string& what) {
  return std::invalid_argument("league table of unit " + std::to_string(table.unit) + ": " + what);
}

// True when the placements cover places 1..seats exactly, each shared place
// held by as many positions as it covers (R22).
bool covers_places(std::span<const Placement> placement) {
  const int seats = static_cast<int>(placement.size());
  std::array<int, kMaxLeagueSeats + 1> holders{};
  for (const Placement& p : placement) {
    if (p.first < 1 || p.count < 1 || p.first + p.count - 1 > seats) return false;
    ++holders[static_cast<std::size_t>(p.first)];
  }
  for (const Placement& p : placement) {
    if (holders[static_cast<std::size_t>(p.first)] != p.count) return false;
  }
  int place = 1;
  while (place <= seats) {
    const int count = holders[static_cast<std::size_t>(place)];
    if (count == 0) return false;
    place += count;
  }
  return true;
}

}  // namespace

void add_stages(std::span<const Placement> placement_of_position, std::span<std::int64_t> wins,
                std::span<std::int64_t> choices) {
  const int seats = static_cast<int>(placement_of_position.size());
  unsigned remaining = (1u << seats) - 1;
  for (int place = 1; place <= seats && std::popcount(remaining) > 1;) {
    unsigned tied = 0;  // D: the positions sharing this place
    for (int p = 0; p < seats; ++p) {
      if (placement_of_position[static_cast<std::size_t>(p)].first == place) tied |= 1u << p;
    }
    const int d = std::popcount(tied);
    // Every order of D counts 1/d!: after j of them, the choice set is the
    // rest less a j-subset T of D, each T with weight 1/C(d, j).
    for (unsigned t = tied;; t = (t - 1) & tied) {
      const unsigned choice = remaining & ~t;
      if (std::popcount(choice) >= 2 && std::popcount(t) < d) {
        choices[choice] += kTieUnit / binomial(d, std::popcount(t));
      }
      if (t == 0) break;
    }
    // Each of D wins one stage, less the last one when D is all that is
    // left (a choice from one player is no stage).
    const std::int64_t won = tied == remaining ? kTieUnit * (d - 1) / d : kTieUnit;
    for (int p = 0; p < seats; ++p) {
      if ((tied >> p) & 1u) wins[static_cast<std::size_t>(p)] += won;
    }
    remaining &= ~tied;
    place += d;
  }
}

LeagueStats::LeagueStats(int entrants, int seats, std::vector<std::int16_t> block_entrants,
                         std::int64_t tournaments_per_unit)
    : entrants_(entrants),
      seats_(seats),
      blocks_(std::move(block_entrants)),
      tournaments_per_unit_(tournaments_per_unit) {
  if (seats_ < 2 || seats_ > kMaxLeagueSeats || entrants_ < seats_ || blocks_.empty() ||
      blocks_.size() % static_cast<std::size_t>(seats_) != 0 || tournaments_per_unit_ < 1) {
    throw std::invalid_argument("league statistics: bad shape");
  }
  for (const std::int16_t e : blocks_) {
    if (e < 0 || e >= entrants_) throw std::invalid_argument("league statistics: block entrant out of range");
  }
  const auto n = static_cast<std::size_t>(entrants_);
  wins_.assign(kJackknifeGroups * n, 0);
  choices_.assign(static_cast<std::size_t>(kJackknifeGroups) * static_cast<std::size_t>(blocks()) *
                      static_cast<std::size_t>(masks()),
                  0);
  block_plays_.assign(static_cast<std::size_t>(blocks()), 0);
}

int LeagueStats::group_of_unit(std::int64_t unit) {
  // splitmix64's finaliser: units next to each other land in unrelated groups.
  auto z = static_cast<std::uint64_t>(unit) + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<int>(z % kJackknifeGroups);
}

LeagueTable LeagueStats::table_of(const TournamentRecord& record) const {
  if (record.seats != seats_) {
    throw std::invalid_argument("league tournament " + std::to_string(record.index) + " has " +
                                std::to_string(record.seats) + " seats, the schedule's tables " +
                                std::to_string(seats_));
  }
  const LeagueTurn where = league_turn(blocks(), seats_, tournaments_per_unit_, record.index);
  LeagueTable table;
  table.unit = where.unit;
  table.block = where.block;
  const std::span<const std::int16_t> entrants = block(where.block);
  for (int seat = 0; seat < seats_; ++seat) {
    const auto position = static_cast<std::size_t>((seat + where.turn) % seats_);
    // A league's labels are its entrants (sim/formats/league.h).
    if (record.label[static_cast<std::size_t>(seat)] != entrants[position]) {
      throw std::invalid_argument("league tournament " + std::to_string(record.index) + ": seat " +
                                  std::to_string(seat) + " holds label " +
                                  std::to_string(record.label[static_cast<std::size_t>(seat)]) +
                                  ", the schedule seats entrant " + std::to_string(entrants[position]));
    }
    table.placement_of_position[position] = record.placement[static_cast<std::size_t>(seat)];
  }
  return table;
}

void LeagueStats::check(const LeagueTable& table) const {
  if (table.block < 0 || table.block >= blocks()) throw bad_table(table, "block out of range");
  const std::span<const Placement> placement(table.placement_of_position.data(), static_cast<std::size_t>(seats_));
  if (!covers_places(placement)) throw bad_table(table, "placements do not cover places 1.." + std::to_string(seats_));
}

void LeagueStats::check(const FinishedUnit& unit) const {
  for (const TournamentRecord& record : unit.tournaments) check(table_of(record));
}

void LeagueStats::add(const FinishedUnit& unit, const TableObserver* /*watched*/) {
  for (const TournamentRecord& record : unit.tournaments) add(table_of(record));
}

void LeagueStats::add(const LeagueTable& table) {
  check(table);
  const std::span<const Placement> placement(table.placement_of_position.data(), static_cast<std::size_t>(seats_));
  const int group = group_of_unit(table.unit);
  std::array<std::int64_t, kMaxLeagueSeats> won{};
  const std::size_t base =
      (static_cast<std::size_t>(group) * static_cast<std::size_t>(blocks()) + static_cast<std::size_t>(table.block)) *
      static_cast<std::size_t>(masks());
  add_stages(placement, std::span<std::int64_t>(won.data(), static_cast<std::size_t>(seats_)),
             std::span<std::int64_t>(choices_).subspan(base, static_cast<std::size_t>(masks())));
  const std::span<const std::int16_t> entrants = block(table.block);
  for (int p = 0; p < seats_; ++p) {
    const auto e = static_cast<std::size_t>(entrants[static_cast<std::size_t>(p)]);
    wins_[static_cast<std::size_t>(group) * static_cast<std::size_t>(entrants_) + e] +=
        won[static_cast<std::size_t>(p)];
  }
  ++block_plays_[static_cast<std::size_t>(table.block)];
  ++tables_;
}

void LeagueStats::merge_same(const LeagueStats& other) {
  if (entrants_ != other.entrants_ || seats_ != other.seats_ || blocks_ != other.blocks_ ||
      tournaments_per_unit_ != other.tournaments_per_unit_) {
    throw std::invalid_argument("cannot merge league statistics of different schedules");
  }
  const auto add_all = [](std::vector<std::int64_t>& into, const std::vector<std::int64_t>& from) {
    for (std::size_t i = 0; i < into.size(); ++i) into[i] += from[i];
  };
  add_all(wins_, other.wins_);
  add_all(choices_, other.choices_);
  add_all(block_plays_, other.block_plays_);
  tables_ += other.tables_;
}

nlohmann::json LeagueStats::state() const {
  return nlohmann::json{{"tables", tables_}, {"wins", wins_}, {"choices", choices_}, {"block_plays", block_plays_}};
}

void LeagueStats::restore(const nlohmann::json& state) {
  LeagueStats restored = *this;
  const auto read = [&state](const char* name, std::vector<std::int64_t>& into) {
    if (!state.contains(name) || !state[name].is_array() || state[name].size() != into.size()) {
      throw std::runtime_error(std::string("statistics state does not fit this experiment: league ") + name);
    }
    for (std::size_t i = 0; i < into.size(); ++i) {
      const auto& value = state[name][i];
      if (!value.is_number_integer()) {
        throw std::runtime_error(std::string("statistics state does not fit this experiment: league ") + name);
      }
      into[i] = value.get<std::int64_t>();
    }
  };
  if (!state.is_object() || !state.contains("tables") || !state["tables"].is_number_integer()) {
    throw std::runtime_error("statistics state does not fit this experiment: league tables");
  }
  restored.tables_ = state["tables"].get<std::int64_t>();
  read("wins", restored.wins_);
  read("choices", restored.choices_);
  read("block_plays", restored.block_plays_);
  *this = std::move(restored);
}

void LeagueStats::save(nlohmann::json& cell_state) const { cell_state["league"] = state(); }

void LeagueStats::load(const nlohmann::json& cell_state) {
  if (!cell_state.contains("league")) throw bad_state("missing league");
  restore(cell_state["league"]);
}

CollectorInfo league_stats_info() {
  return {"league",
          "per jackknife group: the Plackett-Luce stages each entrant won and the choice sets of each block (league)",
          {},
          false,
          [](const Cell& cell) { return cell.format == Format::kLeague && cell.league != nullptr; },
          [](const Cell& cell, const std::vector<std::string>& labels) {
            return std::make_unique<LeagueStats>(static_cast<int>(labels.size()), cell.rules.players,
                                                 cell.league->blocks, duplicate_group_size(cell));
          }};
}

}  // namespace sngsim
