#pragma once
// Parameters of a strategy: declared by the strategy as ParamSpecs, given in
// the experiment file, checked and completed with defaults once when the
// experiment loads, then read by every instance.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace sngsim {

struct ParamSpec {
  std::string name;
  std::string default_value;  // as it would be written in YAML
  std::string description;    // one line, with the unit
  bool is_number = true;
  double min = 0.0;  // numbers only: the accepted range
  double max = 0.0;
};

class StrategyParams {
 public:
  // Checks `given` against `specs` (unknown names, non-numbers, values out of
  // range) and fills in defaults. Returns the error message on failure.
  static std::optional<std::string> resolve(const std::vector<ParamSpec>& specs,
                                            const std::map<std::string, std::string>& given, StrategyParams& out);

  // Precondition: the name is declared (resolve() filled every declared one).
  double number(const std::string& name) const { return numbers_.at(name); }
  const std::string& text(const std::string& name) const { return texts_.at(name); }
  // Every parameter as text, for provenance and plug-ins.
  const std::map<std::string, std::string>& all() const { return texts_; }

 private:
  std::map<std::string, double> numbers_;
  std::map<std::string, std::string> texts_;
};

// The closest of `candidates` to `word` by edit distance, if close enough to
// be a plausible typo ("did you mean").
std::optional<std::string> closest_match(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace sngsim
