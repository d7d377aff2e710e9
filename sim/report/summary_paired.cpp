// summary.json's paired[]: every pair of labels compared on mean place, win
// rate and ROI (sim/stats/label_difference.h; keys documented in sim/report/summary.h).

#include "sim/stats/label_difference.h"
#include "sim/report/summary_formats.h"

namespace sngsim {

namespace {

using nlohmann::json;

json difference_json(const LabelDifference& d) {
  json result;
  result["estimate"] = to_json(d.estimate);
  result["ci95_paired"] = to_json(d.ci95_paired);
  result["ci95_unpaired"] = to_json(d.ci95_unpaired);
  result["effective_sample_gain"] = to_json(d.effective_sample_gain);
  return result;
}

}  // namespace

json paired_json(const CellStats& stats) {
  json result = json::array();
  const PairedStats* paired = stats.paired();
  if (paired == nullptr) return result;
  const auto& labels = stats.labels();
  for (int a = 0; a < stats.label_count(); ++a) {
    for (int b = a + 1; b < stats.label_count(); ++b) {
      json entry;
      entry["a"] = labels[static_cast<std::size_t>(a)];
      entry["b"] = labels[static_cast<std::size_t>(b)];
      entry["groups"] = paired->duplicate() ? paired->groups() : 0;
      for (const Metric metric : {Metric::kMeanPlace, Metric::kWinRate, Metric::kRoi}) {
        entry[std::string(metric_name(metric)) + "_diff"] = difference_json(label_difference(*paired, a, b, metric));
      }
      result.push_back(std::move(entry));
    }
  }
  return result;
}

}  // namespace sngsim
