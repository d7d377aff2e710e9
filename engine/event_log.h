#pragma once
// The public record of a hand: what happened, in order, as every player saw
// it (RULES R18 for what is shown). Hands write it, observations and hand
// histories read it.

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "engine/card.h"
#include "engine/game_rules.h"

namespace sngsim {

enum class Street : std::uint8_t { kPreflop, kFlop, kTurn, kRiver, kShowdown };

enum class EventType : std::uint8_t {
  kAnte,       // amount posted as ante (V3)
  kBlind,      // amount posted as blind
  kDealHole,   // player received hole cards (cards are private: not in the event)
  kDealBoard,  // cards = the cards dealt now
  kFold,
  kCheck,
  kCall,      // amount = total bet this round after calling
  kBetRaise,  // amount = total bet this round after raising
  kShow,      // cards = the player's hole cards, shown
  kMuck,
  kUncalledReturn,  // amount returned (R14)
  kWin,             // amount won from one pot
};

struct Event {
  EventType type;
  std::int8_t player = -1;  // hand-order index, -1 for the dealer
  Street street = Street::kPreflop;
  Chips amount = 0;
  CardSet cards;
};

// The events of one hand, in order. Recording one is a few stores: the log
// keeps room ahead, and where the caller made room before (make_room), it
// records without a capacity check (record_in_room), so that no call, and
// no register saved for one, is on the engine's hot path.
class EventLog {
 public:
  EventLog() : events_(kInitialRoom), next_(events_.data()) {}
  EventLog(const EventLog& other) : events_(other.events_), next_(events_.data() + other.size()) {}
  EventLog(EventLog&& other) noexcept : events_(std::move(other.events_)), next_(other.next_) {
    other.next_ = other.events_.data();
  }
  EventLog& operator=(const EventLog& other) { return *this = EventLog(other); }
  EventLog& operator=(EventLog&& other) noexcept {
    events_.swap(other.events_);
    std::swap(next_, other.next_);
    return *this;
  }
  ~EventLog() = default;

  std::span<const Event> view() const { return {events_.data(), next_}; }
  std::size_t size() const { return static_cast<std::size_t>(next_ - events_.data()); }
  void clear() { next_ = events_.data(); }
  void record(const Event& event) {
    if (next_ == end()) [[unlikely]]
      grow(1);
    *next_++ = event;
  }
  void make_room(std::size_t count) {
    if (static_cast<std::size_t>(end() - next_) < count) grow(count);
  }
  void record_in_room(const Event& event) {
    assert(next_ < end());
    *next_++ = event;
  }

  static constexpr std::size_t kInitialRoom = 256;

 private:
  Event* end() { return events_.data() + events_.size(); }
  void grow(std::size_t count);

  std::vector<Event> events_;  // all of it room beyond next_
  Event* next_;
};

}  // namespace sngsim
