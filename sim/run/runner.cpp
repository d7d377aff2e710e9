#include "sim/run/runner.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include "engine/hand.h"
#include "sim/run/tables_in_flight.h"
#include "sim/stats/stop_decision.h"

namespace sngsim {

namespace {

using Clock = std::chrono::steady_clock;

// Units per task: large enough that scheduling costs nothing, small enough
// that two threads stay balanced and Ctrl-C answers quickly.
constexpr std::int64_t kGrain = 64;

// Without a stopping rule a batch doubles while it takes less than this, so
// checkpoints can be frequent and the barrier at the end of a batch (one
// thread finishing the last task) stays a small share of the time.
constexpr double kTargetBatchSeconds = 0.25;
constexpr std::int64_t kMaxBatchUnits = std::int64_t{1} << 22;

// The oneTBB reduction body: each task accumulates into its own CellStats and
// joins are integer sums, hence order-independent.
class CellReduction {
 public:
  // `tables_in_flight` > 1: units with outside seats are played that many
  // at a time per thread (sim/run/tables_in_flight.h); else one by one.
  CellReduction(const Cell& cell, const std::vector<int>& labels, std::uint64_t seed, const PlayOptions& play_options,
                int tables_in_flight, std::atomic<std::int64_t>& done, const std::atomic<bool>* stop)
      : cell_(cell),
        labels_(labels),
        seed_(seed),
        play_options_(play_options),
        tables_in_flight_(tables_in_flight),
        done_(done),
        stop_(stop),
        stats_(cell) {}
  CellReduction(CellReduction& other, tbb::split)
      : cell_(other.cell_),
        labels_(other.labels_),
        seed_(other.seed_),
        play_options_(other.play_options_),
        tables_in_flight_(other.tables_in_flight_),
        done_(other.done_),
        stop_(other.stop_),
        stats_(other.cell_) {}

  void operator()(const tbb::blocked_range<std::int64_t>& range) {
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) return;
    const std::int64_t before = stats_.tournaments();
    if (tables_in_flight_ > 1) {
      // A stopped range is dropped with its batch.
      if (!play_units_in_flight(cell_, labels_, seed_, range.begin(), range.end(), tables_in_flight_, play_options_,
                                stats_, stop_)) {
        return;
      }
      done_.fetch_add(stats_.tournaments() - before, std::memory_order_relaxed);
      return;
    }
    thread_local Hand hand;
    for (std::int64_t unit = range.begin(); unit != range.end(); ++unit) {
      // A stopped batch is dropped whole, so a stop may come between any
      // two units: with slow bots (other processes) a range takes seconds.
      if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) return;
      play_unit(cell_, labels_, seed_, unit, play_options_, hand, stats_);
    }
    done_.fetch_add(stats_.tournaments() - before, std::memory_order_relaxed);
  }
  void join(const CellReduction& other) { stats_.merge(other.stats_); }
  CellStats& stats() { return stats_; }

 private:
  const Cell& cell_;
  const std::vector<int>& labels_;
  std::uint64_t seed_;
  const PlayOptions& play_options_;
  int tables_in_flight_;
  std::atomic<std::int64_t>& done_;
  const std::atomic<bool>* stop_;
  CellStats stats_;
};

bool stop_requested(const RunOptions& options) {
  return options.stop != nullptr && options.stop->load(std::memory_order_relaxed);
}

// Calls options.progress about every 100 ms from its own thread until
// destroyed, then once more with the final count.
class ProgressReporter {
 public:
  ProgressReporter(const RunOptions& options, const std::atomic<std::int64_t>& done, std::int64_t total)
      : options_(options), done_(done), total_(total) {
    if (!options_.progress) return;
    thread_ = std::thread([this] {
      std::unique_lock lock(mutex_);
      while (!finished_signal_.wait_for(lock, std::chrono::milliseconds(100), [this] { return finished_; })) {
        options_.progress(done_.load(std::memory_order_relaxed), total_);
      }
    });
  }
  ~ProgressReporter() {
    if (!thread_.joinable()) return;
    {
      std::lock_guard lock(mutex_);
      finished_ = true;
    }
    finished_signal_.notify_all();
    thread_.join();
    options_.progress(done_.load(), total_);
  }
  ProgressReporter(const ProgressReporter&) = delete;
  ProgressReporter& operator=(const ProgressReporter&) = delete;

 private:
  const RunOptions& options_;
  const std::atomic<std::int64_t>& done_;
  std::int64_t total_;
  std::mutex mutex_;
  std::condition_variable finished_signal_;
  bool finished_ = false;
  std::thread thread_;
};

}  // namespace

std::vector<int> label_of_entrants(const Cell& cell) {
  const std::vector<std::string> labels = cell_labels(cell);
  std::vector<int> result;
  for (const Entrant& entrant : cell.entrants) {
    result.push_back(static_cast<int>(std::find(labels.begin(), labels.end(), entrant.label) - labels.begin()));
  }
  return result;
}

bool continue_run(const Experiment& experiment, RunState& state, const RunOptions& options) {
  if (state.cells.size() != experiment.cells.size()) {
    throw std::invalid_argument("continue_run: the state does not belong to this experiment");
  }
  if (experiment.stop && !state.identity.shard.is_whole()) {
    throw std::invalid_argument("an experiment with a stopping rule cannot be split into shards");
  }
  const auto start = Clock::now();
  const double wall_before = state.wall_seconds;
  const int threads = options.threads > 0 ? options.threads : static_cast<int>(std::thread::hardware_concurrency());
  state.threads = threads;

  std::int64_t total = 0;
  for (std::size_t c = 0; c < state.cells.size(); ++c) {
    const CellProgress& cell = state.cells[c];
    total += (cell.end - cell.begin) * tournaments_per_unit(experiment.cells[c]);
  }
  std::atomic<std::int64_t> done{state.tournaments_done()};
  std::optional<ProgressReporter> reporter;
  reporter.emplace(options, done, total);

  tbb::global_control thread_limit(tbb::global_control::max_allowed_parallelism, static_cast<std::size_t>(threads));
  tbb::task_arena arena(threads);
  std::int64_t adaptive_batch = kGrain * threads;
  for (std::size_t c = 0; c < state.cells.size(); ++c) {
    const Cell& cell = experiment.cells[c];
    CellProgress& progress = state.cells[c];
    const std::vector<int> labels = label_of_entrants(cell);
    const std::int64_t per_unit = tournaments_per_unit(cell);
    // With outside seats a task's range holds several rounds of tables in
    // flight, so that few of its decisions wait at a half-empty table.
    const int tables_in_flight = has_outside_seats(cell) ? experiment.tables_in_flight : 1;
    const std::int64_t grain = std::max<std::int64_t>(kGrain, std::int64_t{4} * tables_in_flight);
    adaptive_batch = std::max(adaptive_batch, grain * threads);
    while (!progress.done() && !stop_requested(options)) {
      const std::int64_t batch =
          experiment.stop ? std::max<std::int64_t>(1, experiment.stop->batch / per_unit) : adaptive_batch;
      const std::int64_t batch_end = std::min(progress.end, progress.next + batch);
      const std::int64_t done_before = done.load();
      CellReduction reduction(cell, labels, experiment.seed, options.play, tables_in_flight, done, options.stop);
      const auto batch_start = Clock::now();
      arena.execute([&] {
        tbb::parallel_reduce(tbb::blocked_range<std::int64_t>(progress.next, batch_end, grain), reduction,
                             tbb::simple_partitioner());
      });
      if (stop_requested(options)) {
        done.store(done_before);  // the batch is dropped: the state stays contiguous
        break;
      }
      progress.stats.merge(reduction.stats());
      progress.next = batch_end;
      if (experiment.stop) {
        if (auto reason = stop_reason(*experiment.stop, progress.stats)) progress.stop_reason = *reason;
      } else if (std::chrono::duration<double>(Clock::now() - batch_start).count() < kTargetBatchSeconds) {
        adaptive_batch = std::min(adaptive_batch * 2, kMaxBatchUnits);
      }
      state.wall_seconds = wall_before + std::chrono::duration<double>(Clock::now() - start).count();
      if (options.batch_done) options.batch_done(state);
    }
  }
  reporter.reset();
  state.wall_seconds = wall_before + std::chrono::duration<double>(Clock::now() - start).count();
  return state.complete();
}

RunResult result_of(const RunState& state) {
  RunResult result;
  for (const CellProgress& cell : state.cells) {
    result.cells.push_back(cell.stats);
    result.stop_reasons.push_back(cell.stop_reason);
  }
  result.tournaments_done = state.tournaments_done();
  result.partial = !state.complete();
  result.wall_seconds = state.wall_seconds;
  return result;
}

RunResult run_experiment(const Experiment& experiment, const RunOptions& options) {
  RunState state = initial_state(experiment, RunIdentity{});
  continue_run(experiment, state, options);
  return result_of(state);
}

}  // namespace sngsim
