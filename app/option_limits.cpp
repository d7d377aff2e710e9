#include "app/option_limits.h"

#include <cmath>
#include <string>

namespace sngsim {

namespace {

const CLI::Validator& finite_number() {
  static const CLI::Validator validator(
      [](std::string& text) -> std::string {
        double value = 0.0;
        // Text that is no number is the option's own conversion's to refuse.
        if (!CLI::detail::lexical_cast(text, value) || std::isfinite(value)) return {};
        return "'" + text + "' is not a finite number";
      },
      "FINITE");
  return validator;
}

const CLI::Validator& thread_count() {
  static const CLI::Validator validator(
      [](std::string& text) -> std::string {
        long long value = 0;
        if (!CLI::detail::lexical_cast(text, value) || value <= kMaxThreads) return {};
        return "'" + text + "' threads: at most " + std::to_string(kMaxThreads) + " (one per core is fastest)";
      },
      "");
  return validator;
}

}  // namespace

void apply_option_limits(CLI::App& app) {
  for (CLI::Option* option : app.get_options()) {
    if (option->get_type_name().find("FLOAT") != std::string::npos) option->check(finite_number());
    if (option->check_lname("threads")) option->check(thread_count());
  }
  for (CLI::App* command : app.get_subcommands([](CLI::App*) { return true; })) apply_option_limits(*command);
}

}  // namespace sngsim
