#pragma once
// Python bots played in the Python process, with no pipe (docs/python.md):
// `strategy: python, object: "module:Class"` or `sngsim.run(bots={...})`.
//
// A seat's Strategy asks without waiting (it only encodes the decide as the
// protocol would, bot_hosting's encode_decide) and the runner thread, once
// every table it holds waits, answers all its seats' questions under one
// hold of the GIL: one decide_batch call per bot class
// (sngsim/_hosting.py). The replies are read as protocol 2's are
// (read_actions_reply, judge_action), so an in-process bot gives exactly
// the results of the same bot as a process. Runner threads hold the GIL
// only while Python answers.

#include <pybind11/pybind11.h>

#include <memory>

#include "sim/config/hosted_bots.h"

namespace sngsim::python {

// The host of one sngsim.run(): the names of its `bots=` dict and the
// `strategy: python` entries of its experiment. Built and used with the GIL
// held; its makers may be called from any thread.
class PythonBotHost final : public HostedBots {
 public:
  explicit PythonBotHost(pybind11::dict bots);
  bool provides(const std::string& strategy) const override;
  StrategyMaker bind(const HostedBotEntry& entry) const override;

 private:
  pybind11::dict bots_;
};

// Adds the runner's answerer of Python questions (once).
void install_python_answerer();

// Drops the Python objects of seats that ended (their strategies cannot
// take the GIL when destroyed). Call with the GIL held.
void release_finished_bots();

}  // namespace sngsim::python
