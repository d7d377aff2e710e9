// The Plackett-Luce fit of a league (sim/stats/league_fit.h) on finishing
// orders drawn from known strengths: recovery, interval coverage, the
// two-entrant Bradley-Terry case, shared places (R22), and an independent
// maximum-likelihood fit in Python (scipy).

#include <algorithm>
#include <chrono>
#include <ctime>
#include <iostream>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <random>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "sim/config/league_schedule.h"
#include "sim/stats/league_fit.h"
#include "sim/stats/league_stats.h"
#include "tests/shell_util.h"
#include "tests/skip.h"
#include "tests/temp_dir.h"

namespace sngsim {
namespace {

// Every `seats`-subset of 0..entrants-1: a complete block design.
std::vector<std::int16_t> all_subsets(int entrants, int seats) {
  std::vector<std::int16_t> blocks;
  for (unsigned mask = 0; mask < (1u << entrants); ++mask) {
    if (std::popcount(mask) != seats) continue;
    for (int e = 0; e < entrants; ++e) {
      if ((mask >> e) & 1u) blocks.push_back(static_cast<std::int16_t>(e));
    }
  }
  return blocks;
}

// Placements of one Plackett-Luce draw: the order of exponential times of
// rates exp(theta) (the first to arrive wins).
std::array<Placement, kMaxLeagueSeats> draw_order(std::span<const std::int16_t> block, const std::vector<double>& theta,
                                                  std::mt19937_64& rng) {
  std::array<double, kMaxLeagueSeats> time{};
  std::array<int, kMaxLeagueSeats> order{};
  const int seats = static_cast<int>(block.size());
  for (int p = 0; p < seats; ++p) {
    time[static_cast<std::size_t>(p)] = std::exponential_distribution<double>(
        std::exp(theta[static_cast<std::size_t>(block[static_cast<std::size_t>(p)])]))(rng);
    order[static_cast<std::size_t>(p)] = p;
  }
  std::sort(order.begin(), order.begin() + seats,
            [&](int a, int b) { return time[static_cast<std::size_t>(a)] < time[static_cast<std::size_t>(b)]; });
  std::array<Placement, kMaxLeagueSeats> placement{};
  for (int k = 0; k < seats; ++k)
    placement[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])] =
        Placement{static_cast<std::int8_t>(k + 1), 1};
  return placement;
}

std::vector<double> spread(int entrants, double width) {
  std::vector<double> theta(static_cast<std::size_t>(entrants));
  for (int e = 0; e < entrants; ++e)
    theta[static_cast<std::size_t>(e)] = width * (e - (entrants - 1) / 2.0) / (entrants - 1);
  return theta;
}

LeagueStats simulate(int entrants, int seats, const std::vector<double>& theta, std::int64_t tournaments,
                     std::uint64_t seed) {
  LeagueStats stats(entrants, seats, all_subsets(entrants, seats));
  std::mt19937_64 rng(seed);
  for (std::int64_t u = 0; u < tournaments; ++u) {
    LeagueTable table;
    table.unit = u;
    table.block = static_cast<int>(u % stats.blocks());
    table.placement_of_position = draw_order(stats.block(table.block), theta, rng);
    stats.add(table);
  }
  return stats;
}

TEST_CASE("league stages: a plain order and shared places (R22) split the stages exactly", "[league]") {
  std::array<std::int64_t, 3> wins{};
  std::array<std::int64_t, 8> choices{};
  // Position 0 first, then 1, then 2.
  const std::array<Placement, 3> plain{Placement{1, 1}, Placement{2, 1}, Placement{3, 1}};
  add_stages(plain, wins, choices);
  CHECK(wins == std::array<std::int64_t, 3>{kTieUnit, kTieUnit, 0});
  CHECK(choices[0b111] == kTieUnit);
  CHECK(choices[0b110] == kTieUnit);
  CHECK(std::accumulate(choices.begin(), choices.end(), std::int64_t{0}) == 2 * kTieUnit);

  // R22: positions 1 and 2 share places 2-3 behind position 0; each of
  // their two orders counts half, so each wins half a stage of {1, 2}.
  wins = {};
  choices = {};
  const std::array<Placement, 3> tied_last{Placement{1, 1}, Placement{2, 2}, Placement{2, 2}};
  add_stages(tied_last, wins, choices);
  CHECK(wins == std::array<std::int64_t, 3>{kTieUnit, kTieUnit / 2, kTieUnit / 2});
  CHECK(choices[0b111] == kTieUnit);
  CHECK(choices[0b110] == kTieUnit);

  // Positions 0 and 1 share first: orders 0,1,2 and 1,0,2 each count
  // half; the second stage's set is {1, 2} or {0, 2}, half each.
  wins = {};
  choices = {};
  const std::array<Placement, 3> tied_first{Placement{1, 2}, Placement{1, 2}, Placement{3, 1}};
  add_stages(tied_first, wins, choices);
  CHECK(wins == std::array<std::int64_t, 3>{kTieUnit, kTieUnit, 0});
  CHECK(choices[0b111] == kTieUnit);
  CHECK(choices[0b110] == kTieUnit / 2);
  CHECK(choices[0b101] == kTieUnit / 2);
}

TEST_CASE("league fit: two entrants are Bradley-Terry with a shared place counted half a win each", "[league]") {
  LeagueStats stats(2, 2, {0, 1});
  const int won = 613;
  const int lost = 352;
  const int shared = 35;
  std::int64_t unit = 0;
  const auto add = [&](Placement a, Placement b, int times) {
    for (int i = 0; i < times; ++i) {
      LeagueTable table;
      table.unit = unit++;
      table.placement_of_position = {a, b};
      stats.add(table);
    }
  };
  add(Placement{1, 1}, Placement{2, 1}, won);
  add(Placement{2, 1}, Placement{1, 1}, lost);
  add(Placement{1, 2}, Placement{1, 2}, shared);
  const double bradley_terry = std::log((won + shared / 2.0) / (lost + shared / 2.0));
  // Without the prior's pull: the closed form to rounding.
  const PlackettLuceFit exact = fit_plackett_luce(choice_sets(stats), {}, 1e-13);
  CHECK(exact.converged);
  CHECK(exact.theta[0] - exact.theta[1] == Approx(bradley_terry).margin(1e-9));
  // With the default prior, what the reports use: within 1e-6.
  const LeagueFit fit = fit_league(stats);
  CHECK(fit.rating[0] - fit.rating[1] == Approx(bradley_terry).margin(1e-6));
  CHECK(fit.ahead_probability(0, 1) == Approx((won + shared / 2.0) / (won + lost + shared)).margin(1e-7));
}

TEST_CASE("league fit: strengths drawn as Plackett-Luce are recovered", "[league]") {
  const int entrants = 8;
  const std::vector<double> truth = spread(entrants, 2.0);
  const LeagueStats stats = simulate(entrants, 4, truth, 40'000, 11);
  const LeagueFit fit = fit_league(stats);
  REQUIRE(fit.converged);
  REQUIRE(fit.has_intervals());
  for (int e = 0; e < entrants; ++e) {
    INFO("entrant " << e);
    CHECK(fit.rating[static_cast<std::size_t>(e)] == Approx(truth[static_cast<std::size_t>(e)]).margin(0.04));
    const Interval ci = *fit.rating_ci95(e);
    CHECK(ci.hi - ci.lo < 0.1);
  }
  // The order is the truth's, every neighbour separated.
  const std::vector<RankRange> ranges = rank_ranges(fit);
  for (int e = 0; e < entrants; ++e) {
    CHECK(ranges[static_cast<std::size_t>(e)].best == entrants - e);
    CHECK(ranges[static_cast<std::size_t>(e)].worst == entrants - e);
  }
}

// 400 replications of a league of 6 entrants at tables of 3 (the 20 blocks
// of the complete design), 400 tables each: the 2,400 95% intervals of the
// centred strengths cover the truth 93-97% of the time. Coverage of each
// replication's intervals is correlated (the ratings sum to zero), so the
// band is wider than binomial: its standard error here is about 0.6%.
TEST_CASE("league fit: 95% jackknife intervals cover the true strengths 93-97% of the time", "[league]") {
  const int entrants = 6;
  const std::vector<double> truth = spread(entrants, 1.5);
  int covered = 0;
  int intervals = 0;
  int pairs_covered = 0;
  int pairs = 0;
  for (std::uint64_t replication = 0; replication < 400; ++replication) {
    const LeagueFit fit = fit_league(simulate(entrants, 3, truth, 400, 1000 + replication));
    REQUIRE(fit.has_intervals());
    for (int e = 0; e < entrants; ++e) {
      const Interval ci = *fit.rating_ci95(e);
      covered += ci.lo <= truth[static_cast<std::size_t>(e)] && truth[static_cast<std::size_t>(e)] <= ci.hi ? 1 : 0;
      ++intervals;
    }
    const double p = 1.0 / (1.0 + std::exp(truth[5] - truth[0]));  // entrant 0 ahead of entrant 5
    const Interval pi = *fit.ahead_probability_ci95(0, 5);
    pairs_covered += pi.lo <= p && p <= pi.hi ? 1 : 0;
    ++pairs;
  }
  const double coverage = static_cast<double>(covered) / intervals;
  INFO("coverage " << coverage << " of " << intervals << " intervals");
  CHECK(coverage >= 0.93);
  CHECK(coverage <= 0.97);
  const double pair_coverage = static_cast<double>(pairs_covered) / pairs;
  INFO("pairwise coverage " << pair_coverage);
  CHECK(pair_coverage >= 0.92);
  CHECK(pair_coverage <= 0.98);
}

TEST_CASE("league fit: an entrant that never loses still gets a finite rating", "[league]") {
  LeagueStats stats(3, 3, {0, 1, 2});
  for (int u = 0; u < 50; ++u) {
    LeagueTable table;
    table.unit = u;
    table.placement_of_position = {Placement{1, 1}, Placement{static_cast<std::int8_t>(2 + u % 2), 1},
                                   Placement{static_cast<std::int8_t>(3 - u % 2), 1}};
    stats.add(table);
  }
  const LeagueFit fit = fit_league(stats);
  CHECK(fit.converged);
  CHECK(std::isfinite(fit.rating[0]));
  CHECK(fit.rating[0] > 5.0);
  CHECK(fit.rating[1] == Approx(fit.rating[2]).margin(1e-9));
}

TEST_CASE("league statistics: merged in any split they equal one accumulator, and survive a state round trip",
          "[league]") {
  const std::vector<double> truth = spread(5, 1.0);
  const LeagueStats whole = simulate(5, 3, truth, 300, 5);
  LeagueStats first(5, 3, all_subsets(5, 3));
  LeagueStats second(5, 3, all_subsets(5, 3));
  std::mt19937_64 rng(5);
  for (std::int64_t u = 0; u < 300; ++u) {
    LeagueTable table;
    table.unit = u;
    table.block = static_cast<int>(u % first.blocks());
    table.placement_of_position = draw_order(first.block(table.block), truth, rng);
    (u % 3 == 0 ? first : second).add(table);
  }
  second.merge(first);
  CHECK(second == whole);
  LeagueStats restored(5, 3, all_subsets(5, 3));
  restored.restore(whole.state());
  CHECK(restored == whole);
  CHECK_THROWS_AS(LeagueStats(5, 3, all_subsets(5, 3)).restore(nlohmann::json{{"tables", 1}}), std::runtime_error);
  LeagueTable bad;
  bad.placement_of_position = {Placement{1, 1}, Placement{1, 1}, Placement{3, 1}};
  CHECK_THROWS_AS(restored.add(bad), std::invalid_argument);
  CHECK(restored == whole);
}

// The same data fitted by an independent maximum-likelihood computation:
// tests/python/league_crosscheck.py reads every table's finishing order
// (with shared places), writes the penalised log-likelihood over the
// orders of each shared place directly (no choice sets) and maximises it
// with scipy.optimize.
TEST_CASE("league fit: an independent maximum-likelihood fit in Python with scipy agrees", "[league]") {
  const std::string python = "/usr/bin/python3";
  if (testing::shell(python + " -c 'import scipy.optimize' >/dev/null 2>&1") != 0) {
    SKIP_TEST("Debian's python3-scipy is not installed for " << python << " (scripts/setup.sh installs it)");
  }
  const int entrants = 7;
  const int seats = 4;
  const std::vector<double> truth = spread(entrants, 1.6);
  LeagueStats stats(entrants, seats, all_subsets(entrants, seats));
  std::mt19937_64 rng(77);
  nlohmann::json tables = nlohmann::json::array();
  for (std::int64_t u = 0; u < 1500; ++u) {
    LeagueTable table;
    table.unit = u;
    table.block = static_cast<int>(u % stats.blocks());
    table.placement_of_position = draw_order(stats.block(table.block), truth, rng);
    // Some shared places (R22): every 7th table shares its last two places,
    // every 11th its first two.
    const auto share = [&](int place) {
      for (auto& p : table.placement_of_position) {
        if (p.first == place || p.first == place + 1) p = Placement{static_cast<std::int8_t>(place), 2};
      }
    };
    if (u % 7 == 0) share(seats - 1);
    if (u % 11 == 0) share(1);
    stats.add(table);
    nlohmann::json row = nlohmann::json::array();
    for (int p = 0; p < seats; ++p) {
      row.push_back({stats.block(table.block)[static_cast<std::size_t>(p)],
                     table.placement_of_position[static_cast<std::size_t>(p)].first});
    }
    tables.push_back(row);
  }
  const PlackettLuceFit fit = fit_plackett_luce(choice_sets(stats));
  REQUIRE(fit.converged);
  testing::TempDir dir;
  const auto input = dir.path() / "tables.json";
  const auto output = dir.path() / "fit.json";
  std::ofstream(input) << nlohmann::json{
      {"entrants", entrants}, {"prior_precision", kPriorPrecision}, {"tables", tables}, {"sngsim_theta", fit.theta}};
  const int code = testing::shell(
      python + " " + testing::quote(std::string(SNGSIM_SOURCE_DIR) + "/tests/python/league_crosscheck.py") + " " +
      testing::quote(input.string()) + " " + testing::quote(output.string()));
  REQUIRE(code == 0);
  const nlohmann::json reference = nlohmann::json::parse(testing::read_text(output));
  // BFGS stops ("precision loss") once the log-posterior, about -4,341
  // summed over ~4,500 stages, no longer resolves its steps (~1e-11 of
  // rounding); there its gradient is about 1e-5. Away from the common shift
  // (which the prior pins at sum theta = 0 in both fits) the curvature is at
  // least ~360 on these data (Hessian eigenvalues 362..465), so a gradient
  // below 1e-4 puts scipy's answer within 1e-4 / 360 = 3e-7 of the maximum,
  // well inside the 1e-5 the ratings are compared to below.
  CHECK(reference["gradient_norm"].get<double>() < 1e-4);
  // sngsim's own answer judged by the independent likelihood: Newton's
  // steps end far below where BFGS can go.
  CHECK(reference["sngsim_gradient_norm"].get<double>() < 1e-8);
  CHECK(reference["log_posterior"].get<double>() == Approx(fit.log_posterior).epsilon(1e-9));
  for (int e = 0; e < entrants; ++e) {
    INFO("entrant " << e);
    CHECK(reference["theta"][static_cast<std::size_t>(e)].get<double>() ==
          Approx(fit.theta[static_cast<std::size_t>(e)]).margin(1e-5));
  }
}

}  // namespace
}  // namespace sngsim

namespace sngsim {
namespace {

// A measurement, run by hand: the fit of a 500-entrant league (the most a
// league takes) at six seats, its balanced-random schedule (8,500 blocks),
// 1,000,000 tables drawn as Plackett-Luce. Prints the seconds of the full
// fit with its 20 jackknife refits.
//   build/sngsim_tests "[.league_fit_500]"
TEST_CASE("league fit: 500 entrants, timed", "[.league_fit_500]") {
  const int entrants = 500;
  const LeagueSchedule schedule = make_league_schedule(entrants, 6, 1);
  LeagueStats stats(entrants, 6, schedule.blocks);
  const std::vector<double> truth = spread(entrants, 4.0);
  std::mt19937_64 rng(500);
  for (std::int64_t u = 0; u < 1'000'000; ++u) {
    LeagueTable table;
    table.unit = u;
    table.block = static_cast<int>(u % stats.blocks());
    table.placement_of_position = draw_order(stats.block(table.block), truth, rng);
    stats.add(table);
  }
  // Wall and processor time: on a shared machine the wall clock mostly
  // measures the other processes.
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  const LeagueFit fit = fit_league(stats);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const double cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  double worst = 0.0;
  for (int e = 0; e < entrants; ++e) {
    worst = std::max(worst, std::abs(fit.rating[static_cast<std::size_t>(e)] - truth[static_cast<std::size_t>(e)]));
  }
  std::cout << "500 entrants, " << stats.blocks() << " blocks, 1,000,000 tables: fit with " << fit.groups
            << " jackknife refits in " << seconds << " s of wall time, " << cpu_seconds << " s of processor time ("
            << fit.iterations << " Newton steps for the full fit); "
            << "largest |rating - truth| " << worst << "\n";
  CHECK(fit.converged);
}

}  // namespace
}  // namespace sngsim
