#pragma once
// Sit-and-gos paused at the learners' turns: the core of the training
// environments of the Python package (docs/environment.md, "Environments").
//
// N tables, each playing one whole sit-and-go at a time (rising blinds, the
// hand cap, busts, places) with the table state machine of sim/formats
// (TablePlay). The lineup's other seats are its built-in or plug-in bots,
// played inline; a learner's seat is a Strategy that decides outside
// (strategies/strategy.h), so its table pauses when it is asked and resumes
// when step() brings the answer. The engine is untouched.
//
// Tournaments: after reset(seed), table t plays tournament t of that seed,
// then t + N, t + 2N, ... (each as `sngsim run` plays tournament i of a
// seed: deal_key and seat_entrants), so one table reset with seed s plays
// what table t of N would play, in the same order. Everything is a pure
// function of (spec, seed, tournament index, the learners' actions).
//
// Errors: a bad spec throws ConfigError (sim/config/experiment_config.h) or
// std::invalid_argument; an illegal action throws std::invalid_argument and
// changes nothing.

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/hand.h"
#include "sim/config/experiment.h"
#include "sim/env/discrete_actions.h"
#include "sim/env/observation_encoding.h"
#include "sim/formats/tournament_record.h"

namespace sngsim {

// What a learner is paid, and when.
enum class RewardKind : std::uint8_t {
  // At the tournament's end: the prize in buy-ins less the buy-in,
  // players x prize share - 1 (the tournament's ROI, fees apart). A
  // tournament the hand cap ends values its survivors by the ICM of their
  // final stacks instead of their chip ranking.
  kIcm,
  // At the end: 1 for first place, -1 for last, linear between (mean place
  // of shared places).
  kPlace,
  // After every hand the learner played: its chip change over the starting
  // stack (a bust over the whole tournament sums to -1).
  kChips,
};

// "icm", "place", "chips"; throws std::invalid_argument otherwise.
RewardKind parse_reward_kind(const std::string& name);

struct SitAndGoSpec {
  // An experiment file's text, YAML or JSON (docs/config-reference.md):
  // its table, payouts, seating and lineup; the lineup names the opponents
  // and fills the seats the learners leave, in order and repeated. One
  // sit-and-go cell: no matrix, no shoot-out, no cash, no process bots.
  std::string config_text;
  int learners = 1;  // 1 .. players; learner k is the lineup's entrant k, labelled "learner_k"
  std::vector<double> raise_fractions = {0.5, 1.0};
  RewardKind reward = RewardKind::kIcm;
  // False: a tournament is over for the environment once every learner is
  // out (its place is final at its bust, R20), and the bots do not play the
  // rest. True: it is played to the end, so finished() has every seat's place.
  bool play_out = false;
};

class SitAndGoTables {
 public:
  SitAndGoTables(const SitAndGoSpec& spec, int tables);
  ~SitAndGoTables();
  SitAndGoTables(const SitAndGoTables&) = delete;
  SitAndGoTables& operator=(const SitAndGoTables&) = delete;

  int tables() const { return static_cast<int>(tables_.size()); }
  int learners() const { return learners_; }
  int players() const { return cell_.rules.players; }
  const DiscreteActions& actions() const { return actions_; }
  const Cell& cell() const { return cell_; }

  // Every table starts its first tournament of `seed` and plays to its
  // first learner decision (or, rarely, to its end).
  void reset(std::uint64_t seed);
  // Table t starts its next tournament.
  void next_tournament(int t);

  // The learner to act at table t, or -1 once its tournament is over.
  int acting_learner(int t) const;
  bool is_over(int t) const { return acting_learner(t) < 0; }
  // The acting learner's observation (precondition: !is_over(t)); valid
  // until the table moves.
  const Observation& observation(int t) const;
  // The acting learner's encoding and action mask (size actions().size()).
  void encode(int t, std::span<float, kObservationSize> out, std::span<std::int8_t> mask) const;

  // The acting learner at table t takes discrete action `action`; the table
  // plays on to the next learner decision or to its end.
  void step(int t, int action);

  // Reward learner l of table t has earned since the last call, cleared.
  double take_reward(int t, int l);
  // The last tournament table t finished (kept until it finishes another,
  // so the vector step can report it after starting the next).
  struct Finished {
    std::int64_t index = -1;  // the tournament's index in the seed
    // Places, final chips, labels, hands, cap. When the tournament ended
    // for the environment with its learners out (SitAndGoSpec::play_out
    // false) before its end, the seats still playing have no placement
    // (is_set() false), their final_chips are their stacks then, and hands
    // counts the hands played so far.
    TournamentRecord record;
    bool complete = false;                        // played to its end
    std::array<int, kMaxPlayers> learner_seat{};  // learner l sat at learner_seat[l]
    // Each seat's result in buy-ins less its buy-in, the "icm" reward:
    // players x prize share - 1, by ICM of the final stacks when capped
    // (NaN for a seat still playing when the environment stopped).
    std::array<double, kMaxPlayers> roi{};
  };
  const Finished& finished(int t) const;
  // Table t's current tournament.
  std::int64_t tournament_index(int t) const;

  // The vector step (learners == 1): every table takes actions[t], plays
  // on, and a table whose tournament ended reports its final reward and
  // terminated = 1, and starts its next tournament at once (`obs` and
  // `mask` are then the new one's first decision; finished(t) the ended
  // one). places[t] is the finished tournament's learner's place times two
  // (shared places: the sum of the first and last covered), 0 when none
  // ended. `threads` > 1
  // steps the tables in parallel; results do not depend on it.
  void step_all(std::span<const std::int32_t> actions, std::span<float> obs, std::span<std::int8_t> mask,
                std::span<float> rewards, std::span<std::uint8_t> terminated, std::span<std::int32_t> places,
                int threads = 1);
  // Observations and masks of every table, as step_all writes them.
  void encode_all(std::span<float> obs, std::span<std::int8_t> mask) const;

  struct Table;

 private:
  void start(Table& table, std::int64_t index);
  void play_on(Table& table);
  void finish(Table& table, bool complete);
  void step_one(int t, std::int32_t action, float* obs, std::int8_t* mask, float& reward, std::uint8_t& terminated,
                std::int32_t& place);

  Cell cell_;
  std::vector<int> label_of_entrant_;
  int learners_ = 1;
  RewardKind reward_ = RewardKind::kIcm;
  bool play_out_ = false;
  DiscreteActions actions_;
  std::uint64_t seed_ = 0;
  std::vector<std::unique_ptr<Table>> tables_;
};

}  // namespace sngsim
