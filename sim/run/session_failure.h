#pragma once
// The one error a run session (sim/run/run_session.h) reports besides the
// experiment reader's ConfigError and the checker's InvariantViolation:
// what went wrong as the line the user reads, and which kind of failure it
// is, which the CLI maps to its exit code and the Python package to its
// exception.

#include <stdexcept>
#include <string>

namespace sngsim {

enum class SessionFailureKind {
  kBadInput,     // nothing was run: a bad option, path, shard or bot set-up
  kOutputError,  // results or a checkpoint could not be written (a full disk)
  kInterrupted,  // stopped on request where no partial result can be given
  kFailure,      // anything else (an MPI rank's state that does not fit)
};

struct SessionFailure : std::runtime_error {
  SessionFailure(SessionFailureKind failure_kind, const std::string& message)
      : std::runtime_error(message), kind(failure_kind) {}
  SessionFailureKind kind;
};

}  // namespace sngsim
