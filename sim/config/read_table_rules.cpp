#include "sim/config/config_reader.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "engine/game_definition.h"
#include "sim/config/config_error.h"

namespace sngsim::config_reading {

BlindLevel Reader::read_level(const Node& node, const std::string& path) const {
  BlindLevel level;
  if (node.kind == Node::Kind::kSequence) {
    if (node.items.size() != 2 && node.items.size() != 3) {
      fail(node.origin,
           path + " must be [small, big] or [small, big, ante], got a list of " + std::to_string(node.items.size()));
    }
    level.small_blind = read_integer(node.items[0], path + " small blind", 0, kMaxChips);
    level.big_blind = read_integer(node.items[1], path + " big blind", 1, kMaxChips);
    if (node.items.size() == 3) level.ante = read_integer(node.items[2], path + " ante", 0, kMaxChips);
  } else if (node.kind == Node::Kind::kMap) {
    check_keys(node, path, kLevelKeys);
    if (node.find("big") == nullptr) fail(node.origin, path + " needs 'big' (the big blind)");
    if (node.find("small") == nullptr) fail(node.origin, path + " needs 'small' (the small blind)");
    level.small_blind = read_integer(node, path, "small", 0, kMaxChips, 0);
    level.big_blind = read_integer(node, path, "big", 1, kMaxChips, 0);
    level.ante = read_integer(node, path, "ante", 0, kMaxChips, 0);
  } else {
    fail(node.origin,
         path + " must be [small, big], [small, big, ante] or {small: , big: , ante: }, got " + describe(node));
  }
  if (level.small_blind > level.big_blind) {
    fail(node.origin, path + ": the small blind " + std::to_string(level.small_blind) +
                          " is larger than the big blind " + std::to_string(level.big_blind));
  }
  return level;
}

BlindSchedule Reader::read_schedule(const Node& table) const {
  const std::vector<std::string>& kSpeeds = choices_of("table.blinds");
  const std::size_t speed = read_choice(table, "table", "blinds", kSpeeds, 0);
  const bool custom = speed == 2;
  const int hands_per_level = static_cast<int>(read_integer(table, "table", "hands_per_level", 1, kMaxHandsPerLevel,
                                                            speed == 1 ? kTurboHandsPerLevel : kNormalHandsPerLevel));

  std::vector<BlindLevel> levels;
  const Entry* schedule = table.find_entry("schedule");
  if (custom) {
    if (schedule == nullptr)
      fail(table.find("blinds")->origin, "blinds: custom needs table.schedule, the list of levels");
    const Node& list = schedule->value;
    if (list.kind != Node::Kind::kSequence || list.items.empty()) {
      fail(list.origin, "table.schedule must be a non-empty list of levels, got " + describe(list));
    }
    if (list.items.size() > kMaxScheduleLevels) {
      fail(list.origin, "table.schedule has more than " + std::to_string(kMaxScheduleLevels) + " levels");
    }
    for (std::size_t i = 0; i < list.items.size(); ++i) {
      levels.push_back(read_level(list.items[i], "table.schedule[" + std::to_string(i) + "]"));
    }
  } else {
    if (schedule != nullptr) {
      fail(schedule->key_origin, "table.schedule is only read with blinds: custom (blinds is " + kSpeeds[speed] + ")");
    }
    levels = BlindSchedule::standard(hands_per_level).levels();
  }

  const Entry* ante = table.find_entry("ante");
  if (ante != nullptr) {
    const Node& spec = ante->value;
    if (spec.kind != Node::Kind::kMap) {
      fail(spec.origin, "table.ante must be a mapping {from_level: , amount: }, got " + describe(spec));
    }
    check_keys(spec, "table.ante", kAnteKeys);
    if (spec.find("amount") == nullptr) fail(spec.origin, "table.ante needs 'amount' (chips per player)");
    const auto from_level =
        static_cast<std::size_t>(read_integer(spec, "table.ante", "from_level", 1, kMaxAnteLevel, 1));
    const Chips amount = read_integer(spec, "table.ante", "amount", 0, kMaxChips, 0);
    for (const auto& level : levels) {
      if (level.ante != 0) fail(ante->key_origin, "table.ante cannot be combined with antes in table.schedule");
    }
    // Levels past the list double (R4); write them out up to from_level so
    // the ante has a level to start from, then let it scale with the big
    // blind, which keeps it the same fraction of the blinds at every level.
    const BlindSchedule listed(levels, hands_per_level);
    while (levels.size() < from_level) levels.push_back(listed.level(static_cast<int>(levels.size()) + 1));
    const Chips base = levels[from_level - 1].big_blind;
    for (std::size_t i = from_level - 1; i < levels.size(); ++i) {
      __extension__ using Wide = __int128;  // amount * big blind may exceed 64 bits
      const Wide scaled = Wide{amount} * Wide{levels[i].big_blind} / Wide{base};
      // Saturate where BlindSchedule stops doubling blinds, far from overflow.
      levels[i].ante = static_cast<Chips>(std::min<Wide>(scaled, Wide{1} << 52));
    }
  }
  return BlindSchedule(std::move(levels), hands_per_level);
}

Payouts Reader::read_payouts(const Node& root, int players, const std::string& places_what) const {
  Payouts payouts;
  payouts.percent = {100};
  const Node* node = root.find("payouts");
  if (node == nullptr) return payouts;
  expect_map(*node, "payouts");
  check_keys(*node, "payouts", kPayoutKeys);
  if (const Node* places = node->find("places")) {
    if (places->kind != Node::Kind::kSequence || places->items.empty()) {
      fail(places->origin, "payouts.places must be a non-empty list of percentages, got " + describe(*places));
    }
    payouts.percent.clear();
    int sum = 0;
    for (std::size_t i = 0; i < places->items.size(); ++i) {
      const auto percent =
          static_cast<int>(read_integer(places->items[i], "payouts.places[" + std::to_string(i) + "]", 0, 100));
      payouts.percent.push_back(percent);
      sum += percent;
    }
    if (sum != 100) fail(places->origin, "payouts.places must add up to 100, got " + std::to_string(sum));
    if (payouts.percent.size() > static_cast<std::size_t>(players)) {
      fail(places->origin,
           "payouts.places pays " + std::to_string(payouts.percent.size()) + " places but " + places_what);
    }
  }
  payouts.buy_in = read_integer(*node, "payouts", "buy_in", 1, kMaxChips, 100);
  payouts.fee_percent = static_cast<int>(read_integer(*node, "payouts", "fee", 0, kMaxFeePercent, 0));
  // The choices' order is IcmAtCap's.
  payouts.icm_at_cap =
      static_cast<IcmAtCap>(read_choice(*node, "payouts", "icm_at_cap", choices_of("payouts.icm_at_cap"), 0));
  return payouts;
}

ShootoutRules Reader::read_shootout(const Node& root) const {
  ShootoutRules shootout;
  const Node* node = root.find("shootout");
  if (node == nullptr) return shootout;
  expect_map(*node, "shootout");
  check_keys(*node, "shootout", kShootoutKeys);
  shootout.tables = static_cast<int>(read_integer(*node, "shootout", "tables", 2, kMaxShootoutTablesConfig, 2));
  shootout.final_table = read_choice(*node, "shootout", "winners", choices_of("shootout.winners"), 0) == 0;
  return shootout;
}

CashRules Reader::read_cash(const Node& root, const Node& table, const TournamentRules& rules) const {
  // A cash table has no levels, eliminations or starting stack: say which
  // cash key replaces a sit-and-go one rather than ignoring it.
  static const std::vector<std::pair<std::string, std::string>> kNotForCash = {
      {"stack", "the buy-in is cash.buy_in_bb big blinds"},
      {"blinds", "the blinds are fixed: cash.blinds"},
      {"hands_per_level", "the blinds are fixed: cash.blinds"},
      {"schedule", "the blinds are fixed: cash.blinds"},
      {"ante", "give the ante in cash.blinds: [small, big, ante]"},
      {"hand_cap", "a session lasts cash.hands hands"},
      {"bust_ties", "nobody is eliminated"},
  };
  for (const auto& [key, instead] : kNotForCash) {
    if (const Entry* entry = table.find_entry(key)) {
      fail(entry->key_origin, "table." + key + " does not apply to format: cash (" + instead + ")");
    }
  }
  if (const Entry* payouts = root.find_entry("payouts")) {
    fail(payouts->key_origin, "payouts does not apply to format: cash (results are big blinds won per 100 hands)");
  }

  CashRules cash;
  const Node* found = root.find("cash");
  const Node empty;
  const Node& node = found == nullptr ? empty : *found;
  expect_map(node, "cash");
  check_keys(node, "cash", kCashKeys);
  cash.hands = static_cast<int>(read_integer(node, "cash", "hands", 1, kMaxCashHands, 1000));
  if (const Node* blinds = node.find("blinds")) cash.table.blinds = read_level(*blinds, "cash.blinds");
  const Chips big_blind = cash.table.blinds.big_blind;
  // V7: 40..100 big blinds at no-limit and pot-limit; at fixed limit at
  // least 10 big bets (a big bet is two big blinds) and no maximum beyond
  // the bound that keeps chip sums far from overflow.
  const bool fixed_limit = rules.game.betting == BettingStructure::kFixedLimit;
  std::int64_t buy_in_bb = kMaxCashBuyInBb;
  if (!fixed_limit) {
    buy_in_bb = read_integer(node, "cash", "buy_in_bb", kMinCashBuyInBb, kMaxCashBuyInBb, kMaxCashBuyInBb);
  } else if (const Node* buy_in = node.find("buy_in_bb")) {
    buy_in_bb = read_integer(*buy_in, "cash.buy_in_bb", std::numeric_limits<std::int64_t>::min(),
                             std::max<Chips>(kMinLimitBuyInBb, kMaxChips / std::max<Chips>(big_blind, 1)));
    if (buy_in_bb < kMinLimitBuyInBb) {
      fail(buy_in->origin, "cash.buy_in_bb must be at least " + std::to_string(kMinLimitBuyInBb) +
                               " at a fixed-limit table (V7: 10 big bets of two big blinds), got " + buy_in->text);
    }
  }
  const auto rebuy_below_bb =
      read_integer(node, "cash", "rebuy_below_bb", 0, buy_in_bb, std::min<std::int64_t>(kMinCashBuyInBb, buy_in_bb));
  cash.table.players = rules.players;
  cash.table.game = rules.game;
  cash.table.buy_in = buy_in_bb * big_blind;
  cash.table.rebuy_below = rebuy_below_bb * big_blind;
  if (const Node* rake = node.find("rake")) cash.table.rake = read_rake(*rake);
  cash.table.missed_blinds_wait = read_choice(node, "cash", "missed_blinds", choices_of("cash.missed_blinds"), 0) == 1;
  cash.table.new_player_waits = read_choice(node, "cash", "new_players", choices_of("cash.new_players"), 0) == 1;
  cash.new_player_after_hands =
      static_cast<int>(read_integer(node, "cash", "new_player_after_hands", 0, kMaxSitOutHands, 0));
  cash.table.sit_out = read_sit_out(root);
  cash.table.sit_out.stand_up_after_hands = static_cast<int>(
      read_integer(node, "cash", "stand_up_after_hands", 1, kMaxSitOutHands, cash.table.sit_out.stand_up_after_hands));
  return cash;
}

SitOutRule Reader::read_sit_out(const Node& root) const {
  SitOutRule rule;
  const Node* node = root.find("sit_out");
  if (node == nullptr) return rule;
  expect_map(*node, "sit_out");
  check_keys(*node, "sit_out", kSitOutKeys);
  rule.after_faults = static_cast<int>(read_integer(*node, "sit_out", "after_faults", 0, 1000, 0));
  if (const Node* back = node->find("return_after_hands")) {
    rule.return_after_hands =
        back->kind == Node::Kind::kScalar && back->text == "never"
            ? 0
            : static_cast<int>(read_integer(*back, "sit_out.return_after_hands", 1, kMaxSitOutHands));
  }
  return rule;
}

RakeRule Reader::read_rake(const Node& node) const {
  if (node.kind != Node::Kind::kMap) {
    fail(node.origin, "cash.rake must be a mapping {percent: , cap: , no_flop_no_drop: }, got " + describe(node));
  }
  check_keys(node, "cash.rake", kRakeKeys);
  RakeRule rake;
  const Node* percent = node.find("percent");
  if (percent == nullptr) fail(node.origin, "cash.rake needs 'percent'");
  // A percentage with at most two decimals, kept exact in hundredths.
  const std::string& text = read_scalar(*percent, "cash.rake.percent", "a percentage");
  const std::size_t dot = text.find('.');
  const std::string whole = text.substr(0, dot);
  const std::string fraction = dot == std::string::npos ? "" : text.substr(dot + 1);
  const auto digits = [](const std::string& part) {
    return std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; });
  };
  if (whole.empty() || whole.size() > 6 || !digits(whole) || fraction.size() > 2 || !digits(fraction) ||
      (dot != std::string::npos && fraction.empty())) {
    fail(percent->origin,
         "cash.rake.percent must be a percentage such as 5 or 2.5 (at most two decimals), got '" + text + "'");
  }
  const std::int64_t hundredths =
      std::stoll(whole) * 100 + (fraction.empty() ? 0 : std::stoll(fraction) * (fraction.size() == 1 ? 10 : 1));
  if (hundredths > kMaxRakeHundredthsPercent) {
    fail(percent->origin,
         "cash.rake.percent must be at most 10 (V10: at least 90% of the bets go to the players), got " + text);
  }
  rake.hundredths_percent = static_cast<int>(hundredths);
  rake.cap = read_integer(node, "cash.rake", "cap", 0, kMaxChips, 0);
  rake.no_flop_no_drop = read_bool(node, "cash.rake", "no_flop_no_drop", true);
  return rake;
}

}  // namespace sngsim::config_reading
