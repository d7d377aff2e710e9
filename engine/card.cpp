#include "engine/card.h"

namespace sngsim {
namespace {
constexpr std::string_view kRankChars = "23456789TJQKA";
constexpr std::string_view kSuitChars = "cdhs";
}  // namespace

std::optional<Card> parse_card(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  const auto rank = kRankChars.find(text[0]);
  const auto suit = kSuitChars.find(text[1]);
  if (rank == std::string_view::npos || suit == std::string_view::npos) return std::nullopt;
  return make_card(static_cast<int>(rank), static_cast<int>(suit));
}

std::string card_to_string(Card card) {
  if (card >= kDeckSize) return "??";
  return {kRankChars[static_cast<std::size_t>(rank_of(card))], kSuitChars[static_cast<std::size_t>(suit_of(card))]};
}

std::optional<CardSet> parse_card_set(std::string_view text) {
  if (text.size() % 2 != 0) return std::nullopt;
  CardSet set;
  for (std::size_t i = 0; i < text.size(); i += 2) {
    const auto card = parse_card(text.substr(i, 2));
    if (!card || set.contains(*card)) return std::nullopt;
    set.add(*card);
  }
  return set;
}

}  // namespace sngsim
