#pragma once
// Multiway ICM Nash push/fold: the game short stacks play in a sit-and-go.
//
// The game (2 to 6 players at the table, any stacks, blinds, antes and
// payouts): in preflop order, from `first_to_act`, each player either folds
// or moves all-in; once somebody is all-in, each later player calls all-in
// or folds. Every call is for the caller's whole stack (as in the usual
// push/fold model: a deeper caller covers, a shorter one is all-in for
// less), so every showdown is an all-in with side pots (the contributions
// layer as the engine's pots do: antes are dead money in the main pot, a
// blind left uncalled goes back). Nobody acts twice. If everybody folds to
// the big blind it wins the blinds and antes. Terminal values are the
// Malmuth-Harville ICM prize equity (poker_math/icm.h) of every player's
// stack after the hand, in percent of the prize pool; players who bust in
// the hand take the places below every survivor, the bigger stack at the
// start of the hand the better place (equal stacks share).
//
// Strategies are one all-in probability per hand class (169) per decision
// point. Card removal: the cards of the players in a pot are dealt without
// replacement, exactly for a two-player pot (the exact heads-up class table,
// preflop_equity.h, weights each class pair by its combo pairs; a split pot
// counts as half a win there, the table's equity); a pot of three or more
// players is valued over a fixed, seeded sample of whole deals (every
// player's hole cards and the board dealt from one deck, showdowns with
// their exact ties and side pots), so removal among them is exact in
// distribution and the only error is the sample's. Players who fold are
// dealt independently of the others (their removal effect is ignored, as
// in the commercial tools' default model).
//
// Method: CFR+ (regret matching with non-negative regrets, linearly
// weighted average strategy) with simultaneous updates, over the exact game
// the sample defines; the exploitability of the average strategy (what a
// best response of each player gains, in percent of the prize pool, with
// the others fixed) is measured every few iterations and the solve stops
// at the target or the iteration cap. Deterministic: the same spot and
// options give the same bits.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "poker_math/preflop_equity.h"

namespace sngsim {

inline constexpr int kMaxPushFoldPlayers = 6;

// One push/fold hand before the cards are dealt.
struct PushFoldSpot {
  // Players in preflop order: index 0 acts first and the last one is the big
  // blind; heads-up index 0 is the small blind (the button). Chips before
  // antes and blinds; any unit, fractions allowed.
  std::vector<double> stacks;
  std::vector<double> blinds;   // what each player posts as a blind (0 for none)
  std::vector<double> antes;    // dead money each player posts
  std::vector<double> payouts;  // prize of places 1, 2, ...; any unit (scaled to percent of their sum)
  // Players before it folded already (they keep their stacks for ICM; their
  // blinds and antes are dead money).
  int first_to_act = 0;

  int players() const { return static_cast<int>(stacks.size()); }

  // The usual table: the last two players post the small and the big blind
  // (heads-up: index 0 the small blind, index 1 the big blind), everybody the ante.
  static PushFoldSpot standard(std::vector<double> stacks, double small_blind, double big_blind, double ante,
                               std::vector<double> payouts, int first_to_act = 0);
};

// Why a spot cannot be solved (nullopt if it can): 2..6 players, equal-length
// vectors, every stack above what the player posts (nobody is all-in before
// acting), non-negative blinds and antes with a positive largest blind,
// payouts non-negative with a positive sum, first_to_act before the big blind.
std::optional<std::string> push_fold_spot_error(const PushFoldSpot& spot);

// A decision point: `player` acts having seen everybody before it fold
// (pusher < 0: it opens) or `pusher` move all-in first and the players in
// the bit set `callers` call.
struct PushFoldNode {
  int player = 0;
  int pusher = -1;
  std::uint32_t callers = 0;
  bool operator==(const PushFoldNode&) const = default;
};

// Every decision point of a spot, in a fixed order (depth first, fold before
// all-in): the order of every per-node vector below.
std::vector<PushFoldNode> push_fold_nodes(const PushFoldSpot& spot);

struct PushFoldOptions {
  double target_exploitability = 0.01;  // stop when every player's gain is at most this, % of the pool
  int max_iterations = 20'000;
  int check_every = 25;            // iterations between exploitability measurements
  int multiway_samples = 1 << 20;  // deals valuing pots of three or more players (see the header)
};

// A strategy profile's values: `allin[k]` is the all-in probability per class
// at node k (push_fold_nodes order).
struct PushFoldEvaluation {
  std::vector<double> ev;             // each player's ICM equity, % of the pool
  std::vector<double> best_response;  // what each player gets best-responding to the others
  std::vector<double> gain;           // best_response - ev (>= 0): the player's exploitability
  // Per node and class, the player's equity (% of the pool) if it goes
  // all-in / folds there with that class, given the node is reached (0 where
  // the others never lead there).
  std::vector<ClassWeights> value_allin;
  std::vector<ClassWeights> value_fold;
  std::vector<double> reach;  // probability the others' actions lead to each node
  double max_gain() const;
};

PushFoldEvaluation evaluate_push_fold(const PushFoldSpot& spot, const std::vector<ClassWeights>& allin,
                                      int multiway_samples = PushFoldOptions{}.multiway_samples);

struct IcmPushFoldSolution {
  std::vector<PushFoldNode> nodes;
  std::vector<ClassWeights> allin;  // the average strategy, per node
  PushFoldEvaluation evaluation;    // of `allin`
  int iterations = 0;
  double seconds = 0.0;  // wall time of the solve
  int multiway_samples = 0;

  // Index of a node in `nodes`, or -1.
  int find(const PushFoldNode& node) const;
};

// Precondition: push_fold_spot_error(spot) is nullopt (throws std::invalid_argument otherwise).
IcmPushFoldSolution solve_icm_push_fold(const PushFoldSpot& spot, const PushFoldOptions& options = {});

// The ICM equity (% of the pool) of each player after a hand: `after` the
// stacks after it, `before` at its start (who busts with the bigger stack
// takes the better place), `payouts` as in PushFoldSpot.
std::vector<double> push_fold_icm(const std::vector<double>& after, const std::vector<double>& before,
                                  const std::vector<double>& payouts);

}  // namespace sngsim
