// ICM (Malmuth-Harville): values worked out here from the explicit formula,
// conservation of the prize pool, symmetry, and busted players.

#include <algorithm>
#include <numeric>
#include <vector>

#include <catch2/catch.hpp>

#include "poker_math/icm.h"

namespace sngsim {

TEST_CASE("ICM of three stacks matches the explicit Malmuth-Harville sum", "[icm]") {
  const std::vector<double> stacks = {5000, 3000, 2000};
  const std::vector<double> payouts = {50, 30, 20};
  // Sum over the six finishing orders (a, b, c): P = s_a / T * s_b / (T - s_a).
  std::vector<double> expected(3, 0.0);
  std::vector<int> order = {0, 1, 2};
  const double total = 10000;
  do {
    const double a = stacks[static_cast<std::size_t>(order[0])];
    const double b = stacks[static_cast<std::size_t>(order[1])];
    const double p = a / total * b / (total - a);
    for (std::size_t place = 0; place < 3; ++place)
      expected[static_cast<std::size_t>(order[place])] += p * payouts[place];
  } while (std::next_permutation(order.begin(), order.end()));
  const std::vector<double> equity = icm_equity(stacks, payouts);
  REQUIRE(equity.size() == 3);
  for (std::size_t i = 0; i < 3; ++i) CHECK(equity[i] == Approx(expected[i]).epsilon(1e-12));
  // By hand: 50 x 0.5 + 30 x (0.3 x 5/7 + 0.2 x 5/8) + 20 x the rest.
  CHECK(equity[0] == Approx(38.392857142857).epsilon(1e-10));
}

TEST_CASE("ICM hands out exactly the prize pool", "[icm]") {
  const std::vector<double> stacks = {1200, 300, 4500, 800, 2200, 1000};
  const std::vector<double> payouts = {65, 35};
  const std::vector<double> equity = icm_equity(stacks, payouts);
  CHECK(std::accumulate(equity.begin(), equity.end(), 0.0) == Approx(100.0));
  // More chips, more money, but less than proportionally.
  CHECK(equity[2] > equity[4]);
  CHECK(equity[4] > equity[0]);
  CHECK(equity[2] / 100.0 < 4500.0 / 10000.0);
  CHECK(equity[1] / 100.0 > 300.0 / 10000.0);
}

TEST_CASE("ICM gives equal stacks equal equity", "[icm]") {
  const std::vector<double> stacks(5, 1500);
  const std::vector<double> payouts = {50, 30, 20};
  for (const double e : icm_equity(stacks, payouts)) CHECK(e == Approx(20.0));
}

TEST_CASE("ICM with one player left or with busted players", "[icm]") {
  CHECK(icm_equity(std::vector<double>{700}, std::vector<double>{65, 35})[0] == Approx(65.0));
  // Two players left of three, three places paid: the busted one is third.
  const std::vector<double> equity = icm_equity(std::vector<double>{600, 0, 400}, std::vector<double>{50, 30, 20});
  CHECK(equity[1] == Approx(20.0));
  CHECK(equity[0] == Approx(50 * 0.6 + 30 * 0.4));
  CHECK(equity[0] + equity[1] + equity[2] == Approx(100.0));
  // Heads-up ICM is linear in chips.
  const std::vector<double> heads_up = icm_equity(std::vector<double>{3000, 1000}, std::vector<double>{65, 35});
  CHECK(heads_up[0] == Approx(35 + 30 * 0.75));
}

}  // namespace sngsim
