#include "sim/io/phh_replay.h"

#include <algorithm>
#include <functional>
#include <numeric>
#include <ostream>
#include <string_view>

namespace sngsim {

std::optional<std::vector<Chips>> resolve_half_chips(const std::vector<RecordedStack>& stacks) {
  const auto halves = std::count_if(stacks.begin(), stacks.end(), [](const RecordedStack& s) { return s.half; });
  if (halves % 2 != 0) return std::nullopt;
  std::vector<Chips> whole;
  whole.reserve(stacks.size());
  auto rounded_up = halves / 2;
  for (const RecordedStack& stack : stacks) {
    const bool up = stack.half && rounded_up-- > 0;
    whole.push_back(stack.chips + (up ? 1 : 0));
  }
  return whole;
}

namespace {

std::string player_name(int player) {
  // Appending (not "p" + ...) sidesteps a GCC 12 -Wrestrict false positive.
  std::string name = "p";
  name += std::to_string(player + 1);
  return name;
}

std::string describe_legal(const LegalActions& legal) {
  std::string text;
  if (legal.can_fold) text += "fold, ";
  text += legal.can_check ? "check" : "call " + std::to_string(legal.call_amount);
  if (legal.can_raise) {
    text += ", raise to " + std::to_string(legal.min_raise_to) + ".." + std::to_string(legal.max_raise_to);
  }
  return text;
}

std::vector<Chips> stacks_of(const Hand& hand, int n) {
  std::vector<Chips> stacks;
  for (int p = 0; p < n; ++p) stacks.push_back(hand.stack(p));
  return stacks;
}

// Histories written by tools without R12's last rule may bet past what any
// other live player could put in. The excess would come back uncalled, so
// such a bet is played as the largest one R12 allows, or as a call when R12
// allows none: chip for chip the same hand.
Action within_reach(const Hand& hand, Action action) {
  if (action.type != ActionType::kBetRaise) return action;
  const Observation& obs = hand.observe();
  const int me = hand.current_player();
  Chips reach = 0;
  for (int q = 0; q < obs.num_players; ++q) {
    if (q != me && !hand.has_folded(q)) reach = std::max(reach, obs.bets[static_cast<std::size_t>(q)] + hand.stack(q));
  }
  const Chips all_in_to = obs.bets[static_cast<std::size_t>(me)] + hand.stack(me);
  if (action.amount <= reach || action.amount > all_in_to) return action;
  if (reach <= obs.highest_bet) return Action::check_call();
  const LegalActions legal = hand.legal_actions();
  return legal.can_raise && legal.max_raise_to == reach ? Action::raise_to(reach) : action;
}

}  // namespace

std::string replay_actions(const PhhHand& phh, const PhhGame& game, Hand& hand,
                           const std::function<void(const Hand&)>& after_each) {
  for (const PhhAction& action : game.actions) {
    const std::string at = "action " + std::to_string(action.index + 1) + " '" +
                           phh.actions[static_cast<std::size_t>(action.index)] + "': ";
    if (hand.is_terminal()) return at + "the engine has already finished the hand";
    if (hand.board_count() != action.board_cards) {
      return at + "the history has dealt " + std::to_string(action.board_cards) + " board cards, the engine " +
             std::to_string(hand.board_count());
    }
    if (hand.current_player() != action.player) {
      return at + "the engine has " + player_name(hand.current_player()) + " to act";
    }
    const LegalActions legal = hand.legal_actions();
    const ApplyError error = hand.apply(within_reach(hand, action.action));
    if (error != ApplyError::kNone) {
      return at + "illegal: " + apply_error_name(error) + " (legal: " + describe_legal(legal) + ")";
    }
    if (after_each) after_each(hand);
  }
  if (!hand.is_terminal()) {
    return "the history ends but the engine has " + player_name(hand.current_player()) + " to act";
  }
  return {};
}

HandReplay replay_hand(const PhhHand& phh) {
  HandReplay result;
  auto converted = convert_phh_hand(phh);
  if (const auto* error = std::get_if<PhhError>(&converted)) {
    result.status = ReplayStatus::kUnreadable;
    result.reason = error->reason;
    return result;
  }
  const PhhGame& game = std::get<PhhGame>(converted);
  const int n = game.setup.num_players;

  if (phh.finishing_stacks) {
    auto expected = resolve_half_chips(*phh.finishing_stacks);
    if (!expected) {
      result.status = ReplayStatus::kUnreadable;
      result.reason = "finishing_stacks has an odd number of half chips";
      return result;
    }
    result.expected = std::move(*expected);
  }

  Hand hand;
  hand.start(game.setup);
  result.reason = replay_actions(phh, game, hand);
  result.actual = stacks_of(hand, n);
  if (!result.reason.empty()) {
    result.status = ReplayStatus::kFailed;
    return result;
  }

  // Filler cards stand in for unknown ones; they may not decide a showdown.
  int live = 0;
  for (int p = 0; p < n; ++p) live += hand.has_folded(p) ? 0 : 1;
  if (live >= 2) {
    for (int p = 0; p < n; ++p) {
      if (!hand.has_folded(p) && !game.hole_known[static_cast<std::size_t>(p)]) {
        result.status = ReplayStatus::kUnreadable;
        result.reason = "unknown hole cards of " + player_name(p) + " reach the showdown";
        return result;
      }
    }
    if (game.board_known < kBoardSize) {
      result.status = ReplayStatus::kUnreadable;
      result.reason = "the showdown needs board cards the history does not give";
      return result;
    }
  }

  const Chips before = std::accumulate(phh.starting_stacks.begin(), phh.starting_stacks.end(), Chips{0});
  const Chips after = std::accumulate(result.actual.begin(), result.actual.end(), Chips{0});
  if (before != after) {
    result.status = ReplayStatus::kFailed;
    result.reason = "the engine did not conserve chips (" + std::to_string(before) + " before, " +
                    std::to_string(after) + " after)";
    return result;
  }
  if (phh.finishing_stacks && result.actual != result.expected) {
    result.status = ReplayStatus::kFailed;
    result.reason = "final stacks differ";
  }
  return result;
}

namespace {

void print_stacks(std::ostream& out, std::string_view label, const std::vector<Chips>& stacks) {
  out << "  " << label;
  for (const Chips chips : stacks) out << ' ' << chips;
  out << '\n';
}

class Reporter {
 public:
  Reporter(std::ostream& out, int max_print) : out_(out), max_print_(max_print) {}

  bool should_print() {
    ++problems_;
    return problems_ <= max_print_;
  }
  int unprinted() const { return std::max(0, problems_ - max_print_); }
  std::ostream& out() { return out_; }

 private:
  std::ostream& out_;
  int max_print_;
  int problems_ = 0;
};

}  // namespace

ReplayResult replay_files(const std::vector<std::string>& paths, const ReplayOptions& options, std::ostream& out) {
  ReplayResult total;
  Reporter reporter(out, options.max_print);
  for (const std::string& path : paths) {
    const PhhFile file = read_phh_file(path);
    for (const PhhError& error : file.errors) {
      ++total.unreadable;
      if (reporter.should_print()) out << error.message() << '\n';
    }
    for (const PhhHand& hand : file.hands) {
      if (!options.variants.empty() &&
          std::find(options.variants.begin(), options.variants.end(), hand.variant) == options.variants.end()) {
        ++total.skipped;
        continue;
      }
      const HandReplay replay = replay_hand(hand);
      switch (replay.status) {
        case ReplayStatus::kPassed: ++total.passed; continue;
        case ReplayStatus::kFailed: ++total.failed; break;
        case ReplayStatus::kUnreadable: ++total.unreadable; break;
      }
      if (!reporter.should_print()) continue;
      out << PhhError{hand.file, hand.name, replay.reason}.message() << '\n';
      if (!replay.expected.empty()) print_stacks(out, "expected:", replay.expected);
      if (!replay.actual.empty()) print_stacks(out, "actual:  ", replay.actual);
    }
  }
  if (reporter.unprinted() > 0) out << "(" << reporter.unprinted() << " more problems not printed)\n";
  if (total.skipped > 0) out << total.skipped << " hands skipped (variant not selected)\n";
  if (total.unreadable > 0) out << total.unreadable << " of the failures could not be read\n";
  out << total.passed << " passed, " << (total.failed + total.unreadable) << " failed\n";
  return total;
}

}  // namespace sngsim
