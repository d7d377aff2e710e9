#include "sim/stats/state_json.h"

namespace sngsim {

std::runtime_error bad_state(const std::string& what) {
  return std::runtime_error("statistics state does not fit this experiment: " + what);
}

namespace {

std::string to_decimal(UInt128 value, bool negative) {
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(value % 10)));
    value /= 10;
  } while (value != 0);
  return negative ? "-" + digits : digits;
}

UInt128 parse_magnitude(const std::string& text, std::size_t start) {
  if (start >= text.size()) throw bad_state("empty number");
  UInt128 value = 0;
  for (std::size_t i = start; i < text.size(); ++i) {
    if (text[i] < '0' || text[i] > '9') throw bad_state("not a number: " + text);
    const UInt128 next = value * 10 + static_cast<unsigned>(text[i] - '0');
    if (next / 10 != value) throw bad_state("number out of range: " + text);
    value = next;
  }
  return value;
}

}  // namespace

std::string int128_to_decimal(Int128 value) {
  return to_decimal(value < 0 ? static_cast<UInt128>(-(value + 1)) + 1 : static_cast<UInt128>(value), value < 0);
}

std::string uint128_to_decimal(UInt128 value) { return to_decimal(value, false); }

Int128 int128_from_decimal(const std::string& text) {
  const bool negative = !text.empty() && text[0] == '-';
  const UInt128 magnitude = parse_magnitude(text, negative ? 1 : 0);
  constexpr UInt128 kLimit = static_cast<UInt128>(1) << 127;
  if (magnitude > (negative ? kLimit : kLimit - 1)) throw bad_state("number out of range: " + text);
  return negative ? static_cast<Int128>(-(magnitude - 1)) - 1 : static_cast<Int128>(magnitude);
}

UInt128 uint128_from_decimal(const std::string& text) {
  const bool negative = !text.empty() && text[0] == '-';
  const UInt128 magnitude = parse_magnitude(text, negative ? 1 : 0);
  if (negative) throw bad_state("negative unsigned sum " + text);
  return magnitude;
}

}  // namespace sngsim
