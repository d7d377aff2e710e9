#include "strategies/strategy_params.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <sstream>

namespace sngsim {

namespace {
std::optional<double> parse_number(const std::string& text) {
  double value = 0.0;
  const auto* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || !std::isfinite(value)) return std::nullopt;
  return value;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}
}  // namespace

std::optional<std::string> closest_match(const std::string& word, const std::vector<std::string>& candidates) {
  std::optional<std::string> best;
  std::size_t best_distance = std::max<std::size_t>(2, word.size() / 3) + 1;
  for (const auto& candidate : candidates) {
    const std::size_t distance = edit_distance(word, candidate);
    if (distance < best_distance) {
      best_distance = distance;
      best = candidate;
    }
  }
  return best;
}

std::optional<std::string> StrategyParams::resolve(const std::vector<ParamSpec>& specs,
                                                   const std::map<std::string, std::string>& given,
                                                   StrategyParams& out) {
  std::vector<std::string> names;
  for (const auto& spec : specs) names.push_back(spec.name);
  for (const auto& [name, value] : given) {
    if (std::find(names.begin(), names.end(), name) != names.end()) continue;
    std::string message = "unknown parameter '" + name + "'";
    if (auto suggestion = closest_match(name, names)) message += " (did you mean '" + *suggestion + "'?)";
    if (names.empty()) message += " (this strategy takes no parameters)";
    return message;
  }
  out = StrategyParams{};
  for (const auto& spec : specs) {
    const auto it = given.find(spec.name);
    const std::string text = it == given.end() ? spec.default_value : it->second;
    out.texts_[spec.name] = text;
    if (!spec.is_number) continue;
    const auto value = parse_number(text);
    if (!value) return "parameter '" + spec.name + "' must be a number, got '" + text + "'";
    if (*value < spec.min || *value > spec.max) {
      std::ostringstream message;
      message << "parameter '" << spec.name << "' = " << text << " is out of range [" << spec.min << ", " << spec.max
              << "]";
      return message.str();
    }
    out.numbers_[spec.name] = *value;
  }
  return std::nullopt;
}

}  // namespace sngsim
