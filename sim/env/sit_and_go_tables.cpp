#include "sim/env/sit_and_go_tables.h"

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "poker_math/icm.h"
#include "sim/config/experiment_config.h"
#include "sim/formats/play_tournament.h"
#include "sim/formats/table_play.h"

namespace sngsim {

struct SitAndGoTables::Table {
  Hand hand;
  std::unique_ptr<TablePlay> play;
  std::vector<int> entrant_of_seat;
  std::int64_t index = -1;
  int acting = -1;  // the learner asked, -1 when none
  const Observation* observation = nullptr;
  Action answer;
  bool over = true;
  std::array<int, kMaxPlayers> learner_seat{};
  std::array<double, kMaxPlayers> reward{};
  std::array<Chips, kMaxPlayers> stack_before{};
  SitAndGoTables::Finished finished;
};

namespace {

// A learner's seat: the table pauses when it is asked (decides_outside) and
// step() brings the answer. It keeps count of its chips hand by hand for
// the per-hand reward.
class LearnerSeat final : public Strategy {
 public:
  LearnerSeat(SitAndGoTables::Table& table, int learner, int seat, Chips starting_stack, bool chip_rewards)
      : table_(table), learner_(learner), seat_(seat), starting_stack_(starting_stack), chip_rewards_(chip_rewards) {
    table_.stack_before[static_cast<std::size_t>(learner_)] = starting_stack;
  }

  Action decide(const Observation&) override {
    throw std::logic_error("a learner's seat is only asked by a table that may pause");
  }
  bool decides_outside() const override { return true; }
  void ask(const Observation& observation) override {
    table_.acting = learner_;
    table_.observation = &observation;
  }
  Action answer(const Observation&) override { return table_.answer; }

  void hand_ended(const HandEnd& end) override {
    if (!chip_rewards_) return;
    const auto l = static_cast<std::size_t>(learner_);
    for (std::size_t p = 0; p < end.seats.size(); ++p) {
      if (end.seats[p] != seat_) continue;
      table_.reward[l] +=
          static_cast<double>(end.stacks[p] - table_.stack_before[l]) / static_cast<double>(starting_stack_);
      table_.stack_before[l] = end.stacks[p];
    }
  }

 private:
  SitAndGoTables::Table& table_;
  int learner_;
  int seat_;
  Chips starting_stack_;
  bool chip_rewards_;
};

Cell the_one_cell(const std::string& config_text) {
  Experiment experiment = parse_experiment(config_text, "<environment>");
  if (experiment.cells.size() != 1) {
    throw std::invalid_argument("an environment plays one matrix cell, not " + std::to_string(experiment.cells.size()));
  }
  Cell cell = std::move(experiment.cells.front());
  if (cell.format != Format::kSitAndGo) {
    throw std::invalid_argument(std::string("an environment plays sit-and-gos, not the format ") +
                                format_name(cell.format));
  }
  for (const Entrant& entrant : cell.entrants) {
    if (entrant.process) {
      throw std::invalid_argument("opponent '" + entrant.label +
                                  "' is a process bot: environments seat built-in and plug-in bots");
    }
  }
  return cell;
}

}  // namespace

RewardKind parse_reward_kind(const std::string& name) {
  if (name == "icm") return RewardKind::kIcm;
  if (name == "place") return RewardKind::kPlace;
  if (name == "chips") return RewardKind::kChips;
  throw std::invalid_argument("reward must be icm, place or chips, not '" + name + "'");
}

SitAndGoTables::SitAndGoTables(const SitAndGoSpec& spec, int tables)
    : cell_(the_one_cell(spec.config_text)),
      learners_(spec.learners),
      reward_(spec.reward),
      play_out_(spec.play_out),
      actions_(spec.raise_fractions) {
  const int players = cell_.rules.players;
  if (learners_ < 1 || learners_ > players) {
    throw std::invalid_argument("learners must be 1.." + std::to_string(players) + ", not " +
                                std::to_string(learners_));
  }
  if (tables < 1) throw std::invalid_argument("tables must be at least 1");
  // Learners take the first entrants; the lineup's bots, in order, the rest.
  std::vector<Entrant> entrants;
  for (int k = 0; k < learners_; ++k) {
    Entrant learner;
    learner.label = "learner_" + std::to_string(k);
    learner.strategy = "learner";
    const bool chip_rewards = reward_ == RewardKind::kChips;
    learner.make = [this, k, chip_rewards](const StrategyContext& context) -> std::unique_ptr<Strategy> {
      // Table t plays the tournaments t, t + N, ... (reset).
      Table& table = *tables_[static_cast<std::size_t>(context.tournament % static_cast<std::int64_t>(tables_.size()))];
      table.learner_seat[static_cast<std::size_t>(k)] = context.seat;
      return std::make_unique<LearnerSeat>(table, k, context.seat, cell_.rules.starting_stack, chip_rewards);
    };
    entrants.push_back(std::move(learner));
  }
  for (int e = 0; e < players - learners_; ++e) entrants.push_back(cell_.entrants[static_cast<std::size_t>(e)]);
  cell_.entrants = std::move(entrants);
  const std::vector<std::string> labels = cell_labels(cell_);
  for (const Entrant& entrant : cell_.entrants) {
    label_of_entrant_.push_back(
        static_cast<int>(std::find(labels.begin(), labels.end(), entrant.label) - labels.begin()));
  }
  for (int t = 0; t < tables; ++t) tables_.push_back(std::make_unique<Table>());
}

SitAndGoTables::~SitAndGoTables() = default;

void SitAndGoTables::reset(std::uint64_t seed) {
  seed_ = seed;
  for (std::size_t t = 0; t < tables_.size(); ++t) start(*tables_[t], static_cast<std::int64_t>(t));
}

void SitAndGoTables::next_tournament(int t) {
  Table& table = *tables_.at(static_cast<std::size_t>(t));
  start(table, table.index < 0 ? t : table.index + static_cast<std::int64_t>(tables_.size()));
}

void SitAndGoTables::start(Table& table, std::int64_t index) {
  table.play.reset();  // the old tournament's strategies go before the new ones are made
  table.index = index;
  table.reward = {};
  const std::uint64_t key = deal_key(cell_, seed_, index);
  table.entrant_of_seat = seat_entrants(cell_, key, index);
  table.play =
      std::make_unique<TablePlay>(cell_, cell_.rules, table.entrant_of_seat, label_of_entrant_, key, index, table.hand);
  play_on(table);
}

void SitAndGoTables::play_on(Table& table) {
  while (true) {
    table.acting = -1;
    table.over = table.play->play(true, !play_out_);
    if (table.over) {
      finish(table, true);
      return;
    }
    if (table.acting >= 0) return;  // a learner is asked
    // Between two hands (play_out false): go on while a learner plays.
    const Tournament& tournament = table.play->tournament();
    if (tournament.is_over()) continue;  // the next play() finishes it
    bool learner_alive = false;
    for (int l = 0; l < learners_; ++l)
      learner_alive |= tournament.is_alive(table.learner_seat[static_cast<std::size_t>(l)]);
    if (!learner_alive) {
      table.over = true;
      finish(table, false);
      return;
    }
  }
}

void SitAndGoTables::finish(Table& table, bool complete) {
  Finished& finished = table.finished;
  finished.index = table.index;
  finished.complete = complete;
  finished.learner_seat = table.learner_seat;
  const int players = cell_.rules.players;
  if (complete) {
    finished.record = table.play->finish();
  } else {
    // The learners are out; the record of the seats placed so far.
    const Tournament& tournament = table.play->tournament();
    TournamentRecord& record = finished.record;
    record = TournamentRecord{};
    record.index = table.index;
    record.seats = players;
    record.hands = tournament.hands_played();
    record.level_reached = tournament.level();
    for (int seat = 0; seat < players; ++seat) {
      const auto s = static_cast<std::size_t>(seat);
      record.label[s] =
          static_cast<std::int16_t>(label_of_entrant_[static_cast<std::size_t>(table.entrant_of_seat[s])]);
      record.placement[s] = tournament.placement(seat);
      record.final_chips[s] = tournament.stack(seat);
    }
  }
  const TournamentRecord& record = finished.record;
  std::vector<double> icm;
  if (record.capped) {
    std::vector<double> stacks(record.final_chips.begin(), record.final_chips.begin() + players);
    std::vector<double> payouts(cell_.payouts.percent.begin(), cell_.payouts.percent.end());
    icm = icm_equity(stacks, payouts);
  }
  for (int seat = 0; seat < players; ++seat) {
    const auto s = static_cast<std::size_t>(seat);
    if (!record.placement[s].is_set()) {
      finished.roi[s] = std::numeric_limits<double>::quiet_NaN();
      continue;
    }
    const double percent = icm.empty() ? prize_percent(cell_.payouts.percent, record.placement[s]) : icm[s];
    finished.roi[s] = players * percent / 100.0 - 1.0;
  }
  for (int l = 0; l < learners_; ++l) {
    const auto seat = static_cast<std::size_t>(table.learner_seat[static_cast<std::size_t>(l)]);
    double& reward = table.reward[static_cast<std::size_t>(l)];
    if (reward_ == RewardKind::kPlace) {
      const double mean_place = record.placement[seat].twice_mean() / 2.0;
      reward += 1.0 - 2.0 * (mean_place - 1.0) / (players - 1);
    } else if (reward_ == RewardKind::kIcm) {
      reward += finished.roi[seat];
    }
  }
}

int SitAndGoTables::acting_learner(int t) const {
  const Table& table = *tables_.at(static_cast<std::size_t>(t));
  return table.over ? -1 : table.acting;
}

const Observation& SitAndGoTables::observation(int t) const {
  const Table& table = *tables_.at(static_cast<std::size_t>(t));
  if (table.over) throw std::logic_error("the table's tournament is over: no observation");
  return *table.observation;
}

void SitAndGoTables::encode(int t, std::span<float, kObservationSize> out, std::span<std::int8_t> mask) const {
  const Table& table = *tables_.at(static_cast<std::size_t>(t));
  if (table.over) {
    std::fill(out.begin(), out.end(), 0.0f);
    std::fill(mask.begin(), mask.end(), std::int8_t{0});
    return;
  }
  encode_observation(*table.observation, out);
  actions_.write_mask(*table.observation, mask);
}

void SitAndGoTables::step(int t, int action) {
  Table& table = *tables_.at(static_cast<std::size_t>(t));
  if (table.over) throw std::invalid_argument("table " + std::to_string(t) + ": the tournament is over; reset it");
  if (!actions_.is_legal(*table.observation, action)) {
    throw std::invalid_argument("table " + std::to_string(t) + ": action " + std::to_string(action) +
                                " is not legal here (see the action mask)");
  }
  table.answer = actions_.to_action(*table.observation, action);
  play_on(table);
}

double SitAndGoTables::take_reward(int t, int l) {
  double& reward = tables_.at(static_cast<std::size_t>(t))->reward.at(static_cast<std::size_t>(l));
  const double taken = reward;
  reward = 0.0;
  return taken;
}

const SitAndGoTables::Finished& SitAndGoTables::finished(int t) const {
  return tables_.at(static_cast<std::size_t>(t))->finished;
}

std::int64_t SitAndGoTables::tournament_index(int t) const { return tables_.at(static_cast<std::size_t>(t))->index; }

void SitAndGoTables::step_one(int t, std::int32_t action, float* obs, std::int8_t* mask, float& reward,
                              std::uint8_t& terminated, std::int32_t& place) {
  step(t, action);
  reward = static_cast<float>(take_reward(t, 0));
  terminated = 0;
  place = 0;
  Table& table = *tables_[static_cast<std::size_t>(t)];
  if (table.over) {
    terminated = 1;
    place = table.finished.record.placement[static_cast<std::size_t>(table.finished.learner_seat[0])].twice_mean();
    // A tournament that ends before its learner acts (possible only with
    // blinds that cover whole stacks) is skipped: the vector env always
    // hands back a decision.
    do {
      next_tournament(t);
    } while (table.over);
    // Chips won or lost in the new tournament before the learner's first
    // decision stay pending: the next step pays them, as in the AEC env.
  }
  encode(t, std::span<float, kObservationSize>(obs, kObservationSize),
         std::span<std::int8_t>(mask, static_cast<std::size_t>(actions_.size())));
}

void SitAndGoTables::step_all(std::span<const std::int32_t> actions, std::span<float> obs, std::span<std::int8_t> mask,
                              std::span<float> rewards, std::span<std::uint8_t> terminated,
                              std::span<std::int32_t> places, int threads) {
  const std::size_t n = tables_.size();
  const auto width = static_cast<std::size_t>(actions_.size());
  if (learners_ != 1) throw std::invalid_argument("the vector step plays one learner per table");
  if (actions.size() != n || obs.size() != n * kObservationSize || mask.size() != n * width || rewards.size() != n ||
      terminated.size() != n || places.size() != n) {
    throw std::invalid_argument("step_all: every array needs one row per table");
  }
  // Checked before any table moves, so a bad action changes nothing.
  for (std::size_t t = 0; t < n; ++t) {
    const Table& table = *tables_[t];
    if (table.over || !actions_.is_legal(*table.observation, actions[t])) {
      throw std::invalid_argument("table " + std::to_string(t) + ": action " + std::to_string(actions[t]) +
                                  " is not legal here (see the action mask)");
    }
  }
  const auto body = [&](const tbb::blocked_range<std::size_t>& range) {
    for (std::size_t t = range.begin(); t != range.end(); ++t) {
      step_one(static_cast<int>(t), actions[t], obs.data() + t * kObservationSize, mask.data() + t * width, rewards[t],
               terminated[t], places[t]);
    }
  };
  if (threads <= 1 || n < 2) {
    body(tbb::blocked_range<std::size_t>(0, n));
    return;
  }
  tbb::task_arena arena(threads);
  arena.execute([&] { tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 16), body); });
}

void SitAndGoTables::encode_all(std::span<float> obs, std::span<std::int8_t> mask) const {
  const auto width = static_cast<std::size_t>(actions_.size());
  for (std::size_t t = 0; t < tables_.size(); ++t) {
    encode(static_cast<int>(t), std::span<float, kObservationSize>(obs.data() + t * kObservationSize, kObservationSize),
           mask.subspan(t * width, width));
  }
}

}  // namespace sngsim
