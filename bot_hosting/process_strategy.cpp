#include "bot_hosting/process_strategy.h"

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>

#include "bot_hosting/bot_pool.h"
#include "bot_hosting/bot_protocol.h"
#include "strategies/strategy_fault.h"

namespace sngsim {

namespace {

class ProcessBot final : public Strategy {
 public:
  ProcessBot(std::shared_ptr<const ProcessBotSpec> spec, const StrategyContext& context)
      : spec_(std::move(spec)),
        connection_(bot_connection(spec_, context.seat)),
        tournament_(std::to_string(context.tournament)),
        seat_(context.seat),
        seat_key_(tournament_ + "/" + std::to_string(context.seat)),
        bank_left_us_(spec_->clock.bank_us) {
    encode_tournament_start(
        line_, TournamentStart{tournament_, seat_, context.rng_key, context.rules, context.payout_percent});
    connection_.open_seat(seat_key_, line_);
  }
  ProcessBot(const ProcessBot&) = delete;
  ProcessBot& operator=(const ProcessBot&) = delete;
  ~ProcessBot() override {
    encode_tournament_end(line_, tournament_, seat_, place_, prize_percent_);
    connection_.close_seat(seat_key_, line_);
  }

  Action decide(const Observation& observation) override {
    ask(observation);
    connection_.answer_posted();
    return answer(observation);
  }

  bool decides_outside() const override { return true; }

  void ask(const Observation& observation) override {
    const BotClock& clock = spec_->clock;
    encode_decide(line_, tournament_, seat_, hand_, observation,
                  DecisionTime{clock.per_action_us / 1000, bank_left_us_ / 1000}, connection_.decide_fields());
    ticket_ = connection_.post(line_, clock.per_action_us + bank_left_us_);
  }

  Action answer(const Observation& observation) override {
    const BotConnection::Answer& answer = connection_.answer_of(ticket_);
    last_decision_ns_ = answer.elapsed_us * 1000;
    answered_ = &answer;
    switch (answer.outcome) {
      case BotConnection::Outcome::kReply: break;
      case BotConnection::Outcome::kTimeout:
        bank_left_us_ = 0;
        throw StrategyFault(FaultReason::kTimeout, "no reply in time");
      case BotConnection::Outcome::kCrash: throw StrategyFault(FaultReason::kCrash, "the bot crashed");
      case BotConnection::Outcome::kStrayReply:
        throw StrategyFault(FaultReason::kStrayReply, "a reply that answers no request");
      case BotConnection::Outcome::kReplyTooLong:
        throw StrategyFault(FaultReason::kReplyTooLong,
                            "a reply longer than " + std::to_string(kMaxBotLineBytes) + " bytes");
    }
    // A reply that came after the limit draws on the bank (it came before
    // the bank ran out, or it would have timed out).
    const std::int64_t over = answer.elapsed_us - spec_->clock.per_action_us;
    if (over > 0) bank_left_us_ = std::max<std::int64_t>(0, bank_left_us_ - over);
    return judge_action(answer.action, observation.legal);
  }

  std::string fault_reply() const override {
    if (answered_ == nullptr) return {};
    switch (answered_->outcome) {
      case BotConnection::Outcome::kReply: return escaped_reply(answered_->action.text);
      case BotConnection::Outcome::kStrayReply: return escaped_reply(answered_->line);
      default: return {};
    }
  }

  void hand_ended(const HandEnd& end) override {
    // A bot that reads no hand_over field is sent none (its hello said so).
    if (const HandOverFields fields = connection_.hand_over_fields(); fields != 0) {
      encode_hand_over(line_, tournament_, seat_, hand_, end.events, end.stacks, end.seats, fields);
      connection_.send(line_);
    }
    ++hand_;
  }

  void tournament_over(Placement place, double prize_percent) override {
    place_ = place;
    prize_percent_ = prize_percent;
  }

  std::int64_t bank_used_us() const override { return spec_->clock.bank_us - bank_left_us_; }
  std::int64_t last_decision_ns() const override { return last_decision_ns_; }

 private:
  std::shared_ptr<const ProcessBotSpec> spec_;
  BotConnection& connection_;
  std::string tournament_;
  int seat_;
  std::string seat_key_;
  std::int64_t bank_left_us_;
  // Hands this seat was dealt into so far + 1: the tournament's hand number,
  // since a player is dealt every hand until it busts.
  int hand_ = 1;
  Placement place_{};
  double prize_percent_ = 0.0;
  std::string line_;  // the request being written, reused
  int ticket_ = 0;    // the posted decide's, between ask() and answer()
  std::int64_t last_decision_ns_ = -1;
  // The last answer, for fault_reply(): the connection's, valid until its next round.
  const BotConnection::Answer* answered_ = nullptr;
};

}  // namespace

std::string ProcessBotSpec::identity() const {
  std::string id = label + '\n' + params_json + '\n' + workdir + '\n' + (per_seat ? "per_seat" : "per_thread") + '\n' +
                   std::to_string(clock.per_action_us) + '/' + std::to_string(clock.bank_us) + '\n';
  for (const std::string& arg : command) id += arg + '\0';
  id += '\n';
  for (const auto& [key, value] : env) id += key + '=' + value + '\0';
  return id;
}

const StrategyInfo& process_strategy_info() {
  static const StrategyInfo info{
      "process",
      "a bot in another process, any language, over protocol 1 or 2 (command:, docs/bot-protocol.md)",
      {},
      [](const StrategyParams&) -> StrategyMaker {
        throw std::invalid_argument("strategy: process needs its command (an experiment entry binds it)");
      }};
  return info;
}

StrategyMaker bind_process_bot(std::shared_ptr<const ProcessBotSpec> spec) {
  return [spec = std::move(spec)](const StrategyContext& context) -> std::unique_ptr<Strategy> {
    return std::make_unique<ProcessBot>(spec, context);
  };
}

std::optional<std::string> program_problem(const std::string& program) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(program, ec);
  if (!fs::exists(status)) return "no such file";
  if (fs::is_directory(status)) return "it is a directory";
  if (access(program.c_str(), X_OK) != 0) return "not executable (chmod +x, or name its interpreter first)";
  return std::nullopt;
}

std::string find_in_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string_view rest = path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin";
  while (true) {
    const std::size_t colon = rest.find(':');
    const std::string_view folder = rest.substr(0, colon);
    const std::filesystem::path candidate = std::filesystem::path(folder.empty() ? "." : std::string(folder)) / name;
    if (!program_problem(candidate.string())) return std::filesystem::absolute(candidate).string();
    if (colon == std::string_view::npos) return "";
    rest.remove_prefix(colon + 1);
  }
}

}  // namespace sngsim
