#include "bot_hosting/plugin_strategy.h"

#include <dlfcn.h>

#include <bit>
#include <cstddef>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "bot_hosting/plugin_api.h"

namespace sngsim {

namespace {

// The ABI copies the engine's numbering; these keep the two from drifting,
// value by value.
static_assert(SNGSIM_MAX_PLAYERS == kMaxPlayers && SNGSIM_BOARD_SIZE == kBoardSize);
static_assert(SNGSIM_NO_CARD == kNoCard);
static_assert(SNGSIM_STREET_PREFLOP == static_cast<int>(Street::kPreflop) &&
              SNGSIM_STREET_FLOP == static_cast<int>(Street::kFlop) &&
              SNGSIM_STREET_TURN == static_cast<int>(Street::kTurn) &&
              SNGSIM_STREET_RIVER == static_cast<int>(Street::kRiver));
static_assert(SNGSIM_BETTING_NO_LIMIT == static_cast<int>(BettingStructure::kNoLimit) &&
              SNGSIM_BETTING_POT_LIMIT == static_cast<int>(BettingStructure::kPotLimit) &&
              SNGSIM_BETTING_FIXED_LIMIT == static_cast<int>(BettingStructure::kFixedLimit));
static_assert(SNGSIM_ACTION_FOLD == static_cast<int>(ActionType::kFold) &&
              SNGSIM_ACTION_CHECK_CALL == static_cast<int>(ActionType::kCheckCall) &&
              SNGSIM_ACTION_RAISE_TO == static_cast<int>(ActionType::kBetRaise));
static_assert(SNGSIM_EVENT_ANTE == static_cast<int>(EventType::kAnte) &&
              SNGSIM_EVENT_BLIND == static_cast<int>(EventType::kBlind) &&
              SNGSIM_EVENT_DEAL_HOLE == static_cast<int>(EventType::kDealHole) &&
              SNGSIM_EVENT_DEAL_BOARD == static_cast<int>(EventType::kDealBoard) &&
              SNGSIM_EVENT_FOLD == static_cast<int>(EventType::kFold) &&
              SNGSIM_EVENT_CHECK == static_cast<int>(EventType::kCheck) &&
              SNGSIM_EVENT_CALL == static_cast<int>(EventType::kCall) &&
              SNGSIM_EVENT_BET_RAISE == static_cast<int>(EventType::kBetRaise) &&
              SNGSIM_EVENT_SHOW == static_cast<int>(EventType::kShow) &&
              SNGSIM_EVENT_MUCK == static_cast<int>(EventType::kMuck) &&
              SNGSIM_EVENT_UNCALLED_RETURN == static_cast<int>(EventType::kUncalledReturn) &&
              SNGSIM_EVENT_WIN == static_cast<int>(EventType::kWin));
// The layout a C compiler gives these structs on the 64-bit targets sngsim
// builds for: no hidden padding, so any C compiler agrees. Version 1's
// observation is the first 416 bytes, unchanged, so a version 1 plug-in
// reads what it always read; version 2 appends from struct_size on.
static_assert(sizeof(void*) != 8 ||
              (sizeof(SngsimEvent) == 32 && sizeof(SngsimAction) == 16 && sizeof(SngsimBettingCount) == 16 &&
               sizeof(SngsimBlindLevel) == 24 && sizeof(SngsimTournament) == 56 &&
               offsetof(SngsimObservation, legal) == 368 && offsetof(SngsimObservation, history) == 408 &&
               offsetof(SngsimObservation, struct_size) == 416 && offsetof(SngsimObservation, betting_count) == 424 &&
               offsetof(SngsimObservation, tournament) == 440 && sizeof(SngsimObservation) == 496));

struct PluginFunctions {
  SngsimPluginCreateFn create = nullptr;
  SngsimPluginDecideFn decide = nullptr;
  SngsimPluginDestroyFn destroy = nullptr;
  SngsimPluginHandOverFn hand_over = nullptr;  // optional
};

struct LoadedPlugin {
  Plugin plugin;
  PluginFunctions functions;
};

void convert_event(const Event& event, SngsimEvent& out) {
  out = SngsimEvent{};
  out.type = static_cast<std::int32_t>(event.type);
  out.player = event.player;
  out.street = static_cast<std::int32_t>(event.street);
  out.amount = event.amount;
  for (std::uint64_t bits = event.cards.bits(); bits != 0 && out.card_count < SNGSIM_MAX_EVENT_CARDS;
       bits &= bits - 1) {
    const int bit = std::countr_zero(bits);
    out.cards[out.card_count++] = make_card(bit % 16, bit / 16);
  }
}

class PluginBot final : public Strategy {
 public:
  PluginBot(const PluginFunctions& functions, const StrategyParams& params, const StrategyContext& context)
      : functions_(functions), payout_percent_(context.payout_percent.begin(), context.payout_percent.end()) {
    // The tournament context of version 2, fixed for the bot's life; a cash
    // session has no hand cap, levels or payouts (plugin_api.h).
    SngsimTournament& t = observation_.tournament;
    if (const TournamentRules* rules = context.rules) {
      t.players = rules->players;
      t.starting_stack = rules->starting_stack;
      if (!context.cash_session) {
        t.hand_cap = rules->hand_cap;
        t.hands_per_level = rules->schedule.hands_per_level();
        for (const BlindLevel& level : rules->schedule.levels()) {
          levels_.push_back({level.small_blind, level.big_blind, level.ante});
        }
      }
    }
    if (context.cash_session) payout_percent_.clear();
    t.payout_count = static_cast<std::int32_t>(payout_percent_.size());
    t.payout_percent = payout_percent_.data();
    t.level_count = static_cast<std::int32_t>(levels_.size());
    t.levels = levels_.data();
    std::vector<const char*> keys;
    std::vector<const char*> values;
    for (const auto& [key, value] : params.all()) {
      keys.push_back(key.c_str());
      values.push_back(value.c_str());
    }
    handle_ =
        functions_.create(keys.data(), values.data(), static_cast<int>(keys.size()), context.rng_key, context.seat);
  }
  PluginBot(const PluginBot&) = delete;
  PluginBot& operator=(const PluginBot&) = delete;
  ~PluginBot() override {
    if (handle_ != nullptr) functions_.destroy(handle_);
  }

  Action decide(const Observation& obs) override {
    if (handle_ == nullptr) throw std::runtime_error("the plug-in could not create its bot");
    convert(obs);
    SngsimAction action{SNGSIM_ACTION_CHECK_CALL, 0, 0};
    if (functions_.decide(handle_, &observation_, &action) != 0) throw std::runtime_error("the plug-in failed");
    switch (action.type) {
      case SNGSIM_ACTION_FOLD: return Action::fold();
      case SNGSIM_ACTION_CHECK_CALL: return Action::check_call();
      case SNGSIM_ACTION_RAISE_TO: return Action::raise_to(action.amount);
      default: throw std::runtime_error("the plug-in answered an unknown action type");
    }
  }

  void hand_ended(const HandEnd& end) override {
    // A player is dealt every hand until it busts: hands seen + 1 is the
    // table's hand number.
    ++hand_number_;
    if (handle_ == nullptr || functions_.hand_over == nullptr) return;
    convert_events(end.events);
    functions_.hand_over(handle_, events_.data(), static_cast<int>(events_.size()));
  }

 private:
  void convert_events(std::span<const Event> events) {
    events_.resize(events.size());
    for (std::size_t i = 0; i < events.size(); ++i) convert_event(events[i], events_[i]);
  }

  void convert(const Observation& obs) {
    SngsimObservation& out = observation_;
    const SngsimTournament tournament = out.tournament;  // set at creation
    out = SngsimObservation{};
    out.struct_size = sizeof(SngsimObservation);
    out.betting_count.raises_this_round = obs.betting.raises_this_round;
    out.betting_count.callers_this_round = obs.betting.callers_this_round;
    out.betting_count.last_raiser_this_round = obs.betting.last_raiser_this_round;
    out.betting_count.last_preflop_raiser = obs.betting.last_preflop_raiser;
    out.tournament = tournament;
    out.tournament.players_left = obs.num_players;
    out.tournament.hand_number = hand_number_;
    const int per_level = tournament.hands_per_level;
    out.tournament.hands_to_next_level = per_level > 0 ? per_level - (hand_number_ - 1) % per_level : 0;
    out.player = obs.player;
    out.num_players = obs.num_players;
    out.street = static_cast<std::int32_t>(obs.street);
    out.level = obs.level;
    out.betting = static_cast<std::int32_t>(obs.rules.betting);
    out.hole_card_count = obs.rules.hole_cards;
    out.board_count = obs.board_count;
    out.min_bet = obs.min_bet;
    out.big_bet = obs.big_bet;
    out.pot = obs.pot;
    out.highest_bet = obs.highest_bet;
    for (int i = 0; i < SNGSIM_MAX_HOLE_CARDS; ++i) {
      const auto c = static_cast<std::size_t>(i);
      out.hole[c] = i < obs.rules.hole_cards ? obs.hole[c] : static_cast<std::uint8_t>(SNGSIM_NO_CARD);
    }
    for (int i = 0; i < SNGSIM_BOARD_SIZE; ++i) {
      const auto c = static_cast<std::size_t>(i);
      out.board[c] = i < obs.board_count ? obs.board[c] : static_cast<std::uint8_t>(SNGSIM_NO_CARD);
    }
    for (int p = 0; p < obs.num_players; ++p) {
      const auto i = static_cast<std::size_t>(p);
      out.stacks[i] = obs.stacks[i];
      out.bets[i] = obs.bets[i];
      out.committed[i] = obs.committed[i];
      out.folded[i] = obs.folded[i] ? 1 : 0;
      out.seats[i] = obs.seats[i];
    }
    out.legal.can_fold = obs.legal.can_fold ? 1 : 0;
    out.legal.can_check = obs.legal.can_check ? 1 : 0;
    out.legal.can_raise = obs.legal.can_raise ? 1 : 0;
    out.legal.call_amount = obs.legal.call_amount;
    out.legal.min_raise_to = obs.legal.min_raise_to;
    out.legal.max_raise_to = obs.legal.max_raise_to;
    convert_events(obs.history);
    out.history = events_.data();
    out.history_count = static_cast<std::int32_t>(events_.size());
  }

  PluginFunctions functions_;
  void* handle_ = nullptr;
  std::vector<std::int32_t> payout_percent_;  // the tournament context's arrays
  std::vector<SngsimBlindLevel> levels_;
  int hand_number_ = 1;
  // Reused between decisions so that a hand allocates only while its event
  // log grows.
  SngsimObservation observation_{};
  std::vector<SngsimEvent> events_;
};

template <typename Function>
Function find_symbol(void* library, const char* name) {
  return reinterpret_cast<Function>(dlsym(library, name));
}

std::string last_dl_error() {
  const char* message = dlerror();
  return message != nullptr ? message : "unknown error";
}

// Opens and checks the library; nullptr and `error` on failure.
std::unique_ptr<LoadedPlugin> open_plugin(const std::string& path, std::string& error) {
  dlerror();  // clears an older error
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    error = "not a loadable shared library (" + last_dl_error() + ")";
    return nullptr;
  }
  auto fail = [&](std::string message) -> std::unique_ptr<LoadedPlugin> {
    // Nothing from this library is in use yet, so closing it is safe.
    dlclose(library);
    error = std::move(message);
    return nullptr;
  };
  const auto abi_version = find_symbol<SngsimPluginAbiVersionFn>(library, "sngsim_plugin_abi_version");
  if (abi_version == nullptr) return fail("missing symbol sngsim_plugin_abi_version (is it a sngsim plug-in?)");
  const std::int32_t version = abi_version();
  if (version < SNGSIM_PLUGIN_ABI_MIN_VERSION || version > SNGSIM_PLUGIN_ABI_VERSION) {
    return fail("plug-in ABI version " + std::to_string(version) + ", but this sngsim supports versions " +
                std::to_string(SNGSIM_PLUGIN_ABI_MIN_VERSION) + " to " + std::to_string(SNGSIM_PLUGIN_ABI_VERSION) +
                "; rebuild it against bot_hosting/plugin_api.h");
  }
  auto loaded = std::make_unique<LoadedPlugin>();
  PluginFunctions& functions = loaded->functions;
  functions.create = find_symbol<SngsimPluginCreateFn>(library, "sngsim_plugin_create");
  functions.decide = find_symbol<SngsimPluginDecideFn>(library, "sngsim_plugin_decide");
  functions.destroy = find_symbol<SngsimPluginDestroyFn>(library, "sngsim_plugin_destroy");
  functions.hand_over = find_symbol<SngsimPluginHandOverFn>(library, "sngsim_plugin_hand_over");
  if (functions.create == nullptr) return fail("missing symbol sngsim_plugin_create");
  if (functions.decide == nullptr) return fail("missing symbol sngsim_plugin_decide");
  if (functions.destroy == nullptr) return fail("missing symbol sngsim_plugin_destroy");

  Plugin& plugin = loaded->plugin;
  plugin.path = path;
  const auto name = find_symbol<SngsimPluginNameFn>(library, "sngsim_plugin_name");
  const char* given_name = name != nullptr ? name() : nullptr;
  plugin.name = given_name != nullptr && *given_name != '\0' ? given_name : std::filesystem::path(path).stem().string();
  const PluginFunctions copy = functions;
  plugin.info = StrategyInfo{"plugin",
                             "plug-in '" + plugin.name + "' from " + path,
                             {},
                             [copy](const StrategyParams& params) -> StrategyMaker {
                               return [copy, params](const StrategyContext& context) -> std::unique_ptr<Strategy> {
                                 return std::make_unique<PluginBot>(copy, params, context);
                               };
                             }};
  return loaded;
}

}  // namespace

const Plugin* load_plugin(const std::string& path, std::string& error) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (!fs::exists(status)) {
    error = "no such file";
    return nullptr;
  }
  if (fs::is_directory(status)) {
    error = "it is a directory, not a shared library";
    return nullptr;
  }
  const fs::path canonical = fs::canonical(path, ec);
  if (ec) {
    error = "cannot resolve the path (" + ec.message() + ")";
    return nullptr;
  }

  // Loaded libraries are never unloaded, so the cache only grows; failures
  // are not cached, and a fixed file loads on the next try.
  // Deliberately leaked: bots may outlive static destruction order.
  static std::mutex mutex;
  static auto* const loaded = new std::map<std::string, std::unique_ptr<LoadedPlugin>>;
  const std::lock_guard lock(mutex);
  auto& entry = (*loaded)[canonical.string()];
  if (entry == nullptr) entry = open_plugin(canonical.string(), error);
  if (entry == nullptr) {
    loaded->erase(canonical.string());
    return nullptr;
  }
  return &entry->plugin;
}

}  // namespace sngsim
