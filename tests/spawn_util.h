#pragma once
// Starting a command in the background for tests that interrupt or kill it.

#include <unistd.h>

#include <string>

namespace sngsim::testing {

// Starts `command` (a shell command line) in the background in its own
// process group; returns the pid, which is the command's own (exec).
inline pid_t spawn(const std::string& command) {
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);
    ::execl("/bin/sh", "sh", "-c", ("exec " + command).c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  return pid;
}

}  // namespace sngsim::testing
