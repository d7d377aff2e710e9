// sngsim._core: the C++ side of the Python package (python/sngsim). Thin:
// it runs an experiment through the same RunSession as `sngsim run`
// (sim/run/run_session.h) and hands back summary.json's text, which
// python/sngsim wraps in typed objects. Python bots play in process
// (python_bots.h).

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "python_bots.h"
#include "sim/check/invariant_violation.h"
#include "sim/config/experiment_config.h"
#include "sim/report/summary.h"
#include "sim/run/run_session.h"
#include "version.h"

#if __has_include("env_bindings.h")
#include "env_bindings.h"  // the environment's bindings (pyenv), when present
#define SNGSIM_HAS_ENV_BINDINGS 1
#endif

namespace py = pybind11;

namespace sngsim::python {

namespace {

// Sets the host for loading and unsets it on every way out.
class HostScope {
 public:
  explicit HostScope(const HostedBots* host) { set_hosted_bots(host); }
  ~HostScope() { set_hosted_bots(nullptr); }
  HostScope(const HostScope&) = delete;
  HostScope& operator=(const HostScope&) = delete;
};

struct RunRequest {
  std::string path;  // the experiment file, or empty with `text`
  std::string text;  // the experiment in memory (JSON is YAML)
  std::string display_name;
  SessionOptions options;
};

// Plays the session on a thread of its own while this (Python's) thread
// waits without the GIL, taking it every 100 ms to show progress and to
// let Python run its signal handlers: Ctrl-C (KeyboardInterrupt) sets the
// stop, and the run ends with the batches finished before, as the CLI's.
RunSession::Played play_interruptibly(RunSession& session, const py::object& progress, bool& interrupted) {
  std::atomic<bool> stop{false};
  std::atomic<std::int64_t> done{0};
  std::atomic<std::int64_t> total{0};
  std::mutex mutex;
  std::condition_variable finished_signal;
  bool finished = false;
  std::exception_ptr failure;
  RunSession::Played played = RunSession::Played::kFinished;
  std::thread player([&] {
    try {
      played = session.play(
          [&](std::int64_t now_done, std::int64_t now_total) {
            done.store(now_done);
            total.store(now_total);
          },
          &stop);
    } catch (...) {
      failure = std::current_exception();
    }
    const std::lock_guard lock(mutex);
    finished = true;
    finished_signal.notify_all();
  });
  while (true) {
    bool over = false;
    {
      py::gil_scoped_release released;
      std::unique_lock lock(mutex);
      over = finished_signal.wait_for(lock, std::chrono::milliseconds(100), [&] { return finished; });
    }
    release_finished_bots();
    if (!progress.is_none() && total.load() > 0) progress(done.load(), total.load());
    if (over) break;
    if (!stop.load() && PyErr_CheckSignals() != 0) {
      if (PyErr_ExceptionMatches(PyExc_KeyboardInterrupt)) {
        PyErr_Clear();
        interrupted = true;
        stop.store(true);
      } else {
        // Another handler raised: stop, then let its exception out.
        stop.store(true);
        py::error_already_set raised;
        {
          py::gil_scoped_release released;
          player.join();
        }
        throw raised;
      }
    }
  }
  {
    py::gil_scoped_release released;
    player.join();
  }
  release_finished_bots();
  if (failure) std::rethrow_exception(failure);
  return played;
}

// Runs one experiment; returns (summary.json's text, partial, output folder).
py::tuple run(const RunRequest& request, const py::dict& bots, const py::object& progress) {
  PythonBotHost host(bots);
  std::optional<RunSession> session;
  {
    const HostScope scope(&host);
    session.emplace(request.path.empty() ? RunSession::from_text(request.text, request.display_name, request.options)
                                         : RunSession::from_file(request.path, request.options));
  }
  session->prepare(
      [](const std::string& line) { py::print(line, py::arg("file") = py::module_::import("sys").attr("stderr")); });
  bool interrupted = false;
  const RunSession::Played played = play_interruptibly(*session, progress, interrupted);
  if (played == RunSession::Played::kOtherRank) return py::make_tuple(py::none(), false, py::none());
  if (played == RunSession::Played::kStoppedAtCheckpoint) {
    throw SessionFailure(SessionFailureKind::kInterrupted,
                         "Stopped early: " + std::to_string(session->state().tournaments_done()) +
                             " tournaments saved in " + session->checkpoint_file().string() +
                             "; run the same call again to resume.");
  }
  const RunSummary summary = session->write_results(
      [](const std::string& line) { py::print(line, py::arg("file") = py::module_::import("sys").attr("stderr")); });
  session->write_hand_histories();
  const bool partial = session->result().partial;
  return py::make_tuple(summary_json(summary).dump(2) + "\n", partial || interrupted, session->out().string());
}

}  // namespace

}  // namespace sngsim::python

PYBIND11_MODULE(_core, m) {
  using namespace sngsim;
  using namespace sngsim::python;
  m.doc() = "sngsim's C++ library: runs through the CLI's RunSession (see the sngsim package)";
  m.attr("version") = kVersion;
  m.attr("commit") = kGitCommit;
  install_python_answerer();

  static py::exception<ConfigError> config_error(m, "ConfigError", PyExc_ValueError);
  static py::exception<SessionFailure> session_error(m, "SessionError", PyExc_RuntimeError);
  static py::exception<InvariantViolation> invariant_error(m, "InvariantViolation", PyExc_RuntimeError);
  py::register_exception_translator([](std::exception_ptr pointer) {
    try {
      if (pointer) std::rethrow_exception(pointer);
    } catch (const ConfigError& error) {
      config_error(error.what());
    } catch (const SessionFailure& error) {
      session_error(error.what());
    } catch (const InvariantViolation& error) {
      invariant_error(error.what());
    }
  });

  m.def(
      "run",
      [](const std::string& path, const std::string& text, const std::string& display_name,
         const std::vector<std::string>& overrides, int threads, const std::string& out, bool force,
         const std::string& checkpoint, const std::string& baseline, bool check, const py::dict& bots,
         const py::object& progress) {
        RunRequest request{path, text, display_name, {}};
        request.options.overrides = overrides;
        request.options.threads = threads;
        request.options.out = out;
        request.options.force = force;
        request.options.checkpoint = checkpoint;
        request.options.baseline = baseline;
        request.options.check = check;
        return run(request, bots, progress);
      },
      py::arg("path"), py::arg("text"), py::arg("display_name"), py::arg("overrides"), py::arg("threads"),
      py::arg("out"), py::arg("force"), py::arg("checkpoint"), py::arg("baseline"), py::arg("check"), py::arg("bots"),
      py::arg("progress"),
      "Runs an experiment as `sngsim run` does; returns (summary.json text, partial, output folder). "
      "Use sngsim.run().");

#ifdef SNGSIM_HAS_ENV_BINDINGS
  bind_env(m);
#endif
}
