#pragma once
// Cards and 64-bit card sets.
//
// A Card is an index 0..51: rank * 4 + suit, rank 0 = deuce .. 12 = ace,
// suit 0..3 = clubs, diamonds, hearts, spades. A CardSet keeps one bit per
// card in a 64-bit word laid out suit-major (bit = suit * 16 + rank), so each
// suit's ranks are one 13-bit field: flush and straight tests are a shift
// and a mask, which is what the evaluator's hot path needs.

#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace sngsim {

using Card = std::uint8_t;

inline constexpr int kRanks = 13;
inline constexpr int kSuits = 4;
inline constexpr int kDeckSize = 52;
inline constexpr Card kNoCard = 0xFF;

constexpr int rank_of(Card card) { return card >> 2; }
constexpr int suit_of(Card card) { return card & 3; }
constexpr Card make_card(int rank, int suit) { return static_cast<Card>(rank * 4 + suit); }

// "Ah" -> card; nullopt for anything that is not one rank char + one suit char.
std::optional<Card> parse_card(std::string_view text);
std::string card_to_string(Card card);

class CardSet {
 public:
  constexpr CardSet() = default;
  static constexpr CardSet from_bits(std::uint64_t bits) {
    CardSet set;
    set.bits_ = bits;
    return set;
  }
  static constexpr std::uint64_t bit_of(Card card) { return std::uint64_t{1} << (suit_of(card) * 16 + rank_of(card)); }

  constexpr void add(Card card) { bits_ |= bit_of(card); }
  constexpr bool contains(Card card) const { return (bits_ & bit_of(card)) != 0; }
  constexpr int size() const { return std::popcount(bits_); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr std::uint64_t bits() const { return bits_; }
  // The 13-bit rank mask of one suit.
  constexpr std::uint32_t suit_mask(int suit) const {
    return static_cast<std::uint32_t>(bits_ >> (suit * 16)) & 0x1FFFu;
  }

  constexpr CardSet operator|(CardSet other) const { return from_bits(bits_ | other.bits_); }
  constexpr CardSet operator&(CardSet other) const { return from_bits(bits_ & other.bits_); }
  constexpr CardSet& operator|=(CardSet other) {
    bits_ |= other.bits_;
    return *this;
  }
  constexpr bool operator==(const CardSet&) const = default;

 private:
  std::uint64_t bits_ = 0;
};

// Parses concatenated cards such as "AhKd7c"; nullopt on any malformed card
// or duplicate.
std::optional<CardSet> parse_card_set(std::string_view text);

}  // namespace sngsim
