#pragma once
// Included first in every file of a sanitized build (SNGSIM_SANITIZE or
// SNGSIM_FUZZ, see CMakeLists.txt), which compiles toml++ from its headers
// instead of linking Debian's compiled library, so the sanitizers and the
// fuzzer see into the TOML parser.
//
// toml++'s internal assertions are switched off, as they are in Debian's
// library (built with NDEBUG): toml++ 3.3 asserts a precondition that its own
// parser breaks on malformed table headers such as "[[[1]]]" or "[\x0f"
// (marzer/tomlplusplus#301), where the code after the assertion reports a
// clean parse error. With the assertion on, the sanitized build would abort
// on input the shipped build handles correctly; with NDEBUG under clang it
// would become __builtin_assume, undefined behaviour.
// (tests/fuzz/regressions/phh/toml-table-header-control-char.phhs)
#define TOML_ASSERT(expr) static_cast<void>(0)
