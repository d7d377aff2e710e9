#pragma once
// The interface every bot implements.
//
// A strategy sees only the engine's Observation (its own cards, the public
// state and the hand's public history) and draws randomness only from its
// own stream, keyed by (seed, tournament, seat). One instance plays one
// tournament: it may remember what it saw there (opponent modelling) and
// nothing else, so results never depend on threads or scheduling.

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "engine/hand.h"
#include "engine/rng.h"
#include "engine/tournament.h"

namespace sngsim {

// The table when a hand is over, as every player saw it.
struct HandEnd {
  std::span<const Event> events;       // the hand's public events, shown cards included
  ActionCounts action_counts;          // each hand-order player's actions (Hand::action_counts)
  std::span<const Chips> stacks;       // stacks[p]: hand-order player p's stack after the hand
  std::span<const std::int8_t> seats;  // seats[p]: its table seat
};

class Strategy {
 public:
  virtual ~Strategy() = default;

  // The action for the player to act. An action the engine rejects, or an
  // exception, is a fault: the runner checks when checking is free and folds
  // otherwise (V5), and counts it.
  virtual Action decide(const Observation& observation) = 0;

  // A strategy that decides outside this thread (a bot in another process)
  // may also be asked without waiting, so that the thread plays other
  // tables meanwhile and many questions go out together
  // (docs/design-tables-in-flight.md). The table then calls ask(), pauses,
  // and once the thread has had every waiting question answered
  // (bot_hosting/bot_pool.h, answer_waiting_decisions) calls answer() with
  // the same observation: its result is what decide() would have returned,
  // faults included. The observation ask() is given stays valid and
  // unchanged until that answer() (the paused hand holds it), so a strategy
  // may read it while the thread answers. decide() stays the one-question path.
  virtual bool decides_outside() const { return false; }
  virtual void ask(const Observation& /*observation*/) {}
  virtual Action answer(const Observation& observation) { return decide(observation); }

  // What the strategy answered in its last decision, as a fault example
  // shows it (sim/stats/fault_examples.h): a bot in another process gives
  // its reply, escaped and cut (bot_protocol.h, escaped_reply); empty for
  // strategies without a reply to show. Asked right after a fault.
  virtual std::string fault_reply() const { return {}; }

  // Called once per hand after it ends, for strategies that model their
  // opponents or keep count of the table.
  virtual void hand_ended(const HandEnd& /*end*/) {}

  // Called once when the table is over, before the strategy is destroyed,
  // with the player's place and the share of the prize pool (percent) that
  // place pays. Not called for cash sessions.
  virtual void tournament_over(Placement /*place*/, double /*prize_percent*/) {}

  // Microseconds of the time bank (V5) this player drew on in the
  // tournament; only strategies under a clock (process bots) draw on it.
  virtual std::int64_t bank_used_us() const { return 0; }

  // Nanoseconds the last decide() or answer() took, as the strategy itself
  // measured it (a process bot: from its request written to its reply
  // read), or -1 when it does not measure (built-ins: timing them would
  // cost more than some of their decisions). Read by the decision-time
  // statistics (sim/stats/decision_time_stats.cpp) after every decision.
  virtual std::int64_t last_decision_ns() const { return -1; }
};

// What a strategy is created with, besides its parameters.
struct StrategyContext {
  StrategyContext() = default;
  StrategyContext(std::uint64_t key, int seat_index) : rng_key(key), seat(seat_index) {}

  std::uint64_t rng_key = 0;  // the strategy's own random stream
  int seat = 0;
  // What a bot in another process is told at the start (bots in this
  // process read what they need from observations): the tournament's index
  // in its cell, the table's rules (null when unknown) and the pool share
  // of each place, in percent.
  std::int64_t tournament = 0;
  const TournamentRules* rules = nullptr;
  std::span<const int> payout_percent;
  // A cash session (V7): fixed blinds, no hand cap, nothing paid by place.
  bool cash_session = false;
};

}  // namespace sngsim
