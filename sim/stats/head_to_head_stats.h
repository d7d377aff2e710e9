#pragma once
// Label against label in a sit-and-go cell (collector "head_to_head"): over
// seat pairs (seat of A, seat of B) in the tournaments where both played,
// how often A placed above, below or tied with B; places compare by their
// mean (R22), so players sharing places are tied. Every cell holds it (state
// files always held its key); only sit-and-go tournaments add to it.

#include <cstdint>
#include <vector>

#include "sim/stats/collector.h"

namespace sngsim {

struct HeadToHead {
  std::int64_t above = 0;  // A placed strictly better than B
  std::int64_t below = 0;
  std::int64_t tied = 0;
  std::int64_t tournaments = 0;  // tournaments in which both labels played
  std::int64_t pairs() const { return above + below + tied; }
  bool operator==(const HeadToHead&) const = default;

  template <typename Self, typename Field>
  static void for_each_field(Self& t, Field&& field) {
    field("above", t.above);
    field("below", t.below);
    field("tied", t.tied);
    field("tournaments", t.tournaments);
  }
};

class HeadToHeadStats final : public CollectorOf<HeadToHeadStats> {
 public:
  explicit HeadToHeadStats(int label_count);

  std::string_view name() const override { return "head_to_head"; }
  void add(const FinishedUnit& unit, const TableObserver* watched) override;
  void merge_same(const HeadToHeadStats& other);
  void save(nlohmann::json& cell_state) const override;
  void load(const nlohmann::json& cell_state) override;

  const HeadToHead& of(int a, int b) const { return pairs_[static_cast<std::size_t>(a * label_count_ + b)]; }
  bool operator==(const HeadToHeadStats&) const = default;

 private:
  void add(const TournamentRecord& record);

  int label_count_ = 0;
  std::vector<HeadToHead> pairs_;  // [a * label_count + b]
};

}  // namespace sngsim
