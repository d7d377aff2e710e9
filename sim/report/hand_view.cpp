#include "sim/report/hand_view.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "engine/card.h"
#include "sim/io/phh_replay.h"
#include "poker_math/equity.h"

namespace sngsim {

const char* view_step_name(ViewStepKind kind) {
  switch (kind) {
    case ViewStepKind::kAnte: return "ante";
    case ViewStepKind::kBlind: return "blind";
    case ViewStepKind::kFold: return "fold";
    case ViewStepKind::kCheck: return "check";
    case ViewStepKind::kCall: return "call";
    case ViewStepKind::kBet: return "bet";
    case ViewStepKind::kRaise: return "raise";
    case ViewStepKind::kBoard: return "board";
    case ViewStepKind::kShow: return "show";
    case ViewStepKind::kMuck: return "muck";
    case ViewStepKind::kReturn: return "return";
    case ViewStepKind::kWin: return "win";
  }
  return "?";
}

namespace {

// A run-out's equity is shown to a percent: 20,000 sampled boards (a
// standard error near 0.35 points) where enumerating would cost more than
// 200,000 evaluations (every preflop all-in), so a large export stays quick.
constexpr std::int64_t kViewExactEvaluations = 200'000;
constexpr std::int64_t kViewEquitySamples = 20'000;

bool is_player_action(ViewStepKind kind) {
  return kind == ViewStepKind::kFold || kind == ViewStepKind::kCheck || kind == ViewStepKind::kCall ||
         kind == ViewStepKind::kBet || kind == ViewStepKind::kRaise;
}

// Follows the engine's event log and keeps the table as the viewer draws it.
class StepRecorder {
 public:
  StepRecorder(const HandSetup& setup, HandView& view)
      : view_(view),
        n_(setup.num_players),
        stacks_(setup.stacks.begin(), setup.stacks.begin() + setup.num_players),
        bets_(static_cast<std::size_t>(n_), 0),
        contributed_(static_cast<std::size_t>(n_), 0),
        folded_(static_cast<std::size_t>(n_), false),
        total_(std::accumulate(stacks_.begin(), stacks_.end(), Chips{0})) {}

  // Records the events the hand logged since the last call, then checks the
  // stacks they add up to against the engine's.
  void catch_up(const Hand& hand) {
    const auto events = hand.events();
    for (; seen_ < events.size(); ++seen_) record(events[seen_]);
    for (int p = 0; p < n_; ++p) {
      if (stacks_[static_cast<std::size_t>(p)] != hand.stack(p)) {
        throw std::logic_error("hand view: the events add up to a stack of " +
                               std::to_string(stacks_[static_cast<std::size_t>(p)]) + " for p" + std::to_string(p + 1) +
                               ", the engine has " + std::to_string(hand.stack(p)));
      }
    }
  }

  const std::vector<bool>& folded() const { return folded_; }

 private:
  void record(const Event& event) {
    const int p = event.player;
    const auto i = static_cast<std::size_t>(p < 0 ? 0 : p);
    ViewStep step;
    step.player = p;
    switch (event.type) {
      case EventType::kDealHole: return;
      case EventType::kAnte:
        step.kind = ViewStepKind::kAnte;
        step.amount = event.amount;
        stacks_[i] -= event.amount;
        antes_ += event.amount;
        break;
      case EventType::kBlind:
        step.kind = ViewStepKind::kBlind;
        step.amount = event.amount;
        put_in(i, event.amount);
        break;
      case EventType::kDealBoard: {
        // A run-out deals the rest of the board at once; the viewer deals
        // it street by street, as a table does.
        const int dealt = board_ + event.cards.size();
        std::fill(bets_.begin(), bets_.end(), 0);
        highest_ = 0;
        step.kind = ViewStepKind::kBoard;
        while (board_ < dealt) {
          board_ = board_ < 3 ? std::min(3, dealt) : board_ + 1;
          if (board_ < dealt) push(step);
        }
        break;
      }
      case EventType::kFold:
        step.kind = ViewStepKind::kFold;
        folded_[i] = true;
        break;
      case EventType::kCheck: step.kind = ViewStepKind::kCheck; break;
      case EventType::kCall:
        step.kind = ViewStepKind::kCall;
        step.amount = event.amount - bets_[i];
        put_in(i, step.amount);
        break;
      case EventType::kBetRaise:
        step.kind = highest_ == 0 ? ViewStepKind::kBet : ViewStepKind::kRaise;
        step.amount = event.amount;
        put_in(i, event.amount - bets_[i]);
        break;
      case EventType::kShow:
        step.kind = ViewStepKind::kShow;
        view_.shown[i] = true;
        break;
      case EventType::kMuck: step.kind = ViewStepKind::kMuck; break;
      case EventType::kUncalledReturn:
        step.kind = ViewStepKind::kReturn;
        step.amount = event.amount;
        stacks_[i] += event.amount;
        bets_[i] = std::max<Chips>(0, bets_[i] - event.amount);
        contributed_[i] -= event.amount;
        break;
      case EventType::kWin:
        step.kind = ViewStepKind::kWin;
        step.amount = event.amount;
        stacks_[i] += event.amount;
        view_.won[i] += event.amount;
        awarded_ = true;
        break;
    }
    if (p >= 0 && is_player_action(step.kind)) step.all_in = stacks_[i] == 0;
    if (step.all_in) view_.has_all_in = true;
    push(step);
  }

  void push(ViewStep step) {
    step.board = board_;
    step.stacks = stacks_;
    step.bets = bets_;
    step.pot = total_ - std::accumulate(stacks_.begin(), stacks_.end(), Chips{0});
    if (!awarded_) step.side_pots = side_pots();
    view_.steps.push_back(std::move(step));
  }

  void put_in(std::size_t player, Chips amount) {
    stacks_[player] -= amount;
    bets_[player] += amount;
    contributed_[player] += amount;
    highest_ = std::max(highest_, bets_[player]);
  }

  // R13: a pot per all-in level of a live player, antes in the main pot
  // (V3); empty while there is a single pot.
  std::vector<Chips> side_pots() const {
    std::vector<Chips> caps;
    for (std::size_t p = 0; p < contributed_.size(); ++p) {
      if (!folded_[p] && stacks_[p] == 0 && contributed_[p] > 0) caps.push_back(contributed_[p]);
    }
    caps.push_back(*std::max_element(contributed_.begin(), contributed_.end()));
    std::sort(caps.begin(), caps.end());
    caps.erase(std::unique(caps.begin(), caps.end()), caps.end());
    std::vector<Chips> pots;
    Chips below = 0;
    for (const Chips cap : caps) {
      Chips pot = 0;
      for (const Chips c : contributed_) pot += std::min(c, cap) - std::min(c, below);
      if (pot > 0) pots.push_back(pot);
      below = cap;
    }
    if (pots.size() <= 1) return {};
    pots.front() += antes_;
    return pots;
  }

  HandView& view_;
  int n_;
  std::vector<Chips> stacks_;
  std::vector<Chips> bets_;         // this street
  std::vector<Chips> contributed_;  // this hand, antes apart
  std::vector<bool> folded_;
  Chips total_;
  Chips antes_ = 0;
  Chips highest_ = 0;
  int board_ = 0;
  bool awarded_ = false;
  std::size_t seen_ = 0;
};

std::string cards_text(const std::array<Card, 4>& cards, int count) {
  std::string text;
  for (int c = 0; c < count; ++c) text += card_to_string(cards[static_cast<std::size_t>(c)]);
  return text;
}

// The equity at the last action when the hand then ran out the board with
// two or more players in.
std::optional<AllInEquity> run_out_equity(const PhhGame& game, const HandView& view, const std::vector<bool>& folded) {
  int last_action = -1;
  for (int s = 0; s < static_cast<int>(view.steps.size()); ++s) {
    if (is_player_action(view.steps[static_cast<std::size_t>(s)].kind)) last_action = s;
  }
  if (last_action < 0) return std::nullopt;
  const int board = view.steps[static_cast<std::size_t>(last_action)].board;
  if (board >= kBoardSize || game.board_known < kBoardSize) return std::nullopt;
  EquitySpot spot;
  spot.hole_cards = game.setup.rules.hole_cards;
  AllInEquity result;
  result.step = last_action;
  for (int p = 0; p < game.setup.num_players; ++p) {
    if (folded[static_cast<std::size_t>(p)]) continue;
    if (!game.hole_known[static_cast<std::size_t>(p)]) return std::nullopt;
    CardSet hole;
    for (int c = 0; c < spot.hole_cards; ++c)
      hole.add(game.setup.hole[static_cast<std::size_t>(p)][static_cast<std::size_t>(c)]);
    spot.hands.push_back(hole);
    result.players.push_back(p);
  }
  if (spot.hands.size() < 2 || static_cast<int>(spot.hands.size()) > kMaxEquityPlayers) return std::nullopt;
  for (int c = 0; c < board; ++c) spot.board.add(game.setup.board[static_cast<std::size_t>(c)]);
  if (check_equity_spot(spot)) return std::nullopt;
  EquityOptions options;
  options.max_exact_evaluations = kViewExactEvaluations;
  options.samples = kViewEquitySamples;
  const EquityResult equity = calculate_equity(spot, options);
  result.exact = equity.exact;
  for (const PlayerEquity& player : equity.players) result.equity.push_back(player.equity);
  return result;
}

}  // namespace

std::optional<HandView> view_hand(const PhhHand& phh, std::string& reason) {
  auto converted = convert_phh_hand(phh);
  if (const auto* error = std::get_if<PhhError>(&converted)) {
    reason = error->reason;
    return std::nullopt;
  }
  const PhhGame& game = std::get<PhhGame>(converted);
  const HandSetup& setup = game.setup;
  const int n = setup.num_players;
  const auto size = static_cast<std::size_t>(n);

  HandView view;
  view.num_players = n;
  view.hole_cards = setup.rules.hole_cards;
  view.shown.assign(size, false);
  view.won.assign(size, 0);
  for (int p = 0; p < n; ++p) {
    const auto i = static_cast<std::size_t>(p);
    view.hole.push_back(game.hole_known[i] ? cards_text(setup.hole[i], setup.rules.hole_cards) : std::string());
    view.starting_stacks.push_back(setup.stacks[i]);
    view.antes.push_back(setup.antes[i]);
    view.blinds.push_back(setup.blinds[i]);
  }
  for (int c = 0; c < kBoardSize; ++c) {
    view.board.push_back(c < game.board_known ? card_to_string(setup.board[static_cast<std::size_t>(c)])
                                              : std::string());
  }

  Hand hand;
  hand.start(setup);
  StepRecorder recorder(setup, view);
  recorder.catch_up(hand);
  view.replay_problem = replay_actions(phh, game, hand, [&recorder](const Hand& h) { recorder.catch_up(h); });
  recorder.catch_up(hand);
  for (int p = 0; p < n; ++p) view.net.push_back(hand.stack(p) - setup.stacks[static_cast<std::size_t>(p)]);
  if (view.replay_problem.empty() && hand.is_terminal())
    view.all_in_equity = run_out_equity(game, view, recorder.folded());
  return view;
}

}  // namespace sngsim
