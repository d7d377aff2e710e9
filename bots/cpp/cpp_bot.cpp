// A process bot in one C++ file with no dependencies (docs/bot-protocol.md):
// proof that the protocol is not Python's, and the benchmark's fast bot.
//
//   cpp_bot            raises the minimum with a pocket pair before the
//                      flop, else checks or calls
//   cpp_bot --call     always checks or calls
//
// It reads only the few fields it needs with a small scanner that accepts
// any JSON spacing, and keeps no state between requests, so one process
// serves any number of seats and tables. Built with sngsim as
// build/bots/cpp_bot.

#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

namespace {

// The text after `"key":` (spaces skipped), or empty when the key is absent.
std::string_view value_of(std::string_view line, std::string_view key) {
  std::string quoted = "\"" + std::string(key) + "\"";
  for (std::size_t at = line.find(quoted); at != std::string_view::npos; at = line.find(quoted, at + 1)) {
    std::size_t i = at + quoted.size();
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    if (i >= line.size() || line[i] != ':') continue;
    ++i;
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    return line.substr(i);
  }
  return {};
}

bool starts_with(std::string_view text, std::string_view prefix) { return text.substr(0, prefix.size()) == prefix; }

long long number_of(std::string_view line, std::string_view key) {
  const std::string_view value = value_of(line, key);
  long long n = 0;
  bool negative = false;
  std::size_t i = 0;
  if (i < value.size() && value[i] == '-') {
    negative = true;
    ++i;
  }
  for (; i < value.size() && value[i] >= '0' && value[i] <= '9'; ++i) n = n * 10 + (value[i] - '0');
  return negative ? -n : n;
}

// A pocket pair: the first two card strings of "hole" share their rank.
bool has_pair(std::string_view line) {
  const std::string_view hole = value_of(line, "hole");
  const std::size_t first = hole.find('"');
  if (first == std::string_view::npos) return false;
  const std::size_t second = hole.find('"', hole.find('"', first + 1) + 1);
  return second != std::string_view::npos && second + 1 < hole.size() && hole[first + 1] == hole[second + 1];
}

void reply(const char* text) {
  std::fputs(text, stdout);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const bool always_call = argc > 1 && std::strcmp(argv[1], "--call") == 0;
  std::string line;
  char block[1 << 16];
  while (std::fgets(block, sizeof block, stdin) != nullptr) {
    line += block;
    if (line.empty() || line.back() != '\n') continue;  // a line longer than the block
    const std::string_view type = value_of(line, "type");
    if (starts_with(type, "\"decide\"")) {
      const std::string_view legal = value_of(line, "legal");
      const bool preflop = starts_with(value_of(line, "street"), "\"preflop\"");
      if (!always_call && preflop && starts_with(value_of(legal, "can_raise"), "true") && has_pair(line)) {
        char raise[64];
        std::snprintf(raise, sizeof raise, "{\"action\":\"raise\",\"to\":%lld}\n", number_of(legal, "min_raise_to"));
        reply(raise);
      } else {
        reply("{\"action\":\"call\"}\n");
      }
    } else if (starts_with(type, "\"hello\"")) {
      reply("{\"type\":\"hello\",\"protocol\":1,\"name\":\"cpp_bot\"}\n");
    } else if (starts_with(type, "\"bye\"")) {
      return 0;
    }
    line.clear();
  }
  return 0;
}
