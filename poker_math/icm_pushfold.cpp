#include "poker_math/icm_pushfold.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <numeric>
#include <stdexcept>

#include "engine/evaluator.h"
#include "engine/rng.h"
#include "poker_math/icm.h"

namespace sngsim {

namespace {

constexpr std::size_t kN = kHandClassCount;
constexpr double kBustEpsilon = 1e-9;

// --- Card data ---------------------------------------------------------------

// Probabilities of classes and of class pairs dealt to two players.
struct ClassData {
  ClassWeights single{};                                        // P(class)
  std::vector<double> pair = std::vector<double>(kN * kN);      // P(a, b), removal exact
  std::vector<double> pair_won = std::vector<double>(kN * kN);  // P(a, b) x equity(a vs b)
};

const ClassData& class_data() {
  static const ClassData data = [] {
    const PreflopEquityTable& table = preflop_equity_table();
    ClassData d;
    constexpr double kPairs = 1326.0 * 1225.0;
    for (std::size_t a = 0; a < kN; ++a) {
      d.single[a] = hand_class_combo_count(static_cast<int>(a)) / 1326.0;
      for (std::size_t b = 0; b < kN; ++b) {
        const double p = table.combo_pairs(static_cast<int>(a), static_cast<int>(b)) / kPairs;
        d.pair[a * kN + b] = p;
        d.pair_won[a * kN + b] = p * table.equity(static_cast<int>(a), static_cast<int>(b));
      }
    }
    return d;
  }();
  return data;
}

// A fixed sample of whole deals to `players` players: each one's class and
// hand value on the common board. A pure function of (players, count).
struct Deals {
  int players = 0;
  int count = 0;
  std::vector<std::uint8_t> hand_class;  // [deal * players + p]
  std::vector<std::uint16_t> value;      // [deal * players + p]
};

std::shared_ptr<const Deals> make_deals(int players, int count) {
  auto deals = std::make_shared<Deals>();
  deals->players = players;
  deals->count = count;
  deals->hand_class.resize(static_cast<std::size_t>(players) * static_cast<std::size_t>(count));
  deals->value.resize(deals->hand_class.size());
  CounterRng rng(0x1C3A'5EED'0000'0000ULL + static_cast<std::uint64_t>(players));
  std::array<Card, kDeckSize> deck{};
  for (int c = 0; c < kDeckSize; ++c) deck[static_cast<std::size_t>(c)] = static_cast<Card>(c);
  const int drawn = 2 * players + 5;
  for (int d = 0; d < count; ++d) {
    for (int k = 0; k < drawn; ++k) {  // partial Fisher-Yates: the first `drawn` cards
      const auto j = static_cast<std::size_t>(k) + rng.below(static_cast<std::uint32_t>(kDeckSize - k));
      std::swap(deck[static_cast<std::size_t>(k)], deck[j]);
    }
    CardSet board;
    for (int k = 2 * players; k < drawn; ++k) board.add(deck[static_cast<std::size_t>(k)]);
    for (int p = 0; p < players; ++p) {
      const Card a = deck[static_cast<std::size_t>(2 * p)];
      const Card b = deck[static_cast<std::size_t>(2 * p + 1)];
      CardSet cards = board;
      cards.add(a);
      cards.add(b);
      const auto at = static_cast<std::size_t>(d) * static_cast<std::size_t>(players) + static_cast<std::size_t>(p);
      deals->hand_class[at] = static_cast<std::uint8_t>(hand_class_of(a, b));
      deals->value[at] = evaluate_holdem(cards).value;
    }
  }
  return deals;
}

// Shared by every solve in the process; made once per (players, count).
std::shared_ptr<const Deals> deals_for(int players, int count) {
  static std::mutex mutex;
  static std::map<std::pair<int, int>, std::shared_ptr<const Deals>> cache;
  const std::lock_guard lock(mutex);
  auto& slot = cache[{players, count}];
  if (!slot) slot = make_deals(players, count);
  return slot;
}

// --- The game tree -------------------------------------------------------------

struct Step {
  int player = 0;
  int node = 0;
  bool allin = false;
};

struct Terminal {
  std::vector<Step> path;
  std::vector<int> member_steps;  // path indices of the players in the pot
  std::vector<int> folder_steps;  // path indices of the players who folded
  std::vector<int> off_path;      // players who do not act on the way here
  int members = 0;
  // Payoffs (% of the pool) per player: members <= 1, `fixed`; two members,
  // `first_wins` / `second_wins`; more, `by_key[key * n + p]` where digit m of
  // `key` in base `members` counts the members that member m beats.
  std::vector<double> fixed, first_wins, second_wins, by_key;
};

struct Tree {
  std::vector<PushFoldNode> nodes;
  std::vector<std::vector<Step>> node_path;  // the steps before each node
  std::vector<Terminal> terminals;
};

// The stacks after the hand when `members` (players in the pot, in order)
// show down with `score` (higher wins; equal split). One member takes the
// pot uncontested.
std::vector<double> hand_result(const PushFoldSpot& spot, const std::vector<int>& members,
                                const std::vector<int>& score) {
  const int n = spot.players();
  std::vector<double> live(static_cast<std::size_t>(n));
  std::vector<double> commit(static_cast<std::size_t>(n));
  std::vector<bool> in_pot(static_cast<std::size_t>(n), false);
  double antes = 0.0;
  double max_blind = 0.0;
  for (int i = 0; i < n; ++i) {
    const auto u = static_cast<std::size_t>(i);
    live[u] = spot.stacks[u] - spot.antes[u];
    commit[u] = spot.blinds[u];
    antes += spot.antes[u];
    max_blind = std::max(max_blind, spot.blinds[u]);
  }
  for (const int m : members) in_pot[static_cast<std::size_t>(m)] = true;
  for (const int m : members) {
    const auto u = static_cast<std::size_t>(m);
    double cover = members.size() == 1 ? max_blind : 0.0;
    for (const int o : members) {
      if (o != m) cover = std::max(cover, live[static_cast<std::size_t>(o)]);
    }
    commit[u] = std::min(live[u], cover);
  }
  std::vector<double> won(static_cast<std::size_t>(n), 0.0);
  std::vector<double> levels(commit);
  std::sort(levels.begin(), levels.end());
  levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
  double previous = 0.0;
  bool main_pot = true;
  for (const double level : levels) {
    if (level <= previous) continue;
    double amount = 0.0;
    for (int i = 0; i < n; ++i) {
      const auto u = static_cast<std::size_t>(i);
      amount += std::min(commit[u], level) - std::min(commit[u], previous);
    }
    if (main_pot) amount += antes;
    std::vector<int> winners;
    int best = -1;
    for (std::size_t k = 0; k < members.size(); ++k) {
      const int m = members[k];
      if (commit[static_cast<std::size_t>(m)] < level) continue;
      if (score[k] > best) {
        best = score[k];
        winners.clear();
      }
      if (score[k] == best) winners.push_back(m);
    }
    if (winners.empty()) {  // nobody in the pot matched it: back to who put it in
      for (int i = 0; i < n; ++i) {
        const auto u = static_cast<std::size_t>(i);
        won[u] += std::min(commit[u], level) - std::min(commit[u], previous);
      }
    } else {
      for (const int w : winners) won[static_cast<std::size_t>(w)] += amount / static_cast<double>(winners.size());
    }
    main_pot = false;
    previous = level;
  }
  std::vector<double> after(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    const auto u = static_cast<std::size_t>(i);
    after[u] = live[u] - commit[u] + won[u];
  }
  return after;
}

void fill_payoffs(const PushFoldSpot& spot, Terminal& t, const std::vector<int>& members) {
  const auto icm = [&spot](const std::vector<double>& after) {
    return push_fold_icm(after, spot.stacks, spot.payouts);
  };
  const int n = spot.players();
  const int k = static_cast<int>(members.size());
  if (k <= 1) {
    const std::vector<int> pot = k == 1 ? members : std::vector<int>{n - 1};
    t.fixed = icm(hand_result(spot, pot, {0}));
  } else if (k == 2) {
    t.first_wins = icm(hand_result(spot, members, {1, 0}));
    t.second_wins = icm(hand_result(spot, members, {0, 1}));
  } else {
    int keys = 1;
    for (int m = 0; m < k; ++m) keys *= k;
    t.by_key.resize(static_cast<std::size_t>(keys) * static_cast<std::size_t>(n));
    std::vector<int> score(static_cast<std::size_t>(k));
    for (int key = 0; key < keys; ++key) {
      int rest = key;
      for (int m = 0; m < k; ++m) {
        score[static_cast<std::size_t>(m)] = rest % k;
        rest /= k;
      }
      const std::vector<double> equity = icm(hand_result(spot, members, score));
      std::copy(equity.begin(), equity.end(), t.by_key.begin() + static_cast<std::ptrdiff_t>(key) * n);
    }
  }
}

void build(const PushFoldSpot& spot, Tree& tree, std::vector<Step>& path, int pusher, std::uint32_t callers, int next) {
  const int n = spot.players();
  const bool over = pusher < 0 ? next == n - 1 : next == n;
  if (over) {
    Terminal t;
    t.path = path;
    std::vector<int> members;
    std::vector<bool> acted(static_cast<std::size_t>(n), false);
    for (std::size_t s = 0; s < path.size(); ++s) {
      acted[static_cast<std::size_t>(path[s].player)] = true;
      if (path[s].allin) {
        t.member_steps.push_back(static_cast<int>(s));
        members.push_back(path[s].player);
      } else {
        t.folder_steps.push_back(static_cast<int>(s));
      }
    }
    for (int i = 0; i < n; ++i) {
      if (!acted[static_cast<std::size_t>(i)]) t.off_path.push_back(i);
    }
    t.members = static_cast<int>(members.size());
    fill_payoffs(spot, t, members);
    tree.terminals.push_back(std::move(t));
    return;
  }
  const int node = static_cast<int>(tree.nodes.size());
  tree.nodes.push_back({next, pusher, callers});
  tree.node_path.push_back(path);
  path.push_back({next, node, false});
  build(spot, tree, path, pusher, callers, next + 1);
  path.back().allin = true;
  if (pusher < 0) {
    build(spot, tree, path, next, 0, next + 1);
  } else {
    build(spot, tree, path, pusher, callers | (std::uint32_t{1} << next), next + 1);
  }
  path.pop_back();
}

Tree make_tree(const PushFoldSpot& spot) {
  Tree tree;
  std::vector<Step> path;
  build(spot, tree, path, -1, 0, spot.first_to_act);
  return tree;
}

// --- Counterfactual values ---------------------------------------------------------

// Per node and class, the acting player's payoff summed over every deal where
// it holds the class and the others act to reach the node, weighted by the
// probability of the deal and of the others' actions: for all-in and for fold.
// `constant[p]` is what player p gets where it does not act.
struct Values {
  std::vector<ClassWeights> allin, fold;
  std::vector<double> constant;
};

class Game {
 public:
  Game(const PushFoldSpot& spot, int samples) : spot_(spot), tree_(make_tree(spot)), n_(spot.players()) {
    bool multiway = false;
    for (const Terminal& t : tree_.terminals) multiway = multiway || t.members >= 3;
    if (multiway) deals_ = deals_for(n_ - spot.first_to_act, samples);
  }

  const Tree& tree() const { return tree_; }
  int samples() const { return deals_ ? deals_->count : 0; }

  void values(const std::vector<ClassWeights>& allin, Values& out) const {
    const ClassData& cd = class_data();
    const std::size_t nodes = tree_.nodes.size();
    out.allin.assign(nodes, ClassWeights{});
    out.fold.assign(nodes, ClassWeights{});
    out.constant.assign(static_cast<std::size_t>(n_), 0.0);
    // Per node: the class-averaged all-in probability, and for a node facing
    // an all-in the fold probability given the pusher's class.
    std::vector<double> mean(nodes);
    std::vector<ClassWeights> fold_given(nodes);
    for (std::size_t k = 0; k < nodes; ++k) {
      double m = 0.0;
      for (std::size_t c = 0; c < kN; ++c) m += cd.single[c] * allin[k][c];
      mean[k] = m;
      if (tree_.nodes[k].pusher >= 0) {
        for (std::size_t a = 0; a < kN; ++a) {
          const double* w = &cd.pair[a * kN];
          double s = 0.0;
          for (std::size_t b = 0; b < kN; ++b) s += w[b] * allin[k][b];
          fold_given[k][a] = 1.0 - s / cd.single[a];
        }
      }
    }
    std::vector<double> others(static_cast<std::size_t>(n_));  // each non-member's payoff x reach, open folds aside
    std::vector<ClassWeights> folder_h(kMaxPushFoldPlayers);   // per responding folder, over the pusher's class
    ClassWeights q1{}, q0{}, r1{}, r0{}, g{}, rho_g{};
    for (const Terminal& t : tree_.terminals) {
      // Open folders (before any all-in): independent of the others' cards.
      std::array<double, kMaxPushFoldPlayers> phi{};
      std::array<int, kMaxPushFoldPlayers> open_step{};
      std::array<int, kMaxPushFoldPlayers> response_step{};
      std::size_t opens = 0;
      std::size_t responses = 0;
      double all_open_fold = 1.0;
      for (const int s : t.folder_steps) {
        const Step& step = t.path[static_cast<std::size_t>(s)];
        if (tree_.nodes[static_cast<std::size_t>(step.node)].pusher < 0) {
          phi[opens] = 1.0 - mean[static_cast<std::size_t>(step.node)];
          all_open_fold *= phi[opens];
          open_step[opens++] = s;
        } else {
          response_step[responses++] = s;
        }
      }
      const auto open_except = [&](std::size_t f) {
        double p = 1.0;
        for (std::size_t o = 0; o < opens; ++o) {
          if (o != f) p *= phi[o];
        }
        return p;
      };
      // Responding folders: given the pusher's class (removal with the pusher).
      const auto response_node = [&](std::size_t r) {
        return static_cast<std::size_t>(t.path[static_cast<std::size_t>(response_step[r])].node);
      };
      const auto responses_except = [&](std::size_t except, std::size_t a) {
        double p = 1.0;
        for (std::size_t r = 0; r < responses; ++r) {
          if (r != except) p *= fold_given[response_node(r)][a];
        }
        return p;
      };
      for (std::size_t a = 0; a < kN; ++a) g[a] = responses_except(responses, a);
      std::fill(others.begin(), others.end(), 0.0);
      for (std::size_t r = 0; r < responses; ++r) folder_h[r].fill(0.0);
      if (t.members == 0) {
        for (int p = 0; p < n_; ++p) others[static_cast<std::size_t>(p)] = t.fixed[static_cast<std::size_t>(p)];
      } else if (t.members == 1) {
        const Step& x = t.path[static_cast<std::size_t>(t.member_steps[0])];
        const ClassWeights& rx = allin[static_cast<std::size_t>(x.node)];
        ClassWeights& tx = out.allin[static_cast<std::size_t>(x.node)];
        const double ux = all_open_fold * t.fixed[static_cast<std::size_t>(x.player)];
        double mass = 0.0;
        for (std::size_t a = 0; a < kN; ++a) {
          tx[a] += ux * cd.single[a] * g[a];
          mass += cd.single[a] * rx[a] * g[a];
        }
        for (int p = 0; p < n_; ++p) others[static_cast<std::size_t>(p)] = mass * t.fixed[static_cast<std::size_t>(p)];
        for (std::size_t r = 0; r < responses; ++r) {
          const double uf =
              t.fixed[static_cast<std::size_t>(t.path[static_cast<std::size_t>(response_step[r])].player)];
          for (std::size_t a = 0; a < kN; ++a) folder_h[r][a] = rx[a] * responses_except(r, a) * uf;
        }
      } else if (t.members == 2) {
        const Step& x = t.path[static_cast<std::size_t>(t.member_steps[0])];
        const Step& y = t.path[static_cast<std::size_t>(t.member_steps[1])];
        const ClassWeights& rx = allin[static_cast<std::size_t>(x.node)];
        const ClassWeights& ry = allin[static_cast<std::size_t>(y.node)];
        for (std::size_t a = 0; a < kN; ++a) rho_g[a] = rx[a] * g[a];
        for (std::size_t a = 0; a < kN; ++a) {
          const double* w = &cd.pair[a * kN];
          const double* we = &cd.pair_won[a * kN];
          double s1 = 0.0, s0 = 0.0, t1 = 0.0, t0 = 0.0;
          for (std::size_t b = 0; b < kN; ++b) {
            s1 += we[b] * ry[b];
            s0 += w[b] * ry[b];
            t1 += we[b] * rho_g[b];
            t0 += w[b] * rho_g[b];
          }
          q1[a] = s1;
          q0[a] = s0;
          r1[a] = t1;
          r0[a] = t0;
        }
        const auto xp = static_cast<std::size_t>(x.player);
        const auto yp = static_cast<std::size_t>(y.player);
        ClassWeights& tx = out.allin[static_cast<std::size_t>(x.node)];
        ClassWeights& ty = out.allin[static_cast<std::size_t>(y.node)];
        const double xw = t.first_wins[xp] - t.second_wins[xp];
        const double yw = t.second_wins[yp] - t.first_wins[yp];
        double x_wins = 0.0, both = 0.0;
        for (std::size_t c = 0; c < kN; ++c) {
          tx[c] += all_open_fold * g[c] * (q1[c] * xw + q0[c] * t.second_wins[xp]);
          ty[c] += all_open_fold * (r1[c] * yw + r0[c] * t.first_wins[yp]);
          x_wins += rho_g[c] * q1[c];
          both += rho_g[c] * q0[c];
        }
        for (int p = 0; p < n_; ++p) {
          const auto u = static_cast<std::size_t>(p);
          others[u] = x_wins * t.first_wins[u] + (both - x_wins) * t.second_wins[u];
        }
        for (std::size_t r = 0; r < responses; ++r) {
          const auto f = static_cast<std::size_t>(t.path[static_cast<std::size_t>(response_step[r])].player);
          for (std::size_t a = 0; a < kN; ++a) {
            folder_h[r][a] = rx[a] * responses_except(r, a) *
                             (q1[a] * (t.first_wins[f] - t.second_wins[f]) + q0[a] * t.second_wins[f]) / cd.single[a];
          }
        }
      } else {
        multiway(t, allin, all_open_fold, g, out, others, response_step, responses, fold_given, folder_h);
      }
      for (std::size_t o = 0; o < opens; ++o) {
        const Step& s = t.path[static_cast<std::size_t>(open_step[o])];
        const double value = open_except(o) * others[static_cast<std::size_t>(s.player)];
        ClassWeights& target = out.fold[static_cast<std::size_t>(s.node)];
        for (std::size_t c = 0; c < kN; ++c) target[c] += value * cd.single[c];
      }
      for (std::size_t r = 0; r < responses; ++r) {
        // From the pusher's class to the folder's: P(c, a) / P(a).
        ClassWeights& target = out.fold[response_node(r)];
        const ClassWeights& h = folder_h[r];
        for (std::size_t c = 0; c < kN; ++c) {
          const double* w = &cd.pair[c * kN];
          double s = 0.0;
          for (std::size_t a = 0; a < kN; ++a) s += w[a] * h[a];
          target[c] += all_open_fold * s;
        }
      }
      for (const int p : t.off_path) {
        out.constant[static_cast<std::size_t>(p)] += all_open_fold * others[static_cast<std::size_t>(p)];
      }
    }
  }

 private:
  // A pot of three or more players over the sampled deals.
  void multiway(const Terminal& t, const std::vector<ClassWeights>& allin, double all_open_fold, const ClassWeights& g,
                Values& out, std::vector<double>& others, const std::array<int, kMaxPushFoldPlayers>& response_step,
                std::size_t responses, const std::vector<ClassWeights>& fold_given,
                std::vector<ClassWeights>& folder_h) const {
    const ClassData& cd = class_data();
    const int k = t.members;
    const int stride = deals_->players;
    const int offset = spot_.first_to_act;
    std::array<int, kMaxPushFoldPlayers> column{};
    std::array<const double*, kMaxPushFoldPlayers> rho{};
    std::array<double*, kMaxPushFoldPlayers> target{};
    std::array<int, kMaxPushFoldPlayers> player{};
    std::array<int, kMaxPushFoldPlayers + 1> power{};
    power[0] = 1;
    for (int m = 0; m < k; ++m) {
      const Step& s = t.path[static_cast<std::size_t>(t.member_steps[static_cast<std::size_t>(m)])];
      player[static_cast<std::size_t>(m)] = s.player;
      column[static_cast<std::size_t>(m)] = s.player - offset;
      rho[static_cast<std::size_t>(m)] = allin[static_cast<std::size_t>(s.node)].data();
      target[static_cast<std::size_t>(m)] = out.allin[static_cast<std::size_t>(s.node)].data();
      power[static_cast<std::size_t>(m) + 1] = power[static_cast<std::size_t>(m)] * k;
    }
    // Per responding folder and pusher class: the folds of the other responders.
    std::array<int, kMaxPushFoldPlayers> folder_player{};
    std::array<ClassWeights, kMaxPushFoldPlayers> g_except{};
    for (std::size_t r = 0; r < responses; ++r) {
      folder_player[r] = t.path[static_cast<std::size_t>(response_step[r])].player;
      for (std::size_t a = 0; a < kN; ++a) {
        double p = 1.0;
        for (std::size_t o = 0; o < responses; ++o) {
          if (o != r)
            p *= fold_given[static_cast<std::size_t>(t.path[static_cast<std::size_t>(response_step[o])].node)][a];
        }
        g_except[r][a] = p;
      }
    }
    const double scale = 1.0 / deals_->count;
    const double member_scale = scale * all_open_fold;
    std::vector<double> acc(static_cast<std::size_t>(n_), 0.0);
    const std::uint8_t* classes = deals_->hand_class.data();
    const std::uint16_t* values = deals_->value.data();
    const double* payoff = t.by_key.data();
    const int pusher_column = column[0];
    for (int d = 0; d < deals_->count; ++d) {
      const std::uint8_t* cls = classes + static_cast<std::ptrdiff_t>(d) * stride;
      std::array<double, kMaxPushFoldPlayers> r{};
      int zeros = 0;
      int zero_at = -1;
      double product = 1.0;
      for (int m = 0; m < k && zeros < 2; ++m) {
        const double p = rho[static_cast<std::size_t>(m)][cls[column[static_cast<std::size_t>(m)]]];
        r[static_cast<std::size_t>(m)] = p;
        if (p == 0.0) {
          ++zeros;
          zero_at = m;
        } else {
          product *= p;
        }
      }
      if (zeros >= 2) continue;
      const std::uint16_t* val = values + static_cast<std::ptrdiff_t>(d) * stride;
      int key = 0;
      for (int m = 0; m < k; ++m) {
        const std::uint16_t v = val[column[static_cast<std::size_t>(m)]];
        int beats = 0;
        for (int o = 0; o < k; ++o) beats += val[column[static_cast<std::size_t>(o)]] < v;
        key += beats * power[static_cast<std::size_t>(m)];
      }
      const double* u = payoff + static_cast<std::ptrdiff_t>(key) * n_;
      const std::size_t a = cls[pusher_column];
      const double ga = g[a];
      if (zeros == 1) {
        const auto z = static_cast<std::size_t>(zero_at);
        target[z][cls[column[z]]] += member_scale * ga * product * u[player[z]];
        continue;
      }
      for (int m = 0; m < k; ++m) {
        const auto mm = static_cast<std::size_t>(m);
        target[mm][cls[column[mm]]] += member_scale * ga * (product / r[mm]) * u[player[mm]];
      }
      for (int p = 0; p < n_; ++p) acc[static_cast<std::size_t>(p)] += ga * product * u[p];
      for (std::size_t f = 0; f < responses; ++f) {
        folder_h[f][a] += scale * product * g_except[f][a] * u[folder_player[f]];
      }
    }
    for (int p = 0; p < n_; ++p) others[static_cast<std::size_t>(p)] = scale * acc[static_cast<std::size_t>(p)];
    for (std::size_t f = 0; f < responses; ++f) {
      for (std::size_t a = 0; a < kN; ++a) folder_h[f][a] /= cd.single[a];
    }
  }

  const PushFoldSpot& spot_;
  Tree tree_;
  int n_;
  std::shared_ptr<const Deals> deals_;
};

PushFoldEvaluation evaluate(const Game& game, const PushFoldSpot& spot, const std::vector<ClassWeights>& allin,
                            Values& scratch) {
  const ClassData& cd = class_data();
  game.values(allin, scratch);
  const Tree& tree = game.tree();
  const auto n = static_cast<std::size_t>(spot.players());
  PushFoldEvaluation e;
  e.ev = scratch.constant;
  e.best_response = scratch.constant;
  const std::size_t nodes = tree.nodes.size();
  e.value_allin.assign(nodes, ClassWeights{});
  e.value_fold.assign(nodes, ClassWeights{});
  e.reach.assign(nodes, 0.0);
  for (std::size_t k = 0; k < nodes; ++k) {
    const auto p = static_cast<std::size_t>(tree.nodes[k].player);
    double reach = 1.0;
    for (const Step& s : tree.node_path[k]) {
      double m = 0.0;
      for (std::size_t c = 0; c < kN; ++c) m += cd.single[c] * allin[static_cast<std::size_t>(s.node)][c];
      reach *= s.allin ? m : 1.0 - m;
    }
    e.reach[k] = reach;
    for (std::size_t c = 0; c < kN; ++c) {
      const double a = scratch.allin[k][c];
      const double f = scratch.fold[k][c];
      e.ev[p] += allin[k][c] * a + (1.0 - allin[k][c]) * f;
      e.best_response[p] += std::max(a, f);
      if (reach > 0.0) {
        e.value_allin[k][c] = a / (cd.single[c] * reach);
        e.value_fold[k][c] = f / (cd.single[c] * reach);
      }
    }
  }
  e.gain.resize(n);
  for (std::size_t p = 0; p < n; ++p) e.gain[p] = std::max(0.0, e.best_response[p] - e.ev[p]);
  return e;
}

void check(const PushFoldSpot& spot) {
  if (const auto error = push_fold_spot_error(spot)) throw std::invalid_argument(*error);
}

}  // namespace

PushFoldSpot PushFoldSpot::standard(std::vector<double> stacks, double small_blind, double big_blind, double ante,
                                    std::vector<double> payouts, int first_to_act) {
  PushFoldSpot spot;
  const std::size_t n = stacks.size();
  spot.stacks = std::move(stacks);
  spot.blinds.assign(n, 0.0);
  spot.antes.assign(n, ante);
  if (n >= 2) {
    spot.blinds[n - 2] = small_blind;
    spot.blinds[n - 1] = big_blind;
  }
  spot.payouts = std::move(payouts);
  spot.first_to_act = first_to_act;
  return spot;
}

std::optional<std::string> push_fold_spot_error(const PushFoldSpot& spot) {
  const int n = spot.players();
  if (n < 2 || n > kMaxPushFoldPlayers) {
    return "push/fold needs 2 to " + std::to_string(kMaxPushFoldPlayers) + " players, not " + std::to_string(n);
  }
  if (spot.blinds.size() != spot.stacks.size() || spot.antes.size() != spot.stacks.size()) {
    return "blinds and antes need one entry per player";
  }
  double max_blind = 0.0;
  for (int i = 0; i < n; ++i) {
    const auto u = static_cast<std::size_t>(i);
    if (!(spot.blinds[u] >= 0.0) || !(spot.antes[u] >= 0.0)) return "blinds and antes must not be negative";
    max_blind = std::max(max_blind, spot.blinds[u]);
    if (!(spot.stacks[u] > spot.blinds[u] + spot.antes[u])) {
      return "player " + std::to_string(i + 1) + "'s stack must be larger than its blind and ante";
    }
  }
  if (!(max_blind > 0.0)) return "the big blind must be positive";
  double pool = 0.0;
  for (const double p : spot.payouts) {
    if (!(p >= 0.0)) return "payouts must not be negative";
    pool += p;
  }
  if (!(pool > 0.0)) return "payouts must add up to more than 0";
  if (spot.first_to_act < 0 || spot.first_to_act > n - 2) return "first_to_act must be before the big blind";
  return std::nullopt;
}

std::vector<PushFoldNode> push_fold_nodes(const PushFoldSpot& spot) {
  check(spot);
  return make_tree(spot).nodes;
}

double PushFoldEvaluation::max_gain() const {
  double worst = 0.0;
  for (const double g : gain) worst = std::max(worst, g);
  return worst;
}

PushFoldEvaluation evaluate_push_fold(const PushFoldSpot& spot, const std::vector<ClassWeights>& allin,
                                      int multiway_samples) {
  check(spot);
  const Game game(spot, multiway_samples);
  if (allin.size() != game.tree().nodes.size()) throw std::invalid_argument("one strategy per node is needed");
  Values scratch;
  return evaluate(game, spot, allin, scratch);
}

int IcmPushFoldSolution::find(const PushFoldNode& node) const {
  for (std::size_t k = 0; k < nodes.size(); ++k) {
    if (nodes[k] == node) return static_cast<int>(k);
  }
  return -1;
}

IcmPushFoldSolution solve_icm_push_fold(const PushFoldSpot& spot, const PushFoldOptions& options) {
  check(spot);
  const auto start = std::chrono::steady_clock::now();
  const Game game(spot, options.multiway_samples);
  const std::size_t nodes = game.tree().nodes.size();
  std::vector<ClassWeights> current(nodes);
  for (auto& w : current) w.fill(0.5);
  std::vector<ClassWeights> regret_allin(nodes, ClassWeights{});
  std::vector<ClassWeights> regret_fold(nodes, ClassWeights{});
  std::vector<ClassWeights> sum(nodes, ClassWeights{});
  double weight_sum = 0.0;
  IcmPushFoldSolution solution;
  solution.nodes = game.tree().nodes;
  solution.multiway_samples = game.samples();
  Values values;
  const auto average = [&] {
    std::vector<ClassWeights> avg(nodes);
    for (std::size_t k = 0; k < nodes; ++k) {
      for (std::size_t c = 0; c < kN; ++c) avg[k][c] = sum[k][c] / weight_sum;
    }
    return avg;
  };
  const int check_every = std::max(1, options.check_every);
  for (int t = 1; t <= options.max_iterations; ++t) {
    game.values(current, values);
    const double weight = t;
    weight_sum += weight;
    for (std::size_t k = 0; k < nodes; ++k) {
      for (std::size_t c = 0; c < kN; ++c) {
        const double s = current[k][c];
        sum[k][c] += weight * s;
        const double a = values.allin[k][c];
        const double f = values.fold[k][c];
        const double v = s * a + (1.0 - s) * f;
        const double ra = std::max(0.0, regret_allin[k][c] + a - v);
        const double rf = std::max(0.0, regret_fold[k][c] + f - v);
        regret_allin[k][c] = ra;
        regret_fold[k][c] = rf;
        current[k][c] = ra + rf > 0.0 ? ra / (ra + rf) : 0.5;
      }
    }
    if (t % check_every == 0 || t == options.max_iterations) {
      solution.allin = average();
      solution.evaluation = evaluate(game, spot, solution.allin, values);
      solution.iterations = t;
      if (solution.evaluation.max_gain() <= options.target_exploitability) break;
    }
  }
  solution.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return solution;
}

std::vector<double> push_fold_icm(const std::vector<double>& after, const std::vector<double>& before,
                                  const std::vector<double>& payouts) {
  const std::size_t n = after.size();
  const double pool = std::accumulate(payouts.begin(), payouts.end(), 0.0);
  std::vector<double> prize(n, 0.0);
  for (std::size_t k = 0; k < n && k < payouts.size(); ++k) prize[k] = 100.0 * payouts[k] / pool;
  std::vector<double> alive_stacks;
  std::vector<std::size_t> alive, busted;
  for (std::size_t i = 0; i < n; ++i) {
    if (after[i] > kBustEpsilon) {
      alive.push_back(i);
      alive_stacks.push_back(after[i]);
    } else {
      busted.push_back(i);
    }
  }
  std::vector<double> equity(n, 0.0);
  const std::vector<double> alive_equity =
      icm_equity(alive_stacks, std::span<const double>(prize.data(), alive.size()));
  for (std::size_t k = 0; k < alive.size(); ++k) equity[alive[k]] = alive_equity[k];
  // Busted players: below every survivor, the bigger starting stack first;
  // equal starting stacks share their places.
  std::stable_sort(busted.begin(), busted.end(),
                   [&before](std::size_t a, std::size_t b) { return before[a] > before[b]; });
  std::size_t place = alive.size();
  for (std::size_t k = 0; k < busted.size();) {
    std::size_t end = k;
    while (end < busted.size() && before[busted[end]] == before[busted[k]]) ++end;
    double shared = 0.0;
    for (std::size_t j = k; j < end; ++j) shared += prize[place + (j - k)];
    for (std::size_t j = k; j < end; ++j) equity[busted[j]] = shared / static_cast<double>(end - k);
    place += end - k;
    k = end;
  }
  return equity;
}

}  // namespace sngsim
