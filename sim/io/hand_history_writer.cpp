#include "sim/io/hand_history_writer.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "engine/game_definition.h"
#include "sim/formats/shootout.h"

namespace sngsim {

namespace {

std::string toml_string(const std::string& text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      char escape[8];
      std::snprintf(escape, sizeof escape, "\\u%04x", c);
      out += escape;
      continue;
    }
    out += c;
  }
  return out + "\"";
}

template <typename Format>
std::string toml_array(int count, Format format) {
  std::string out = "[";
  for (int i = 0; i < count; ++i) {
    if (i > 0) out += ", ";
    out += format(i);
  }
  return out + "]";
}

std::string cards_text(CardSet cards) {
  std::string out;
  for (int card = 0; card < kDeckSize; ++card) {
    if (cards.contains(static_cast<Card>(card))) out += card_to_string(static_cast<Card>(card));
  }
  return out;
}

std::string player(int index) { return "p" + std::to_string(index + 1); }

// The amount a bet or raise is written with. R12 lets a player bet only as
// far as another live player could follow, even when that is less than a
// full raise; PHH readers such as pokerkit know no such bet and ask for a
// full one (or the player's all-in). Writing the full raise instead, capped
// at the player's all-in, is the same hand chip for chip: what lies beyond
// the others' reach comes back uncalled (R14), and sngsim's own replay plays
// it back as the bet R12 allows. Tracks each round's bets from the events.
class PhhBetAmounts {
 public:
  explicit PhhBetAmounts(const HandSetup& setup) : setup_(setup), stacks_(setup.stacks) {
    for (int p = 0; p < setup.num_players; ++p) {
      highest_ =
          std::max({highest_, setup.blinds[static_cast<std::size_t>(p)], setup.posts[static_cast<std::size_t>(p)]});
    }
    increment_ = setup.min_bet;
    last_full_bet_ = highest_;
  }

  void ante(int player, Chips amount) { stacks_[index(player)] -= amount; }
  // `to`: the player's bet this round after the blind, call or raise.
  void put_to(int player, Chips to) {
    stacks_[index(player)] -= to - bets_[index(player)];
    bets_[index(player)] = to;
  }
  void new_round(int board_count) {
    bets_.fill(0);
    highest_ = 0;
    last_full_bet_ = 0;
    increment_ =
        setup_.rules.betting == BettingStructure::kFixedLimit && board_count > 3 ? setup_.big_bet : setup_.min_bet;
  }
  // Returns what to write for a raise to `to`, then records it.
  Chips raise(int player, Chips to) {
    const Chips all_in_to = bets_[index(player)] + stacks_[index(player)];
    // The engine's full sizes: in fixed limit one bet above the last full
    // bet (V2), otherwise the last full raise again (R11).
    const bool fixed_limit = setup_.rules.betting == BettingStructure::kFixedLimit;
    const Chips full_to = fixed_limit ? last_full_bet_ + increment_ : highest_ + increment_;
    const Chips written = to < full_to && to < all_in_to ? std::min(full_to, all_in_to) : to;
    if (fixed_limit) {
      if (2 * (to - last_full_bet_) >= increment_) last_full_bet_ = to;
    } else if (to - highest_ >= increment_) {
      increment_ = to - highest_;
    }
    highest_ = std::max(highest_, to);
    put_to(player, to);
    return written;
  }

 private:
  static std::size_t index(int player) { return static_cast<std::size_t>(player); }

  const HandSetup& setup_;
  std::array<Chips, kMaxPlayers> stacks_{};
  std::array<Chips, kMaxPlayers> bets_{};
  Chips highest_ = 0;
  Chips increment_ = 0;      // NL/PL: the last full raise; FL: the round's bet size
  Chips last_full_bet_ = 0;  // FL: the level of the last full bet
};

}  // namespace

std::string phh_array(int count, const std::function<std::string(int)>& format) { return toml_array(count, format); }
std::string phh_string(const std::string& text) { return toml_string(text); }

std::string hand_to_phh(const Hand& hand, const Tournament& tournament,
                        const std::vector<std::string>& labels_by_seat) {
  return hand_to_phh(
      hand,
      PhhTableContext{tournament.hands_played(), tournament.level(), tournament.seat_count(), tournament.button_seat()},
      labels_by_seat);
}

std::string hand_to_phh(const Hand& hand, const PhhTableContext& table,
                        const std::vector<std::string>& labels_by_seat) {
  const HandSetup& setup = hand.setup();
  const int n = setup.num_players;
  const auto at = [](const auto& values, int i) { return values[static_cast<std::size_t>(i)]; };
  std::ostringstream out;
  out << "variant = \"" << variant_code(setup.rules) << "\"\n";
  out << "antes = " << toml_array(n, [&](int i) { return std::to_string(at(setup.antes, i)); }) << "\n";
  // PHH writes heads-up blinds small blind first although p1 is the big blind.
  const bool heads_up = n == 2;
  // A post (V9) is PHH's negative blind: a live bet that, unlike a blind,
  // does not move who acts first.
  const auto blind_or_post = [&](int i) { return at(setup.blinds, i) > 0 ? at(setup.blinds, i) : -at(setup.posts, i); };
  out << "blinds_or_straddles = "
      << toml_array(n, [&](int i) { return std::to_string(blind_or_post(heads_up ? 1 - i : i)); }) << "\n";
  if (setup.rules.betting == BettingStructure::kFixedLimit) {
    out << "small_bet = " << setup.min_bet << "\nbig_bet = " << setup.big_bet << "\n";
  } else {
    out << "min_bet = " << setup.min_bet << "\n";
  }
  out << "starting_stacks = " << toml_array(n, [&](int i) { return std::to_string(at(setup.stacks, i)); }) << "\n";

  std::vector<std::string> actions;
  PhhBetAmounts amounts(setup);
  for (const Event& event : hand.events()) {
    const int p = event.player;
    switch (event.type) {
      case EventType::kDealHole: {
        std::string cards;
        for (int c = 0; c < setup.rules.hole_cards; ++c) cards += card_to_string(at(at(setup.hole, p), c));
        actions.push_back("d dh " + player(p) + " " + cards);
        break;
      }
      case EventType::kDealBoard: {
        // In deal order, not card order: the board is stored in order dealt.
        // PHH deals each street on its own line (flop 3 cards, turn 1, river
        // 1), so an all-in run-out, one event here, becomes several lines.
        std::string cards;
        int board_count = 0;
        for (int i = 0; i < kBoardSize; ++i) {
          if (!event.cards.contains(at(setup.board, i))) continue;
          board_count = i + 1;
          cards += card_to_string(at(setup.board, i));
          if (i >= 2) {
            actions.push_back("d db " + cards);
            cards.clear();
          }
        }
        amounts.new_round(board_count);
        break;
      }
      case EventType::kFold: actions.push_back(player(p) + " f"); break;
      case EventType::kCall: amounts.put_to(p, event.amount); [[fallthrough]];
      case EventType::kCheck: actions.push_back(player(p) + " cc"); break;
      case EventType::kBetRaise:
        actions.push_back(player(p) + " cbr " + std::to_string(amounts.raise(p, event.amount)));
        break;
      case EventType::kShow: actions.push_back(player(p) + " sm " + cards_text(event.cards)); break;
      case EventType::kMuck: actions.push_back(player(p) + " sm"); break;
      case EventType::kAnte: amounts.ante(p, event.amount); break;  // implied by the fields above
      case EventType::kBlind: amounts.put_to(p, event.amount); break;
      case EventType::kUncalledReturn:
      case EventType::kWin: break;  // implied by the fields above
    }
  }
  out << "actions = " << toml_array(static_cast<int>(actions.size()), [&](int i) {
    return toml_string(actions[static_cast<std::size_t>(i)]);
  }) << "\n";
  out << "finishing_stacks = " << toml_array(n, [&](int i) { return std::to_string(hand.stack(i)); }) << "\n";
  out << "hand = " << table.hand << "\n";
  out << "level = " << table.level << "\n";
  out << "seat_count = " << table.seat_count << "\n";
  out << "seats = " << toml_array(n, [&](int i) { return std::to_string(at(setup.seats, i)); }) << "\n";
  out << "players = " << toml_array(n, [&](int i) {
    return toml_string(labels_by_seat[static_cast<std::size_t>(at(setup.seats, i))]);
  }) << "\n";
  out << "_button_seat = " << table.button_seat << "\n";
  return out.str();
}

HandHistoryWriter::HandHistoryWriter(const Cell& cell, std::filesystem::path directory, std::int64_t index,
                                     const std::string& file_name)
    : cell_(cell),
      path_(directory / (file_name.empty() ? "tournament-" + std::to_string(index) + ".phhs" : file_name)),
      index_(index) {}

void HandHistoryWriter::hand_finished(const TableView& table, const Hand& hand) {
  const Tournament& tournament = *table.tournament;
  const std::span<const int> entrant_of_seat = table.entrant_of_seat;
  std::vector<std::string> labels;
  for (const int entrant : entrant_of_seat) labels.push_back(cell_.entrants[static_cast<std::size_t>(entrant)].label);
  text_ += pending_hand_;
  pending_hand_ = "[" + std::to_string(tournament.hands_played()) + "]\n" + hand_to_phh(hand, tournament, labels) +
                  "_tournament = " + std::to_string(index_) + "\n";
  // What `sngsim grade` needs to value the hand by ICM: who each player is
  // in the lineup (labels may repeat) and, in a sit-and-go, the payouts.
  const HandSetup& setup = hand.setup();
  pending_hand_ +=
      "_entrants = " +
      toml_array(setup.num_players,
                 [&](int i) {
                   return std::to_string(
                       entrant_of_seat[static_cast<std::size_t>(setup.seats[static_cast<std::size_t>(i)])] + 1);
                 }) +
      "\n";
  if (cell_.format == Format::kSitAndGo) {
    pending_hand_ +=
        "_payouts = " +
        toml_array(static_cast<int>(cell_.payouts.percent.size()),
                   [&](int i) { return std::to_string(cell_.payouts.percent[static_cast<std::size_t>(i)]); }) +
        "\n";
  }
}

void HandHistoryWriter::table_finished(const TableView& table) {
  const Tournament& tournament = *table.tournament;
  // Shared places are written as the mean of the places they cover.
  pending_hand_ += "_places = " +
                   toml_array(tournament.seat_count(),
                              [&](int seat) {
                                char text[16];
                                std::snprintf(text, sizeof text, "%.1f", tournament.placement(seat).twice_mean() / 2.0);
                                return std::string(text);
                              }) +
                   "\n";
  text_ += pending_hand_;
  pending_hand_.clear();
  std::ofstream file(path_);
  file << text_;
  if (!file) throw std::runtime_error("cannot write " + path_.string());
}

bool HandHistoryWriter::write_unfinished() const {
  if (text_.empty() && pending_hand_.empty()) return false;
  std::ofstream file(path_);
  file << text_ << pending_hand_;
  if (!file) throw std::runtime_error("cannot write " + path_.string());
  return true;
}

}  // namespace sngsim
