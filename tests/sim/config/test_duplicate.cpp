// Duplicate tournaments (seating: duplicate, sim/config/duplicate.h): a group shares
// its deals and moves the lineup through every seat; the runner plays and
// pairs whole groups, identically on any number of threads; the experiment
// reader refuses settings that cannot make whole groups.

#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/hand.h"
#include "sim/stats/cell_stats.h"
#include "sim/config/duplicate.h"
#include "sim/config/experiment_config.h"
#include "sim/formats/play_tournament.h"
#include "sim/run/play_unit.h"
#include "sim/run/runner.h"
#include "sim/formats/shootout.h"
#include "sim/report/summary.h"

namespace sngsim {
namespace {

using nlohmann::json;

constexpr const char* kFile = "dup.yaml";

// What hand 1 of a table dealt, seat by seat, and who sat where.
struct FirstHand {
  int button = -1;
  std::vector<std::array<Card, 2>> hole_of_seat;
  std::array<Card, kBoardSize> board{};
  std::vector<int> entrant_of_seat;
};

class FirstHandRecorder final : public TableObserver {
 public:
  void hand_finished(const TableView& table, const Hand& hand) override {
    const Tournament& tournament = *table.tournament;
    if (tournament.hands_played() != 1) return;
    FirstHand first;
    first.button = tournament.button_seat();
    first.hole_of_seat.assign(static_cast<std::size_t>(tournament.seat_count()), {kNoCard, kNoCard});
    const HandSetup& setup = hand.setup();
    for (int p = 0; p < setup.num_players; ++p) {
      const auto seat = static_cast<std::size_t>(setup.seats[static_cast<std::size_t>(p)]);
      first.hole_of_seat[seat] = {setup.hole[static_cast<std::size_t>(p)][0],
                                  setup.hole[static_cast<std::size_t>(p)][1]};
    }
    first.board = setup.board;
    first.entrant_of_seat.assign(table.entrant_of_seat.begin(), table.entrant_of_seat.end());
    hands.push_back(first);
  }
  std::vector<FirstHand> hands;
};

Experiment sit_and_go(const std::string& lineup, const std::string& extra = "") {
  return parse_experiment(
      "seed: 5\ntournaments: 24\ntable: {players: 4}\nseating: duplicate\nlineup: " + lineup + "\n" + extra, kFile);
}

// Every entrant sits in every seat exactly `times` times over `seatings`.
void check_every_seat(const std::vector<std::vector<int>>& seatings, int field, int times) {
  std::vector<std::vector<int>> count(static_cast<std::size_t>(field),
                                      std::vector<int>(static_cast<std::size_t>(field), 0));
  for (const auto& seating : seatings) {
    REQUIRE(static_cast<int>(seating.size()) == field);
    for (int seat = 0; seat < field; ++seat)
      ++count[static_cast<std::size_t>(seating[static_cast<std::size_t>(seat)])][static_cast<std::size_t>(seat)];
  }
  for (const auto& seats : count) {
    for (const int n : seats) CHECK(n == times);
  }
}

// {first, count} of every seat, comparable.
template <typename Record>
std::vector<std::pair<int, int>> places_of(const Record& record) {
  std::vector<std::pair<int, int>> places;
  for (const Placement& p : record.placement) places.emplace_back(p.first, p.count);
  return places;
}

// {first, count} of every field seat's place at its first-round table.
std::vector<std::pair<int, int>> first_round_places_of(const ShootoutRecord& record) {
  std::vector<std::pair<int, int>> places;
  for (const Placement& p : record.table_placement) places.emplace_back(p.first, p.count);
  return places;
}

json summary_without_provenance(const Experiment& experiment, const std::vector<CellStats>& cells) {
  Provenance provenance;
  json summary = summarize(experiment, cells, provenance);
  summary.erase("provenance");
  return summary;
}

}  // namespace

TEST_CASE("duplicate: a group deals identical hand-1 cards to the same seats while the labels rotate", "[duplicate]") {
  const Experiment experiment =
      sit_and_go("[{strategy: random}, {strategy: calling_station}, {strategy: maniac}, {strategy: rock}]");
  const Cell& cell = experiment.cells.at(0);
  REQUIRE(duplicate_group_size(cell) == 4);
  REQUIRE(tournaments_per_unit(cell) == 4);
  REQUIRE(unit_count(experiment, cell) == 6);
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  FirstHandRecorder recorder;
  for (int index = 0; index < 12; ++index) play_tournament(cell, labels, experiment.seed, index, hand, &recorder);
  REQUIRE(recorder.hands.size() == 12);

  for (int group = 0; group < 3; ++group) {
    const FirstHand& first = recorder.hands[static_cast<std::size_t>(group * 4)];
    std::vector<std::vector<int>> seatings;
    for (int member = 0; member < 4; ++member) {
      const FirstHand& other = recorder.hands[static_cast<std::size_t>(group * 4 + member)];
      CHECK(other.button == first.button);
      CHECK(other.hole_of_seat == first.hole_of_seat);
      CHECK(other.board == first.board);
      seatings.push_back(other.entrant_of_seat);
      // Member r moves the group's arrangement r seats around the table.
      for (int seat = 0; seat < 4; ++seat) {
        CHECK(other.entrant_of_seat[static_cast<std::size_t>(seat)] ==
              first.entrant_of_seat[static_cast<std::size_t>((seat + member) % 4)]);
      }
    }
    check_every_seat(seatings, 4, 1);
  }
  // Another group is another deal.
  CHECK(recorder.hands[0].hole_of_seat != recorder.hands[4].hole_of_seat);
}

TEST_CASE("duplicate: permutations all seats every permutation once per group on one deal", "[duplicate]") {
  const Experiment experiment = parse_experiment(
      "seed: 9\ntournaments: 12\ntable: {players: 3}\nseating: duplicate\nduplicate: {permutations: all}\n"
      "lineup: [{strategy: random}, {strategy: calling_station}, {strategy: maniac}]\n",
      kFile);
  const Cell& cell = experiment.cells.at(0);
  REQUIRE(duplicate_group_size(cell) == 6);
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  FirstHandRecorder recorder;
  for (int index = 0; index < 6; ++index) play_tournament(cell, labels, experiment.seed, index, hand, &recorder);
  std::set<std::vector<int>> permutations;
  std::vector<std::vector<int>> seatings;
  for (const FirstHand& first : recorder.hands) {
    CHECK(first.hole_of_seat == recorder.hands[0].hole_of_seat);
    CHECK(first.button == recorder.hands[0].button);
    permutations.insert(first.entrant_of_seat);
    seatings.push_back(first.entrant_of_seat);
  }
  CHECK(permutations.size() == 6);
  check_every_seat(seatings, 3, 2);
}

TEST_CASE("duplicate: bots of one strategy replay the same tournament in every seating, so pairs differ by exactly 0",
          "[duplicate]") {
  // Bot randomness belongs to the seat, so identical bots make every member
  // of a group the same tournament: the paired difference is exactly zero
  // while the unpaired interval still sees the spread of places.
  const Experiment experiment = sit_and_go(
      "[{strategy: random, label: a}, {strategy: random, label: b}, "
      "{strategy: random, label: c}, {strategy: random, label: d}]");
  const Cell& cell = experiment.cells.at(0);
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  CellStats stats(cell);
  for (std::int64_t unit = 0; unit < unit_count(experiment, cell); ++unit) {
    std::vector<TournamentRecord> group;
    for (int member = 0; member < 4; ++member) {
      group.push_back(play_tournament(cell, labels, experiment.seed, unit * 4 + member, hand));
      CHECK(group.back().hands == group.front().hands);
      CHECK(places_of(group.back()) == places_of(group.front()));  // seat by seat
    }
    stats.add_group(group);
  }
  CHECK(stats.tournaments() == 24);
  const PairedStats& paired = *stats.paired();
  CHECK(paired.groups() == 6);
  for (int a = 0; a < 4; ++a) {
    for (int b = a + 1; b < 4; ++b) {
      for (const Metric metric : {Metric::kMeanPlace, Metric::kWinRate, Metric::kRoi}) {
        CHECK(paired.group_moments(a, b, metric).sum == 0);
        CHECK(paired.group_moments(a, b, metric).sq_sum == 0);
      }
    }
  }
  const json summary = summary_without_provenance(experiment, {stats});
  const json& pair = summary["cells"][0]["paired"][0];
  CHECK(pair["a"] == "a");
  CHECK(pair["b"] == "b");
  CHECK(pair["groups"] == 6);
  CHECK(pair["mean_place_diff"]["estimate"].get<double>() == 0.0);
  CHECK(pair["mean_place_diff"]["ci95_paired"] == json::array({0.0, 0.0}));
  const json unpaired = pair["mean_place_diff"]["ci95_unpaired"];
  CHECK(unpaired[1].get<double>() - unpaired[0].get<double>() > 0.5);
  CHECK(pair["mean_place_diff"]["effective_sample_gain"].is_null());  // no paired variance to divide by
}

TEST_CASE("duplicate: a shoot-out group rotates the whole field over one set of table deals", "[duplicate]") {
  const Experiment experiment = parse_experiment(
      "seed: 3\ntournaments: 12\nformat: shootout\nshootout: {tables: 2}\ntable: {players: 3}\n"
      "seating: duplicate\nlineup: [{strategy: random, label: a}, {strategy: random, label: b}, "
      "{strategy: random, label: c}, {strategy: random, label: d}, {strategy: random, label: e}, "
      "{strategy: random, label: f}]\n",
      kFile);
  const Cell& cell = experiment.cells.at(0);
  REQUIRE(duplicate_group_size(cell) == 6);
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  std::vector<FirstHandRecorder> tables(3);  // first-round tables 0, 1 and the final
  std::vector<ShootoutRecord> group;
  for (int index = 0; index < 6; ++index) {
    group.push_back(play_shootout(cell, labels, experiment.seed, index, hand, [&](int table) -> TableObserver* {
      return &tables[static_cast<std::size_t>(table)];
    }));
  }
  std::vector<std::vector<int>> seatings;
  for (int member = 0; member < 6; ++member) {
    std::vector<int> field;
    for (int table = 0; table < 2; ++table) {
      const FirstHand& first = tables[static_cast<std::size_t>(table)].hands[static_cast<std::size_t>(member)];
      CHECK(first.hole_of_seat == tables[static_cast<std::size_t>(table)].hands[0].hole_of_seat);
      CHECK(first.board == tables[static_cast<std::size_t>(table)].hands[0].board);
      field.insert(field.end(), first.entrant_of_seat.begin(), first.entrant_of_seat.end());
    }
    seatings.push_back(field);
    // Identical bots: the same first round seat by seat. The final table is
    // dealt from each member's own key (sim/config/duplicate.h), so it differs.
    const ShootoutRecord& record = group[static_cast<std::size_t>(member)];
    CHECK(first_round_places_of(record) == first_round_places_of(group[0]));
    CHECK(record.table_win == group[0].table_win);
    if (member > 0) CHECK(tables[2].hands[static_cast<std::size_t>(member)].board != tables[2].hands[0].board);
  }
  check_every_seat(seatings, 6, 1);

  CellStats stats(cell);
  stats.add_group(group);
  CHECK(stats.paired()->groups() == 1);
  CHECK(stats.shootout()->shootouts() == 6);
}

TEST_CASE(
    "duplicate: a 3 x 3 shoot-out group plays table-mates rounds: every two labels share a table in exactly "
    "one round, turned through its seats on the same table deals",
    "[duplicate]") {
  std::string lineup;
  for (const char* label : {"a", "b", "c", "d", "e", "f", "g", "h", "i"}) {
    lineup += std::string(lineup.empty() ? "" : ", ") + "{strategy: random, label: " + label + "}";
  }
  const Experiment experiment = parse_experiment(
      "seed: 4\ntournaments: 24\nformat: shootout\nshootout: {tables: 3}\ntable: {players: 3}\n"
      "seating: duplicate\nlineup: [" +
          lineup + "]\n",
      kFile);
  const Cell& cell = experiment.cells.at(0);
  REQUIRE(meets_every_table_mate_once(cell));
  REQUIRE(duplicate_group_size(cell) == 12);  // 4 rounds of 3 seat turns
  REQUIRE(unit_count(experiment, cell) == 2);
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  for (int group = 0; group < 2; ++group) {
    std::vector<FirstHandRecorder> tables(4);  // first-round tables 0..2 and the final
    std::vector<std::vector<int>> field_of_member;
    for (int member = 0; member < 12; ++member) {
      play_shootout(cell, labels, experiment.seed, group * 12 + member, hand,
                    [&](int table) -> TableObserver* { return &tables[static_cast<std::size_t>(table)]; });
      std::vector<int> field;
      for (int table = 0; table < 3; ++table) {
        const FirstHand& first = tables[static_cast<std::size_t>(table)].hands[static_cast<std::size_t>(member)];
        // Every first-round table deals its cards to the same seats in every
        // turn of a round; each round has its own deals.
        const auto& hands = tables[static_cast<std::size_t>(table)].hands;
        const FirstHand& round_first = hands[static_cast<std::size_t>(member / 3 * 3)];
        CHECK(table_mates_round(cell, group * 12 + member) == member / 3);
        CHECK(first.button == round_first.button);
        CHECK(first.hole_of_seat == round_first.hole_of_seat);
        CHECK(first.board == round_first.board);
        if (member % 3 == 0 && member > 0) CHECK(first.board != hands[static_cast<std::size_t>(member - 3)].board);
        field.insert(field.end(), first.entrant_of_seat.begin(), first.entrant_of_seat.end());
      }
      CHECK(field == seat_entrants(cell, deal_key(cell, experiment.seed, group * 12 + member), group * 12 + member));
      std::vector<int> sorted = field;
      std::sort(sorted.begin(), sorted.end());
      CHECK(sorted == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7, 8});
      field_of_member.push_back(field);
    }
    // share[a][b]: rounds in which entrants a and b sit at one table.
    std::vector<std::vector<int>> share(9, std::vector<int>(9, 0));
    for (int round = 0; round < 4; ++round) {
      for (int table = 0; table < 3; ++table) {
        // The round's three turns seat the same table-mates at this table,
        // each of them once in each of its seats.
        std::vector<std::vector<int>> seatings;
        for (int turn = 0; turn < 3; ++turn) {
          const std::vector<int>& field = field_of_member[static_cast<std::size_t>(round * 3 + turn)];
          seatings.emplace_back(field.begin() + table * 3, field.begin() + table * 3 + 3);
        }
        std::vector<int> mates = seatings[0];
        std::sort(mates.begin(), mates.end());
        for (auto& seating : seatings) {
          for (int& entrant : seating) {
            const auto at = std::find(mates.begin(), mates.end(), entrant);
            REQUIRE(at != mates.end());
            entrant = static_cast<int>(at - mates.begin());  // 0..2 within the table
          }
        }
        check_every_seat(seatings, 3, 1);
        for (const int a : mates) {
          for (const int b : mates) {
            if (a != b) ++share[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)];
          }
        }
      }
    }
    for (int a = 0; a < 9; ++a) {
      for (int b = 0; b < 9; ++b) {
        if (a != b) CHECK(share[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] == 1);
      }
    }
    // The final's players differ from member to member: it is dealt from
    // each member's own key, so its cards differ.
    CHECK(tables[3].hands[1].board != tables[3].hands[0].board);
  }
}

TEST_CASE(
    "duplicate: table-mates rounds of 2 x 2, 3 x 3 and 5 x 5 shoot-outs seat every two entrants at one table "
    "in exactly one round, every entrant once in each seat of its table per round",
    "[duplicate]") {
  for (const int order : {2, 3, 5}) {
    const int field = order * order;
    const Experiment experiment = parse_experiment(
        "tournaments: " + std::to_string(order * (order + 1)) +
            "\nformat: shootout\nshootout: {tables: " + std::to_string(order) +
            "}\ntable: {players: " + std::to_string(order) + "}\nseating: duplicate\nlineup: [{strategy: random}]\n",
        kFile);
    const Cell& cell = experiment.cells.at(0);
    INFO("order " << order);
    REQUIRE(meets_every_table_mate_once(cell));
    REQUIRE(duplicate_group_size(cell) == order * (order + 1));
    std::vector<int> arrangement(static_cast<std::size_t>(field));
    for (int e = 0; e < field; ++e) arrangement[static_cast<std::size_t>(e)] = (e * 7 + 3) % field;  // any order
    std::vector<std::vector<int>> share(static_cast<std::size_t>(field),
                                        std::vector<int>(static_cast<std::size_t>(field), 0));
    for (int round = 0; round <= order; ++round) {
      // seat_count[e][s]: turns of this round in which entrant e holds seat s of its table.
      std::vector<std::vector<int>> seat_count(static_cast<std::size_t>(field),
                                               std::vector<int>(static_cast<std::size_t>(order), 0));
      std::vector<int> table_of(static_cast<std::size_t>(field), -1);
      for (int turn = 0; turn < order; ++turn) {
        const std::vector<int> seating = duplicate_seating(cell, arrangement, round * order + turn);
        std::vector<int> sorted = seating;
        std::sort(sorted.begin(), sorted.end());
        for (int e = 0; e < field; ++e) REQUIRE(sorted[static_cast<std::size_t>(e)] == e);
        for (int f = 0; f < field; ++f) {
          const auto e = static_cast<std::size_t>(seating[static_cast<std::size_t>(f)]);
          // The round keeps every entrant at one table.
          if (turn == 0) table_of[e] = f / order;
          CHECK(table_of[e] == f / order);
          ++seat_count[e][static_cast<std::size_t>(f % order)];
        }
        if (turn > 0) continue;
        for (int a = 0; a < field; ++a) {
          for (int b = 0; b < field; ++b) {
            if (a != b && a / order == b / order) {
              ++share[static_cast<std::size_t>(seating[static_cast<std::size_t>(a)])]
                     [static_cast<std::size_t>(seating[static_cast<std::size_t>(b)])];
            }
          }
        }
      }
      for (const auto& seats : seat_count) {
        for (const int n : seats) CHECK(n == 1);
      }
    }
    for (int a = 0; a < field; ++a) {
      for (int b = 0; b < field; ++b) {
        if (a != b) CHECK(share[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] == 1);
      }
    }
  }
  // Other shapes keep whole-field rotations.
  const Experiment two_by_three = parse_experiment(
      "tournaments: 12\nformat: shootout\nshootout: {tables: 2}\ntable: {players: 3}\nseating: duplicate\n"
      "lineup: [{strategy: random}]\n",
      kFile);
  CHECK_FALSE(meets_every_table_mate_once(two_by_three.cells.at(0)));
  CHECK(duplicate_group_size(two_by_three.cells.at(0)) == 6);
}

TEST_CASE("duplicate: add_group refuses groups that do not fit, before adding anything", "[duplicate]") {
  const Experiment experiment = sit_and_go("[{strategy: random, label: a}, {strategy: maniac, label: b}]");
  const Cell& cell = experiment.cells.at(0);
  const std::vector<int> labels = label_of_entrants(cell);
  Hand hand;
  std::vector<TournamentRecord> group;
  for (int member = 0; member < 4; ++member) group.push_back(play_tournament(cell, labels, 5, member, hand));
  CellStats stats(cell);
  const CellStats empty = stats;
  CHECK_THROWS_AS(stats.add_group(std::span<const TournamentRecord>(group).first(3)), std::invalid_argument);
  // A label must hold its seats' share of the group's entries.
  std::vector<TournamentRecord> lopsided = group;
  lopsided[1].label.fill(0);
  CHECK_THROWS_AS(stats.add_group(lopsided), std::invalid_argument);
  lopsided = group;
  lopsided[3].hands = cell.rules.hand_cap + 1;
  CHECK_THROWS_AS(stats.add_group(lopsided), std::invalid_argument);
  CHECK(stats == empty);

  Cell random_cell = cell;
  random_cell.seating = Seating::kRandom;
  CellStats random_stats(random_cell);
  CHECK_THROWS_AS(random_stats.add_group(group), std::invalid_argument);
}

TEST_CASE("duplicate: the runner plays whole groups with identical results on 1 and 2 threads", "[duplicate]") {
  for (const std::string& text : {
           std::string("seed: 11\ntournaments: 40\ntable: {players: 4}\nseating: duplicate\n"
                       "lineup: [{strategy: tag}, {strategy: maniac}, {strategy: calling_station, count: 2}]\n"
                       "payouts: {places: [65, 35]}\n"),
           std::string("seed: 12\ntournaments: 24\nformat: shootout\nshootout: {tables: 2}\ntable: {players: 3}\n"
                       "seating: duplicate\nlineup: [{strategy: tag}, {strategy: maniac}, {strategy: rock}]\n"
                       "payouts: {places: [60, 40], fee: 10}\n"),
           std::string("seed: 13\ntournaments: 36\nformat: shootout\nshootout: {tables: 3, winners: paid}\n"
                       "table: {players: 2}\nseating: duplicate\n"
                       "lineup: [{strategy: tag}, {strategy: maniac}, {strategy: rock}]\n"),
       }) {
    const Experiment experiment = parse_experiment(text, kFile);
    const Cell& cell = experiment.cells.at(0);
    RunOptions one;
    one.threads = 1;
    RunOptions two;
    two.threads = 2;
    const RunResult a = run_experiment(experiment, one);
    const RunResult b = run_experiment(experiment, two);
    REQUIRE(a.cells.size() == 1);
    CHECK(a.cells[0] == b.cells[0]);
    CHECK(a.cells[0].tournaments() == experiment.tournaments);
    CHECK(a.cells[0].paired()->groups() == experiment.tournaments / duplicate_group_size(cell));
    const json summary = summary_without_provenance(experiment, a.cells);
    CHECK(summary == summary_without_provenance(experiment, b.cells));
    const json& pairs = summary["cells"][0]["paired"];
    REQUIRE(pairs.size() == 3);  // three labels
    const json& players = summary["cells"][0]["players"];
    for (const json& pair : pairs) {
      CHECK(pair["groups"] == experiment.tournaments / duplicate_group_size(cell));
      CHECK(pair["mean_place_diff"]["ci95_paired"].is_array());
      CHECK(pair["win_rate_diff"]["ci95_unpaired"].is_array());
      // The estimates are the per-label figures' differences, in every
      // format and payout scheme.
      for (const std::string metric : {"mean_place", "win_rate", "roi"}) {
        INFO(metric << " " << pair["a"] << " - " << pair["b"]);
        const double of_a = players[pair["a"].get<std::string>()][metric].get<double>();
        const double of_b = players[pair["b"].get<std::string>()][metric].get<double>();
        CHECK(pair[metric + "_diff"]["estimate"].get<double>() == Approx(of_a - of_b).margin(1e-12));
      }
    }
    // The state a checkpoint keeps round-trips the pairing too.
    CellStats restored(cell);
    restored.restore(a.cells[0].state());
    CHECK(restored == a.cells[0]);
  }
}

}  // namespace sngsim
