#pragma once
// Bots from shared libraries (the C ABI of bot_hosting/plugin_api.h): loading,
// checking, and the adapter between the engine's Observation and the ABI's
// plain structs.
//
// A library is loaded once per process per path (by its canonical path, so
// two spellings of one file share it), from any thread, and never unloaded:
// bots created from it may live on any thread until the process ends.

#include <string>

#include "strategies/strategy_info.h"

namespace sngsim {

struct Plugin {
  std::string path;  // canonical
  std::string name;  // sngsim_plugin_name(), or the file name without extension
  // name "plugin", no declared params (any params are passed through as
  // text), creates a bot per tournament. A bot whose create returned NULL
  // faults on every decision (V5).
  StrategyInfo info;
};

// Loads and checks the plug-in at `path` (the file exists, is a shared
// library, exports every required symbol and the ABI version is
// SNGSIM_PLUGIN_ABI_VERSION). On failure returns nullptr and sets `error`
// to one line saying why. The result lives until the process ends.
const Plugin* load_plugin(const std::string& path, std::string& error);

}  // namespace sngsim
