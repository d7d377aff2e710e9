#include "sim/formats/play_hand.h"

#include <exception>
#include <optional>

#include "strategies/strategy_fault.h"

namespace sngsim {

namespace {

// V5: a decision that throws or that the engine rejects becomes a check when
// checking is free and a fold otherwise; the fault is counted by its reason.
// A BotSetupFailure is no fault but a broken setup and ends the run.
// `action_of(observation)` is the strategy's decide() or answer().
// Returns the fault's reason, or nothing when the strategy's own action stood.
template <typename ActionOf>
std::optional<FaultReason> decide_or_fault(ActionOf&& action_of, const Observation& observation, Hand& hand,
                                           FaultCounts& faults) {
  FaultReason reason = FaultReason::kIllegal;
  try {
    const Action action = action_of(observation);
    if (hand.apply(action) == ApplyError::kNone) return std::nullopt;
  } catch (const StrategyFault& fault) {
    reason = fault.reason();
  } catch (const BotSetupFailure&) {
    throw;
  } catch (const std::exception&) {
    reason = FaultReason::kError;
  } catch (...) {
    reason = FaultReason::kError;
  }
  faults.add(reason);
  const Action fallback = observation.legal.can_check ? Action::check_call() : Action::fold();
  hand.apply(fallback);
  return reason;
}

// A fault of `seat` in the hand: counted, and kept when it is the seat's
// first of the hand, with the reply behind it.
void note_fault(HandProgress& progress, std::size_t seat, FaultReason reason, const Strategy& strategy) {
  ++progress.faults;
  for (const HandFault& earlier : progress.first_faults) {
    if (earlier.seat == static_cast<int>(seat)) return;
  }
  progress.first_faults.push_back(HandFault{static_cast<int>(seat), reason, strategy.fault_reply()});
}

}  // namespace

bool continue_hand(Hand& hand, const std::vector<std::unique_ptr<Strategy>>& strategy_of_seat,
                   std::span<FaultCounts> faults_of_seat, TableSitOuts* sit_outs, HandProgress& progress,
                   bool may_pause, TableObserver* observer, const TableView* view) {
  const HandSetup& setup = hand.setup();
  while (!hand.is_terminal()) {
    // Resuming: the player to act is the one asked, whose answer is waiting.
    const bool resuming = progress.waiting;
    progress.waiting = false;
    const auto seat = static_cast<std::size_t>(setup.seats[static_cast<std::size_t>(hand.current_player())]);
    Strategy& strategy = *strategy_of_seat[seat];
    const auto action_of = [&](const Observation& observation) {
      return resuming ? strategy.answer(observation) : strategy.decide(observation);
    };
    if (sit_outs == nullptr) {
      if (const auto fault = decide_or_fault(action_of, hand.observe(), hand, faults_of_seat[seat])) {
        note_fault(progress, seat, *fault, strategy);
      }
      if (observer != nullptr)
        observer->decision_made(*view, hand, static_cast<int>(seat), strategy.last_decision_ns());
      continue;
    }
    if (!resuming && sit_outs->out[seat]) {
      // V8: the table acts for a seat sitting out, as for a fault.
      hand.apply(hand.legal_actions().can_check ? Action::check_call() : Action::fold());
      continue;
    }
    if (!resuming && may_pause && strategy.decides_outside()) {
      strategy.ask(hand.observe());
      progress.waiting = true;
      return false;
    }
    const std::int64_t timeouts = faults_of_seat[seat].count(FaultReason::kTimeout);
    const auto fault = decide_or_fault(action_of, hand.observe(), hand, faults_of_seat[seat]);
    if (fault) note_fault(progress, seat, *fault, strategy);
    if (observer != nullptr) observer->decision_made(*view, hand, static_cast<int>(seat), strategy.last_decision_ns());
    sit_outs->clock[seat]->decided(fault.has_value(), faults_of_seat[seat].count(FaultReason::kTimeout) > timeouts,
                                   sit_outs->rule);
  }
  std::array<Chips, kMaxPlayers> stacks{};
  for (int p = 0; p < setup.num_players; ++p) stacks[static_cast<std::size_t>(p)] = hand.stack(p);
  const auto players = static_cast<std::size_t>(setup.num_players);
  const HandEnd end{hand.events(), hand.action_counts(), std::span<const Chips>(stacks.data(), players),
                    std::span<const std::int8_t>(setup.seats.data(), players)};
  for (std::size_t p = 0; p < players; ++p) strategy_of_seat[static_cast<std::size_t>(setup.seats[p])]->hand_ended(end);
  return true;
}

int play_hand(Hand& hand, const std::vector<std::unique_ptr<Strategy>>& strategy_of_seat,
              std::span<FaultCounts> faults_of_seat, TableSitOuts* sit_outs) {
  HandProgress progress;
  continue_hand(hand, strategy_of_seat, faults_of_seat, sit_outs, progress, false);
  return progress.faults;
}

}  // namespace sngsim
