#include "sim/runner.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include "engine/hand.h"
#include "sim/play_unit.h"

namespace sngsim {

namespace {

// Tournaments per task: large enough that scheduling costs nothing, small
// enough that two threads stay balanced and Ctrl-C answers quickly.
constexpr std::int64_t kGrain = 64;

// The oneTBB reduction body: each task accumulates into its own CellStats and
// joins are integer sums, hence order-independent.
class CellReduction {
 public:
  CellReduction(const Experiment& experiment, const Cell& cell, const std::vector<int>& labels,
                const PlayOptions& play_options, std::atomic<std::int64_t>& done, const std::atomic<bool>* stop)
      : experiment_(experiment),
        cell_(cell),
        labels_(labels),
        play_options_(play_options),
        done_(done),
        stop_(stop),
        stats_(cell) {}
  CellReduction(CellReduction& other, tbb::split)
      : experiment_(other.experiment_),
        cell_(other.cell_),
        labels_(other.labels_),
        play_options_(other.play_options_),
        done_(other.done_),
        stop_(other.stop_),
        stats_(other.cell_) {}

  void operator()(const tbb::blocked_range<std::int64_t>& range) {
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) return;
    thread_local Hand hand;
    for (std::int64_t unit = range.begin(); unit != range.end(); ++unit) {
      play_unit(cell_, labels_, experiment_.seed, unit, play_options_, hand, stats_);
    }
    done_.fetch_add(range.end() - range.begin(), std::memory_order_relaxed);
  }
  void join(const CellReduction& other) { stats_.merge(other.stats_); }
  CellStats& stats() { return stats_; }

 private:
  const Experiment& experiment_;
  const Cell& cell_;
  const std::vector<int>& labels_;
  const PlayOptions& play_options_;
  std::atomic<std::int64_t>& done_;
  const std::atomic<bool>* stop_;
  CellStats stats_;
};

}  // namespace

std::vector<int> label_of_entrants(const Cell& cell) {
  const std::vector<std::string> labels = CellStats::distinct_labels(cell);
  std::vector<int> result;
  for (const Entrant& entrant : cell.entrants) {
    result.push_back(static_cast<int>(std::find(labels.begin(), labels.end(), entrant.label) - labels.begin()));
  }
  return result;
}

RunResult run_experiment(const Experiment& experiment, const RunOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  const int threads = options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
  const std::int64_t total = experiment.tournaments * static_cast<std::int64_t>(experiment.cells.size());
  std::atomic<std::int64_t> done{0};

  // The progress reporter is the only thread that calls options.progress.
  std::mutex mutex;
  std::condition_variable finished_signal;
  bool finished = false;
  std::thread reporter;
  if (options.progress) {
    reporter = std::thread([&] {
      std::unique_lock lock(mutex);
      while (!finished_signal.wait_for(lock, std::chrono::milliseconds(100), [&] { return finished; })) {
        options.progress(done.load(std::memory_order_relaxed), total);
      }
    });
  }

  RunResult result;
  tbb::global_control thread_limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  tbb::task_arena arena(threads);
  for (const Cell& cell : experiment.cells) {
    const std::vector<int> labels = label_of_entrants(cell);
    CellReduction reduction(experiment, cell, labels, options.play, done, options.stop);
    arena.execute([&] {
      tbb::parallel_reduce(tbb::blocked_range<std::int64_t>(0, unit_count(experiment, cell), kGrain), reduction,
                          tbb::simple_partitioner());
    });
    result.cells.push_back(std::move(reduction.stats()));
  }

  {
    std::lock_guard lock(mutex);
    finished = true;
  }
  finished_signal.notify_all();
  if (reporter.joinable()) reporter.join();
  if (options.progress) options.progress(done.load(), total);

  result.tournaments_done = done.load();
  result.partial = result.tournaments_done < total;
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

}  // namespace sngsim
