#include "sim/stats/head_to_head_stats.h"

#include <stdexcept>

#include "sim/stats/collector_registry.h"
#include "sim/stats/state_json.h"

namespace sngsim {

HeadToHeadStats::HeadToHeadStats(int label_count)
    : label_count_(label_count), pairs_(static_cast<std::size_t>(label_count * label_count)) {}

void HeadToHeadStats::add(const FinishedUnit& unit, const TableObserver* /*watched*/) {
  for (const TournamentRecord& record : unit.tournaments) add(record);
}

void HeadToHeadStats::add(const TournamentRecord& record) {
  unsigned present = 0;  // bit per label that holds a seat
  for (int i = 0; i < record.seats; ++i) {
    const int a = record.label[static_cast<std::size_t>(i)];
    present |= 1u << a;
    const int twice_mean_a = record.placement[static_cast<std::size_t>(i)].twice_mean();
    for (int j = 0; j < record.seats; ++j) {
      const int b = record.label[static_cast<std::size_t>(j)];
      if (a == b) continue;  // also skips i == j
      const int twice_mean_b = record.placement[static_cast<std::size_t>(j)].twice_mean();
      HeadToHead& h2h = pairs_[static_cast<std::size_t>(a * label_count_ + b)];
      if (twice_mean_a < twice_mean_b) {
        ++h2h.above;
      } else if (twice_mean_a > twice_mean_b) {
        ++h2h.below;
      } else {
        ++h2h.tied;
      }
    }
  }
  for (int a = 0; a < label_count_; ++a) {
    if ((present & (1u << a)) == 0) continue;
    for (int b = 0; b < label_count_; ++b) {
      if (b != a && (present & (1u << b)) != 0) ++pairs_[static_cast<std::size_t>(a * label_count_ + b)].tournaments;
    }
  }
}

void HeadToHeadStats::merge_same(const HeadToHeadStats& other) {
  if (label_count_ != other.label_count_) throw std::invalid_argument("cannot merge statistics of different cells");
  for (std::size_t i = 0; i < pairs_.size(); ++i) {
    pairs_[i].above += other.pairs_[i].above;
    pairs_[i].below += other.pairs_[i].below;
    pairs_[i].tied += other.pairs_[i].tied;
    pairs_[i].tournaments += other.pairs_[i].tournaments;
  }
}

void HeadToHeadStats::save(nlohmann::json& cell_state) const {
  cell_state["head_to_head"] = state_json::write_value(pairs_);
}

void HeadToHeadStats::load(const nlohmann::json& cell_state) {
  if (!cell_state.contains("head_to_head")) throw bad_state("missing head_to_head");
  state_json::read_value(cell_state["head_to_head"], pairs_);
}

CollectorInfo head_to_head_stats_info() {
  return {"head_to_head",
          "label against label: placed above, below or tied, over the tournaments both played (sit-and-go)",
          {},
          false,
          // A league of up to 500 entrants is rated instead (sim/stats/league_stats.h).
          [](const Cell& cell) { return cell.format != Format::kLeague; },
          [](const Cell&, const std::vector<std::string>& labels) {
            return std::make_unique<HeadToHeadStats>(static_cast<int>(labels.size()));
          }};
}

}  // namespace sngsim
