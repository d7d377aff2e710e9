// The summary of a cash cell (RULES V7): big blinds won per 100 hands, and
// the rake (V10).

#include <cmath>
#include <limits>
#include <optional>

#include "sim/luck/cash_runout_luck.h"
#include "sim/report/summary_formats.h"
#include "sim/stats/intervals.h"

namespace sngsim {

namespace {

CashPlayerSummary player_summary(const CashStats& stats, int label, bool clocked, bool raked) {
  const CashLabelTotals& t = stats.label_totals(label);
  const Chips big_blind = stats.big_blind();
  // The hands a seat of the label played in a session, on average: the
  // session's hands unless it sat some out (V8).
  const double hands_per_session =
      t.sessions > 0 ? static_cast<double>(t.hands) / static_cast<double>(t.sessions) : stats.hands_per_session();
  CashPlayerSummary result;
  result.sessions = t.sessions;
  result.hands = t.hands;
  result.rebuys = t.rebuys;
  result.faults = t.faults;
  result.clocked = clocked;
  const bool fits =
      t.won_sum >= std::numeric_limits<std::int64_t>::min() && t.won_sum <= std::numeric_limits<std::int64_t>::max();
  if (fits) {
    result.chips_won = static_cast<std::int64_t>(t.won_sum);
  } else {
    result.chips_won = static_cast<double>(t.won_sum);
  }
  result.bb_won = exact_ratio(t.won_sum, big_blind);
  // bb/100 = 100 * chips won / (big blind * hands), one rounding from exact.
  result.bb_per_100 = exact_ratio(100 * t.won_sum, static_cast<Int128>(big_blind) * t.hands);

  // Each session of a seat is one observation: its chips won. Its bb/100 is
  // 100 * won / (bb * H) with H hands per session, so the interval is
  // Student's t over sessions with sd = 100 * sd(won) / (bb * H).
  // bb_per_100_sd is the spread of 100 hands, the poker-tracker figure:
  // sd(won) / bb * sqrt(100 / H), assuming independent hands.
  if (const auto variance = sample_variance(t.sessions, t.won_sum, t.won_sq_sum)) {
    const double sd_bb = std::sqrt(*variance) / static_cast<double>(big_blind);
    result.session_sd_bb = sd_bb;
    result.bb_per_100_sd = sd_bb * std::sqrt(100.0 / hands_per_session);
    result.bb_per_100_ci95 = t_interval(*result.bb_per_100, 100.0 * sd_bb / hands_per_session, t.sessions);
  }
  result.rebuys_per_session = exact_ratio(t.rebuys, t.sessions);
  if (raked) {
    // V10: the same figures before the rake, from chips won plus rake paid.
    CashPlayerSummary::Rake rake;
    rake.paid = static_cast<std::int64_t>(t.rake_sum);
    rake.paid_bb_per_100 = exact_ratio(100 * t.rake_sum, static_cast<Int128>(big_blind) * t.hands);
    rake.bb_per_100_before = exact_ratio(100 * t.gross_won_sum, static_cast<Int128>(big_blind) * t.hands);
    if (const auto variance = sample_variance(t.sessions, t.gross_won_sum, t.gross_won_sq_sum)) {
      const double sd_bb = std::sqrt(*variance) / static_cast<double>(big_blind);
      rake.bb_per_100_before_ci95 = t_interval(*rake.bb_per_100_before, 100.0 * sd_bb / hands_per_session, t.sessions);
    }
    result.rake = rake;
  }
  if (stats.adjusted()) {
    // Moments in kChipLuckUnit per session: bb/100 of a session's mean is
    // 100 * mean / (kChipLuckUnit * bb * H).
    const double scale =
        100.0 / (static_cast<double>(kChipLuckUnit) * static_cast<double>(big_blind) * hands_per_session);
    auto mean_and_interval = [&](const Moments& m, std::optional<double>& mean, std::optional<Interval>& interval) {
      if (m.count == 0) return std::optional<double>{};
      mean = static_cast<double>(m.sum) / static_cast<double>(m.count) * scale;
      const auto variance = sample_variance(m.count, m.sum, m.sq_sum);
      if (variance) interval = t_interval(*mean, std::sqrt(*variance) * scale, m.count);
      return variance;
    };
    CashPlayerSummary::Adjusted adjusted;
    std::optional<double> raw_mean;
    std::optional<Interval> raw_interval;
    const auto raw_variance = mean_and_interval(stats.luck_raw(label), raw_mean, raw_interval);
    const auto adjusted_variance =
        mean_and_interval(stats.luck_adjusted(label), adjusted.bb_per_100, adjusted.bb_per_100_ci95);
    mean_and_interval(stats.luck_correction(label), adjusted.mean_luck, adjusted.mean_luck_ci95);
    if (raw_variance && adjusted_variance && *adjusted_variance > 0)
      adjusted.variance_reduction = *raw_variance / *adjusted_variance;
    result.adjusted = adjusted;
  }
  return result;
}

}  // namespace

CashSummary cash_summary(const Cell& cell, const CellStats& stats) {
  const CashStats& s = *stats.cash();
  const CashTableRules& table = cell.cash.table;
  CashSummary result;
  result.seats = s.seats();
  result.hands_per_session = s.hands_per_session();
  result.blinds = table.blinds;
  result.buy_in = table.buy_in;
  result.rebuy_below = table.rebuy_below;
  const bool raked = table.rake.hundredths_percent > 0;
  for (int label = 0; label < stats.label_count(); ++label) {
    result.players.push_back(player_summary(s, label, stats.is_clocked(label), raked));
  }
  if (raked) {
    result.rake = table.rake;
    for (int label = 0; label < stats.label_count(); ++label) {
      result.rake_total += static_cast<std::int64_t>(s.label_totals(label).rake_sum);
    }
    // Per hand the sessions counted (a hand nobody could be dealt, V8, pays none).
    result.rake_per_hand =
        exact_ratio(static_cast<Int128>(result.rake_total), static_cast<Int128>(s.sessions()) * s.hands_per_session());
  }
  return result;
}

}  // namespace sngsim
