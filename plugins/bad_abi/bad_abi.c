/*
 * Deliberately broken plug-ins for the loader's tests (tests/test_plugin.cpp),
 * built twice from this one file:
 *   bad_abi_plugin    claims ABI version 999;
 *   no_decide_plugin  (SNGSIM_BAD_PLUGIN_NO_DECIDE) has the right version
 *                     but no sngsim_plugin_decide.
 * sngsim must refuse both before a run starts.
 */

#include <stddef.h>

#include "bot_hosting/plugin_api.h"

SNGSIM_PLUGIN_EXPORT int32_t sngsim_plugin_abi_version(void) {
#ifdef SNGSIM_BAD_PLUGIN_NO_DECIDE
  return SNGSIM_PLUGIN_ABI_VERSION;
#else
  return 999;
#endif
}

static int dummy_bot;

SNGSIM_PLUGIN_EXPORT void* sngsim_plugin_create(const char* const* keys, const char* const* values, int count,
                                                uint64_t rng_key, int seat) {
  (void)keys;
  (void)values;
  (void)count;
  (void)rng_key;
  (void)seat;
  return &dummy_bot;
}

#ifndef SNGSIM_BAD_PLUGIN_NO_DECIDE
SNGSIM_PLUGIN_EXPORT int sngsim_plugin_decide(void* handle, const SngsimObservation* observation,
                                              SngsimAction* action) {
  (void)handle;
  (void)observation;
  action->type = SNGSIM_ACTION_CHECK_CALL;
  return 0;
}
#endif

SNGSIM_PLUGIN_EXPORT void sngsim_plugin_destroy(void* handle) { (void)handle; }
