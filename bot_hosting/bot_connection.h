#pragma once
// A bot process spoken to by protocol 1 or 2 (docs/bot-protocol.md): started
// and greeted, restarted after a crash with a hello and a tournament_start
// for every seat it held, and kept in step when replies come late or
// unasked. One connection serves one runner thread (or one seat of it), so
// its requests are strictly sequential: each decide is answered, timed out
// or faulted before the next request is written.
//
// Requests that want no reply (tournament_start, hand_over,
// tournament_end) are queued and written together with the next decide (or
// bye), in one write(): a bot then wakes once per decision instead of once
// per message, which is most of the cost of a fast bot (the decide's clock
// starts when the batch is written, so the bot's reading of what came
// before counts as its time).
//
// Policy (RULES V5), decided here:
//  - A crash (the bot exits or closes its output) faults the decision in
//    progress, or the next decision when it happened between decisions;
//    the bot is restarted before the next request.
//  - A decide that times out is owed a reply: the late reply is read and
//    discarded before the next reply is looked for.
//  - A complete line waiting before a decide is written answers no request:
//    that decide faults (kStrayReply) without being sent.
//  - A reply longer than kMaxBotLineBytes faults its decide
//    (kReplyTooLong); the bot keeps running, and the rest of the line is
//    dropped as it arrives.
//  - kMaxCrashesInARow crashes (or failed restarts) with no decide answered
//    in between mean a broken setup, not a weak bot: BotSetupFailure, with
//    the entry's place in the experiment file and the end of its log.
//
// Decides may also be posted without waiting, by tables that pause
// (docs/design-tables-in-flight.md): answer_posted() then asks them all,
// as one decide_batch when the bot speaks protocol 2 and one after another
// when it speaks protocol 1, and each posted decide gets its Answer. In a
// batch of n decides written at once, each is charged the batch's wall
// time / n; a reply that has not come by n times the largest limit of the
// batch times every decide of it out; a crash faults every decide of it;
// a line waiting before the batch is written faults one decide, the
// batch's first not yet faulted, which is then not sent.

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bot_hosting/bot_process.h"
#include "bot_hosting/bot_protocol.h"
#include "bot_hosting/process_bot_spec.h"

namespace sngsim {

inline constexpr int kMaxCrashesInARow = 3;

class BotConnection {
 public:
  // How a decide went.
  enum class Outcome : std::uint8_t { kReply, kTimeout, kCrash, kStrayReply, kReplyTooLong };
  struct Answer {
    Outcome outcome = Outcome::kReply;
    std::string line;             // kReply from ask(): the reply; kStrayReply: the stray line
    ActionReply action;           // kReply from answer_posted(): the action, read
    std::int64_t elapsed_us = 0;  // from the request written to its reply read
  };

  BotConnection(std::shared_ptr<const ProcessBotSpec> spec, std::string log_path);
  ~BotConnection();
  BotConnection(const BotConnection&) = delete;
  BotConnection& operator=(const BotConnection&) = delete;

  // Starts and greets the bot now. Throws BotSetupFailure when it cannot
  // start or answers hello wrongly (the first start of a run).
  void start();

  // The seats of the tables the bot plays here: `start_line` (a
  // tournament_start) is sent now and again after every restart until the
  // seat is closed.
  void open_seat(const std::string& seat_key, const std::string& start_line);
  void close_seat(const std::string& seat_key, const std::string& end_line);

  // A request that wants no reply (hand_over): queued.
  void send(const std::string& line);
  // A decide, answered by `deadline` or timed out.
  Answer ask(const std::string& line, BotClockPoint deadline);

  // A decide to be asked by answer_posted(), with its time limit (per
  // action + bank left): returns its ticket for answer_of(). Posting after
  // answer_posted() starts a new round (earlier tickets are void).
  int post(const std::string& decide_line, std::int64_t limit_us);
  bool has_posted() const { return !posted_limit_us_.empty() && !answered_; }
  // Asks every decide posted since the last round (see the policy above).
  void answer_posted();
  // For a protocol-2 bot, answer_posted() in two halves: writes the batch
  // now (nothing for a protocol-1 bot), and answer_posted() reads its
  // reply. A thread with several bots writes every batch before it waits
  // for the first reply, so the bots work at the same time and the thread
  // sleeps once rather than once per bot. A batch's clock still runs from
  // its write to its reply read.
  void send_posted();
  const Answer& answer_of(int ticket) const { return posted_answers_[static_cast<std::size_t>(ticket)]; }
  // The protocol the running bot chose in its hello (1 or 2).
  int protocol() const { return protocol_; }
  // The decide fields it asked for in its hello (all unless it named some).
  DecideFields decide_fields() const { return decide_fields_; }
  // The hand_over fields it asked for (none: send it no hand_over).
  HandOverFields hand_over_fields() const { return hand_over_fields_; }

  // Says bye and closes the bot's input; finish_shutdown() waits for it
  // until `deadline` and kills it then. Two steps so that many bots end in
  // one grace period.
  void begin_shutdown();
  void finish_shutdown(BotClockPoint deadline);

  const ProcessBotSpec& spec() const { return *spec_; }
  // The running bot's pid, or -1 (benchmarks read its processor time).
  pid_t pid() const { return process_ ? process_->pid() : -1; }

 private:
  // Restarts a bot that died (hello, then every open seat's start line).
  void ensure_running();
  // Starts and greets one process; empty on success, else why not.
  std::optional<std::string> try_start();
  void crashed();  // counts a crash in a row; throws BotSetupFailure at the limit
  [[noreturn]] void fail_setup(const std::string& why) const;
  BotClockPoint io_deadline() const;
  // answer_posted() for a protocol-2 bot: the decides posted_[from..] in
  // one batch, written (faults before the write answered at once), then
  // its reply read. A batch that faulted whole before its write leaves
  // batch_ empty.
  void send_batch(std::size_t from = 0);
  void receive_batch();
  struct BatchInFlight {
    std::size_t from = 0;  // its first decide in posted_
    BotClockPoint written_at;
    BotClockPoint deadline;
    bool written = false;  // false: the bot closed its input (a crash)
  };

  std::shared_ptr<const ProcessBotSpec> spec_;
  std::string log_path_;
  std::shared_ptr<BotLog> log_;  // opened at the first start
  std::unique_ptr<BotProcess> process_;
  std::map<std::string, std::string> open_seats_;  // seat key -> tournament_start line
  std::string scratch_;
  std::string queued_;    // requests without reply, written with the next decide
  int owed_replies_ = 0;  // decides that timed out and will still be answered
  int crashes_in_a_row_ = 0;
  bool crash_unfaulted_ = false;  // a crash between decisions, charged to the next decide
  int protocol_ = 1;
  DecideFields decide_fields_ = kAllDecideFields;
  HandOverFields hand_over_fields_ = kAllHandOverFields;
  // Posted decides: their lines (concatenated), where each starts, limits, answers.
  std::string posted_;
  std::vector<std::size_t> posted_start_;
  std::vector<std::int64_t> posted_limit_us_;
  std::vector<Answer> posted_answers_;
  std::vector<ActionReply> batch_actions_;  // a batch's reply, split
  std::string batch_reply_;                 // the line they view, kept until the next batch
  bool answered_ = false;                   // posted_ has been answered; the next post starts afresh
  std::optional<BatchInFlight> batch_;      // written by send_posted(), not yet read
};

// The last `lines` lines of a log file, for messages, each shown after
// "  | " with its control bytes as '?'. Bounded whatever the bot wrote:
// only the last kLogTailBytes of the file are read, and a line is cut
// after kLogTailLineBytes (docs/bot-protocol.md, "Limits").
inline constexpr std::size_t kLogTailBytes = 4096;
inline constexpr std::size_t kLogTailLineBytes = 240;
std::string log_tail(const std::string& path, int lines = 10);

}  // namespace sngsim
