#pragma once
// Counter-based random numbers: output n of a stream is a pure function of
// (key, n), so any tournament, hand or bot decision can be regenerated on any
// thread or machine without replaying what came before it.

#include <cstdint>

namespace sngsim {

// SplitMix64's finaliser: a bijective 64-bit mixer with full avalanche.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ULL;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBULL;
  x ^= x >> 31;
  return x;
}

// Derives an independent key from a parent key and a child index, e.g.
// derive_key(derive_key(seed, tournament), hand).
constexpr std::uint64_t derive_key(std::uint64_t parent, std::uint64_t child) {
  return mix64(mix64(parent ^ 0x9E3779B97F4A7C15ULL) + child * 0xD1B54A32D192ED03ULL);
}

class CounterRng {
 public:
  constexpr explicit CounterRng(std::uint64_t key) : key_(key) {}

  constexpr std::uint64_t next() { return output(++counter_); }

  // Output n (counted from 1) of the stream, whatever the counter: next()
  // is output(counter() + 1). Outputs are independent of each other, so a
  // loop over several vectorises.
  constexpr std::uint64_t output(std::uint64_t n) const { return mix64(key_ + 0x9E3779B97F4A7C15ULL * n); }
  // Moves on by `n` outputs, as `n` calls of next() would.
  constexpr void skip(std::uint64_t n) { counter_ += n; }

  // Uniform integer in [0, bound) by Lemire's multiply-and-reject, unbiased.
  constexpr std::uint32_t below(std::uint32_t bound) {
    std::uint64_t product = (next() >> 32) * bound;
    auto low = static_cast<std::uint32_t>(product);
    if (low < bound) {
      const std::uint32_t threshold = -bound % bound;
      while (low < threshold) {
        product = (next() >> 32) * bound;
        low = static_cast<std::uint32_t>(product);
      }
    }
    return static_cast<std::uint32_t>(product >> 32);
  }

  // Uniform double in [0, 1) from the top 53 bits.
  constexpr double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

  constexpr std::uint64_t key() const { return key_; }
  constexpr std::uint64_t counter() const { return counter_; }

 private:
  std::uint64_t key_;
  std::uint64_t counter_ = 0;
};

}  // namespace sngsim
