#include "sim/io/phh_grade.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>
#include <variant>

#include "engine/game_definition.h"
#include "poker_math/hand_classes.h"

namespace sngsim {

namespace {

// One decision found in a hand, before its spot is solved.
struct PendingDecision {
  GradedDecision decision;
  int spot = -1;  // index into the distinct spots
  PushFoldNode node;
  int hand_class = 0;
  bool all_in = false;  // the action taken: all-in (push or call) or fold
  double pool_fraction = 1.0;
};

// The spot index of a hand-order index: preflop order starts left of the
// big blind (heads-up: with the button, who is hand index 1).
int spot_index_of(int hand_index, int n) { return n == 2 ? 1 - hand_index : (hand_index + n - 2) % n; }
int hand_index_of(int spot_index, int n) { return n == 2 ? 1 - spot_index : (spot_index + 2) % n; }

std::int64_t key_part(double value) { return std::llround(value * 1e6); }

double rounded(double value, double bucket) { return bucket > 0.0 ? std::round(value / bucket) * bucket : value; }

class Grader {
 public:
  explicit Grader(const GradeOptions& options) : options_(options) {}

  // Reads one hand's decisions; returns how many had cards known / unknown.
  void add_hand(const PhhHand& hand, std::int64_t& with_cards, std::int64_t& without_cards) {
    ++report_.hands;
    const std::string where = hand.file + ": hand " + hand.name;
    const auto converted = convert_phh_hand(hand);
    if (const PhhError* error = std::get_if<PhhError>(&converted)) throw GradeError(error->message());
    const PhhGame& game = std::get<PhhGame>(converted);
    const HandSetup& setup = game.setup;
    const int n = setup.num_players;
    const auto at = [](const auto& values, int i) { return values[static_cast<std::size_t>(i)]; };
    // A negative blind is a post, which only cash tables have: a history
    // with one is not of a tournament, and grading it as one would be wrong.
    for (const Chips post : hand.posts) {
      if (post > 0) {
        throw GradeError(where + ": a negative blind (a post of " + std::to_string(post) +
                         "): grade solves tournament spots, where every blind is positive");
      }
    }
    if (setup.rules.betting != BettingStructure::kNoLimit || !is_holdem(setup.rules.hole_cards)) {
      ++report_.hands_not_push_fold;
      return;
    }

    std::vector<double> payouts;
    if (options_.payouts) {
      payouts = *options_.payouts;
    } else if (hand.payouts) {
      payouts = *hand.payouts;
    } else {
      throw GradeError(where + ": no payouts known (the history has no '_payouts'; give --payouts, e.g. 50,30,20)");
    }
    if (n < 2 || n > kMaxPushFoldPlayers) {
      ++report_.hands_unsolvable;
      return;
    }

    // The spot: stacks in preflop order, in big blinds.
    Chips big_blind = 0;
    for (int h = 0; h < n; ++h) big_blind = std::max(big_blind, at(setup.blinds, h));
    if (big_blind <= 0 || at(setup.blinds, hand_index_of(n - 1, n)) != big_blind) {
      ++report_.hands_unsolvable;
      return;
    }
    const double bb = static_cast<double>(big_blind);
    PushFoldSpot spot;
    for (int s = 0; s < n; ++s) {
      const int h = hand_index_of(s, n);
      const double stack = static_cast<double>(at(setup.stacks, h)) / bb;
      const double blind = static_cast<double>(at(setup.blinds, h)) / bb;
      const double ante = static_cast<double>(at(setup.antes, h)) / bb;
      double bucketed = rounded(stack, options_.bucket_bb);
      if (bucketed <= blind + ante) bucketed = stack;  // never round a player into being all-in by posting
      spot.stacks.push_back(bucketed);
      spot.blinds.push_back(blind);
      spot.antes.push_back(ante);
    }
    double total = 0.0;
    double open = 0.0;
    for (std::size_t i = 0; i < payouts.size(); ++i) {
      total += payouts[i];
      if (i < static_cast<std::size_t>(n)) open += payouts[i];
    }
    for (int i = 0; i < n; ++i)
      spot.payouts.push_back(i < static_cast<int>(payouts.size()) ? payouts[static_cast<std::size_t>(i)] : 0.0);
    if (!(open > 0.0) || push_fold_spot_error(spot)) {
      ++report_.hands_unsolvable;
      return;
    }

    // Walks the preflop actions through the push/fold model.
    std::vector<PendingDecision> found;
    int last = -1;
    int pusher = -1;
    std::uint32_t callers = 0;
    std::vector<bool> folded(static_cast<std::size_t>(n), false);
    for (const PhhAction& action : game.actions) {
      if (action.board_cards > 0) break;
      const int h = action.player;
      const int s = spot_index_of(h, n);
      // What the player can put in this round, or less when that covers
      // every other player still in: R12 caps a bet at what another live
      // player can follow, and the writer records such a shove as that cap
      // (or a full raise above it), so it is an all-in in the model's sense.
      Chips reach = 0;
      for (int j = 0; j < n; ++j) {
        if (j != h && !folded[static_cast<std::size_t>(j)])
          reach = std::max(reach, at(setup.stacks, j) - at(setup.antes, j));
      }
      const Chips whole = std::min(at(setup.stacks, h) - at(setup.antes, h), reach);
      bool all_in = false;
      switch (action.action.type) {
        case ActionType::kFold: break;
        case ActionType::kCheckCall:
          if (pusher < 0) {  // a limp or a check
            ++report_.hands_not_push_fold;
            return;
          }
          all_in = true;
          break;
        case ActionType::kBetRaise:
          if (action.action.amount < whole) {  // a raise short of all-in
            ++report_.hands_not_push_fold;
            return;
          }
          all_in = true;
          break;
      }
      if (s <= last) {  // acts twice or out of order: not the model's game
        ++report_.hands_not_push_fold;
        return;
      }
      last = s;
      PendingDecision d;
      d.node = PushFoldNode{s, pusher, pusher < 0 ? 0u : callers};
      d.all_in = all_in;
      d.hand_class = hand_class_of(at(setup.hole, h)[0], at(setup.hole, h)[1]);
      GradedDecision& g = d.decision;
      g.file = hand.file;
      g.hand = hand.name;
      g.label = h < static_cast<int>(hand.players.size()) ? hand.players[static_cast<std::size_t>(h)]
                                                          : "p" + std::to_string(h + 1);
      g.player = h < static_cast<int>(hand.entrants.size())
                     ? g.label + " #" + std::to_string(hand.entrants[static_cast<std::size_t>(h)])
                     : g.label;
      g.position = s;
      g.players = n;
      g.hand_class = hand_class_name(d.hand_class);
      g.facing_all_in = pusher >= 0;
      g.action = !all_in ? "fold" : pusher < 0 ? "push" : "call";
      double others = 0.0;
      for (int j = 0; j < n; ++j) {
        if (j != h && !folded[static_cast<std::size_t>(j)])
          others = std::max(others, static_cast<double>(at(setup.stacks, j)));
      }
      g.effective_bb = std::min(static_cast<double>(at(setup.stacks, h)), others) / bb;
      d.pool_fraction = open / total;
      if (!all_in) folded[static_cast<std::size_t>(h)] = true;
      if (all_in && pusher < 0) {
        pusher = s;
      } else if (all_in) {
        callers |= 1u << s;
      }
      if (g.effective_bb > options_.max_bb + 1e-9) {
        ++report_.deep_decisions;
        continue;
      }
      if (!game.hole_known[static_cast<std::size_t>(h)]) {
        ++report_.unknown_cards;
        ++without_cards;
        continue;
      }
      ++with_cards;
      found.push_back(std::move(d));
    }
    if (found.empty()) return;
    ++report_.hands_graded;

    std::vector<std::int64_t> key;
    for (int s = 0; s < n; ++s) {
      for (const double v : {spot.stacks[static_cast<std::size_t>(s)], spot.blinds[static_cast<std::size_t>(s)],
                             spot.antes[static_cast<std::size_t>(s)], spot.payouts[static_cast<std::size_t>(s)]}) {
        key.push_back(key_part(v));
      }
    }
    const auto [it, inserted] = spot_index_.try_emplace(key, static_cast<int>(spots_.size()));
    if (inserted) spots_.push_back(spot);
    for (PendingDecision& d : found) {
      d.spot = it->second;
      pending_.push_back(std::move(d));
    }
  }

  GradeReport finish() {
    std::vector<IcmPushFoldSolution> solutions(spots_.size());
    std::atomic<std::size_t> next{0};
    const auto work = [&] {
      for (std::size_t i = next++; i < spots_.size(); i = next++)
        solutions[i] = solve_icm_push_fold(spots_[i], options_.solver);
    };
    const int threads = std::max(1, std::min<int>(options_.threads, static_cast<int>(spots_.size())));
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    report_.spots_solved = static_cast<std::int64_t>(spots_.size());
    for (const IcmPushFoldSolution& s : solutions) report_.solve_seconds += s.seconds;

    for (PendingDecision& d : pending_) {
      const IcmPushFoldSolution& s = solutions[static_cast<std::size_t>(d.spot)];
      const int k = s.find(d.node);
      const auto ku = static_cast<std::size_t>(k);
      if (k < 0 || !(s.evaluation.reach[ku] > 0.0)) {
        ++report_.unreached;
        continue;
      }
      const auto c = static_cast<std::size_t>(d.hand_class);
      const double p = s.allin[ku][c];
      const double allin = s.evaluation.value_allin[ku][c] * d.pool_fraction;
      const double fold = s.evaluation.value_fold[ku][c] * d.pool_fraction;
      GradedDecision& g = d.decision;
      g.nash_allin = p;
      g.ev_taken = d.all_in ? allin : fold;
      g.ev_nash = std::max(allin, fold);
      g.loss = g.ev_nash - g.ev_taken;
      for (GradeTotals* totals : {&report_.by_player[g.player], &report_.by_label[g.label]}) {
        ++totals->decisions;
        if (g.loss > 0.001) ++totals->mistakes;
        totals->loss += g.loss;
      }
      report_.decisions.push_back(std::move(g));
    }
    return std::move(report_);
  }

 private:
  const GradeOptions& options_;
  GradeReport report_;
  std::vector<PushFoldSpot> spots_;
  std::map<std::vector<std::int64_t>, int> spot_index_;
  std::vector<PendingDecision> pending_;
};

}  // namespace

GradeReport grade_hands(const std::vector<PhhHand>& hands, const GradeOptions& options) {
  Grader grader(options);
  std::int64_t with_cards = 0;
  std::int64_t without_cards = 0;
  for (const PhhHand& hand : hands) grader.add_hand(hand, with_cards, without_cards);
  return grader.finish();
}

GradeReport grade_hand_histories(const std::vector<std::string>& files, const GradeOptions& options) {
  Grader grader(options);
  for (const std::string& file : files) {
    PhhFile read = read_phh_file(file);
    if (!read.errors.empty()) throw GradeError(read.errors.front().message());
    if (read.hands.empty()) throw GradeError(file + ": no hands");
    std::int64_t with_cards = 0;
    std::int64_t without_cards = 0;
    for (const PhhHand& hand : read.hands) grader.add_hand(hand, with_cards, without_cards);
    if (with_cards == 0 && without_cards > 0) {
      throw GradeError(file +
                       ": no push/fold decision with known hole cards (grade needs the deciding players' cards; "
                       "unknown cards are written as question marks)");
    }
  }
  return grader.finish();
}

}  // namespace sngsim
