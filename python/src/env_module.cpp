// sngsim._env: the C++ side of the training environments (sngsim.env,
// docs/environment.md). Thin by design: the tables, the encoding, the action
// mapping and the rewards live in sim/env; this only moves numbers across.
// Arrays cross without copies (the caller's numpy buffers are written in
// place), and the vector step releases the GIL.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "sim/config/experiment_config.h"
#include "sim/env/sit_and_go_tables.h"

namespace py = pybind11;
using sngsim::kObservationSize;
using sngsim::SitAndGoTables;

namespace {

template <typename T>
using CArray = py::array_t<T, py::array::c_style>;

// A writable C-contiguous buffer of exactly `size` elements, or ValueError.
template <typename T>
T* writable(CArray<T>& array, std::size_t size, const char* name) {
  if (!array.writeable() || static_cast<std::size_t>(array.size()) != size) {
    throw py::value_error(std::string(name) + ": a writable contiguous array of " + std::to_string(size) +
                          " elements is needed");
  }
  return array.mutable_data();
}

sngsim::SitAndGoSpec make_spec(const std::string& config_text, int learners, std::vector<double> raise_fractions,
                               const std::string& reward, bool play_out) {
  sngsim::SitAndGoSpec spec;
  spec.config_text = config_text;
  spec.learners = learners;
  spec.raise_fractions = std::move(raise_fractions);
  spec.reward = sngsim::parse_reward_kind(reward);
  spec.play_out = play_out;
  return spec;
}

// The labels of the tables' seats, as Python strings made once.
py::list label_strings(const SitAndGoTables& tables) {
  py::list labels;
  for (const std::string& label : sngsim::cell_labels(tables.cell())) labels.append(py::str(label));
  return labels;
}

// A list of `count` items made by item(i): filled in place, without appends.
template <typename Item>
py::list list_of(int count, Item&& item) {
  py::list list(count);
  for (int i = 0; i < count; ++i) PyList_SET_ITEM(list.ptr(), i, item(static_cast<std::size_t>(i)).release().ptr());
  return list;
}

py::dict record_of(const SitAndGoTables& tables, int t, const py::list& label_names) {
  const SitAndGoTables::Finished& finished = tables.finished(t);
  const sngsim::TournamentRecord& record = finished.record;
  py::dict out;
  out["tournament"] = finished.index;
  out["places"] = list_of(record.seats, [&](std::size_t s) -> py::object {
    if (!record.placement[s].is_set()) return py::none();  // still playing when the environment stopped
    return py::float_(record.placement[s].twice_mean() / 2.0);
  });
  out["final_chips"] = list_of(record.seats, [&](std::size_t s) { return py::int_(record.final_chips[s]); });
  out["labels"] = list_of(record.seats, [&](std::size_t s) {
    return py::reinterpret_borrow<py::object>(label_names[static_cast<std::size_t>(record.label[s])]);
  });
  out["roi"] = list_of(record.seats, [&](std::size_t s) { return py::float_(finished.roi[s]); });
  out["learner_seats"] = list_of(tables.learners(), [&](std::size_t l) { return py::int_(finished.learner_seat[l]); });
  out["hands"] = record.hands;
  out["capped"] = record.capped;
  out["complete"] = finished.complete;
  return out;
}

}  // namespace

PYBIND11_MODULE(_env, m) {
  m.doc() = "sngsim's sit-and-go tables paused at the learners' turns (docs/environment.md)";
  m.attr("OBSERVATION_SIZE") = kObservationSize;
  m.attr("ENCODING_VERSION") = sngsim::kObservationEncodingVersion;

  py::class_<SitAndGoTables>(m, "Tables")
      .def(py::init([](const std::string& config_text, int tables, int learners, std::vector<double> raise_fractions,
                       const std::string& reward, bool play_out) {
             try {
               return std::make_unique<SitAndGoTables>(
                   make_spec(config_text, learners, std::move(raise_fractions), reward, play_out), tables);
             } catch (const sngsim::ConfigError& error) {
               throw py::value_error(error.what());  // "<environment>:line:column: message"
             }
           }),
           py::arg("config_text"), py::arg("tables") = 1, py::arg("learners") = 1,
           py::arg("raise_fractions") = std::vector<double>{0.5, 1.0}, py::arg("reward") = "icm",
           py::arg("play_out") = false)
      .def_property_readonly("tables", &SitAndGoTables::tables)
      .def_property_readonly("learners", &SitAndGoTables::learners)
      .def_property_readonly("players", &SitAndGoTables::players)
      .def_property_readonly("num_actions", [](const SitAndGoTables& self) { return self.actions().size(); })
      .def_property_readonly("raise_fractions",
                             [](const SitAndGoTables& self) { return self.actions().raise_fractions(); })
      .def("reset", &SitAndGoTables::reset, py::arg("seed"))
      .def("next_tournament", &SitAndGoTables::next_tournament, py::arg("table"))
      .def("acting_learner", &SitAndGoTables::acting_learner, py::arg("table"))
      .def(
          "encode",
          [](const SitAndGoTables& self, int t, CArray<float> obs, CArray<std::int8_t> mask) {
            float* o = writable(obs, kObservationSize, "obs");
            std::int8_t* k = writable(mask, static_cast<std::size_t>(self.actions().size()), "mask");
            self.encode(t, std::span<float, kObservationSize>(o, kObservationSize),
                        std::span<std::int8_t>(k, static_cast<std::size_t>(self.actions().size())));
          },
          py::arg("table"), py::arg("obs"), py::arg("mask"))
      .def("step", &SitAndGoTables::step, py::arg("table"), py::arg("action"))
      .def(
          "step_observe",
          [](SitAndGoTables& self, int t, int action, CArray<float> observations, CArray<std::int8_t> masks,
             CArray<double> rewards) {
            // The AEC env's step in one call: the acting learner acts, its
            // mask row is cleared, every learner's reward is taken into
            // `rewards`, and the next learner to act (returned; -1 once the
            // tournament is over) has its rows written.
            const auto learners = static_cast<std::size_t>(self.learners());
            const auto width = static_cast<std::size_t>(self.actions().size());
            float* o = writable(observations, learners * kObservationSize, "observations");
            std::int8_t* k = writable(masks, learners * width, "masks");
            double* r = writable(rewards, learners, "rewards");
            const int before = self.acting_learner(t);
            self.step(t, action);
            if (before >= 0) std::fill_n(k + static_cast<std::size_t>(before) * width, width, std::int8_t{0});
            for (std::size_t l = 0; l < learners; ++l) r[l] = self.take_reward(t, static_cast<int>(l));
            const int acting = self.acting_learner(t);
            if (acting >= 0) {
              const auto a = static_cast<std::size_t>(acting);
              self.encode(t, std::span<float, kObservationSize>(o + a * kObservationSize, kObservationSize),
                          std::span<std::int8_t>(k + a * width, width));
            }
            return acting;
          },
          py::arg("table"), py::arg("action"), py::arg("observations"), py::arg("masks"), py::arg("rewards"))
      .def("take_reward", &SitAndGoTables::take_reward, py::arg("table"), py::arg("learner"))
      .def(
          "record", [](const SitAndGoTables& self, int t) { return record_of(self, t, label_strings(self)); },
          py::arg("table"),
          "The last tournament the table finished: places, final chips and labels by seat, learner seats, hands, "
          "capped")
      .def(
          "records",
          [](const SitAndGoTables& self, const CArray<std::int64_t>& tables) {
            const py::list labels = label_strings(self);
            const auto t = tables.unchecked<1>();
            return list_of(static_cast<int>(t.shape(0)), [&](std::size_t i) {
              return record_of(self, static_cast<int>(t(static_cast<py::ssize_t>(i))), labels);
            });
          },
          py::arg("tables"), "record() of each of these tables, in one call")
      .def("tournament_index", &SitAndGoTables::tournament_index, py::arg("table"))
      .def(
          "step_all",
          [](SitAndGoTables& self, CArray<std::int32_t> actions, CArray<float> obs, CArray<std::int8_t> mask,
             CArray<float> rewards, CArray<std::uint8_t> terminated, CArray<std::int32_t> places, int threads) {
            const auto n = static_cast<std::size_t>(self.tables());
            const auto width = static_cast<std::size_t>(self.actions().size());
            if (static_cast<std::size_t>(actions.size()) != n) throw py::value_error("actions: one per table");
            const std::int32_t* a = actions.data();
            float* o = writable(obs, n * kObservationSize, "obs");
            std::int8_t* k = writable(mask, n * width, "mask");
            float* r = writable(rewards, n, "rewards");
            std::uint8_t* d = writable(terminated, n, "terminated");
            std::int32_t* p = writable(places, n, "places");
            py::gil_scoped_release release;
            self.step_all(std::span<const std::int32_t>(a, n), std::span<float>(o, n * kObservationSize),
                          std::span<std::int8_t>(k, n * width), std::span<float>(r, n), std::span<std::uint8_t>(d, n),
                          std::span<std::int32_t>(p, n), threads);
          },
          py::arg("actions"), py::arg("obs"), py::arg("mask"), py::arg("rewards"), py::arg("terminated"),
          py::arg("places"), py::arg("threads") = 1)
      .def(
          "encode_all",
          [](const SitAndGoTables& self, CArray<float> obs, CArray<std::int8_t> mask) {
            const auto n = static_cast<std::size_t>(self.tables());
            const auto width = static_cast<std::size_t>(self.actions().size());
            float* o = writable(obs, n * kObservationSize, "obs");
            std::int8_t* k = writable(mask, n * width, "mask");
            self.encode_all(std::span<float>(o, n * kObservationSize), std::span<std::int8_t>(k, n * width));
          },
          py::arg("obs"), py::arg("mask"));
}
