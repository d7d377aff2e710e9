// The event log records into room it keeps ahead, through a pointer into its
// own storage: growth, copies and moves must keep every event and never
// write into another log's storage.

#include <catch2/catch.hpp>

#include "engine/event_log.h"
#include "engine/hand.h"
#include "tests/hand_test_util.h"

using namespace sngsim;
using namespace sngsim::testing;

namespace {

Event numbered(Chips n) { return Event{EventType::kCall, static_cast<std::int8_t>(n % 9), Street::kFlop, n, {}}; }

// The log holds exactly the events numbered 0..count-1, in order.
void require_numbered(const EventLog& log, Chips count) {
  REQUIRE(log.size() == static_cast<std::size_t>(count));
  Chips n = 0;
  for (const Event& event : log.view()) REQUIRE(event.amount == n++);
}

}  // namespace

TEST_CASE("The event log keeps every event as it grows, whichever way they are recorded", "[event-log]") {
  EventLog log;
  const Chips count = 5 * static_cast<Chips>(EventLog::kInitialRoom) + 3;
  for (Chips n = 0; n < count; ++n) {
    if (n % 3 == 0) {
      log.record(numbered(n));
    } else {
      log.make_room(2);
      log.record_in_room(numbered(n));
    }
  }
  require_numbered(log, count);
  log.clear();
  REQUIRE(log.view().empty());
  log.record(numbered(0));
  require_numbered(log, 1);
}

TEST_CASE("A copied event log records into its own storage", "[event-log]") {
  EventLog original;
  for (Chips n = 0; n < 10; ++n) original.record(numbered(n));
  EventLog copy(original);
  for (Chips n = 10; n < 3 * static_cast<Chips>(EventLog::kInitialRoom); ++n) copy.record(numbered(n));
  require_numbered(original, 10);
  require_numbered(copy, 3 * static_cast<Chips>(EventLog::kInitialRoom));

  EventLog assigned;
  assigned.record(numbered(99));
  assigned = original;
  assigned.record(numbered(10));
  require_numbered(assigned, 11);
  require_numbered(original, 10);
}

TEST_CASE("A moved event log keeps its events, and the log moved from records again", "[event-log]") {
  EventLog from;
  for (Chips n = 0; n < 20; ++n) from.record(numbered(n));
  EventLog to(std::move(from));
  require_numbered(to, 20);

  from.clear();  // NOLINT(bugprone-use-after-move): a moved-from log is valid and reusable
  from.make_room(1);
  from.record_in_room(numbered(0));
  from.record(numbered(1));
  require_numbered(from, 2);

  EventLog assigned;
  assigned = std::move(to);
  assigned.record(numbered(20));
  require_numbered(assigned, 21);
}

// R12: min-raises heads-up until one player is all-in, then a call: far more
// events than the log's first room, every chip where the rules put it.
TEST_CASE("R12 a raising war longer than the event log's first room keeps every event and chip", "[event-log]") {
  TableSpec spec;
  spec.stacks = {20'000, 20'000};
  spec.blinds = blinds_for(2, 10, 20);
  spec.holes = {"AhAs", "KdKc"};
  spec.board = "2c7d9hJs3c";
  Hand hand;
  hand.start(make_setup(spec));
  int raises = 0;
  while (!hand.is_terminal()) {
    const LegalActions legal = hand.legal_actions();
    REQUIRE(hand.apply(legal.can_raise ? Action::raise_to(legal.min_raise_to) : Action::check_call()) ==
            ApplyError::kNone);
    raises += legal.can_raise ? 1 : 0;
  }
  // Preflop the button (index 1) acts first: raises to 40, 60, ... 20,000,
  // one bet of 20 more each time, 999 raises, and the last one is called.
  REQUIRE(raises == 999);
  // 2 blinds, 2 deals of hole cards, 999 raises, the call, 2 hands shown
  // for the run-out (R19), the board, the win: nearly four times the room.
  REQUIRE(hand.events().size() == 1008);
  std::size_t raise_events = 0;
  for (const Event& event : hand.events()) raise_events += event.type == EventType::kBetRaise ? 1 : 0;
  REQUIRE(raise_events == 999);
  REQUIRE(stacks_of(hand) == std::vector<Chips>{40'000, 0});  // aces hold on a dry board
}
