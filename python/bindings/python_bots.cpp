#include "python_bots.h"

#include <pybind11/numpy.h>

#include <chrono>
#include <fstream>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "sim/env/discrete_actions.h"
#include "sim/env/observation_encoding.h"
#include "sim/run/tables_in_flight.h"
#include "bot_hosting/bot_pool.h"
#include "bot_hosting/bot_protocol.h"
#include "strategies/strategy_fault.h"

namespace py = pybind11;

namespace sngsim::python {

namespace {

// What one lineup entry's seats share: the Bot class, its params and the
// label their faults are logged under. Destroyed with the GIL held (the
// experiment's makers are destroyed by sngsim.run, which holds it).
struct BotKind {
  py::object cls;
  py::object params;        // dict
  py::object decide_batch;  // the class's own decide_batch, or None for the kit's default
  std::string label;
  // batch_format = "numpy": decide_batch gets arrays (docs/python.md) and
  // answers action indices of `actions` (sim/env/discrete_actions.h).
  bool numpy = false;
  DiscreteActions actions;
};

// The most discrete actions a numpy bot may have (DiscreteActions: 3 + 13 raise fractions).
constexpr int kMaxNumpyActions = 16;

// Python objects of ended seats, dropped by the next holder of the GIL.
std::mutex g_finished_mutex;
std::vector<PyObject*> g_finished;

class PythonBot;
thread_local std::vector<PythonBot*> t_waiting;

py::module_& hosting() {
  static py::module_* module = new py::module_(py::module_::import("sngsim._hosting"));
  return *module;
}

void log_fault(const std::string& label, const std::string& text) {
  std::ofstream log(bot_log_path(label), std::ios::app);
  log << text;
  if (!text.empty() && text.back() != '\n') log << '\n';
}

class PythonBot final : public Strategy {
 public:
  PythonBot(std::shared_ptr<const BotKind> kind, const StrategyContext& context)
      : kind_(std::move(kind)),
        tournament_index_(context.tournament),
        tournament_(std::to_string(context.tournament)),
        seat_(context.seat) {
    if (kind_->numpy) return;  // no instance: nothing to start
    encode_tournament_start(
        start_, TournamentStart{tournament_, seat_, context.rng_key, context.rules, context.payout_percent});
  }
  PythonBot(const PythonBot&) = delete;
  PythonBot& operator=(const PythonBot&) = delete;
  ~PythonBot() override {
    if (instance_ == nullptr) return;
    const std::lock_guard lock(g_finished_mutex);
    g_finished.push_back(instance_);
  }

  Action decide(const Observation& observation) override {
    ask(observation);
    answer_waiting_python_decisions();
    return answer(observation);
  }

  bool decides_outside() const override { return true; }
  std::int64_t last_decision_ns() const override { return last_decision_ns_; }

  void ask(const Observation& observation) override {
    // Encoded when the batch is answered (numpy bots, straight into its
    // arrays) or when Python reads it (decide_line): the paused table keeps
    // the observation as it is until answer() (strategy.h).
    asked_ = &observation;
    t_waiting.push_back(this);
  }

  Action answer(const Observation& observation) override {
    if (!fault_.empty()) throw StrategyFault(FaultReason::kError, fault_);
    if (!kind_->numpy) return judge_action(reply_, observation.legal);
    if (index_ < 0 || index_ >= kind_->actions.size() || !kind_->actions.is_legal(observation, index_)) {
      throw StrategyFault(FaultReason::kIllegal, "action index " + std::to_string(index_) + " is not legal here");
    }
    return kind_->actions.to_action(observation, index_);
  }

  void hand_ended(const HandEnd& /*end*/) override { ++hand_; }

  // Answers every question of the calling thread's seats: one call into
  // Python per bot class, under one hold of the GIL.
  static void answer_waiting_python_decisions() {
    if (t_waiting.empty()) return;
    py::gil_scoped_acquire gil;
    release_finished_bots();
    std::vector<PythonBot*> waiting;
    waiting.swap(t_waiting);
    std::vector<PythonBot*> group;
    std::vector<ActionReply> replies;
    while (!waiting.empty()) {
      // The seats of the first waiting seat's class, in the order they asked.
      const BotKind* kind = waiting.front()->kind_.get();
      group.clear();
      std::erase_if(waiting, [&](PythonBot* bot) {
        if (bot->kind_.get() != kind) return false;
        group.push_back(bot);
        return true;
      });
      answer_group(*kind, group, replies);
    }
  }

 private:
  // A numpy bot's batch: arrays in, action indices out (docs/python.md).
  static void answer_numpy_group(const BotKind& kind, const std::vector<PythonBot*>& group) {
    const auto n = static_cast<py::ssize_t>(group.size());
    const auto width = static_cast<py::ssize_t>(kind.actions.size());
    py::array_t<float> observations({n, static_cast<py::ssize_t>(kObservationSize)});
    py::array_t<std::int8_t> mask({n, width});
    py::array_t<std::int64_t> call(n), min_raise_to(n), max_raise_to(n), pot(n), tournament(n);
    py::array_t<std::int32_t> seat(n), hand(n);
    auto o = observations.mutable_unchecked<2>();
    auto m = mask.mutable_unchecked<2>();
    auto c = call.mutable_unchecked<1>(), lo = min_raise_to.mutable_unchecked<1>(),
         hi = max_raise_to.mutable_unchecked<1>(), p = pot.mutable_unchecked<1>(),
         t = tournament.mutable_unchecked<1>();
    auto s = seat.mutable_unchecked<1>(), h = hand.mutable_unchecked<1>();
    {
      // The rows are written without the GIL: the arrays are this thread's
      // alone until decide_batch gets them, and the encoding is most of a
      // numpy batch's work, which another runner thread's Python may overlap.
      const py::gil_scoped_release unlocked;
      for (py::ssize_t i = 0; i < n; ++i) {
        PythonBot& bot = *group[static_cast<std::size_t>(i)];
        const Observation& asked = *bot.asked_;
        encode_observation(asked, std::span<float, kObservationSize>(&o(i, 0), kObservationSize));
        kind.actions.write_mask(asked, std::span<std::int8_t>(&m(i, 0), static_cast<std::size_t>(width)));
        c(i) = asked.legal.call_amount;
        lo(i) = asked.legal.min_raise_to;
        hi(i) = asked.legal.max_raise_to;
        p(i) = asked.pot;
        t(i) = bot.tournament_index_;
        s(i) = bot.seat_;
        h(i) = bot.hand_;
        bot.fault_.clear();
      }
    }
    py::dict batch;
    batch["observation"] = observations;
    batch["action_mask"] = mask;
    batch["call"] = call;
    batch["min_raise_to"] = min_raise_to;
    batch["max_raise_to"] = max_raise_to;
    batch["pot"] = pot;
    batch["tournament"] = tournament;
    batch["seat"] = seat;
    batch["hand"] = hand;
    try {
      const auto chosen =
          py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(kind.decide_batch(batch));
      if (!chosen || chosen.ndim() != 1 || chosen.shape(0) != n) {
        throw py::value_error("decide_batch must return one action index per row (" + std::to_string(n) + ")");
      }
      const auto a = chosen.unchecked<1>();
      for (py::ssize_t i = 0; i < n; ++i) group[static_cast<std::size_t>(i)]->index_ = static_cast<int>(a(i));
    } catch (py::error_already_set& error) {
      log_fault(kind.label, py::cast<std::string>(hosting().attr("format_exception")(error.value())));
      for (PythonBot* bot : group) bot->fault_ = "decide_batch raised " + std::string(error.what());
    }
  }

  // The protocol's decide line of the question waiting: what the bot's
  // Observation is parsed from when it first reads a field.
  py::bytes decide_line() {
    encode_decide(line_, tournament_, seat_, hand_, *asked_, DecisionTime{});
    return {line_};
  }

  // Answers one class's questions and times them for the decision-time
  // statistics: the call's wall time shared evenly by its questions, the
  // rule protocol 2's clock charges a batch by (docs/bot-protocol.md).
  static void answer_group(const BotKind& kind, const std::vector<PythonBot*>& group,
                           std::vector<ActionReply>& replies) {
    const auto started = std::chrono::steady_clock::now();
    ask_python(kind, group, replies);
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - started).count();
    const auto share = static_cast<std::int64_t>(elapsed) / static_cast<std::int64_t>(group.size());
    for (PythonBot* bot : group) bot->last_decision_ns_ = share;
  }

  static void ask_python(const BotKind& kind, const std::vector<PythonBot*>& group, std::vector<ActionReply>& replies) {
    if (kind.numpy) {
      answer_numpy_group(kind, group);
      return;
    }
    // line_of(i): question i's decide line, while this batch is answered
    // (the tables wait meanwhile); answer_batch reads every observation
    // that outlives the batch before it returns.
    auto asking = std::make_shared<std::vector<PythonBot*>>(group);
    const py::cpp_function line_of([asking](std::size_t index) -> py::bytes {
      if (index >= asking->size()) throw py::index_error("this batch has been answered");
      return (*asking)[index]->decide_line();
    });
    py::list bots;
    for (PythonBot* bot : group) {
      bot->fault_.clear();
      if (bot->instance_ == nullptr) {
        try {
          py::object made = hosting().attr("make_bot")(kind.cls, py::bytes(bot->start_), kind.params);
          bot->instance_ = made.release().ptr();
        } catch (py::error_already_set& error) {
          bot->fault_ = "creating the bot raised " + std::string(error.what());
          log_fault(kind.label, py::cast<std::string>(hosting().attr("format_exception")(error.value())));
          bot->instance_ = py::none().release().ptr();
        }
      }
      bots.append(py::handle(bot->instance_));
    }
    py::tuple answered;
    try {
      answered = hosting().attr("answer_batch")(kind.decide_batch, bots, line_of);
      asking->clear();
    } catch (py::error_already_set& error) {
      asking->clear();
      const std::string trace = py::cast<std::string>(hosting().attr("format_exception")(error.value()));
      log_fault(kind.label, trace);
      for (PythonBot* bot : group) {
        if (bot->fault_.empty()) bot->fault_ = "decide_batch raised " + std::string(error.what());
      }
      return;
    }
    const auto reply = py::cast<std::string_view>(answered[0]);
    read_actions_reply(reply, group.size(), replies);
    for (std::size_t i = 0; i < group.size(); ++i) group[i]->reply_ = replies[i];
    // (index, exception line, traceback) of each decide() that raised.
    for (py::handle failure : py::cast<py::list>(answered[1])) {
      const auto index = py::cast<std::size_t>(failure[py::int_(0)]);
      if (index >= group.size()) continue;
      if (group[index]->fault_.empty()) group[index]->fault_ = py::cast<std::string>(failure[py::int_(1)]);
      log_fault(kind.label, py::cast<std::string>(failure[py::int_(2)]));
    }
  }

  std::shared_ptr<const BotKind> kind_;
  std::int64_t tournament_index_;
  std::string tournament_;
  int seat_;
  int hand_ = 1;                        // the tournament's hand number, as a process bot is told
  std::string start_;                   // tournament_start, as the protocol sends it
  const Observation* asked_ = nullptr;  // the question waiting, as the paused table holds it
  std::string line_;                    // its decide line, once Python read it
  PyObject* instance_ = nullptr;        // the seat's Bot, made at its first question
  ActionReply reply_;
  int index_ = -1;                      // numpy bots: the action index answered
  std::int64_t last_decision_ns_ = -1;  // this question's share of its batch's call
  std::string fault_;                   // why the last question has no answer; empty when it has one
};

void answer_python_decisions() { PythonBot::answer_waiting_python_decisions(); }

}  // namespace

void release_finished_bots() {
  std::vector<PyObject*> finished;
  {
    const std::lock_guard lock(g_finished_mutex);
    finished.swap(g_finished);
  }
  for (PyObject* object : finished) Py_DECREF(object);
}

void install_python_answerer() { add_waiting_answerer(&answer_python_decisions); }

PythonBotHost::PythonBotHost(py::dict bots) : bots_(std::move(bots)) {}

bool PythonBotHost::provides(const std::string& strategy) const { return bots_.contains(py::str(strategy)); }

StrategyMaker PythonBotHost::bind(const HostedBotEntry& entry) const {
  auto kind = std::make_shared<BotKind>();
  try {
    kind->cls = bots_.contains(py::str(entry.object))
                    ? py::object(bots_[py::str(entry.object)])
                    : hosting().attr("import_object")(entry.object, entry.python_path);
    kind->params = py::module_::import("json").attr("loads")(entry.params_json);
    kind->decide_batch = hosting().attr("own_decide_batch")(kind->cls);
    const py::object format = py::getattr(kind->cls, "batch_format", py::none());
    if (!format.is_none() && py::cast<std::string>(py::str(format)) == "numpy") {
      if (kind->decide_batch.is_none())
        throw std::invalid_argument("batch_format = \"numpy\" needs its own decide_batch");
      kind->numpy = true;
      const py::object fractions = py::getattr(kind->cls, "raise_fractions", py::none());
      if (!fractions.is_none()) kind->actions = DiscreteActions(py::cast<std::vector<double>>(fractions));
      if (kind->actions.size() > kMaxNumpyActions) {
        throw std::invalid_argument("raise_fractions: at most 13 fractions");
      }
    } else if (!format.is_none() && py::cast<std::string>(py::str(format)) != "observations") {
      throw std::invalid_argument("batch_format is \"observations\" (the default) or \"numpy\"");
    }
  } catch (py::error_already_set& error) {
    // The exception's own line: the traceback is the binding's, not the user's.
    throw std::invalid_argument(py::cast<std::string>(py::str(error.value())));
  }
  kind->label = entry.label;
  std::shared_ptr<const BotKind> shared = std::move(kind);
  return [shared](const StrategyContext& context) -> std::unique_ptr<Strategy> {
    return std::make_unique<PythonBot>(shared, context);
  };
}

}  // namespace sngsim::python
