#include "sim/io/atomic_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

namespace sngsim {

namespace {

std::runtime_error system_error(const std::string& what, const std::filesystem::path& path, int error) {
  return std::runtime_error("cannot " + what + " " + path.string() + ": " + std::strerror(error));
}

// Flushes a folder's entries, so a rename in it survives a crash.
void sync_folder(const std::filesystem::path& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;  // best effort: the rename itself already happened
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

void write_file_durably(const std::filesystem::path& path, std::string_view text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw system_error("create", path, errno);
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int error = n < 0 ? errno : EIO;
      ::close(fd);
      throw system_error("write", path, error);
    }
    written += static_cast<std::size_t>(n);
  }
  if (::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    throw system_error("write", path, error);
  }
  if (::close(fd) != 0) throw system_error("write", path, errno);
}

void write_file_atomically(const std::filesystem::path& path, std::string_view text) {
  std::filesystem::path temporary = path;
  temporary += ".tmp-" + std::to_string(::getpid());
  try {
    write_file_durably(temporary, text);
    if (::rename(temporary.c_str(), path.c_str()) != 0) throw system_error("replace", path, errno);
  } catch (...) {
    ::unlink(temporary.c_str());
    throw;
  }
  sync_folder(path.parent_path());
}

}  // namespace sngsim
