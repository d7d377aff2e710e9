// A process bot in one C++ file with no dependencies (docs/bot-protocol.md):
// proof that the protocol is not Python's, and the benchmark's fast bot.
//
//   cpp_bot            raises the minimum with a pocket pair before the
//                      flop, else checks or calls
//   cpp_bot --call     always checks or calls
//   --protocol-1       speaks protocol 1 even when offered 2 (to compare)
//
// It reads only the few fields it needs with a small scanner that accepts
// any JSON spacing (and relies on sngsim writing each request's "type"
// first, and its top-level fields before its history), and keeps no state
// between requests, so one process serves any number of seats and tables.
// It speaks protocol 2 when offered: a decide_batch is answered with one
// line of actions. Built with sngsim as
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

// The action object answering one decide request.
void append_action(std::string& out, std::string_view request, bool always_call) {
  if (always_call) {  // nothing to read
    out += "{\"action\":\"call\"}";
    return;
  }
  const std::string_view legal = value_of(request, "legal");
  const bool preflop = starts_with(value_of(request, "street"), "\"preflop\"");
  if (preflop && starts_with(value_of(legal, "can_raise"), "true") && has_pair(request)) {
    char raise[64];
    std::snprintf(raise, sizeof raise, "{\"action\":\"raise\",\"to\":%lld}", number_of(legal, "min_raise_to"));
    out += raise;
  } else {
    out += "{\"action\":\"call\"}";
  }
}

// Where the next request object whose "type" is "decide" starts its
// "type" key, from `from` on; npos when none is left.
std::size_t next_decide(std::string_view line, std::size_t from) {
  for (std::size_t at = line.find("\"type\"", from); at != std::string_view::npos; at = line.find("\"type\"", at + 1)) {
    if (starts_with(value_of(line.substr(at), "type"), "\"decide\"")) return at;
  }
  return std::string_view::npos;
}

}  // namespace

int main(int argc, char** argv) {
  bool always_call = false;
  bool protocol_1_only = false;
  for (int i = 1; i < argc; ++i) {
    always_call = always_call || std::strcmp(argv[i], "--call") == 0;
    protocol_1_only = protocol_1_only || std::strcmp(argv[i], "--protocol-1") == 0;
  }
  std::string line;
  std::string answer;
  char block[1 << 16];
  while (std::fgets(block, sizeof block, stdin) != nullptr) {
    line += block;
    if (line.empty() || line.back() != '\n') continue;  // a line longer than the block
    const std::string_view type = value_of(line, "type");
    if (starts_with(type, "\"decide\"")) {
      answer.clear();
      append_action(answer, line, always_call);
      answer += '\n';
      reply(answer.c_str());
    } else if (starts_with(type, "\"decide_batch\"")) {
      // Each request runs from its "type" key to the next request's.
      answer.assign("{\"type\":\"actions\",\"actions\":[");
      const std::string_view requests = value_of(line, "requests");
      for (std::size_t at = next_decide(requests, 0); at != std::string_view::npos;) {
        const std::size_t next = next_decide(requests, at + 1);
        if (answer.back() != '[') answer += ',';
        append_action(answer, requests.substr(at, next == std::string_view::npos ? next : next - at), always_call);
        at = next;
      }
      answer += "]}\n";
      reply(answer.c_str());
    } else if (starts_with(type, "\"hello\"")) {
      // Protocol 2 when sngsim offers it ("max_protocol": 2).
      const bool batches = !protocol_1_only && number_of(line, "max_protocol") >= 2;
      // Only the decide fields it reads, and no hand_over (it reads none):
      // less for sngsim to write and for the scanner to skip.
      const std::string hello = std::string("{\"type\":\"hello\",\"protocol\":") + (batches ? "2" : "1") +
                                ",\"name\":\"cpp_bot\",\"decide_fields\":" +
                                (always_call ? "[\"legal\"]" : "[\"street\",\"hole\",\"legal\"]") +
                                ",\"hand_over_fields\":[]}\n";
      reply(hello.c_str());
    } else if (starts_with(type, "\"bye\"")) {
      return 0;
    }
    line.clear();
  }
  return 0;
}
