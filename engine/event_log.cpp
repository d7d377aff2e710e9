#include "engine/event_log.h"

#include <algorithm>

namespace sngsim {

void EventLog::grow(std::size_t count) {
  const std::size_t used = size();
  events_.resize(std::max({2 * events_.size(), used + count, kInitialRoom}));
  next_ = events_.data() + used;
}

}  // namespace sngsim
