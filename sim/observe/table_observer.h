#pragma once
// The one way to watch a table in play: every format (sit-and-go, shoot-out
// tables, cash sessions) tells a TableObserver what happens at it. The
// statistics' collectors (sim/stats/collector.h), the hand-history writers,
// the luck estimators and the invariant checks (`run --check`) all watch
// tables through it.
//
// Observers run on the thread that plays the table, in the order things
// happen there; they must not throw except to end the unit (an invariant
// check's InvariantViolation). A table is watched by one observer; several
// are chained with TableObserverList.

#include <cstdint>
#include <span>
#include <vector>

#include "engine/cash_table.h"
#include "engine/hand.h"
#include "engine/tournament.h"

namespace sngsim {

// Where an event happened. Valid only during the call that receives it.
struct TableView {
  const Tournament* tournament = nullptr;  // a sit-and-go or shoot-out table; null at a cash table
  const CashTable* cash = nullptr;         // a cash session's table; null otherwise
  std::span<const int> entrant_of_seat;    // [table seat] = lineup index seated there
  std::span<const int> label_of_entrant;   // [lineup index] = index into the cell's distinct labels
  std::int64_t index = 0;                  // the tournament (shoot-out, session) within its cell
  int table = 0;                           // a shoot-out's table (shootout_table_key); 0 otherwise

  // The distinct-label index of whoever sits at table seat `seat`.
  int label_of_seat(int seat) const {
    return label_of_entrant[static_cast<std::size_t>(entrant_of_seat[static_cast<std::size_t>(seat)])];
  }
};

// A decision whose time was not measured (Strategy::last_decision_ns).
inline constexpr std::int64_t kNotTimed = -1;

class TableObserver {
 public:
  virtual ~TableObserver() = default;

  // The strategy at table seat `seat` answered (or faulted) and the engine
  // applied the result. `nanoseconds` is what the decision took as the
  // strategy measured it (process bots: request written to reply read), or
  // kNotTimed. Only tables that report decisions call it (TablePlay and
  // CashSessionPlay do when observed).
  virtual void decision_made(const TableView& /*table*/, const Hand& /*hand*/, int /*seat*/,
                             std::int64_t /*nanoseconds*/) {}
  // The hand is over (Hand::is_over), before the table took its chips.
  virtual void hand_finished(const TableView& /*table*/, const Hand& /*hand*/) {}
  // The table took the hand's chips (a tournament also placed its busts;
  // positions are still the hand's).
  virtual void hand_settled(const TableView& /*table*/, const Hand& /*hand*/) {}
  // The table is over: a tournament table has its places, a cash session
  // has played its hands.
  virtual void table_finished(const TableView& /*table*/) {}
};

// Several observers as one, called in order.
class TableObserverList final : public TableObserver {
 public:
  void add(TableObserver* observer) {
    if (observer != nullptr) observers_.push_back(observer);
  }
  bool empty() const { return observers_.empty(); }
  // The one observer to give a table: null for none, the observer itself
  // for one, else this list.
  TableObserver* as_observer() {
    if (observers_.empty()) return nullptr;
    return observers_.size() == 1 ? observers_.front() : this;
  }

  void decision_made(const TableView& table, const Hand& hand, int seat, std::int64_t nanoseconds) override {
    for (TableObserver* o : observers_) o->decision_made(table, hand, seat, nanoseconds);
  }
  void hand_finished(const TableView& table, const Hand& hand) override {
    for (TableObserver* o : observers_) o->hand_finished(table, hand);
  }
  void hand_settled(const TableView& table, const Hand& hand) override {
    for (TableObserver* o : observers_) o->hand_settled(table, hand);
  }
  void table_finished(const TableView& table) override {
    for (TableObserver* o : observers_) o->table_finished(table);
  }

 private:
  std::vector<TableObserver*> observers_;
};

}  // namespace sngsim
