// Random play against the hand state machine: many hands with random tables
// (2..6 and 9 players, stacks down to a single chip, antes, every betting
// structure, hold'em and Omaha) and random actions, legal and deliberately
// illegal, checking invariants after every step.
//
// Failures are counted per invariant and reported once at the end with the
// first example (hand key and details), so one broken rule cannot flood the
// output and the loop stays fast (no Catch2 macro per step).
//
// The default run plays 200,000 hands; SNGSIM_SOAK=1 plays 4,000,000.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "engine/deck.h"
#include "engine/hand.h"
#include "engine/rng.h"
#include "tests/hand_test_util.h"

using namespace sngsim;
using namespace sngsim::testing;

namespace {

constexpr std::uint64_t kSeed = 0x5EED0F5A11D5ULL;
constexpr int kDefaultHands = 200'000;
constexpr int kSoakHands = 4'000'000;

bool soak_requested() {
  const char* soak = std::getenv("SNGSIM_SOAK");
  return soak != nullptr && std::string(soak) != "0" && !std::string(soak).empty();
}

class Random {
 public:
  explicit Random(std::uint64_t key) : rng_(key) {}
  // Uniform in [lo, hi].
  Chips between(Chips lo, Chips hi) {
    if (hi <= lo) return lo;
    const auto span = static_cast<std::uint64_t>(hi - lo) + 1;
    if (span <= 0xFFFFFFFFULL) return lo + static_cast<Chips>(rng_.below(static_cast<std::uint32_t>(span)));
    return lo + static_cast<Chips>(rng_.next() % span);
  }
  int below(int n) { return static_cast<int>(rng_.below(static_cast<std::uint32_t>(n))); }
  bool chance(double p) { return rng_.uniform() < p; }

 private:
  CounterRng rng_;
};

// Per-invariant failure counts with the first example of each.
class Failures {
 public:
  void add(const std::string& invariant, const std::string& example) {
    auto& entry = by_invariant_[invariant];
    if (entry.count++ == 0) entry.first = example;
  }
  bool empty() const { return by_invariant_.empty(); }
  void report() const {
    for (const auto& [name, entry] : by_invariant_) {
      INFO("invariant: " << name << "\nviolations: " << entry.count << "\nfirst example: " << entry.first);
      CHECK(entry.count == 0);
    }
  }

 private:
  struct Entry {
    long count = 0;
    std::string first;
  };
  std::map<std::string, Entry> by_invariant_;
};

HandSetup random_setup(Random& random, std::uint64_t deck_key) {
  static constexpr int kPlayerCounts[] = {2, 2, 3, 4, 5, 6, 6, 9};
  static constexpr Chips kBigBlinds[] = {2, 10, 20, 100};
  HandSetup setup;
  const int n = kPlayerCounts[random.below(8)];
  setup.num_players = n;
  setup.rules.betting = static_cast<BettingStructure>(random.below(3));
  setup.rules.hole_cards = random.chance(0.3) ? 4 : 2;
  const Chips bb = kBigBlinds[random.below(4)];
  Chips sb = bb / 2;
  if (random.chance(0.08)) sb = 0;                      // dead small blind (R5)
  if (random.chance(0.05)) sb = random.between(1, bb);  // odd small blinds
  setup.min_bet = bb;
  if (setup.rules.betting == BettingStructure::kFixedLimit) setup.big_bet = 2 * bb;

  const bool antes = random.chance(0.25);
  const Chips ante = antes ? (random.chance(0.5) ? std::max<Chips>(1, bb / 10) : random.between(1, bb)) : 0;
  for (int p = 0; p < n; ++p) {
    const auto i = static_cast<std::size_t>(p);
    const int kind = random.below(20);
    Chips stack = 0;
    if (kind < 3) {
      stack = random.between(1, bb + 1);  // smaller than (or just about) the big blind
    } else if (kind < 4) {
      stack = random.between(1, std::max<Chips>(1, ante + sb));  // may not cover ante and blind
    } else if (kind < 9) {
      stack = random.between(bb, 12 * bb);
    } else if (kind < 17) {
      stack = random.between(10 * bb, 120 * bb);
    } else {
      stack = random.between(100 * bb, 400 * bb);
    }
    setup.stacks[i] = stack;
    setup.antes[i] = ante;
    setup.seats[i] = static_cast<std::int8_t>(p);
  }
  if (n == 2) {
    setup.blinds[0] = bb;
    setup.blinds[1] = sb;
  } else {
    setup.blinds[0] = sb;
    setup.blinds[1] = bb;
  }

  Deck deck(deck_key);
  for (int p = 0; p < n; ++p) {
    for (int c = 0; c < setup.rules.hole_cards; ++c) {
      setup.hole[static_cast<std::size_t>(p)][static_cast<std::size_t>(c)] = deck.deal();
    }
  }
  for (auto& card : setup.board) card = deck.deal();
  return setup;
}

std::string describe(const HandSetup& setup, std::uint64_t hand_index) {
  std::ostringstream out;
  out << "hand #" << hand_index << " (seed " << kSeed << "): " << betting_name(setup.rules.betting) << ", "
      << setup.rules.hole_cards << " hole cards, " << setup.num_players << " players, min_bet " << setup.min_bet
      << ", stacks";
  for (int p = 0; p < setup.num_players; ++p) out << " " << setup.stacks[static_cast<std::size_t>(p)];
  out << ", blinds";
  for (int p = 0; p < setup.num_players; ++p) out << " " << setup.blinds[static_cast<std::size_t>(p)];
  out << ", ante " << setup.antes[0];
  return out.str();
}

std::string describe_legal(const LegalActions& l) {
  std::ostringstream out;
  out << "fold=" << l.can_fold << " check=" << l.can_check << " call=" << l.call_amount << " raise=" << l.can_raise
      << " [" << l.min_raise_to << ", " << l.max_raise_to << "]";
  return out.str();
}

struct Stats {
  long hands = 0;
  long steps = 0;
  long illegal_tried = 0;
  long showdowns = 0;
  long run_outs = 0;
  long side_pots = 0;  // hands where some live player was all-in for less than another
};

// Plays one random hand, recording every broken invariant into `failures`.
void play_random_hand(std::uint64_t hand_index, Hand& hand, Failures& failures, Stats& stats) {
  const std::uint64_t key = derive_key(kSeed, hand_index);
  Random random(derive_key(key, 1));
  const HandSetup setup = random_setup(random, derive_key(key, 0));
  const int n = setup.num_players;
  const Chips total = initial_total(setup);
  const std::string where = describe(setup, hand_index);
  auto fail = [&](const std::string& invariant, const std::string& detail) {
    failures.add(invariant, where + "\n  " + detail);
  };

  hand.start(setup);
  ++stats.hands;
  const long step_bound = 4L * n * (total / std::max<Chips>(1, setup.min_bet) + n + 4) + 16;
  long steps = 0;
  std::vector<bool> folded_by_action(static_cast<std::size_t>(n), false);

  while (!hand.is_terminal()) {
    if (++steps > step_bound) {
      fail("the hand ends within a bound of steps", "more than " + std::to_string(step_bound) + " steps");
      return;
    }
    ++stats.steps;

    // --- invariants of a state waiting for a decision ---
    const Observation obs = hand.observe();
    const int p = hand.current_player();
    const auto pi = static_cast<std::size_t>(p);
    if (p < 0 || p >= n) {
      fail("a non-terminal hand has a current player", "current_player " + std::to_string(p));
      return;
    }
    if (hand.has_folded(p) || hand.stack(p) <= 0) {
      fail("the player to act is in the hand and has chips",
           "player " + std::to_string(p) + " stack " + std::to_string(hand.stack(p)));
    }
    const LegalActions legal = hand.legal_actions();
    const Chips bet = obs.bets[pi];
    const Chips all_in_to = bet + hand.stack(p);
    const Chips to_call = std::max<Chips>(0, obs.highest_bet - bet);
    {
      std::string why;
      if (!legal.can_check && legal.call_amount <= 0) why = "neither check nor call";
      if (legal.can_check == legal.can_fold) why = "exactly one of check and fold must be offered (R10)";
      if (legal.can_check && legal.call_amount != 0) why = "check offered with chips to call";
      if (!legal.can_check && legal.call_amount != std::min(to_call, hand.stack(p)))
        why = "call amount is not min(owed, stack)";
      if (!why.empty())
        fail("legal actions include check or call (or fold), consistently", why + ": " + describe_legal(legal));
    }
    // R12: the most any other player still in the hand could have bet.
    Chips reach_of_others = 0;
    for (int q = 0; q < setup.num_players; ++q) {
      if (q != p && !hand.has_folded(q)) {
        reach_of_others = std::max(reach_of_others, obs.bets[static_cast<std::size_t>(q)] + hand.stack(q));
      }
    }
    const Chips cap_to = std::min(all_in_to, reach_of_others);
    if (!legal.can_raise && hand.stack(p) > to_call && reach_of_others > obs.highest_bet &&
        setup.rules.betting == BettingStructure::kNoLimit && obs.betting.raises_this_round == 0) {
      fail("legal raise sizes are consistent",
           "no bet offered although someone could answer one: " + describe_legal(legal));
    }
    if (legal.can_raise) {
      std::string why;
      if (legal.min_raise_to > legal.max_raise_to) why = "min > max";
      if (legal.max_raise_to > reach_of_others) why = "max above what another player could put in (R12)";
      if (legal.max_raise_to > all_in_to) why = "max above the stack";
      if (legal.min_raise_to <= obs.highest_bet) why = "min does not raise";
      if (setup.rules.betting == BettingStructure::kFixedLimit && legal.min_raise_to != legal.max_raise_to) {
        why = "fixed limit offers more than one size";
      }
      if (setup.rules.betting != BettingStructure::kFixedLimit && legal.min_raise_to != cap_to &&
          legal.min_raise_to < obs.highest_bet + setup.min_bet) {
        why = "raise smaller than the big blind without being all-in (R11)";
      }
      if (setup.rules.betting == BettingStructure::kNoLimit && legal.max_raise_to != cap_to) {
        why = "no-limit max is not the whole stack, or what another player could put in (R11, R12)";
      }
      if (setup.rules.betting == BettingStructure::kPotLimit) {
        const Chips pot_limit = obs.highest_bet + (obs.pot + obs.highest_bet - bet);  // V1
        if (legal.max_raise_to != std::min(cap_to, std::max(pot_limit, legal.min_raise_to))) {
          why = "pot-limit max is not B + (P + B - c) (V1), pot limit " + std::to_string(pot_limit);
        }
      }
      if (!why.empty()) fail("legal raise sizes are consistent", why + ": " + describe_legal(legal));
    }

    // --- sometimes an illegal action: rejected, nothing changes ---
    if (random.chance(0.04)) {
      ++stats.illegal_tried;
      Action bad = Action::raise_to(0);
      ApplyError expected = ApplyError::kNone;  // kNone: any error will do
      const int kind = random.below(3);
      if (!legal.can_raise) {
        bad = Action::raise_to(all_in_to + random.between(0, 5));
        expected = ApplyError::kCannotRaise;
      } else if (kind == 0 && legal.min_raise_to > obs.highest_bet + 1) {
        bad = Action::raise_to(random.between(obs.highest_bet - 3, legal.min_raise_to - 1));
      } else if (kind == 1) {
        bad = Action::raise_to(legal.max_raise_to + random.between(1, 1000));
      } else {
        bad = Action::raise_to(-random.between(0, 100));
      }
      const Snapshot before = snapshot(hand);
      const ApplyError error = hand.apply(bad);
      const bool wrong_error = error == ApplyError::kNone || (expected != ApplyError::kNone && error != expected);
      if (wrong_error) {
        fail("an illegal action is rejected", "raise_to " + std::to_string(bad.amount) + " returned '" +
                                                  apply_error_name(error) + "' with " + describe_legal(legal));
        if (error == ApplyError::kNone) return;  // the state moved on; stop this hand
      } else if (!(snapshot(hand) == before)) {
        fail("a rejected action changes nothing", "raise_to " + std::to_string(bad.amount));
      }
      continue;
    }

    // --- a random legal action ---
    Action action = Action::check_call();
    const int choice = random.below(100);
    if (legal.can_raise && choice < 30) {
      const int size = random.below(10);
      Chips to = 0;
      if (size < 3) {
        to = legal.min_raise_to;
      } else if (size < 5) {
        to = legal.max_raise_to;
      } else {
        to = random.between(legal.min_raise_to, legal.max_raise_to);
      }
      action = Action::raise_to(to);
    } else if (choice < 52) {
      action = Action::fold();  // a check when checking is free (R10)
    }
    const Chips stack_before = hand.stack(p);
    const ApplyError error = hand.apply(action);
    if (error != ApplyError::kNone) {
      fail("a legal action is accepted", std::string("action ") + std::to_string(static_cast<int>(action.type)) +
                                             " to " + std::to_string(action.amount) + " returned '" +
                                             apply_error_name(error) + "' with " + describe_legal(legal));
      return;
    }
    if (action.type == ActionType::kFold) {
      if (legal.can_check && hand.has_folded(p)) fail("a fold with a free check is a check (R10)", "player folded");
      if (!legal.can_check) folded_by_action[pi] = true;
    }
    if (action.type == ActionType::kCheckCall && !hand.is_terminal() &&
        stack_before - hand.stack(p) != legal.call_amount) {
      fail("a call puts in exactly the call amount",
           "put in " + std::to_string(stack_before - hand.stack(p)) + " with " + describe_legal(legal));
    }

    // --- invariants after every step ---
    Chips on_table = hand.pot();
    for (int q = 0; q < n; ++q) {
      on_table += hand.stack(q);
      if (hand.stack(q) < 0) fail("no negative stacks", "player " + std::to_string(q));
      if (hand.has_folded(q) != folded_by_action[static_cast<std::size_t>(q)]) {
        fail("only a fold facing a bet folds a player", "player " + std::to_string(q));
      }
    }
    if (on_table != total) {
      fail("chips are conserved after every step",
           "stacks + pot = " + std::to_string(on_table) + ", initially " + std::to_string(total));
    }
  }

  // --- the end of the hand ---
  Chips final_total = 0;
  for (int q = 0; q < n; ++q) final_total += hand.stack(q);
  if (final_total != total || hand.pot() != 0) {
    fail("final stacks sum to the initial total", "final " + std::to_string(final_total) + " initial " +
                                                      std::to_string(total) + " pot " + std::to_string(hand.pot()));
  }
  const LegalActions over = hand.legal_actions();
  if (hand.current_player() != -1 || over.can_check || over.can_fold || over.can_raise || over.call_amount != 0) {
    fail("a finished hand offers no action", describe_legal(over));
  }
  if (hand.apply(Action::check_call()) != ApplyError::kHandOver) {
    fail("a finished hand refuses actions", "apply did not return kHandOver");
  }

  std::vector<Chips> won(static_cast<std::size_t>(n), 0);
  std::vector<int> shown_or_mucked(static_cast<std::size_t>(n), 0);
  std::vector<Chips> returned(static_cast<std::size_t>(n), 0);
  for (const Event& e : hand.events()) {
    if (e.player < 0) continue;
    const auto i = static_cast<std::size_t>(e.player);
    if (e.type == EventType::kWin) won[i] += e.amount;
    if (e.type == EventType::kShow || e.type == EventType::kMuck) ++shown_or_mucked[i];
    if (e.type == EventType::kUncalledReturn) returned[i] += e.amount;
  }
  // The action counts bots read instead of the events say what the events say.
  ActionCounts counted;
  for (const Event& e : hand.events()) {
    if (e.player < 0) continue;
    const auto i = static_cast<std::size_t>(e.player);
    const bool action = e.type == EventType::kFold || e.type == EventType::kCheck || e.type == EventType::kCall ||
                        e.type == EventType::kBetRaise;
    counted.taken[i] += action ? 1 : 0;
    if (e.type != EventType::kBetRaise) continue;
    ++counted.aggressive[i];
    if (e.street == Street::kPreflop) counted.preflop_raisers |= 1u << e.player;
  }
  const ActionCounts& counts = hand.action_counts();
  if (counts.taken != counted.taken || counts.aggressive != counted.aggressive ||
      counts.preflop_raisers != counted.preflop_raisers) {
    fail("the action counts agree with the events", "preflop raisers " + std::to_string(counts.preflop_raisers) +
                                                        " against " + std::to_string(counted.preflop_raisers));
  }
  int live = 0;
  for (int q = 0; q < n; ++q) live += hand.has_folded(q) ? 0 : 1;
  Chips live_max = 0;
  for (int q = 0; q < n; ++q) {
    if (!hand.has_folded(q)) live_max = std::max(live_max, hand.committed(q));
  }
  bool some_live_all_in_for_less = false;
  for (int q = 0; q < n; ++q) {
    const auto i = static_cast<std::size_t>(q);
    const Chips initial = setup.stacks[i];
    const std::string who = "player " + std::to_string(q);
    if (hand.has_folded(q)) {
      if (won[i] != 0) fail("a player who folded never wins chips", who + " won " + std::to_string(won[i]));
      if (hand.stack(q) > initial) fail("a player who folded never ends with more chips", who);
      if (shown_or_mucked[i] != 0) fail("a folded player neither shows nor mucks (R18)", who);
    }
    // Events and stacks agree: what is left plus what was won and returned.
    if (hand.stack(q) != initial - hand.committed(q) + won[i]) {
      fail("final stack = initial - committed + won",
           who + " final " + std::to_string(hand.stack(q)) + " initial " + std::to_string(initial) + " committed " +
               std::to_string(hand.committed(q)) + " won " + std::to_string(won[i]));
    }
    // R13: from each opponent at most what this player put in.
    Chips can_win = 0;
    for (int r = 0; r < n; ++r) can_win += std::min(hand.committed(r), hand.committed(q));
    if (won[i] > can_win) {
      fail("R13 an all-in player wins from each opponent at most what it put in",
           who + " won " + std::to_string(won[i]) + ", at most " + std::to_string(can_win) + " (committed " +
               std::to_string(hand.committed(q)) + ")");
    }
    if (live >= 2 && !hand.has_folded(q)) {
      if (shown_or_mucked[i] != 1) fail("every player at showdown shows or mucks exactly once (R18)", who);
      const bool all_in = hand.committed(q) == initial;
      if (!all_in && hand.committed(q) != live_max) {
        fail("R9 a player who is not all-in has matched the bets at showdown",
             who + " committed " + std::to_string(hand.committed(q)) + " of " + std::to_string(live_max));
      }
      if (hand.committed(q) < live_max) some_live_all_in_for_less = true;
    }
  }
  if (live == 1 && count_events(hand, EventType::kShow) + count_events(hand, EventType::kMuck) != 0) {
    fail("an uncontested winner shows nothing (R18)", "show/muck events present");
  }
  if (live >= 2) {
    ++stats.showdowns;
    if (hand.board_count() != kBoardSize) fail("a showdown has the whole board", std::to_string(hand.board_count()));
    // R19: if hands were turned up before the last board card, every live
    // hand was, and none was mucked.
    const std::size_t first_show = first_event(hand, EventType::kShow);
    std::size_t last_deal = 0;
    const auto events = hand.events();
    for (std::size_t e = 0; e < events.size(); ++e) {
      if (events[e].type == EventType::kDealBoard) last_deal = e;
    }
    if (first_show < last_deal) {
      ++stats.run_outs;
      if (count_events(hand, EventType::kMuck) != 0) fail("R19 all hands are shown at an all-in run-out", "a muck");
    }
    if (some_live_all_in_for_less) ++stats.side_pots;
  }
  if (live >= 2 && steps == 0 && hand.board_count() != kBoardSize) {
    fail("a hand with nobody to act runs out the board", "");
  }
}

}  // namespace

TEST_CASE("Random play keeps every hand invariant", "[property]") {
  const int hands = soak_requested() ? kSoakHands : kDefaultHands;
  Failures failures;
  Stats stats;
  Hand hand;
  for (int h = 0; h < hands; ++h) play_random_hand(static_cast<std::uint64_t>(h), hand, failures, stats);

  INFO("hands " << stats.hands << ", steps " << stats.steps << ", illegal actions tried " << stats.illegal_tried
                << ", showdowns " << stats.showdowns << ", run-outs " << stats.run_outs << ", side pots "
                << stats.side_pots);
  // The generator must actually reach the interesting states.
  CHECK(stats.hands == hands);
  CHECK(stats.illegal_tried > hands / 10);
  CHECK(stats.showdowns > hands / 10);
  CHECK(stats.run_outs > hands / 50);
  CHECK(stats.side_pots > hands / 100);
  failures.report();
  CHECK(failures.empty());
}
