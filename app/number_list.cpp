#include "app/number_list.h"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace sngsim {

std::vector<double> parse_number_list(const std::string& text, const std::string& option) {
  std::vector<double> values;
  std::stringstream stream(text);
  for (std::string item; std::getline(stream, item, ',');) {
    std::size_t used = 0;
    double value = 0.0;
    try {
      value = std::stod(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != item.size() || !std::isfinite(value)) {
      throw std::invalid_argument(option + ": '" + item +
                                  "' is not a number (expected a comma-separated list such as 1500,2500,2000)");
    }
    values.push_back(value);
  }
  if (values.empty()) throw std::invalid_argument(option + " is empty");
  return values;
}

std::vector<double> parse_payout_percentages(const std::string& text, const std::string& option) {
  const std::vector<double> payouts = parse_number_list(text, option);
  double sum = 0.0;
  for (const double p : payouts) {
    if (p < 0.0) throw std::invalid_argument(option + ": a payout must not be negative");
    sum += p;
  }
  // Exact decimal inputs such as 33.3,33.3,33.4 sum to 100 within rounding only.
  if (std::abs(sum - 100.0) > 1e-9) {
    std::ostringstream message;
    message << option << " add up to " << sum << ", not 100 (percent of the prize pool per place)";
    throw std::invalid_argument(message.str());
  }
  return payouts;
}

}  // namespace sngsim
