#include "app/source_tree.h"

#include <system_error>

namespace sngsim {

namespace fs = std::filesystem;

fs::path find_in_source_tree(const fs::path& relative, std::vector<std::string>& searched) {
  std::vector<fs::path> roots;
#ifdef SNGSIM_SOURCE_DIR
  roots.emplace_back(SNGSIM_SOURCE_DIR);
#endif
  std::error_code error;
  const fs::path exe = fs::read_symlink("/proc/self/exe", error);
  if (!error) roots.push_back(exe.parent_path().parent_path());
  for (const fs::path& root : roots) {
    const fs::path candidate = root / relative;
    searched.push_back(candidate.string());
    if (fs::is_regular_file(candidate, error)) return candidate;
  }
  return {};
}

}  // namespace sngsim
