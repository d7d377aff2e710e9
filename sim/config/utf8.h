#pragma once
// Whether bytes are UTF-8 text. Every text sngsim reads from a user ends up
// in JSON (summary.json, state.json, the bot protocol), which holds UTF-8
// only, so a reader refuses other bytes where they are, before any work.

#include <cstddef>
#include <optional>
#include <string_view>

namespace sngsim {

// The offset of the first byte that does not belong to a well-formed UTF-8
// sequence (RFC 3629: no overlong forms, no surrogates, at most U+10FFFF),
// or nullopt when all of `text` is UTF-8.
std::optional<std::size_t> first_non_utf8_byte(std::string_view text);

}  // namespace sngsim
