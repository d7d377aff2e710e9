// Label comparisons (sim/stats/paired_stats, sim/stats/label_difference): the paired sums
// of hand-made duplicate groups against brute force, the paired and unpaired
// intervals recomputed from the raw outcomes, and merging in any order.

#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "sim/stats/cell_stats.h"
#include "sim/stats/intervals.h"
#include "sim/stats/label_difference.h"
#include "sim/report/summary.h"

namespace sngsim {
namespace {

using nlohmann::json;

Placement place(int first, int count = 1) {
  return Placement{static_cast<std::int8_t>(first), static_cast<std::int8_t>(count)};
}

// Three seats, label a holds one and label b two; duplicate groups of three
// rotations; payouts 70/30.
Cell three_seat_cell(Seating seating = Seating::kDuplicate) {
  Cell cell;
  cell.rules.players = 3;
  for (const char* label : {"a", "b", "b"}) {
    Entrant entrant;
    entrant.label = label;
    entrant.strategy = "test";
    cell.entrants.push_back(entrant);
  }
  cell.seating = seating;
  cell.payouts.percent = {70, 30};
  return cell;
}

// labels[s] is the label index (0 = a, 1 = b) at seat s.
TournamentRecord record(std::vector<int> labels, std::vector<Placement> places, std::int64_t index = 0) {
  TournamentRecord r;
  r.index = index;
  r.seats = static_cast<int>(labels.size());
  r.hands = 10;
  for (std::size_t s = 0; s < labels.size(); ++s) {
    r.label[s] = static_cast<std::int8_t>(labels[s]);
    r.placement[s] = places[s];
    r.final_chips[s] = places[s].first == 1 ? 3000 : 0;
    r.bust_hand[s] = static_cast<std::int16_t>(places[s].first == 1 ? 0 : 10);
  }
  return r;
}

// Two groups worked out by hand. Mean places: group 1, a 1.5 and b 2.25;
// group 2, a 2 and b 2. Win rates: group 1, a 1/2 and b 1/4; group 2, a 1/3
// and b 1/3. Prizes (percent of the pool): group 1, a 50 and b 25; group 2,
// a 33.3 and b 33.3.
std::vector<std::vector<TournamentRecord>> hand_made_groups() {
  return {
      {record({0, 1, 1}, {place(1), place(2), place(3)}), record({1, 0, 1}, {place(1), place(2), place(3)}),
       record({1, 1, 0}, {place(1, 2), place(3), place(1, 2)})},
      {record({0, 1, 1}, {place(3), place(1), place(2)}), record({1, 0, 1}, {place(2), place(1), place(3)}),
       record({1, 1, 0}, {place(1), place(3), place(2)})},
  };
}

// Welch's interval from raw samples, written out from the textbook.
Interval welch(const std::vector<double>& x, const std::vector<double>& y) {
  const auto mean_var = [](const std::vector<double>& v) {
    double mean = 0;
    for (const double e : v) mean += e;
    mean /= static_cast<double>(v.size());
    double ss = 0;
    for (const double e : v) ss += (e - mean) * (e - mean);
    return std::pair{mean, ss / static_cast<double>(v.size() - 1)};
  };
  const auto [mx, vx] = mean_var(x);
  const auto [my, vy] = mean_var(y);
  const double a = vx / static_cast<double>(x.size());
  const double b = vy / static_cast<double>(y.size());
  const double df =
      (a + b) * (a + b) / (a * a / static_cast<double>(x.size() - 1) + b * b / static_cast<double>(y.size() - 1));
  const double half = student_t_quantile(static_cast<std::int64_t>(std::floor(df))) * std::sqrt(a + b);
  return {mx - my - half, mx - my + half};
}

}  // namespace

TEST_CASE("paired: group sums of hand-made records match brute force", "[paired]") {
  const Cell cell = three_seat_cell();
  CellStats stats(cell);
  for (const auto& group : hand_made_groups()) stats.add_group(group);
  const PairedStats& paired = *stats.paired();
  REQUIRE(paired.groups() == 2);
  CHECK(paired.entries_per_group(0) == 3);
  CHECK(paired.entries_per_group(1) == 6);
  CHECK(paired.group_scale(0, 1) == 6);       // 3 * 6 / gcd(3, 6)
  CHECK(paired.tournament_scale(0, 1) == 2);  // 1 * 2 / gcd(1, 2)
  const std::int64_t K = kShareUnit;

  // D = (e_b / g) S_a - (e_a / g) S_b = 2 S_a - S_b per group.
  // Twice places: group 1, S_a = 2 + 4 + 3 = 9, S_b = 4 + 6 + 2 + 6 + 3 + 6 = 27,
  // D = -9; group 2, S_a = 12, S_b = 24, D = 0.
  const Moments& place_d = paired.group_moments(0, 1, Metric::kMeanPlace);
  CHECK(place_d.count == 2);
  CHECK(place_d.sum == -9);
  CHECK(place_d.sq_sum == 81);
  // Wins: group 1, S_a = 1.5 K, S_b = 1.5 K, D = 1.5 K; group 2, D = 2K - 2K = 0.
  const Moments& win_d = paired.group_moments(0, 1, Metric::kWinRate);
  CHECK(win_d.sum == 3 * K / 2);
  CHECK(win_d.sq_sum == static_cast<UInt128>(3 * K / 2) * static_cast<UInt128>(3 * K / 2));
  // Prizes in units of pool / (100 K): group 1, S_a = (70 + 30 + 50) K,
  // S_b = (30 + 70 + 50) K, D = 150 K; group 2, S_a = 100 K, S_b = 200 K, D = 0.
  const Moments& prize_d = paired.group_moments(0, 1, Metric::kRoi);
  CHECK(prize_d.sum == 150 * K);

  // Per tournament, D = 2 S_a - S_b: -6, 0, -3 and 6, -6, 0.
  const Moments& place_t = paired.tournament_moments(0, 1, Metric::kMeanPlace);
  CHECK(place_t.count == 6);
  CHECK(place_t.sum == -9);
  CHECK(place_t.sq_sum == 36 + 9 + 36 + 36);

  // Every entry is in the per-label moments too.
  CHECK(paired.label_moments(0, Metric::kMeanPlace).count == 6);
  CHECK(paired.label_moments(1, Metric::kMeanPlace).count == 12);
  CHECK(paired.label_moments(0, Metric::kMeanPlace).sum == 21);
  CHECK(stats.tournaments() == 6);
  CHECK(stats.label_totals(0).twice_mean_place_sum == 21);
}

TEST_CASE("paired: intervals recomputed from the raw outcomes", "[paired]") {
  const Cell cell = three_seat_cell();
  CellStats stats(cell);
  for (const auto& group : hand_made_groups()) stats.add_group(group);

  // Mean place, A minus B: group differences -0.75 and 0.
  const LabelDifference place_diff = label_difference(*stats.paired(), 0, 1, Metric::kMeanPlace);
  const std::vector<double> a_places = {1, 2, 1.5, 3, 1, 2};
  const std::vector<double> b_places = {2, 3, 1, 3, 1.5, 3, 1, 2, 2, 3, 1, 3};
  REQUIRE(place_diff.estimate);
  CHECK(*place_diff.estimate == Approx(10.5 / 6 - 25.5 / 12));
  CHECK(*place_diff.estimate == -0.375);
  const double sd = 0.75 / std::sqrt(2.0);
  const double half = student_t_quantile(1) * sd / std::sqrt(2.0);
  REQUIRE(place_diff.ci95_paired);
  CHECK(place_diff.ci95_paired->lo == Approx(-0.375 - half));
  CHECK(place_diff.ci95_paired->hi == Approx(-0.375 + half));
  const Interval unpaired = welch(a_places, b_places);
  REQUIRE(place_diff.ci95_unpaired);
  CHECK(place_diff.ci95_unpaired->lo == Approx(unpaired.lo));
  CHECK(place_diff.ci95_unpaired->hi == Approx(unpaired.hi));
  // The gain: the tournaments' differences (-1.5, 0, -0.75, 1.5, -1.5, 0
  // places) as independent samples, against the groups' (-0.75, 0).
  const auto variance = [](const std::vector<double>& v) {
    double mean = 0;
    for (const double e : v) mean += e;
    mean /= static_cast<double>(v.size());
    double ss = 0;
    for (const double e : v) ss += (e - mean) * (e - mean);
    return ss / static_cast<double>(v.size() - 1);
  };
  REQUIRE(place_diff.effective_sample_gain);
  CHECK(*place_diff.effective_sample_gain == Approx((variance({-1.5, 0, -0.75, 1.5, -1.5, 0}) / 6) / (sd * sd / 2)));
  CHECK(place_diff.groups == 2);

  // B minus A is the mirror image.
  const LabelDifference mirrored = label_difference(*stats.paired(), 1, 0, Metric::kMeanPlace);
  CHECK(*mirrored.estimate == -*place_diff.estimate);
  CHECK(mirrored.ci95_paired->lo == -place_diff.ci95_paired->hi);

  // ROI: group differences (50 - 25) / 100 * 3 = 0.75 and 0.
  const LabelDifference roi = label_difference(*stats.paired(), 0, 1, Metric::kRoi);
  CHECK(*roi.estimate == Approx(0.375));
  CHECK(roi.ci95_paired->hi - roi.ci95_paired->lo ==
        Approx(2 * student_t_quantile(1) * 0.75 / std::sqrt(2.0) / std::sqrt(2.0)));
  // Win rate: 1/4 and 0.
  const LabelDifference win = label_difference(*stats.paired(), 0, 1, Metric::kWinRate);
  CHECK(*win.estimate == Approx(2.5 / 6 - 3.5 / 12));

  // Random seating keeps no groups: the pairs are the tournaments, and the
  // interval is Student t over the six tournaments' differences.
  CellStats random_stats(three_seat_cell(Seating::kRandom));
  for (const auto& group : hand_made_groups()) {
    for (const TournamentRecord& r : group) random_stats.add(r);
  }
  const LabelDifference random_diff = label_difference(*random_stats.paired(), 0, 1, Metric::kMeanPlace);
  CHECK(random_diff.groups == 0);
  const double tournament_sd = std::sqrt(variance({-1.5, 0, -0.75, 1.5, -1.5, 0}));
  REQUIRE(random_diff.ci95_paired);
  CHECK(random_diff.ci95_paired->hi - random_diff.ci95_paired->lo ==
        Approx(2 * student_t_quantile(5) * tournament_sd / std::sqrt(6.0)));
  CHECK_FALSE(random_diff.effective_sample_gain);
  CHECK(random_diff.ci95_unpaired->lo == place_diff.ci95_unpaired->lo);
}

TEST_CASE("paired: merging partial statistics in any order gives identical state and summary", "[paired]") {
  const Cell cell = three_seat_cell();
  // Pseudo-random groups: every rotation of a random arrangement, random
  // orders of finish with the odd shared place.
  std::uint64_t state = 12345;
  const auto next = [&](int bound) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(bound));
  };
  std::vector<std::vector<TournamentRecord>> groups;
  for (int g = 0; g < 30; ++g) {
    std::vector<TournamentRecord> group;
    for (int r = 0; r < 3; ++r) {
      std::vector<int> labels = {0, 1, 1};
      std::rotate(labels.begin(), labels.begin() + r, labels.end());
      std::vector<int> order = {0, 1, 2};
      for (int i = 2; i > 0; --i)
        std::swap(order[static_cast<std::size_t>(i)], order[static_cast<std::size_t>(next(i + 1))]);
      std::vector<Placement> places(3);
      for (int i = 0; i < 3; ++i) places[static_cast<std::size_t>(order[static_cast<std::size_t>(i)])] = place(i + 1);
      if (next(4) == 0) {  // the last two share places 2-3
        places[static_cast<std::size_t>(order[1])] = place(2, 2);
        places[static_cast<std::size_t>(order[2])] = place(2, 2);
      }
      group.push_back(record(labels, places, g * 3 + r));
    }
    groups.push_back(group);
  }
  CellStats whole(cell);
  std::vector<CellStats> parts(3, CellStats(cell));
  for (std::size_t g = 0; g < groups.size(); ++g) {
    whole.add_group(groups[g]);
    parts[g % 3].add_group(groups[g]);
  }
  CellStats forward = parts[0];
  forward.merge(parts[1]);
  forward.merge(parts[2]);
  CellStats backward = parts[2];
  CellStats middle = parts[1];
  middle.merge(parts[0]);
  backward.merge(middle);
  CHECK(forward == whole);
  CHECK(backward == whole);

  Experiment experiment;
  experiment.cells = {cell};
  experiment.tournaments = 90;
  Provenance provenance;
  CHECK(summarize(experiment, {forward}, provenance) == summarize(experiment, {whole}, provenance));

  // A group adds to the pairs; lone tournaments do not, so the states differ.
  CellStats lone(cell);
  for (const auto& group : groups) {
    for (const TournamentRecord& r : group) lone.add(r);
  }
  CHECK_FALSE(lone == whole);
  CHECK(lone.paired()->groups() == 0);
  CHECK(lone.label_totals(0) == whole.label_totals(0));

  // Statistics of another group shape do not merge.
  Cell rotations = cell;
  rotations.duplicate.all_permutations = true;
  CHECK_THROWS_AS(forward.merge(CellStats(rotations)), std::invalid_argument);
}

}  // namespace sngsim
