#pragma once
// Running shell command lines from tests: the sngsim binary under test, a
// quoted argument, a command's exit code and a file's text.

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace sngsim::testing {

inline std::string quote(const std::string& text) { return "'" + text + "'"; }

// Runs a shell command line; returns its exit code, 128 + the signal that
// ended it, or -1 when it could not run.
inline int shell(const std::string& command) {
  const int status = std::system(command.c_str());
  if (status == -1) return -1;
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

#ifdef SNGSIM_BINARY
// `sngsim ARGUMENTS` with the binary this build made.
inline std::string sngsim_command(const std::string& arguments) { return quote(SNGSIM_BINARY) + " " + arguments; }
#endif

}  // namespace sngsim::testing
