// sim/run/cluster.h for builds without MPI: one process.
#include "sim/run/cluster.h"

namespace sngsim {

ClusterSession::ClusterSession(int&, char**&) {}
ClusterSession::~ClusterSession() = default;
void ClusterSession::finish(int) { finished_ = true; }
ClusterInfo cluster() { return {}; }
std::vector<std::string> gather_to_root(const std::string& text) { return {text}; }

}  // namespace sngsim
