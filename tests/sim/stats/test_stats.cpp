// Statistics: exact integer accumulation (R20-R22, V6), derived values and
// intervals, deterministic merging, and the result files.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "sim/stats/cell_stats.h"
#include "sim/stats/intervals.h"
#include "sim/report/results_writer.h"
#include "sim/report/summary.h"
#include "tests/temp_dir.h"

namespace sngsim {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// A cell with one entrant per label (labels may repeat) and the given payouts.
Cell make_cell(const std::vector<std::string>& labels, std::vector<int> percent, int hand_cap = 120, Chips buy_in = 100,
               int fee_percent = 0) {
  Cell cell;
  cell.rules.players = static_cast<int>(labels.size());
  cell.rules.hand_cap = hand_cap;
  for (const std::string& label : labels) {
    Entrant entrant;
    entrant.label = label;
    entrant.strategy = "test";
    cell.entrants.push_back(entrant);
  }
  cell.payouts.percent = std::move(percent);
  cell.payouts.buy_in = buy_in;
  cell.payouts.fee_percent = fee_percent;
  return cell;
}

Experiment make_experiment(std::vector<Cell> cells) {
  Experiment experiment;
  experiment.name = "stats-test";
  experiment.source_text = "name: stats-test\nseed: 7\n# verbatim, comments too\n";
  experiment.seed = 7;
  experiment.tournaments = 4;
  experiment.cells = std::move(cells);
  return experiment;
}

Provenance make_provenance() {
  Provenance provenance;
  provenance.version = "0.1.0";
  provenance.commit = "test";
  provenance.config_hash = "abc";
  provenance.seed = 7;
  provenance.threads = 1;
  return provenance;
}

// Seat s holds label labels[s] and finishes at places[s] = {first, count}.
struct SeatResult {
  int label;
  Placement place;
  Chips final_chips = 0;
  int bust_hand = 0;
  int faults = 0;
};

TournamentRecord make_record(const std::vector<SeatResult>& seats, int hands, bool capped = false) {
  TournamentRecord record;
  record.seats = static_cast<int>(seats.size());
  record.hands = hands;
  record.capped = capped;
  for (std::size_t s = 0; s < seats.size(); ++s) {
    record.label[s] = static_cast<std::int8_t>(seats[s].label);
    record.placement[s] = seats[s].place;
    record.final_chips[s] = seats[s].final_chips;
    record.bust_hand[s] = static_cast<std::int16_t>(seats[s].bust_hand);
    record.faults[s].by_reason[0] = seats[s].faults;
  }
  return record;
}

Placement place(int first, int count = 1) {
  return Placement{static_cast<std::int8_t>(first), static_cast<std::int8_t>(count)};
}

json summary_of(const Cell& cell, const CellStats& stats) {
  return summarize(make_experiment({cell}), {stats}, make_provenance());
}

}  // namespace

TEST_CASE("distinct labels keep lineup order", "[stats]") {
  const Cell cell = make_cell({"b", "a", "b", "c"}, {100});
  CHECK(cell_labels(cell) == std::vector<std::string>{"b", "a", "c"});
  CHECK(kShareUnit % 60 == 0);
  for (int count = 1; count <= kMaxPlayers; ++count) CHECK(kShareUnit % count == 0);
}

TEST_CASE("R22 shared places split places and prizes exactly", "[stats]") {
  // A wins; B and C bust in the same hand with equal chips and share 2nd-3rd.
  const Cell cell = make_cell({"A", "B", "C"}, {65, 35});
  CellStats stats(cell);
  stats.add(make_record({{0, place(1), 3000}, {1, place(2, 2), 0, 7}, {2, place(2, 2), 0, 7}}, 7));

  const LabelTotals& b = stats.label_totals(1);
  CHECK(b.entries == 1);
  CHECK(b.place_shares == std::vector<std::int64_t>{0, kShareUnit / 2, kShareUnit / 2});
  CHECK(b.twice_mean_place_sum == 5);             // mean place 2.5
  CHECK(b.prize_units == 35 * (kShareUnit / 2));  // (35% + 0%) / 2
  CHECK(b.itm_shares == kShareUnit / 2);          // half of the covered places pay
  CHECK(stats.label_totals(0).prize_units == 65 * kShareUnit);
  CHECK(stats.label_totals(2) == b);

  const json summary = summary_of(cell, stats);
  const json& pb = summary["cells"][0]["players"]["B"];
  CHECK(pb["mean_place"].get<double>() == 2.5);
  CHECK(pb["places"] == json::array({0.0, 0.5, 0.5}));
  CHECK(pb["itm_rate"].get<double>() == 0.5);
  CHECK(pb["mean_prize"].get<double>() == Approx(0.175 * 300));
  CHECK(pb["win_rate"].get<double>() == 0.0);
}

TEST_CASE("R22 two players tying for first share the first two prizes", "[stats]") {
  // Heads-up at the cap with equal chips: payouts [65, 35] give 50% each.
  const Cell cell = make_cell({"A", "B"}, {65, 35}, 10);
  CellStats stats(cell);
  stats.add(make_record({{0, place(1, 2), 2000}, {1, place(1, 2), 2000}}, 10, true));
  for (int label = 0; label < 2; ++label) {
    CHECK(stats.label_totals(label).prize_units == 50 * kShareUnit);
    CHECK(stats.label_totals(label).win_shares() == kShareUnit / 2);
  }
  const json summary = summary_of(cell, stats);
  for (const char* label : {"A", "B"}) {
    const json& p = summary["cells"][0]["players"][label];
    CHECK(p["mean_prize"].get<double>() == 100.0);  // half of a 200 pool
    CHECK(p["roi"].get<double>() == 0.0);
    CHECK(p["win_rate"].get<double>() == 0.5);
    CHECK(p["itm_rate"].get<double>() == 1.0);
    CHECK(p["mean_place"].get<double>() == 1.5);
  }
}

TEST_CASE("R22 win rate counts a shared first place as its share", "[stats]") {
  const Cell cell = make_cell({"A", "B", "C"}, {100}, 20);
  CellStats stats(cell);
  // A and B share 1st-2nd at the cap; then A wins alone.
  stats.add(make_record({{0, place(1, 2), 1500}, {1, place(1, 2), 1500}, {2, place(3), 0, 4}}, 20, true));
  stats.add(make_record({{0, place(1), 3000}, {1, place(3), 0, 2}, {2, place(2), 0, 9}}, 9));
  CHECK(stats.label_totals(0).win_shares() == kShareUnit + kShareUnit / 2);
  CHECK(stats.label_totals(1).win_shares() == kShareUnit / 2);

  const json summary = summary_of(cell, stats);
  const json& a = summary["cells"][0]["players"]["A"];
  CHECK(a["win_rate"].get<double>() == 0.75);
  const auto expected = wilson_interval(1.5, 2.0);
  REQUIRE(expected);
  CHECK(a["win_rate_ci95"][0].get<double>() == expected->lo);
  CHECK(a["win_rate_ci95"][1].get<double>() == expected->hi);
  // Winner takes all: A's mean prize is 1.5 pools / 2 entries.
  CHECK(a["mean_prize"].get<double>() == Approx(0.75 * 300));
}

TEST_CASE("R20 survival curve counts busts by hand and freezes finished tournaments", "[stats]") {
  const Cell cell = make_cell({"A", "B", "C"}, {100}, 10);
  CellStats stats(cell);
  // Played out: C busts in hand 2, B in hand 5; A is left alone after hand 5.
  stats.add(make_record({{0, place(1), 3000}, {1, place(2), 0, 5}, {2, place(3), 0, 2}}, 5));
  // Capped (R21): C busts in hand 3, A and B survive to the cap.
  stats.add(make_record({{0, place(1), 1800}, {1, place(2), 1200}, {2, place(3), 0, 3}}, 10, true));

  const std::vector<std::int64_t> expected{6, 6, 5, 4, 4, 3, 3, 3, 3, 3, 3};
  for (int h = 0; h <= 10; ++h) CHECK(stats.players_left_after(h) == expected[static_cast<std::size_t>(h)]);

  const json survival = summary_of(cell, stats)["cells"][0]["survival"];
  REQUIRE(survival.size() == 11);
  CHECK(survival[0].get<double>() == 3.0);
  CHECK(survival[2].get<double>() == 2.5);
  CHECK(survival[10].get<double>() == 1.5);
}

TEST_CASE("R21 capped tournaments: capped fraction and chips at the cap", "[stats]") {
  const Cell cell = make_cell({"A", "B", "C"}, {100}, 10);
  CellStats stats(cell);
  stats.add(make_record({{0, place(1), 1800}, {1, place(2), 1200}, {2, place(3), 0, 3}}, 10, true));
  stats.add(make_record({{0, place(2), 1000}, {1, place(1), 2000}, {2, place(3), 0, 4}}, 10, true));
  stats.add(make_record({{0, place(1), 3000}, {1, place(2), 0, 5}, {2, place(3), 0, 2}}, 5));
  stats.add(make_record({{0, place(2), 0, 6}, {1, place(1), 3000}, {2, place(3), 0, 2}}, 6));

  CHECK(stats.capped() == 2);
  CHECK(stats.label_totals(0).chips_at_cap_count == 2);
  CHECK(stats.label_totals(0).chips_at_cap_sum == 2800);
  CHECK(stats.label_totals(2).chips_at_cap_count == 0);

  const json c = summary_of(cell, stats)["cells"][0];
  CHECK(c["capped_fraction"].get<double>() == 0.5);
  CHECK(c["players"]["A"]["avg_chips_at_cap"].get<double>() == 1400.0);
  CHECK(c["players"]["B"]["avg_chips_at_cap"].get<double>() == 1600.0);
  CHECK(c["players"]["C"]["avg_chips_at_cap"].is_null());
  CHECK(c["level_reached"] == json::array({4, 0}));  // the records keep level_reached = 1
}

TEST_CASE("level reached histogram", "[stats]") {
  const Cell cell = make_cell({"A", "B"}, {100}, 13);  // hand 13 is level 3
  CellStats stats(cell);
  TournamentRecord record = make_record({{0, place(1), 2000}, {1, place(2), 0, 8}}, 8);
  record.level_reached = 2;
  stats.add(record);
  stats.add(record);
  record.level_reached = 1;
  record.hands = 3;
  record.bust_hand[1] = 3;
  stats.add(record);
  CHECK(summary_of(cell, stats)["cells"][0]["level_reached"] == json::array({1, 2, 0}));
  record.level_reached = 4;
  CHECK_THROWS_AS(stats.add(record), std::invalid_argument);
}

TEST_CASE("hands mean, sd and nearest-rank percentiles", "[stats]") {
  const Cell cell = make_cell({"A", "B"}, {100}, 12);
  CellStats stats(cell);
  for (int hands = 1; hands <= 10; ++hands) {
    stats.add(make_record({{0, place(1), 2000}, {1, place(2), 0, hands}}, hands));
  }
  const json h = summary_of(cell, stats)["cells"][0]["hands"];
  CHECK(h["mean"].get<double>() == 5.5);
  CHECK(h["sd"].get<double>() == Approx(3.0276503541));
  CHECK(h["median"] == 5);
  CHECK(h["p10"] == 1);
  CHECK(h["p90"] == 9);
  CHECK(h["max"] == 10);
  CHECK(h["histogram"] == json::array({1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0}));
}

TEST_CASE("Wilson interval and normal approximation match known values", "[stats]") {
  const auto half = wilson_interval(50, 100);
  REQUIRE(half);
  CHECK(half->lo == Approx(0.4038).margin(1e-4));
  CHECK(half->hi == Approx(0.5962).margin(1e-4));
  const auto none = wilson_interval(0, 10);
  REQUIRE(none);
  CHECK(none->lo == 0.0);
  CHECK(none->hi == Approx(0.2775).margin(1e-4));
  const auto all = wilson_interval(10, 10);
  REQUIRE(all);
  CHECK(all->lo == Approx(0.7225).margin(1e-4));
  CHECK(all->hi == Approx(1.0));
  CHECK_FALSE(wilson_interval(0, 0));

  // 1..10: variance 55/6.
  const auto variance = sample_variance(10, 55, 385);
  REQUIRE(variance);
  CHECK(*variance == Approx(55.0 / 6.0));
  CHECK_FALSE(sample_variance(1, 3, 9));
  const auto ci = normal_interval(5.5, 2.0, 100);
  REQUIRE(ci);
  CHECK(ci->lo == Approx(5.5 - kZ95 * 0.2));
  CHECK(ci->hi == Approx(5.5 + kZ95 * 0.2));
  // Large moments stay exact: 2^40 observations all equal have zero variance.
  const std::int64_t n = std::int64_t{1} << 40;
  const std::int64_t x = 250000;
  CHECK(*sample_variance(n, static_cast<Int128>(n) * x, static_cast<UInt128>(n) * x * x) == 0.0);
}

TEST_CASE("mean place interval is Student t with the sample sd", "[stats]") {
  const Cell cell = make_cell({"A", "B"}, {100});
  CellStats stats(cell);
  // A: places 1, 2, 1, 2 -> mean 1.5, sample sd sqrt(1/3).
  for (int i = 0; i < 4; ++i) {
    const bool a_wins = i % 2 == 0;
    stats.add(make_record({{0, place(a_wins ? 1 : 2), a_wins ? 2000 : 0, a_wins ? 0 : 3},
                           {1, place(a_wins ? 2 : 1), a_wins ? 0 : 2000, a_wins ? 3 : 0}},
                          3));
  }
  const json a = summary_of(cell, stats)["cells"][0]["players"]["A"];
  CHECK(a["mean_place"].get<double>() == 1.5);
  // Four entries: t with 3 degrees of freedom, 3.182446 (tables: 3.182), not
  // the normal 1.96.
  const double half = 3.1824463053 * std::sqrt(1.0 / 3.0) / 2.0;
  CHECK(a["mean_place_ci95"][0].get<double>() == Approx(1.5 - half));
  CHECK(a["mean_place_ci95"][1].get<double>() == Approx(1.5 + half));
}

TEST_CASE("head to head counts seat pairs and splits ties half", "[stats]") {
  // Label A holds seats 0 and 1, B seat 2.
  const Cell cell = make_cell({"A", "A", "B"}, {100});
  CellStats stats(cell);
  // A 1st, B 2nd, A 3rd: one pair above, one below.
  stats.add(make_record({{0, place(1), 3000}, {0, place(3), 0, 4}, {1, place(2), 0, 8}}, 8));
  // A 1st; the other A and B share 2nd-3rd (R22): one above, one tied.
  stats.add(make_record({{0, place(1), 3000}, {0, place(2, 2), 0, 6}, {1, place(2, 2), 0, 6}}, 6));

  const HeadToHead& ab = stats.head_to_head(0, 1);
  CHECK(ab.above == 2);
  CHECK(ab.below == 1);
  CHECK(ab.tied == 1);
  CHECK(ab.tournaments == 2);
  const HeadToHead& ba = stats.head_to_head(1, 0);
  CHECK(ba.above == 1);
  CHECK(ba.below == 2);
  CHECK(ba.tied == 1);

  const json h2h = summary_of(cell, stats)["cells"][0]["head_to_head"];
  REQUIRE(h2h.size() == 2);
  CHECK(h2h[0]["a"] == "A");
  CHECK(h2h[0]["b"] == "B");
  CHECK(h2h[0]["a_above_b"].get<double>() == 0.625);  // (2 + 1/2) / 4
  CHECK(h2h[1]["a_above_b"].get<double>() == 0.375);
  const auto expected = wilson_interval(0.625 * 2, 2);
  CHECK(h2h[0]["ci95"][0].get<double>() == expected->lo);
  CHECK(h2h[0]["tournaments"] == 2);
}

TEST_CASE("V6 prize pool is the buy-ins less the fee", "[stats]") {
  // Winner takes all; buy-in 110 with a 10% fee: pool 2 * 99 = 198.
  const Cell cell = make_cell({"A", "B"}, {100}, 120, 110, 10);
  CellStats stats(cell);
  stats.add(make_record({{0, place(1), 2000}, {1, place(2), 0, 9}}, 9));
  stats.add(make_record({{0, place(1), 2000}, {1, place(2), 0, 12}}, 12));
  const json c = summary_of(cell, stats)["cells"][0];
  CHECK(c["payouts"]["prize_pool"].get<double>() == Approx(198.0));
  CHECK(c["players"]["A"]["roi"].get<double>() == Approx(0.8));
  CHECK(c["players"]["B"]["roi"].get<double>() == Approx(-1.0));
  // No spread: every A entry won the same prize.
  CHECK(c["players"]["A"]["roi_ci95"][0].get<double>() == Approx(0.8));
  CHECK(c["players"]["B"]["itm_rate"].get<double>() == 0.0);
}

TEST_CASE("V6 payout table pays the first N places", "[stats]") {
  const Cell cell = make_cell({"A", "B", "C", "D"}, {50, 30, 20});
  CellStats stats(cell);
  stats.add(make_record({{0, place(1), 4000}, {1, place(2), 0, 9}, {2, place(3), 0, 8}, {3, place(4), 0, 3}}, 9));
  const json p = summary_of(cell, stats)["cells"][0]["players"];
  CHECK(p["A"]["mean_prize"].get<double>() == Approx(200.0));
  CHECK(p["B"]["mean_prize"].get<double>() == Approx(120.0));
  CHECK(p["C"]["mean_prize"].get<double>() == Approx(80.0));
  CHECK(p["D"]["mean_prize"].get<double>() == 0.0);
  CHECK(p["C"]["itm_rate"].get<double>() == 1.0);
  CHECK(p["D"]["itm_rate"].get<double>() == 0.0);
  double roi_sum = 0.0;
  for (const char* label : {"A", "B", "C", "D"}) roi_sum += p[label]["roi"].get<double>();
  CHECK(roi_sum == Approx(0.0).margin(1e-12));  // no fee: prizes are a zero-sum game
}

TEST_CASE("faults are summed per label", "[stats]") {
  const Cell cell = make_cell({"A", "B"}, {100});
  CellStats stats(cell);
  stats.add(make_record({{0, place(1), 2000, 0, 3}, {1, place(2), 0, 4, 1}}, 4));
  stats.add(make_record({{0, place(2), 0, 5, 2}, {1, place(1), 2000, 0, 0}}, 5));
  const json p = summary_of(cell, stats)["cells"][0]["players"];
  CHECK(p["A"]["faults"] == 5);
  CHECK(p["B"]["faults"] == 1);
}

TEST_CASE("bad records are rejected without changing the totals", "[stats]") {
  const Cell cell = make_cell({"A", "B"}, {100}, 10);
  CellStats stats(cell);
  const CellStats before = stats;
  CHECK_THROWS_AS(stats.add(make_record({{0, place(1), 2000}, {1, place(2), 0, 11}}, 11)), std::invalid_argument);
  CHECK_THROWS_AS(stats.add(make_record({{0, place(1), 2000}, {1, place(3), 0, 4}}, 4)), std::invalid_argument);
  CHECK_THROWS_AS(stats.add(make_record({{0, place(1), 2000}, {5, place(2), 0, 4}}, 4)), std::invalid_argument);
  CHECK_THROWS_AS(stats.add(make_record({{0, place(1), 2000}}, 4)), std::invalid_argument);
  CHECK(stats == before);
  CellStats other(make_cell({"A", "B"}, {100}, 20));
  CHECK_THROWS_AS(stats.merge(other), std::invalid_argument);
}

namespace {

// Valid records with random ties, busts and caps from a fixed LCG.
std::vector<TournamentRecord> random_records(int count, int players, int labels, int cap) {
  std::uint64_t state = 12345;
  auto next = [&](int bound) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<int>((state >> 33) % static_cast<std::uint64_t>(bound));
  };
  std::vector<TournamentRecord> records;
  for (int t = 0; t < count; ++t) {
    TournamentRecord r;
    r.index = t;
    r.seats = players;
    r.hands = 1 + next(cap);
    r.capped = r.hands == cap;
    r.level_reached = 1 + (r.hands - 1) / kNormalHandsPerLevel;
    std::vector<int> order(static_cast<std::size_t>(players));
    for (int s = 0; s < players; ++s) order[static_cast<std::size_t>(s)] = s;
    for (int s = players - 1; s > 0; --s)
      std::swap(order[static_cast<std::size_t>(s)], order[static_cast<std::size_t>(next(s + 1))]);
    // Walk ranks best first, grouping runs of random length as ties.
    for (int rank = 0; rank < players;) {
      const int group = 1 + next(std::min(3, players - rank));
      for (int k = rank; k < rank + group; ++k) {
        const auto seat = static_cast<std::size_t>(order[static_cast<std::size_t>(k)]);
        r.placement[seat] = Placement{static_cast<std::int8_t>(rank + 1), static_cast<std::int8_t>(group)};
        const bool survives = rank == 0 || (r.capped && rank < 2);
        r.final_chips[seat] = survives ? 1000 + 10 * next(100) : 0;
        r.bust_hand[seat] = static_cast<std::int16_t>(survives ? 0 : 1 + next(r.hands));
        r.faults[seat].by_reason[0] = next(4) == 0 ? 1 : 0;
        r.label[seat] = static_cast<std::int8_t>(static_cast<int>(seat) % labels);
      }
      rank += group;
    }
    records.push_back(r);
  }
  return records;
}

CellStats accumulate(const Cell& cell, const std::vector<TournamentRecord>& records, std::size_t from, std::size_t to) {
  CellStats stats(cell);
  for (std::size_t i = from; i < to; ++i) stats.add(records[i]);
  return stats;
}

}  // namespace

TEST_CASE("merge is associative and commutative: any split gives identical JSON", "[stats]") {
  const Cell cell = make_cell({"x", "y", "z", "x", "y", "w"}, {50, 30, 20}, 40);
  const auto records = random_records(500, 6, 4, 40);
  const std::size_t n = records.size();

  const CellStats serial = accumulate(cell, records, 0, n);
  const std::string reference = summary_of(cell, serial).dump();

  // Two halves, merged both ways.
  const CellStats first = accumulate(cell, records, 0, 173);
  const CellStats second = accumulate(cell, records, 173, n);
  CellStats ab = first;
  ab.merge(second);
  CellStats ba = second;
  ba.merge(first);
  CHECK(ab == serial);
  CHECK(ba == serial);

  // Three chunks, grouped both ways.
  const CellStats a = accumulate(cell, records, 0, 11);
  const CellStats b = accumulate(cell, records, 11, 300);
  const CellStats c = accumulate(cell, records, 300, n);
  CellStats left = a;
  left.merge(b);
  left.merge(c);
  CellStats bc = b;
  bc.merge(c);
  CellStats right = a;
  right.merge(bc);
  CHECK(left == right);

  // One record per accumulator, merged in reverse, plus empty ones.
  CellStats singles(cell);
  for (std::size_t i = n; i-- > 0;) {
    singles.merge(accumulate(cell, records, i, i + 1));
    singles.merge(CellStats(cell));
  }
  CHECK(singles == serial);

  for (const CellStats* stats : {&ab, &ba, &left, &right, &singles})
    CHECK(summary_of(cell, *stats).dump() == reference);

  // Sanity of the totals themselves.
  std::int64_t entries = 0;
  for (int label = 0; label < serial.label_count(); ++label) {
    const LabelTotals& t = serial.label_totals(label);
    entries += t.entries;
    std::int64_t shares = 0;
    for (const std::int64_t s : t.place_shares) shares += s;
    CHECK(shares == t.entries * kShareUnit);
  }
  CHECK(entries == 6 * static_cast<std::int64_t>(n));
  CHECK(serial.players_left_after(0) == 6 * static_cast<std::int64_t>(n));
}

namespace {

using sngsim::testing::TempDir;

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

struct WrittenRun {
  Experiment experiment;
  std::vector<CellStats> cells;
  RunSummary typed;  // what the files and the console render
  json summary;      // summary.json's document of it
};

WrittenRun small_run() {
  Cell first = make_cell({"tight", "loose", "tight"}, {65, 35}, 30);
  first.params = {{"stack", "1000"}, {"speed", "turbo"}};
  Cell second = first;
  second.params = {{"stack", "2000"}, {"speed", "turbo"}};
  WrittenRun run{make_experiment({first, second}), {}, {}, {}};
  for (const Cell& cell : run.experiment.cells) {
    CellStats stats(cell);
    stats.add(make_record({{0, place(1), 3000}, {1, place(2), 0, 12}, {0, place(3), 0, 5}}, 12));
    stats.add(make_record({{0, place(2, 2), 0, 20}, {1, place(1), 3000}, {0, place(2, 2), 0, 20}}, 20));
    run.cells.push_back(stats);
  }
  run.typed = summarize_run(run.experiment, run.cells, make_provenance());
  run.summary = summary_json(run.typed);
  return run;
}

bool has_leftovers(const fs::path& dir) {
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.find(".tmp-") != std::string::npos || name.find(".old-") != std::string::npos) return true;
  }
  return false;
}

}  // namespace

TEST_CASE("write_results writes every file atomically and refuses to overwrite", "[stats]") {
  const TempDir scratch;
  const WrittenRun run = small_run();
  const fs::path out = scratch.path() / "results";

  check_output_dir(out, false);
  CHECK_FALSE(fs::exists(out));  // checking writes nothing
  write_results(out, run.typed, run.experiment, false);
  for (const char* name :
       {"summary.json", "players.csv", "hands.csv", "survival.csv", "head_to_head.csv", "config.yaml"}) {
    CHECK(fs::is_regular_file(out / name));
  }
  CHECK_FALSE(has_leftovers(scratch.path()));

  const json reread = json::parse(read_text(out / "summary.json"));
  CHECK(reread == run.summary);
  CHECK(reread["provenance"]["config_hash"] == "abc");
  CHECK(read_text(out / "config.yaml") == run.experiment.source_text);

  const std::string players = read_text(out / "players.csv");
  CHECK(players.rfind("cell,stack,speed,label,entries,mean_place,", 0) == 0);
  CHECK(players.find("\n0,1000,turbo,tight,4,") != std::string::npos);
  CHECK(players.find("\n1,2000,turbo,loose,2,") != std::string::npos);
  const std::string hands = read_text(out / "hands.csv");
  CHECK(hands.rfind("cell,stack,speed,hands,count\n", 0) == 0);
  CHECK(hands.find("\n0,1000,turbo,12,1\n") != std::string::npos);
  const std::string h2h = read_text(out / "head_to_head.csv");
  CHECK(h2h.find("\n0,1000,turbo,tight,loose,") != std::string::npos);
  CHECK(read_text(out / "survival.csv").find("\n1,2000,turbo,0,3\n") != std::string::npos);

  // Without --force an existing directory is an error, before and at writing.
  CHECK_THROWS_WITH(check_output_dir(out, false), Catch::Contains("--force"));
  CHECK_THROWS_WITH(write_results(out, run.typed, run.experiment, false), Catch::Contains("--force"));
  CHECK_FALSE(has_leftovers(scratch.path()));

  // With it, the old directory is replaced as a whole.
  { std::ofstream(out / "stale.txt") << "old"; }
  check_output_dir(out, true);
  write_results(out, run.typed, run.experiment, true);
  CHECK_FALSE(fs::exists(out / "stale.txt"));
  CHECK(fs::is_regular_file(out / "summary.json"));
  CHECK_FALSE(has_leftovers(scratch.path()));

  // A file in the way is never replaced, force or not.
  { std::ofstream(scratch.path() / "a-file") << "x"; }
  CHECK_THROWS(check_output_dir(scratch.path() / "a-file", true));
  // Missing parents are created; a trailing slash names the same directory.
  write_results(scratch.path() / "deep" / "er" / "run/", run.typed, run.experiment, false);
  CHECK(fs::is_regular_file(scratch.path() / "deep" / "er" / "run" / "summary.json"));
  CHECK_FALSE(has_leftovers(scratch.path() / "deep" / "er"));
}

TEST_CASE("summary carries provenance, and only threads and wall time vary between runs", "[stats]") {
  const WrittenRun run = small_run();
  Provenance other = make_provenance();
  other.threads = 8;
  other.wall_seconds = 12.5;
  other.partial = true;
  json a = run.summary;
  json b = summarize(run.experiment, run.cells, other);
  CHECK(a["seed"] == 7);
  CHECK(a["tournaments"] == 4);
  CHECK(a["tournaments_done"] == 4);  // two cells of two
  CHECK(a["partial"] == false);
  CHECK(b["partial"] == true);
  CHECK(b["provenance"]["threads"] == 8);
  CHECK(b["provenance"]["wall_seconds"] == 12.5);
  for (json* summary : {&a, &b}) {
    (*summary)["provenance"].erase("threads");
    (*summary)["provenance"].erase("wall_seconds");
    summary->erase("partial");
  }
  CHECK(a == b);
  CHECK_THROWS_AS(summarize(run.experiment, {run.cells[0]}, other), std::invalid_argument);
}

TEST_CASE("console table lists labels by mean place", "[stats]") {
  const WrittenRun run = small_run();
  const std::string table = console_table(run.typed);
  CHECK(table.find("stack=1000") != std::string::npos);
  CHECK(table.find("speed=turbo") != std::string::npos);
  CHECK(table.find("hands mean 16.0") != std::string::npos);
  // loose (mean place 1.5) above tight (mean place 2.25).
  const auto loose = table.find("\n  loose");
  const auto tight = table.find("\n  tight");
  REQUIRE(loose != std::string::npos);
  REQUIRE(tight != std::string::npos);
  CHECK(loose < tight);
}

}  // namespace sngsim
