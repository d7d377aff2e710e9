#include "sim/io/hand_history_writer.h"

#include <cstdio>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "sim/formats/shootout.h"

namespace sngsim {

namespace {

const char* variant_code(const GameRules& rules) {
  // PHH names PO, NT and FT; the other combinations have no standard code,
  // so these follow its pattern (betting letter, game letter) and are read
  // back by sngsim's own replay.
  if (rules.hole_cards == 4) {
    return rules.betting == BettingStructure::kPotLimit     ? "PO"
           : rules.betting == BettingStructure::kFixedLimit ? "FO"
                                                            : "NO";
  }
  return rules.betting == BettingStructure::kPotLimit ? "PT" : rules.betting == BettingStructure::kFixedLimit ? "FT" : "NT";
}

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

}  // namespace

std::string hand_to_phh(const Hand& hand, const Tournament& tournament, const std::vector<std::string>& labels_by_seat) {
  const HandSetup& setup = hand.setup();
  const int n = setup.num_players;
  const auto at = [](const auto& values, int i) { return values[static_cast<std::size_t>(i)]; };
  std::ostringstream out;
  out << "variant = \"" << variant_code(setup.rules) << "\"\n";
  out << "antes = " << toml_array(n, [&](int i) { return std::to_string(at(setup.antes, i)); }) << "\n";
  // PHH writes heads-up blinds small blind first although p1 is the big blind.
  const bool heads_up = n == 2;
  out << "blinds_or_straddles = "
      << toml_array(n, [&](int i) { return std::to_string(at(setup.blinds, heads_up ? 1 - i : i)); }) << "\n";
  if (setup.rules.betting == BettingStructure::kFixedLimit) {
    out << "small_bet = " << setup.min_bet << "\nbig_bet = " << setup.big_bet << "\n";
  } else {
    out << "min_bet = " << setup.min_bet << "\n";
  }
  out << "starting_stacks = " << toml_array(n, [&](int i) { return std::to_string(at(setup.stacks, i)); }) << "\n";

  std::vector<std::string> actions;
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
        std::string cards;
        for (int i = 0; i < kBoardSize; ++i) {
          if (event.cards.contains(at(setup.board, i))) cards += card_to_string(at(setup.board, i));
        }
        actions.push_back("d db " + cards);
        break;
      }
      case EventType::kFold: actions.push_back(player(p) + " f"); break;
      case EventType::kCheck:
      case EventType::kCall: actions.push_back(player(p) + " cc"); break;
      case EventType::kBetRaise: actions.push_back(player(p) + " cbr " + std::to_string(event.amount)); break;
      case EventType::kShow: actions.push_back(player(p) + " sm " + cards_text(event.cards)); break;
      case EventType::kMuck: actions.push_back(player(p) + " sm"); break;
      case EventType::kAnte:
      case EventType::kBlind:
      case EventType::kUncalledReturn:
      case EventType::kWin: break;  // implied by the fields above
    }
  }
  out << "actions = " << toml_array(static_cast<int>(actions.size()), [&](int i) {
    return toml_string(actions[static_cast<std::size_t>(i)]);
  }) << "\n";
  out << "finishing_stacks = " << toml_array(n, [&](int i) { return std::to_string(hand.stack(i)); }) << "\n";
  out << "hand = " << tournament.hands_played() << "\n";
  out << "level = " << tournament.level() << "\n";
  out << "seat_count = " << tournament.seat_count() << "\n";
  out << "seats = " << toml_array(n, [&](int i) { return std::to_string(at(setup.seats, i)); }) << "\n";
  out << "players = " << toml_array(n, [&](int i) {
    return toml_string(labels_by_seat[static_cast<std::size_t>(at(setup.seats, i))]);
  }) << "\n";
  out << "_button_seat = " << tournament.button_seat() << "\n";
  return out.str();
}

HandHistoryWriter::HandHistoryWriter(const Cell& cell, std::filesystem::path directory, std::int64_t index,
                                     const std::string& file_name)
    : cell_(cell),
      path_(directory / (file_name.empty() ? "tournament-" + std::to_string(index) + ".phhs" : file_name)),
      index_(index) {}

void HandHistoryWriter::hand_finished(const Tournament& tournament, const Hand& hand,
                                      const std::vector<int>& entrant_of_seat) {
  std::vector<std::string> labels;
  for (const int entrant : entrant_of_seat) labels.push_back(cell_.entrants[static_cast<std::size_t>(entrant)].label);
  text_ += pending_hand_;
  pending_hand_ = "[" + std::to_string(tournament.hands_played()) + "]\n" + hand_to_phh(hand, tournament, labels) +
                  "_tournament = " + std::to_string(index_) + "\n";
}

void HandHistoryWriter::tournament_finished(const Tournament& tournament, const std::vector<int>&) {
  // Shared places are written as the mean of the places they cover.
  pending_hand_ += "_places = " + toml_array(tournament.seat_count(), [&](int seat) {
    char text[16];
    std::snprintf(text, sizeof text, "%.1f", tournament.placement(seat).twice_mean() / 2.0);
    return std::string(text);
  }) + "\n";
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
