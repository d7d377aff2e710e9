#pragma once
// The comma-separated numbers the push/fold commands take (`--stacks
// 1500,2500,2000`, `--payouts 50,30,20`). Both throw std::invalid_argument
// with a message that starts with the option's name and names the bad item,
// so each command can print it under its own name and exit with code 2.

#include <string>
#include <vector>

namespace sngsim {

// Every item a finite number, at least one item.
std::vector<double> parse_number_list(const std::string& text, const std::string& option);

// Percent of the prize pool per place: non-negative items adding up to 100.
std::vector<double> parse_payout_percentages(const std::string& text, const std::string& option);

}  // namespace sngsim
