/*
 * Plug-ins for the ABI's version tests (tests/strategies/test_plugin.cpp),
 * built twice from this one file:
 *   abi_v1_plugin     (SNGSIM_ABI_TEST_V1) declares version 1 and reads only
 *                     version 1's fields, as a plug-in built before version 2;
 *   abi_v2_probe_plugin  declares version 2, and keeps a copy of the last
 *                     observation it was shown (with the tournament
 *                     context's arrays) for the test to read back through
 *                     sngsim_abi_test_last.
 * Both call or check, and raise the minimum with a pocket pair while nobody
 * has raised this round, so that they play real hands.
 */

#include <stddef.h>
#include <string.h>

#include "bot_hosting/plugin_api.h"

SNGSIM_PLUGIN_EXPORT int32_t sngsim_plugin_abi_version(void) {
#ifdef SNGSIM_ABI_TEST_V1
  return 1;
#else
  return 2;
#endif
}

SNGSIM_PLUGIN_EXPORT const char* sngsim_plugin_name(void) {
#ifdef SNGSIM_ABI_TEST_V1
  return "abi_v1";
#else
  return "abi_v2";
#endif
}

static int bot; /* no state: every handle is the same address */

SNGSIM_PLUGIN_EXPORT void* sngsim_plugin_create(const char* const* keys, const char* const* values, int count,
                                                uint64_t rng_key, int seat) {
  (void)keys;
  (void)values;
  (void)count;
  (void)rng_key;
  (void)seat;
  return &bot;
}

#ifndef SNGSIM_ABI_TEST_V1
/* The last observation of the calling thread, its arrays copied. */
static _Thread_local SngsimObservation last;
static _Thread_local int32_t last_payouts[64];
static _Thread_local SngsimBlindLevel last_levels[64];

SNGSIM_PLUGIN_EXPORT void sngsim_abi_test_last(SngsimObservation* observation, int32_t* payouts,
                                               SngsimBlindLevel* levels) {
  *observation = last;
  memcpy(payouts, last_payouts, sizeof last_payouts);
  memcpy(levels, last_levels, sizeof last_levels);
}
#endif

static int pocket_pair(const SngsimObservation* o) {
  return o->hole_card_count == 2 && o->hole[0] / 4 == o->hole[1] / 4;
}

SNGSIM_PLUGIN_EXPORT int sngsim_plugin_decide(void* handle, const SngsimObservation* o, SngsimAction* action) {
  (void)handle;
  int nobody_raised;
#ifdef SNGSIM_ABI_TEST_V1
  nobody_raised = o->highest_bet <= o->min_bet;
#else
  if (o->struct_size < offsetof(SngsimObservation, tournament) + sizeof o->tournament) return 1;
  last = *o;
  last.history = NULL;
  for (int i = 0; i < o->tournament.payout_count && i < 64; ++i) last_payouts[i] = o->tournament.payout_percent[i];
  for (int i = 0; i < o->tournament.level_count && i < 64; ++i) last_levels[i] = o->tournament.levels[i];
  last.tournament.payout_percent = NULL;
  last.tournament.levels = NULL;
  nobody_raised = o->betting_count.raises_this_round == 0;
#endif
  if (o->legal.can_raise && nobody_raised && pocket_pair(o)) {
    action->type = SNGSIM_ACTION_RAISE_TO;
    action->amount = o->legal.min_raise_to;
  } else {
    action->type = SNGSIM_ACTION_CHECK_CALL;
  }
  return 0;
}

SNGSIM_PLUGIN_EXPORT void sngsim_plugin_destroy(void* handle) { (void)handle; }
