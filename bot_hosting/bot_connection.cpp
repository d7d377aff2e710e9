#include "bot_hosting/bot_connection.h"

#include <algorithm>
#include <deque>
#include <fstream>
#include <stdexcept>

#include "bot_hosting/bot_protocol.h"
#include "strategies/strategy_fault.h"

namespace sngsim {

namespace {

using std::chrono::steady_clock;

// Requests that want no reply may still wait for room in the pipe while a
// slow bot works through earlier ones.
constexpr auto kNoReplyWriteLimit = std::chrono::seconds(30);
// Queued requests are written early past this size (a seat that sits
// through many hands without deciding).
constexpr std::size_t kQueueLimit = 256 * 1024;

std::chrono::steady_clock::duration seconds(double s) {
  return std::chrono::duration_cast<steady_clock::duration>(std::chrono::duration<double>(s));
}

}  // namespace

std::string log_tail(const std::string& path, int lines) {
  std::ifstream in(path, std::ios::binary);
  // Only the end of the file is read: a bot may write megabytes, or one
  // line of them, before it fails.
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  const std::streamoff from = size > static_cast<std::streamoff>(kLogTailBytes) ? size - kLogTailBytes : 0;
  in.seekg(from);
  std::string text(static_cast<std::size_t>(std::max<std::streamoff>(size - from, 0)), '\0');
  in.read(text.data(), static_cast<std::streamsize>(text.size()));
  text.resize(static_cast<std::size_t>(std::max<std::streamsize>(in.gcount(), 0)));
  // The first line is cut when the read began inside it; a file that is
  // one long line keeps it (cut below).
  const std::size_t first_end = text.find('\n');
  const std::size_t first = from > 0 && first_end != std::string::npos ? first_end + 1 : 0;
  std::deque<std::string> last;
  for (std::size_t begin = first; begin < text.size();) {
    std::size_t end = text.find('\n', begin);
    if (end == std::string::npos) end = text.size();
    last.emplace_back(text, begin, end - begin);
    if (static_cast<int>(last.size()) > lines) last.pop_front();
    begin = end + 1;
  }
  std::string out;
  for (std::string& kept : last) {
    const std::size_t length = kept.size();
    if (length > kLogTailLineBytes) kept.resize(kLogTailLineBytes);
    // Control bytes (a terminal's escape sequences) are shown as '?'.
    for (char& c : kept) {
      if ((static_cast<unsigned char>(c) < 0x20 && c != '\t') || c == '\x7f') c = '?';
    }
    out += "  | " + kept;
    if (length > kLogTailLineBytes) out += " ... (" + std::to_string(length - kLogTailLineBytes) + " more bytes)";
    out += "\n";
  }
  return out;
}

BotConnection::BotConnection(std::shared_ptr<const ProcessBotSpec> spec, std::string log_path)
    : spec_(std::move(spec)), log_path_(std::move(log_path)) {}

BotConnection::~BotConnection() {
  if (process_) {
    begin_shutdown();
    finish_shutdown(steady_clock::now());
  }
}

BotClockPoint BotConnection::io_deadline() const { return steady_clock::now() + kNoReplyWriteLimit; }

void BotConnection::fail_setup(const std::string& why) const {
  std::string message = spec_->origin + ": bot '" + spec_->label + "' (" + spec_->command[0] + ") " + why;
  const std::string tail = log_tail(log_path_);
  message += tail.empty() ? "\n  (its stderr was empty)" : "\n  last lines of its stderr:\n" + tail;
  if (!message.empty() && message.back() == '\n') message.pop_back();
  throw BotSetupFailure(message);
}

std::optional<std::string> BotConnection::try_start() {
  process_.reset();
  owed_replies_ = 0;
  queued_.clear();  // a new process hears of its tables from open_seats_
  try {
    // One log per label, kept across restarts, so its limit is the label's.
    if (!log_) log_ = shared_bot_log(log_path_, spec_->log_limit_bytes);
    BotCommand command{spec_->command, spec_->env, spec_->workdir, log_path_, log_};
    process_ = std::make_unique<BotProcess>(command);
  } catch (const std::runtime_error& error) {
    return std::string("cannot be started: ") + error.what();
  }
  encode_hello(scratch_, spec_->label, spec_->params_json);
  const auto deadline = steady_clock::now() + seconds(spec_->handshake_s);
  std::string reply;
  const bool written = process_->write(scratch_, deadline);
  const BotProcess::Read read = written ? process_->read_line(reply, deadline) : BotProcess::Read::kClosed;
  std::optional<std::string> problem;
  if (read == BotProcess::Read::kTimeout) {
    char limit[32];
    std::snprintf(limit, sizeof limit, "%g", spec_->handshake_s);
    problem = std::string("did not answer hello within ") + limit + " s (process.handshake_s)";
  } else if (read == BotProcess::Read::kClosed) {
    problem = "ended before answering hello (" + process_->exit_description() + ")";
  } else if (read == BotProcess::Read::kTooLong) {
    problem = "answered hello with a line longer than " + std::to_string(kMaxBotLineBytes) + " bytes";
  } else {
    problem = hello_reply_problem(reply, protocol_, &decide_fields_, &hand_over_fields_);
  }
  if (problem) {
    process_.reset();
    return problem;
  }
  return std::nullopt;
}

void BotConnection::start() {
  if (const auto problem = try_start()) fail_setup(*problem);
}

void BotConnection::crashed() {
  process_.reset();
  if (++crashes_in_a_row_ >= kMaxCrashesInARow) {
    fail_setup("crashed " + std::to_string(crashes_in_a_row_) +
               " times in a row without answering a decision; a broken setup, so the run stops");
  }
}

void BotConnection::ensure_running() {
  while (process_ == nullptr) {
    if (const auto problem = try_start()) {
      if (++crashes_in_a_row_ >= kMaxCrashesInARow) {
        fail_setup("could not be restarted " + std::to_string(crashes_in_a_row_) + " times in a row: " + *problem);
      }
      continue;
    }
    for (const auto& [key, line] : open_seats_) queued_ += line;
  }
}

void BotConnection::open_seat(const std::string& seat_key, const std::string& start_line) {
  ensure_running();  // a restart queues the seats open before this one
  open_seats_[seat_key] = start_line;
  send(start_line);
}

void BotConnection::close_seat(const std::string& seat_key, const std::string& end_line) {
  open_seats_.erase(seat_key);
  // A bot that is not running has no seat to close: its restart will not
  // mention the table.
  if (process_ != nullptr) queued_ += end_line;
}

void BotConnection::send(const std::string& line) {
  ensure_running();
  queued_ += line;
  if (queued_.size() > kQueueLimit) {
    if (!process_->write(queued_, io_deadline())) {
      crash_unfaulted_ = true;
      crashed();
    }
    queued_.clear();
  }
}

BotConnection::Answer BotConnection::ask(const std::string& line, BotClockPoint deadline) {
  Answer answer;
  ensure_running();
  if (crash_unfaulted_) {
    crash_unfaulted_ = false;
    answer.outcome = Outcome::kCrash;
    return answer;
  }
  // Lines that arrived unasked: late replies are owed, anything else strays.
  std::string& reply = answer.line;
  while (process_->take_ready_line(reply)) {
    if (owed_replies_ > 0) {
      --owed_replies_;
      continue;
    }
    answer.outcome = Outcome::kStrayReply;
    return answer;
  }
  const auto written_at = steady_clock::now();
  queued_ += line;
  const bool written = process_->write(queued_, deadline);
  queued_.clear();
  if (!written) {
    crashed();
    answer.outcome = Outcome::kCrash;
    return answer;
  }
  while (true) {
    const BotProcess::Read read = process_->read_line(reply, deadline);
    const bool a_line = read == BotProcess::Read::kLine || read == BotProcess::Read::kTooLong;
    if (a_line && owed_replies_ > 0) {
      --owed_replies_;
      continue;
    }
    answer.elapsed_us = std::chrono::duration_cast<std::chrono::microseconds>(steady_clock::now() - written_at).count();
    switch (read) {
      case BotProcess::Read::kLine:
        crashes_in_a_row_ = 0;
        answer.outcome = Outcome::kReply;
        return answer;
      case BotProcess::Read::kTooLong:
        crashes_in_a_row_ = 0;
        answer.outcome = Outcome::kReplyTooLong;
        return answer;
      case BotProcess::Read::kTimeout:
        ++owed_replies_;
        answer.outcome = Outcome::kTimeout;
        return answer;
      case BotProcess::Read::kClosed:
        crashed();
        answer.outcome = Outcome::kCrash;
        return answer;
    }
  }
}

int BotConnection::post(const std::string& decide_line, std::int64_t limit_us) {
  if (answered_) {
    posted_.clear();
    posted_start_.clear();
    posted_limit_us_.clear();
    answered_ = false;
  }
  posted_start_.push_back(posted_.size());
  posted_ += decide_line;
  posted_limit_us_.push_back(limit_us);
  return static_cast<int>(posted_limit_us_.size()) - 1;
}

void BotConnection::send_posted() {
  if (answered_ || batch_.has_value() || posted_limit_us_.empty()) return;
  ensure_running();
  if (protocol_ >= 2) {
    posted_answers_.resize(posted_limit_us_.size());
    send_batch();
  }
}

void BotConnection::answer_posted() {
  if (answered_) return;
  if (batch_.has_value()) {
    answered_ = true;
    receive_batch();
    return;
  }
  answered_ = true;
  const std::size_t count = posted_limit_us_.size();
  posted_answers_.resize(count);
  const auto line_of = [&](std::size_t i) {
    const std::size_t end = i + 1 < count ? posted_start_[i + 1] : posted_.size();
    return std::string_view(posted_).substr(posted_start_[i], end - posted_start_[i]);
  };
  std::size_t next = 0;
  std::string line;
  while (next < count) {
    ensure_running();
    if (protocol_ >= 2) {
      send_batch(next);
      if (batch_.has_value()) receive_batch();
      return;
    }
    line.assign(line_of(next));
    const auto deadline = steady_clock::now() + std::chrono::microseconds(posted_limit_us_[next]);
    Answer& answer = posted_answers_[next];
    answer = ask(line, deadline);
    answer.action = answer.outcome == Outcome::kReply ? read_action_reply(answer.line) : ActionReply{};
    ++next;
  }
}

void BotConnection::send_batch(std::size_t from) {
  const std::size_t count = posted_limit_us_.size();
  // What stops a decide before it is written: a crash between decisions,
  // and lines nobody asked for (protocol 1's policy, decide by decide).
  if (crash_unfaulted_) {
    crash_unfaulted_ = false;
    posted_answers_[from++] = Answer{Outcome::kCrash, {}, {}, 0};
  }
  std::string stray;
  while (from < count && process_->take_ready_line(stray)) {
    if (owed_replies_ > 0) {
      --owed_replies_;
      continue;
    }
    posted_answers_[from++] = Answer{Outcome::kStrayReply, stray, {}, 0};
  }
  if (from == count) return;
  const std::size_t batch = count - from;
  encode_decide_batch(scratch_, std::string_view(posted_).substr(posted_start_[from]));
  std::int64_t longest_limit_us = 0;
  for (std::size_t i = from; i < count; ++i) longest_limit_us = std::max(longest_limit_us, posted_limit_us_[i]);
  const auto written_at = steady_clock::now();
  const auto deadline = written_at + std::chrono::microseconds(longest_limit_us * static_cast<std::int64_t>(batch));
  queued_ += scratch_;
  const bool written = process_->write(queued_, deadline);
  queued_.clear();
  batch_ = BatchInFlight{from, written_at, deadline, written};
}

void BotConnection::receive_batch() {
  const BatchInFlight sent = *batch_;
  batch_.reset();
  const std::size_t count = posted_limit_us_.size();
  const std::size_t batch = count - sent.from;
  BotProcess::Read read = sent.written ? BotProcess::Read::kLine : BotProcess::Read::kClosed;
  std::string& reply = batch_reply_;  // kept: the actions read view into it until the next round
  while (sent.written) {
    read = process_->read_line(reply, sent.deadline);
    const bool a_line = read == BotProcess::Read::kLine || read == BotProcess::Read::kTooLong;
    if (a_line && owed_replies_ > 0) {
      --owed_replies_;
      continue;
    }
    break;
  }
  const std::int64_t charged_us =
      std::chrono::duration_cast<std::chrono::microseconds>(steady_clock::now() - sent.written_at).count() /
      static_cast<std::int64_t>(batch);
  Outcome outcome = Outcome::kReply;
  if (read == BotProcess::Read::kLine) {
    crashes_in_a_row_ = 0;
    read_actions_reply(reply, batch, batch_actions_);
  } else if (read == BotProcess::Read::kTooLong) {
    crashes_in_a_row_ = 0;
    outcome = Outcome::kReplyTooLong;  // the whole batch's one reply
  } else if (read == BotProcess::Read::kTimeout) {
    ++owed_replies_;
    outcome = Outcome::kTimeout;
  } else {
    crashed();
    outcome = Outcome::kCrash;
  }
  for (std::size_t i = sent.from; i < count; ++i) {
    Answer& answer = posted_answers_[i];
    answer.outcome = outcome;
    answer.elapsed_us = charged_us;
    if (outcome != Outcome::kReply) continue;
    // Each decide is charged its share; one whose share is over its limit
    // timed out (its action is discarded).
    if (charged_us > posted_limit_us_[i]) {
      answer.outcome = Outcome::kTimeout;
    } else {
      answer.action = std::move(batch_actions_[i - sent.from]);
    }
  }
}

void BotConnection::begin_shutdown() {
  if (process_ == nullptr) return;
  encode_bye(scratch_);
  queued_ += scratch_;
  process_->write(queued_, steady_clock::now() + std::chrono::milliseconds(100));
  queued_.clear();
  process_->close_input();
}

void BotConnection::finish_shutdown(BotClockPoint deadline) {
  if (process_ == nullptr) return;
  process_->wait_exit(deadline);
  process_.reset();  // kills whatever is left of the group
}

}  // namespace sngsim
