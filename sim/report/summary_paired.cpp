// The summary's paired[]: every pair of labels compared on mean place, win
// rate and ROI (sim/stats/label_difference.h).

#include "sim/report/summary_formats.h"
#include "sim/stats/label_difference.h"

namespace sngsim {

std::vector<PairSummary> paired_summary(const CellStats& stats) {
  std::vector<PairSummary> result;
  const PairedStats* paired = stats.paired();
  if (paired == nullptr) return result;
  for (int a = 0; a < stats.label_count(); ++a) {
    for (int b = a + 1; b < stats.label_count(); ++b) {
      PairSummary entry;
      entry.a = a;
      entry.b = b;
      entry.groups = paired->duplicate() ? paired->groups() : 0;
      entry.mean_place_diff = label_difference(*paired, a, b, Metric::kMeanPlace);
      entry.win_rate_diff = label_difference(*paired, a, b, Metric::kWinRate);
      entry.roi_diff = label_difference(*paired, a, b, Metric::kRoi);
      result.push_back(std::move(entry));
    }
  }
  return result;
}

}  // namespace sngsim
