#include "sim/stats/league_stats.h"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

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

LeagueStats::LeagueStats(int entrants, int seats, std::vector<std::int16_t> block_entrants)
    : entrants_(entrants), seats_(seats), blocks_(std::move(block_entrants)) {
  if (seats_ < 2 || seats_ > kMaxLeagueSeats || entrants_ < seats_ || blocks_.empty() ||
      blocks_.size() % static_cast<std::size_t>(seats_) != 0) {
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
  placements_.assign(n * static_cast<std::size_t>(seats_ * seats_), 0);
  entries_.assign(n, 0);
  faults_.assign(n, 0);
}

int LeagueStats::group_of_unit(std::int64_t unit) {
  // splitmix64's finaliser: units next to each other land in unrelated groups.
  auto z = static_cast<std::uint64_t>(unit) + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<int>(z % kJackknifeGroups);
}

void LeagueStats::add(const LeagueTable& table) {
  if (table.block < 0 || table.block >= blocks()) throw bad_table(table, "block out of range");
  const std::span<const Placement> placement(table.placement_of_position.data(), static_cast<std::size_t>(seats_));
  if (!covers_places(placement)) throw bad_table(table, "placements do not cover places 1.." + std::to_string(seats_));
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
    const Placement place = placement[static_cast<std::size_t>(p)];
    wins_[static_cast<std::size_t>(group) * static_cast<std::size_t>(entrants_) + e] += won[static_cast<std::size_t>(p)];
    ++placements_[e * static_cast<std::size_t>(seats_ * seats_) + static_cast<std::size_t>((place.first - 1) * seats_ + place.count - 1)];
    ++entries_[e];
    faults_[e] += table.faults_of_position[static_cast<std::size_t>(p)];
  }
  ++block_plays_[static_cast<std::size_t>(table.block)];
  ++tables_;
}

void LeagueStats::merge(const LeagueStats& other) {
  if (entrants_ != other.entrants_ || seats_ != other.seats_ || blocks_ != other.blocks_) {
    throw std::invalid_argument("cannot merge league statistics of different schedules");
  }
  const auto add_all = [](std::vector<std::int64_t>& into, const std::vector<std::int64_t>& from) {
    for (std::size_t i = 0; i < into.size(); ++i) into[i] += from[i];
  };
  add_all(wins_, other.wins_);
  add_all(choices_, other.choices_);
  add_all(block_plays_, other.block_plays_);
  add_all(placements_, other.placements_);
  add_all(entries_, other.entries_);
  add_all(faults_, other.faults_);
  tables_ += other.tables_;
}

nlohmann::json LeagueStats::state() const {
  return nlohmann::json{{"tables", tables_},         {"wins", wins_},       {"choices", choices_},
                        {"block_plays", block_plays_}, {"placements", placements_}, {"entries", entries_},
                        {"faults", faults_}};
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
  read("placements", restored.placements_);
  read("entries", restored.entries_);
  read("faults", restored.faults_);
  *this = std::move(restored);
}

}  // namespace sngsim
