#include "sim/stats/style_collector.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "sim/stats/collector_registry.h"

namespace sngsim {

namespace {

constexpr std::array<StyleStatInfo, kStyleStatCount> kInfo{{
    {"vpip", "VPIP", true, "called or raised preflop (posting a blind is not voluntary; a big blind's check is not)",
     "acted preflop at least once (a walk, or a blind all in by posting, is none)"},
    {"pfr", "PFR", true, "bet or raised preflop", "acted preflop at least once"},
    {"three_bet", "3bet", true, "raised there",
     "acted preflop facing exactly one raise made by another player, with more chips behind than the call"},
    {"fold_to_three_bet", "F3bet", true, "folded there",
     "made the first preflop raise and acted facing exactly two raises, the second by another player"},
    {"steal", "steal", true, "raised there",
     "first preflop action from the cutoff, button or small blind with every player before folded (no call, no raise) "
     "and more chips behind than the call"},
    {"cbet_flop", "cbet", true, "bet there",
     "made the last preflop raise and took its first flop action with no bet before it on the flop"},
    {"fold_to_cbet_flop", "Fcbet", true, "folded there",
     "first flop action after a flop c-bet by another player, with no raise after the c-bet"},
    {"went_to_showdown", "WTSD", true, "still in the hand at its showdown",
     "saw the flop (not folded when it was dealt)"},
    {"won_at_showdown", "W$SD", true, "won chips from a pot there", "went to showdown"},
    {"all_in_preflop", "AIpre", true, "put its last chip in with a preflop call or raise",
     "acted preflop at least once"},
    {"aggression_factor_preflop", "AFpre", false, "bets and raises preflop", "calls preflop"},
    {"aggression_factor_flop", "AFflop", false, "bets and raises on the flop", "calls on the flop"},
    {"aggression_factor_turn", "AFturn", false, "bets and raises on the turn", "calls on the turn"},
    {"aggression_factor_river", "AFriver", false, "bets and raises on the river", "calls on the river"},
    {"aggression_frequency_preflop", "AFqpre", true, "bets and raises preflop",
     "bets, raises, calls and folds preflop (checks and blinds excluded)"},
    {"aggression_frequency_flop", "AFqflop", true, "bets and raises on the flop",
     "bets, raises, calls and folds on the flop"},
    {"aggression_frequency_turn", "AFqturn", true, "bets and raises on the turn",
     "bets, raises, calls and folds on the turn"},
    {"aggression_frequency_river", "AFqriver", true, "bets and raises on the river",
     "bets, raises, calls and folds on the river"},
}};

constexpr auto kIndex = [](StyleStat stat) { return static_cast<std::size_t>(stat); };

void count(StyleCounts& counts, StyleStat stat, bool act) {
  StyleCount& c = counts[kIndex(stat)];
  ++c.opportunities;
  c.acts += act ? 1 : 0;
}

std::int64_t checked_add(std::int64_t a, std::int64_t b) {
  std::int64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum)) throw std::overflow_error("style statistics: a sum overflows 64 bits");
  return sum;
}

std::int64_t checked_mul(std::int64_t a, std::int64_t b) {
  std::int64_t product = 0;
  if (__builtin_mul_overflow(a, b, &product)) throw std::overflow_error("style statistics: a sum overflows 64 bits");
  return product;
}

}  // namespace

const StyleStatInfo& style_stat_info(StyleStat stat) { return kInfo.at(kIndex(stat)); }

std::uint32_t steal_positions(const HandSetup& setup) {
  const int n = setup.num_players;
  // The big blind as the engine finds it: the largest blind, the last of equals.
  int big_blind = -1;
  Chips largest = 0;
  for (int p = 0; p < n; ++p) {
    const Chips blind = setup.blinds[static_cast<std::size_t>(p)];
    if (blind > 0 && blind >= largest) {
      largest = blind;
      big_blind = p;
    }
  }
  std::uint32_t positions = 0;
  int unblinded_found = 0;
  for (int p = n - 1; p >= 0; --p) {
    const auto i = static_cast<std::size_t>(p);
    if (setup.blinds[i] > 0) {
      if (p != big_blind) positions |= 1u << p;  // the small blind
    } else if (setup.posts[i] == 0 && unblinded_found < 2) {
      positions |= 1u << p;  // the button, then the cutoff
      ++unblinded_found;
    }
  }
  return positions;
}

std::array<StyleCounts, kMaxPlayers> count_hand_style(const HandSetup& setup, std::span<const Event> events) {
  std::array<StyleCounts, kMaxPlayers> style{};
  const int n = setup.num_players;
  const std::uint32_t steal = steal_positions(setup);

  std::array<Chips, kMaxPlayers> behind = setup.stacks;
  std::array<Chips, kMaxPlayers> bet{};
  Chips highest = 0;  // the bet to match; preflop the nominal big blind, as the engine has it
  for (int p = 0; p < n; ++p) {
    const auto i = static_cast<std::size_t>(p);
    highest = std::max({highest, setup.blinds[i], setup.posts[i]});
  }

  // A bit per hand-order player.
  std::uint32_t acted_preflop = 0, voluntary = 0, raised_preflop = 0, all_in_preflop = 0;
  std::uint32_t three_bet_seen = 0, fold_to_three_bet_seen = 0, folded = 0;
  std::uint32_t saw_flop = 0, showdown = 0, won = 0, after_cbet_seen = 0;
  int preflop_raises = 0, first_raiser = -1, second_raiser = -1, last_preflop_raiser = -1;
  bool any_voluntary = false;  // a call or raise preflop so far
  bool boards_dealt = false;
  bool flop_bet = false, cbet_considered = false, cbet_made = false, raised_after_cbet = false;
  int cbettor = -1;

  for (const Event& event : events) {
    const int p = event.player;
    const auto i = static_cast<std::size_t>(p < 0 ? 0 : p);
    const std::uint32_t bit = p < 0 ? 0u : 1u << p;
    switch (event.type) {
      case EventType::kAnte: behind[i] -= event.amount; continue;
      case EventType::kBlind:
        behind[i] -= event.amount - bet[i];
        bet[i] = event.amount;
        continue;
      case EventType::kDealBoard:
        if (!boards_dealt) saw_flop = ((1u << n) - 1u) & ~folded;
        boards_dealt = true;
        bet.fill(0);
        highest = 0;
        continue;
      case EventType::kShow:
      case EventType::kMuck: showdown |= bit; continue;
      case EventType::kWin: won |= bit; continue;
      case EventType::kUncalledReturn: behind[i] += event.amount; continue;
      case EventType::kDealHole: continue;
      case EventType::kFold:
      case EventType::kCheck:
      case EventType::kCall:
      case EventType::kBetRaise: break;
    }

    StyleCounts& counts = style[i];
    const bool raise = event.type == EventType::kBetRaise;
    const bool call = event.type == EventType::kCall;
    const bool fold = event.type == EventType::kFold;
    const Chips to_call = std::max<Chips>(0, highest - bet[i]);
    const bool chips_to_raise = behind[i] > to_call;
    const bool preflop = event.street == Street::kPreflop;

    if (preflop) {
      if ((acted_preflop & bit) == 0) {
        acted_preflop |= bit;
        if ((steal & bit) != 0 && !any_voluntary && chips_to_raise) count(counts, StyleStat::kSteal, raise);
      }
      if (preflop_raises == 1 && first_raiser != p && (three_bet_seen & bit) == 0 && chips_to_raise) {
        three_bet_seen |= bit;
        count(counts, StyleStat::kThreeBet, raise);
      }
      if (preflop_raises == 2 && first_raiser == p && second_raiser != p && (fold_to_three_bet_seen & bit) == 0) {
        fold_to_three_bet_seen |= bit;
        count(counts, StyleStat::kFoldToThreeBet, fold);
      }
    } else if (event.street == Street::kFlop) {
      bool is_cbet = false;
      if (p == last_preflop_raiser && !cbet_considered) {
        cbet_considered = true;
        if (!flop_bet) {
          count(counts, StyleStat::kCbetFlop, raise);
          is_cbet = raise;
        }
      } else if (cbet_made && p != cbettor && (after_cbet_seen & bit) == 0) {
        after_cbet_seen |= bit;
        if (!raised_after_cbet) count(counts, StyleStat::kFoldToCbetFlop, fold);
      }
      if (raise) {
        if (cbet_made) raised_after_cbet = true;
        if (is_cbet) {
          cbet_made = true;
          cbettor = p;
        }
        flop_bet = true;
      }
    }

    // Aggression, every street's betting actions (checks are neither).
    if (event.street <= Street::kRiver && !(event.type == EventType::kCheck)) {
      const int street = static_cast<int>(event.street);
      if (raise || call) {
        StyleCount& factor = counts[static_cast<std::size_t>(StyleStat::kAggressionFactorPreflop) + street];
        (raise ? factor.acts : factor.opportunities) += 1;
      }
      StyleCount& frequency = counts[static_cast<std::size_t>(StyleStat::kAggressionFrequencyPreflop) + street];
      ++frequency.opportunities;
      frequency.acts += raise ? 1 : 0;
    }

    if (raise || call) {
      behind[i] -= event.amount - bet[i];
      bet[i] = event.amount;
      if (preflop) {
        voluntary |= bit;
        any_voluntary = true;
        if (behind[i] == 0) all_in_preflop |= bit;
      }
    }
    if (raise) {
      highest = std::max(highest, event.amount);
      if (preflop) {
        raised_preflop |= bit;
        ++preflop_raises;
        if (preflop_raises == 1) first_raiser = p;
        if (preflop_raises == 2) second_raiser = p;
        last_preflop_raiser = p;
      }
    }
    if (fold) folded |= bit;
  }

  for (int p = 0; p < n; ++p) {
    const std::uint32_t bit = 1u << p;
    StyleCounts& counts = style[static_cast<std::size_t>(p)];
    if ((acted_preflop & bit) != 0) {
      count(counts, StyleStat::kVpip, (voluntary & bit) != 0);
      count(counts, StyleStat::kPfr, (raised_preflop & bit) != 0);
      count(counts, StyleStat::kAllInPreflop, (all_in_preflop & bit) != 0);
    }
    if ((saw_flop & bit) != 0) count(counts, StyleStat::kWentToShowdown, (showdown & bit) != 0);
    if ((showdown & bit) != 0) count(counts, StyleStat::kWonAtShowdown, (won & bit) != 0);
  }
  return style;
}

void StyleTally::add(int label, const StyleCounts& counts) {
  StyleCounts& mine = by_label_.at(static_cast<std::size_t>(label));
  for (std::size_t s = 0; s < mine.size(); ++s) {
    mine[s].acts += counts[s].acts;
    mine[s].opportunities += counts[s].opportunities;
  }
}

void StyleTally::clear() { std::fill(by_label_.begin(), by_label_.end(), StyleCounts{}); }

void StyleWatcher::hand_finished(const TableView& table, const Hand& hand) {
  const HandSetup& setup = hand.setup();
  const auto counts = count_hand_style(setup, hand.events());
  for (int p = 0; p < setup.num_players; ++p) {
    tally_.add(table.label_of_seat(setup.seats[static_cast<std::size_t>(p)]), counts[static_cast<std::size_t>(p)]);
  }
}

StyleEstimate estimate_style(const StyleSums& sums, bool proportion) {
  StyleEstimate out;
  out.acts = sums.acts;
  out.opportunities = sums.opportunities;
  if (sums.opportunities <= 0) return out;
  const long double total = static_cast<long double>(sums.opportunities);
  const long double ratio = static_cast<long double>(sums.acts) / total;
  out.value = static_cast<double>(ratio);
  if (sums.clusters < 2) return out;
  // The ratio estimator's linearised variance over clusters (units):
  // k/(k-1) * sum_u (a_u - R n_u)^2 / (sum_u n_u)^2.
  const long double k = static_cast<long double>(sums.clusters);
  const long double residual_sq = static_cast<long double>(sums.acts_sq) -
                                  2.0L * ratio * static_cast<long double>(sums.acts_opportunities) +
                                  ratio * ratio * static_cast<long double>(sums.opportunities_sq);
  const long double variance = std::max(0.0L, residual_sq) * k / (k - 1.0L) / (total * total);
  if (proportion) {
    // Wilson's interval at the effective number of opportunities (the
    // opportunities over the design effect); with no spread to measure
    // (R is 0 or 1) at the opportunities themselves.
    const long double binomial = ratio * (1.0L - ratio);
    const long double effective = variance > 0.0L && binomial > 0.0L ? binomial / variance : total;
    out.interval = wilson_interval(static_cast<double>(ratio * effective), static_cast<double>(effective));
  } else {
    const double half = kZ95 * static_cast<double>(std::sqrt(variance));
    out.interval = Interval{std::max(0.0, *out.value - half), *out.value + half};
  }
  return out;
}

void StyleStats::add_unit(const StyleTally& unit) {
  if (unit.by_label().size() != sums_.size()) throw std::invalid_argument("style tally of another cell");
  for (std::size_t label = 0; label < sums_.size(); ++label) {
    for (std::size_t s = 0; s < static_cast<std::size_t>(kStyleStatCount); ++s) {
      const StyleCount& c = unit.by_label()[label][s];
      if (c.acts == 0 && c.opportunities == 0) continue;
      StyleSums& sums = sums_[label][s];
      sums.acts = checked_add(sums.acts, c.acts);
      sums.opportunities = checked_add(sums.opportunities, c.opportunities);
      sums.acts_sq = checked_add(sums.acts_sq, checked_mul(c.acts, c.acts));
      sums.opportunities_sq = checked_add(sums.opportunities_sq, checked_mul(c.opportunities, c.opportunities));
      sums.acts_opportunities = checked_add(sums.acts_opportunities, checked_mul(c.acts, c.opportunities));
      sums.clusters = checked_add(sums.clusters, 1);
    }
  }
}

void StyleStats::merge(const StyleStats& other) {
  if (other.sums_.size() != sums_.size()) throw std::invalid_argument("style statistics of another cell");
  for (std::size_t label = 0; label < sums_.size(); ++label) {
    for (std::size_t s = 0; s < static_cast<std::size_t>(kStyleStatCount); ++s) {
      StyleSums& mine = sums_[label][s];
      const StyleSums& theirs = other.sums_[label][s];
      mine.acts = checked_add(mine.acts, theirs.acts);
      mine.opportunities = checked_add(mine.opportunities, theirs.opportunities);
      mine.acts_sq = checked_add(mine.acts_sq, theirs.acts_sq);
      mine.opportunities_sq = checked_add(mine.opportunities_sq, theirs.opportunities_sq);
      mine.acts_opportunities = checked_add(mine.acts_opportunities, theirs.acts_opportunities);
      mine.clusters = checked_add(mine.clusters, theirs.clusters);
    }
  }
}

nlohmann::json StyleStats::state() const {
  nlohmann::json out = nlohmann::json::object();
  for (int s = 0; s < kStyleStatCount; ++s) {
    nlohmann::json labels = nlohmann::json::array();
    for (const auto& by_stat : sums_) {
      const StyleSums& x = by_stat[static_cast<std::size_t>(s)];
      labels.push_back({x.acts, x.opportunities, x.acts_sq, x.opportunities_sq, x.acts_opportunities, x.clusters});
    }
    out[style_stat_info(s).key] = std::move(labels);
  }
  return out;
}

void StyleStats::restore(const nlohmann::json& state) {
  auto bad = [](const std::string& what) {
    return std::runtime_error("style statistics state does not fit this experiment: " + what);
  };
  if (!state.is_object() || state.size() != static_cast<std::size_t>(kStyleStatCount)) throw bad("not the statistics");
  auto restored = sums_;
  for (int s = 0; s < kStyleStatCount; ++s) {
    const char* key = style_stat_info(s).key;
    const auto found = state.find(key);
    if (found == state.end() || !found->is_array() || found->size() != sums_.size()) throw bad(key);
    for (std::size_t label = 0; label < sums_.size(); ++label) {
      const nlohmann::json& row = (*found)[label];
      if (!row.is_array() || row.size() != 6) throw bad(key);
      for (const auto& value : row) {
        if (!value.is_number_integer() || value.get<std::int64_t>() < 0) throw bad(key);
      }
      StyleSums& x = restored[label][static_cast<std::size_t>(s)];
      x = {row[0].get<std::int64_t>(), row[1].get<std::int64_t>(), row[2].get<std::int64_t>(),
           row[3].get<std::int64_t>(), row[4].get<std::int64_t>(), row[5].get<std::int64_t>()};
    }
  }
  sums_ = std::move(restored);
}

}  // namespace sngsim

namespace sngsim {

void StyleCollector::add(const FinishedUnit& /*unit*/, const TableObserver* watched) {
  const auto* watcher = dynamic_cast<const StyleWatcher*>(watched);
  if (watcher == nullptr) throw std::invalid_argument("style statistics: a unit was played without its observer");
  stats_.add_unit(watcher->tally());
}

void StyleCollector::save(nlohmann::json& cell_state) const { cell_state["style"] = stats_.state(); }

void StyleCollector::load(const nlohmann::json& cell_state) {
  const auto found = cell_state.find("style");
  if (found == cell_state.end()) throw std::runtime_error("statistics state does not fit this experiment: no style");
  stats_.restore(*found);
}

std::optional<StatResult> StyleCollector::summarize(const SummaryContext& context) const {
  StatResult result;
  result.show_on_console = true;
  result.title = "playing style";
  result.note = "percent; aggression factor: bets and raises per call; 95% intervals by unit";
  for (int label = 0; label < stats_.label_count(); ++label) {
    for (int s = 0; s < kStyleStatCount; ++s) {
      const StyleEstimate estimate = stats_.estimate(label, static_cast<StyleStat>(s));
      StatRow row{context.labels.at(static_cast<std::size_t>(label)), {}};
      row.values.emplace_back(std::string(style_stat_info(s).key));
      row.values.push_back(estimate.value ? StatValue(*estimate.value) : StatValue());
      row.values.push_back(estimate.interval ? StatValue(*estimate.interval) : StatValue());
      row.values.emplace_back(estimate.acts);
      row.values.emplace_back(estimate.opportunities);
      row.values.emplace_back(stats_.sums(label, static_cast<StyleStat>(s)).clusters);
      result.rows.push_back(std::move(row));
    }
  }
  return result;
}

CollectorInfo style_stats_info() {
  CollectorInfo info;
  info.name = "style";
  info.summary = "playing style per label: VPIP, PFR, 3-bet, steal, c-bet, aggression, showdown (style_stats: true)";
  info.fields = {
      {"statistic", "string", false, "", "the statistic (docs/statistics.md, \"Playing style\")"},
      {"value", "number", true, "fraction, or bets and raises per call for aggression_factor_*",
       "acts / opportunities over every unit; null without an opportunity"},
      {"ci95", "interval", true, "as value",
       "95% interval, units as clusters (Wilson at the effective count; aggression factor: normal); null "
       "with fewer than two units"},
      {"acts", "integer", false, "count", "times the player did it (aggression factor: bets and raises)"},
      {"opportunities", "integer", false, "count", "times the player could (aggression factor: calls)"},
      {"units", "integer", false, "count", "units (tournaments, duplicate groups, sessions) with any count"},
  };
  info.csv = true;
  info.applies = [](const Cell& cell) { return cell.style_stats; };
  info.make = [](const Cell&, const std::vector<std::string>& labels) {
    return std::make_unique<StyleCollector>(labels);
  };
  return info;
}

}  // namespace sngsim
