#include "sim/run/tables_in_flight.h"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <map>
#include <memory>

#include "engine/hand.h"
#include "bot_hosting/bot_pool.h"

namespace sngsim {

namespace {

constexpr std::size_t kMaxAnswerers = 4;
std::array<std::atomic<WaitingAnswerer>, kMaxAnswerers> g_answerers{};

void answer_hosted_decisions() {
  for (const auto& answerer : g_answerers) {
    const WaitingAnswerer answer = answerer.load(std::memory_order_acquire);
    if (answer == nullptr) return;
    answer();
  }
}

}  // namespace

bool has_outside_seats(const Cell& cell) {
  return std::any_of(cell.entrants.begin(), cell.entrants.end(),
                     [](const Entrant& entrant) { return entrant.process != nullptr || entrant.hosted; });
}

void add_waiting_answerer(WaitingAnswerer answerer) {
  for (auto& slot : g_answerers) {
    WaitingAnswerer expected = nullptr;
    if (slot.load() == answerer || slot.compare_exchange_strong(expected, answerer)) return;
  }
  throw std::logic_error("add_waiting_answerer: more answerers than kMaxAnswerers");
}

bool play_units_in_flight(const Cell& cell, const std::vector<int>& label_of_entrant, std::uint64_t seed,
                          std::int64_t begin, std::int64_t end, int width, const PlayOptions& options, CellStats& stats,
                          const std::atomic<bool>* stop) {
  // Each slot has its own Hand: a paused table keeps its hand in it.
  thread_local std::vector<std::unique_ptr<Hand>> hands;
  const auto slots = static_cast<std::size_t>(std::clamp<std::int64_t>(end - begin, 1, std::max(width, 1)));
  while (hands.size() < slots) hands.push_back(std::make_unique<Hand>());
  std::vector<std::unique_ptr<UnitPlay>> in_flight(slots);

  // Units that finished before an earlier one wait here for their turn.
  std::map<std::int64_t, std::unique_ptr<UnitPlay>> finished;
  std::int64_t next_to_add = begin;
  std::int64_t next_to_start = begin;
  const auto retire = [&](std::unique_ptr<UnitPlay> unit) {
    finished.emplace(unit->unit(), std::move(unit));
    for (auto first = finished.begin(); first != finished.end() && first->first == next_to_add;
         first = finished.begin()) {
      first->second->add_to(stats);
      finished.erase(first);
      ++next_to_add;
    }
  };
  // Plays a slot's unit on, and starts new ones in it while they finish
  // without waiting; the slot is left waiting, or empty when no unit is left.
  const auto advance = [&](std::size_t slot) {
    while (true) {
      if (!in_flight[slot]) {
        if (next_to_start == end) return;
        in_flight[slot] = std::make_unique<UnitPlay>(cell, label_of_entrant, seed, next_to_start++, options,
                                                     *hands[slot], stats.watch_unit());
      }
      if (!in_flight[slot]->play(true)) return;
      retire(std::move(in_flight[slot]));
    }
  };

  for (std::size_t slot = 0; slot < slots; ++slot) advance(slot);
  while (std::any_of(in_flight.begin(), in_flight.end(), [](const auto& unit) { return unit != nullptr; })) {
    if (stop != nullptr && stop->load(std::memory_order_relaxed)) return false;
    answer_waiting_decisions();
    answer_hosted_decisions();
    for (std::size_t slot = 0; slot < slots; ++slot) {
      if (in_flight[slot]) advance(slot);
    }
  }
  return true;
}

}  // namespace sngsim
