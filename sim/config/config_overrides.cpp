#include "sim/config/config_reader.h"

#include <algorithm>
#include <iterator>
#include <vector>

#include "sim/config/config_error.h"

namespace sngsim::config_reading {

// Checks a dotted key against the schema, with "did you mean" for typos.
// Returns the path of mapping keys it addresses in the document; a matrix
// key inside `matrix.` is one key of the matrix mapping.
std::vector<std::string> Reader::check_key_path(const std::string& key, const Origin& at, bool for_matrix) const {
  // A matrix key is written far from the keys it names, so say which it is.
  const std::string context = for_matrix ? "matrix key '" + key + "': " : "";
  const std::vector<std::string> parts = split_dotted(key);
  for (const auto& part : parts) {
    if (part.empty()) fail(at, context + "malformed key '" + key + "': empty part between dots");
  }
  if (for_matrix && contains(kNotInMatrix, parts[0])) {
    fail(at, context + "name, seed, tournaments, matrix and stop are the same for every cell and cannot vary");
  }
  if (!for_matrix && parts[0] == "matrix" && parts.size() > 1) {
    const std::string rest = key.substr(std::string("matrix.").size());
    check_key_path(rest, at, true);
    return {"matrix", rest};
  }
  std::string section;
  for (const auto& part : parts) {
    const std::vector<std::string>* keys = section_keys(section);
    if (keys == nullptr) {
      if (section == "lineup") {
        fail(at, context + "lineup is a list and has no keys; give the whole list, e.g. lineup=[{strategy: random}]");
      }
      fail(at, context + "'" + section + "' has no keys, so '" + key + "' does not exist");
    }
    if (!contains(*keys, part)) {
      fail(at, context + "unknown key '" + part + "'" + (section.empty() ? "" : " in " + section) +
                   did_you_mean(part, *keys));
    }
    section += (section.empty() ? "" : ".") + part;
  }
  return parts;
}

// Puts `value` at `path`, creating the mappings on the way; `context` names
// the override or matrix key doing it, for the error of a non-mapping.
void Reader::set_path(Node& root, const std::vector<std::string>& path, Node value, const Origin& created,
                      const std::string& context) const {
  Node* current = &root;
  std::string where;
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (current->is_null()) {
      current->kind = Node::Kind::kMap;
      if (current->origin.line == 0 && current->origin.override_index < 0) current->origin = created;
    }
    if (current->kind != Node::Kind::kMap) {
      fail(current->origin,
           context + "cannot set " + join(path, ".") + ": " + where + " must be a mapping, got " + describe(*current));
    }
    auto it = std::find_if(current->entries.begin(), current->entries.end(),
                           [&](const Entry& entry) { return entry.key == path[i]; });
    if (it == current->entries.end()) {
      current->entries.push_back(Entry{path[i], created, Node{Node::Kind::kNull, {}, {}, {}, created}});
      it = std::prev(current->entries.end());
    }
    where += (where.empty() ? "" : ".") + path[i];
    current = &it->value;
  }
  *current = std::move(value);
}

void Reader::apply_override(Node& root, int index) {
  const std::string& text = overrides_[static_cast<std::size_t>(index)];
  const Origin here{0, 0, index};
  const std::size_t equals = text.find('=');
  if (equals == std::string::npos || equals == 0) fail(here, "expected key=value, e.g. table.stack=2000");
  const std::string key = text.substr(0, equals);
  const std::vector<std::string> path = check_key_path(key, here, false);
  YAML::Node yaml;
  try {
    yaml = YAML::Load(text.substr(equals + 1));
  } catch (const YAML::Exception& error) {
    fail(here, "invalid YAML value: " + yaml_message(error));
  }
  set_path(root, path, convert(yaml, here, index), here, "--set " + text + ": ");
}

std::vector<Axis> Reader::read_matrix(const Node& root) const {
  std::vector<Axis> axes;
  const Node* matrix = root.find("matrix");
  if (matrix == nullptr || matrix->is_null()) return axes;
  expect_map(*matrix, "matrix");
  std::size_t cells = 1;
  for (const auto& entry : matrix->entries) {
    Axis axis{entry.key, check_key_path(entry.key, entry.key_origin, true), {}};
    const Node& values = entry.value;
    if (values.kind != Node::Kind::kSequence || values.items.empty()) {
      fail(values.origin, "matrix." + entry.key + " must be a non-empty list of values, got " + describe(values));
    }
    for (const auto& other : axes) {
      const std::size_t common = std::min(other.path.size(), axis.path.size());
      if (std::equal(other.path.begin(), other.path.begin() + static_cast<std::ptrdiff_t>(common), axis.path.begin())) {
        fail(entry.key_origin, "matrix keys '" + other.key + "' and '" + entry.key + "' overlap");
      }
    }
    axis.values = values.items;
    cells *= values.items.size();
    if (cells > kMaxCells) {
      fail(matrix->origin, "the matrix has more than " + std::to_string(kMaxCells) + " cells");
    }
    axes.push_back(std::move(axis));
  }
  return axes;
}

void Reader::read_cells(const Node& root, Experiment& experiment) {
  const std::vector<Axis> axes = read_matrix(root);
  if (axes.empty()) {
    experiment.cells.push_back(read_cell(root));
    return;
  }
  // Odometer over the axes: the first key varies slowest.
  std::vector<std::size_t> index(axes.size(), 0);
  while (true) {
    Node document = root;
    std::vector<std::pair<std::string, std::string>> params;
    for (std::size_t a = 0; a < axes.size(); ++a) {
      const Node& value = axes[a].values[index[a]];
      params.emplace_back(axes[a].key, render(value));
      set_path(document, axes[a].path, value, value.origin, "matrix key '" + axes[a].key + "': ");
    }
    cell_prefix_ = "matrix cell ";
    for (std::size_t p = 0; p < params.size(); ++p) {
      cell_prefix_ += (p > 0 ? ", " : "") + params[p].first + "=" + params[p].second;
    }
    cell_prefix_ += ": ";
    Cell cell = read_cell(document);
    cell.params = std::move(params);
    experiment.cells.push_back(std::move(cell));
    cell_prefix_.clear();

    std::size_t a = axes.size();
    while (a > 0 && ++index[a - 1] == axes[a - 1].values.size()) index[--a] = 0;
    if (a == 0) break;
  }
}

}  // namespace sngsim::config_reading
