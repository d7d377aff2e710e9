#pragma once
// Sitting out (RULES V8): one seat's clock, the same at a tournament table
// and a cash table. docs/rules.md, V8, gives the decisions and their reasons.
//
// A seat sits out from the hand after a timeout (V5), or after
// `after_faults` faulty decisions in a row when that is set; a decision in
// time and legal resets the run. Bots cannot ask to sit out or to come
// back: the table brings a seat back once it has sat out
// `return_after_hands` hands, and a cash table stands it up instead once it
// has sat out `stand_up_after_hands` hands (whichever comes first; a return
// wins a tie). Pure and allocation-free like the rest of engine/.

#include <cstdint>

namespace sngsim {

struct SitOutRule {
  int after_faults = 0;           // consecutive faults that sit a seat out; 0: only a timeout does
  int return_after_hands = 10;    // hands sat out before coming back; 0: never by itself
  int stand_up_after_hands = 30;  // cash tables: hands sat out before being stood up (>= 1)
};

// What a seat did under V8, counted per seat and summed per label.
struct SitOutCounts {
  std::int64_t sit_outs = 0;      // times it began to sit out
  std::int64_t hands_missed = 0;  // hands sat out (a tournament deals them and plays them by check or fold)
  std::int64_t returns = 0;       // times it came back
  std::int64_t stand_ups = 0;     // cash tables: times it was stood up (at most once a session)

  SitOutCounts& operator+=(const SitOutCounts& other) {
    sit_outs += other.sit_outs;
    hands_missed += other.hands_missed;
    returns += other.returns;
    stand_ups += other.stand_ups;
    return *this;
  }
  bool operator==(const SitOutCounts&) const = default;
};

class SitOutClock {
 public:
  // What a seat does in the hand about to start.
  enum class Start : std::uint8_t {
    kPlays,     // as usual
    kSitsOut,   // sits this hand out (counted as missed)
    kReturns,   // comes back and plays (a cash table applies V9 first)
    kStandsUp,  // cash tables: leaves the table with its stack
  };

  // After each decision the seat's strategy made: whether it was a fault,
  // and whether that fault was a timeout. Sitting out starts with the next
  // hand (hand_starts).
  void decided(bool fault, bool timeout, const SitOutRule& rule) {
    if (!fault) {
      consecutive_faults_ = 0;
      return;
    }
    ++consecutive_faults_;
    if (!out_ && (timeout || (rule.after_faults > 0 && consecutive_faults_ >= rule.after_faults))) pending_ = true;
  }

  // Called once before every hand the seat could take part in; `cash`
  // says whether a stand-up applies.
  Start hand_starts(const SitOutRule& rule, bool cash) {
    if (pending_) {
      pending_ = false;
      out_ = true;
      hands_out_ = 0;
      ++counts_.sit_outs;
    } else if (!out_) {
      return Start::kPlays;
    }
    if (rule.return_after_hands > 0 && hands_out_ >= rule.return_after_hands) {
      out_ = false;
      consecutive_faults_ = 0;
      ++counts_.returns;
      return Start::kReturns;
    }
    if (cash && hands_out_ >= rule.stand_up_after_hands) {
      out_ = false;
      ++counts_.stand_ups;
      return Start::kStandsUp;
    }
    ++hands_out_;
    ++counts_.hands_missed;
    return Start::kSitsOut;
  }

  bool sitting_out() const { return out_; }
  const SitOutCounts& counts() const { return counts_; }

 private:
  int consecutive_faults_ = 0;
  int hands_out_ = 0;  // hands sat out since the sit-out began
  bool pending_ = false;
  bool out_ = false;
  SitOutCounts counts_;
};

}  // namespace sngsim
