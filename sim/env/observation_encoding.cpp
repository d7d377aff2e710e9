#include "sim/env/observation_encoding.h"

#include <algorithm>
#include <bit>

#include "poker_math/hand_classes.h"
#include "poker_math/preflop_equity.h"
#include "strategies/hand_reading.h"

namespace sngsim {

namespace {

constexpr float kChipsScale = 100.0f;  // chips / big blind / 100
constexpr int kMadeTierCount = 6;

float flag(bool value) { return value ? 1.0f : 0.0f; }

void encode_strength(const Observation& o, std::span<float, kObservationSize> out) {
  float* strength = out.data() + kEncodeStrength;
  if (o.rules.hole_cards == 2) {
    strength[0] = static_cast<float>(preflop_equity_table().equity_vs_random(hand_class_of(o.hole[0], o.hole[1])));
  }
  if (o.board_count < 3) return;
  const HandReading reading = read_hand(o);
  strength[1 + static_cast<int>(reading.tier)] = 1.0f;
  strength[1 + kMadeTierCount + 0] = flag(reading.flush_draw);
  strength[1 + kMadeTierCount + 1] = flag(reading.open_ended);
  strength[1 + kMadeTierCount + 2] = flag(reading.gutshot);
  strength[1 + kMadeTierCount + 3] = flag(reading.overpair);
  strength[1 + kMadeTierCount + 4] = flag(reading.top_pair);
  strength[1 + kMadeTierCount + 5] = static_cast<float>(reading.category) / (kHandCategoryCount - 1);
}

}  // namespace

void encode_observation(const Observation& o, std::span<float, kObservationSize> out) {
  std::fill(out.begin(), out.end(), 0.0f);
  for (int c = 0; c < o.rules.hole_cards; ++c) out[kEncodeHole + o.hole[static_cast<std::size_t>(c)]] = 1.0f;
  for (int c = 0; c < o.board_count; ++c) out[kEncodeBoard + o.board[static_cast<std::size_t>(c)]] = 1.0f;
  encode_strength(o, out);

  const auto street = static_cast<std::size_t>(std::min(o.street, Street::kRiver));
  out[kEncodeGame + street] = 1.0f;
  out[kEncodeGame + 4 + static_cast<std::size_t>(o.rules.betting)] = 1.0f;
  out[kEncodeGame + 7] = static_cast<float>(o.rules.hole_cards) / 4.0f;

  const int n = o.num_players;
  const auto players = static_cast<std::size_t>(n);
  const float big_blind = static_cast<float>(std::max<Chips>(o.min_bet, 1));
  const auto chips = [big_blind](Chips amount) { return static_cast<float>(amount) / big_blind / kChipsScale; };
  Chips total = o.pot;
  for (std::size_t p = 0; p < players; ++p) total += o.stacks[p];
  out[kEncodeTable + 0] = static_cast<float>(n) / kMaxPlayers;
  out[kEncodeTable + 1 + static_cast<std::size_t>(o.player)] = 1.0f;
  out[kEncodeTable + 10] = flag(o.player == n - 1);
  out[kEncodeTable + 11] = static_cast<float>(o.level) / 10.0f;
  out[kEncodeTable + 12] = total > 0 ? big_blind * static_cast<float>(n) / static_cast<float>(total) : 0.0f;

  const auto self = static_cast<std::size_t>(o.player);
  const LegalActions& legal = o.legal;
  float* betting = out.data() + kEncodeBetting;
  betting[0] = chips(o.pot);
  betting[1] = chips(o.highest_bet);
  betting[2] = chips(legal.call_amount);
  betting[3] = legal.call_amount > 0
                   ? static_cast<float>(legal.call_amount) / static_cast<float>(o.pot + legal.call_amount)
                   : 0.0f;
  betting[4] = legal.can_raise ? chips(legal.min_raise_to) : 0.0f;
  betting[5] = legal.can_raise ? chips(legal.max_raise_to) : 0.0f;
  betting[6] = flag(legal.can_fold);
  betting[7] = flag(legal.can_check);
  betting[8] = flag(legal.can_raise);
  betting[9] = static_cast<float>(o.betting.raises_this_round) / 4.0f;
  betting[10] = static_cast<float>(o.betting.callers_this_round) / 4.0f;
  betting[11] = flag(o.betting.last_preflop_raiser == o.player);
  betting[12] = static_cast<float>(std::popcount(o.actions.preflop_raisers)) / static_cast<float>(n);
  betting[13] =
      o.pot > 0 ? std::min(static_cast<float>(o.stacks[self]) / static_cast<float>(o.pot), 20.0f) / 20.0f : 1.0f;

  for (std::size_t slot = 0; slot < players; ++slot) {
    const std::size_t p = (self + slot) % players;
    float* s = out.data() + kEncodeSlots + slot * kEncodeSlotWidth;
    s[0] = 1.0f;
    s[1] = chips(o.stacks[p]);
    s[2] = chips(o.bets[p]);
    s[3] = chips(o.committed[p]);
    s[4] = flag(o.folded[p]);
    s[5] = flag(!o.folded[p] && o.stacks[p] == 0);
    s[6] = flag(o.betting.last_raiser_this_round == static_cast<int>(p));
    s[7] = flag((o.actions.preflop_raisers >> p) & 1u);
    s[8] = static_cast<float>(o.actions.aggressive[p]) / 4.0f;
    s[9] = total > 0 ? static_cast<float>(o.stacks[p] + o.committed[p]) / static_cast<float>(total) : 0.0f;
  }
}

}  // namespace sngsim
