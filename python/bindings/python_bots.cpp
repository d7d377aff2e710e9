#include "python_bots.h"

#include <fstream>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "sim/run/tables_in_flight.h"
#include "strategies/bot_pool.h"
#include "strategies/bot_protocol.h"
#include "strategies/strategy_fault.h"

namespace py = pybind11;

namespace sngsim::python {

namespace {

// What one lineup entry's seats share: the Bot class, its params and the
// label their faults are logged under. Destroyed with the GIL held (the
// experiment's makers are destroyed by sngsim.run, which holds it).
struct BotKind {
  py::object cls;
  py::object params;  // dict
  py::object decide_batch;  // the class's own decide_batch, or None for the kit's default
  std::string label;
};

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
      : kind_(std::move(kind)), tournament_(std::to_string(context.tournament)), seat_(context.seat) {
    encode_tournament_start(start_, TournamentStart{tournament_, seat_, context.rng_key, context.rules,
                                                    context.payout_percent});
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

  void ask(const Observation& observation) override {
    encode_decide(line_, tournament_, seat_, hand_, observation, DecisionTime{});
    t_waiting.push_back(this);
  }

  Action answer(const Observation& observation) override {
    if (!fault_.empty()) throw StrategyFault(FaultReason::kError, fault_);
    return judge_action(reply_, observation.legal);
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
  static void answer_group(const BotKind& kind, const std::vector<PythonBot*>& group,
                           std::vector<ActionReply>& replies) {
    py::list bots;
    py::list lines;
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
      lines.append(py::bytes(bot->line_));
    }
    py::tuple answered;
    try {
      answered = hosting().attr("answer_batch")(kind.decide_batch, bots, lines);
    } catch (py::error_already_set& error) {
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
  std::string tournament_;
  int seat_;
  int hand_ = 1;  // the tournament's hand number, as a process bot is told
  std::string start_;  // tournament_start, as the protocol sends it
  std::string line_;   // the decide waiting for its answer
  PyObject* instance_ = nullptr;  // the seat's Bot, made at its first question
  ActionReply reply_;
  std::string fault_;  // why the last question has no answer; empty when it has one
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
