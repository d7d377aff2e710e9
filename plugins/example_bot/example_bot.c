/*
 * example_bot: a sngsim plug-in in plain C, the template for writing one.
 *
 * It raises with good cards (a pocket pair, or two cards ten or higher, or
 * an ace; after the flop, a pair made with a hole card), calls bets up to
 * `max_call` of the pot with anything else, and folds to larger ones. It
 * keeps no state between decisions, so it needs no locking (see the
 * threading rules in bot_hosting/plugin_api.h).
 *
 * Parameter: max_call (default 0.25), the largest call it makes without good
 * cards, as a fraction of the pot before calling. An unknown parameter or a
 * bad value makes create fail, and sngsim then counts every decision of the
 * bot as a fault: a typo shows up in the results rather than being ignored.
 */

#include <stdlib.h>
#include <string.h>

#include "bot_hosting/plugin_api.h"

typedef struct ExampleBot {
  double max_call;
} ExampleBot;

static int rank_of(uint8_t card) { return card / 4; }

static int has_good_cards(const SngsimObservation* obs) {
  int i;
  int j;
  int b;
  const int n = obs->hole_card_count;
  for (i = 0; i < n; ++i) {
    const int rank = rank_of(obs->hole[i]);
    /* Before the flop: an ace, a pair, or two cards ten (rank 8) or higher. */
    if (obs->board_count == 0) {
      if (rank == 12) return 1;
      for (j = i + 1; j < n; ++j) {
        const int other = rank_of(obs->hole[j]);
        if (other == rank || (rank >= 8 && other >= 8)) return 1;
      }
    } else {
      /* After: a hole card pairs the board. */
      for (b = 0; b < obs->board_count; ++b) {
        if (rank_of(obs->board[b]) == rank) return 1;
      }
    }
  }
  return 0;
}

SNGSIM_PLUGIN_EXPORT int32_t sngsim_plugin_abi_version(void) { return SNGSIM_PLUGIN_ABI_VERSION; }

SNGSIM_PLUGIN_EXPORT const char* sngsim_plugin_name(void) { return "example_bot"; }

SNGSIM_PLUGIN_EXPORT void* sngsim_plugin_create(const char* const* keys, const char* const* values, int count,
                                                uint64_t rng_key, int seat) {
  ExampleBot* bot;
  double max_call = 0.25;
  int i;
  (void)rng_key; /* a deterministic bot: no randomness to seed */
  (void)seat;
  for (i = 0; i < count; ++i) {
    char* end = NULL;
    if (strcmp(keys[i], "max_call") != 0) return NULL;
    max_call = strtod(values[i], &end);
    if (end == values[i] || *end != '\0' || !(max_call >= 0.0)) return NULL;
  }
  bot = (ExampleBot*)malloc(sizeof(ExampleBot));
  if (bot == NULL) return NULL;
  bot->max_call = max_call;
  return bot;
}

SNGSIM_PLUGIN_EXPORT int sngsim_plugin_decide(void* handle, const SngsimObservation* obs, SngsimAction* action) {
  const ExampleBot* bot = (const ExampleBot*)handle;
  const SngsimLegalActions* legal = &obs->legal;
  if (has_good_cards(obs) && legal->can_raise) {
    /* About a pot-sized raise, kept inside the legal range (in fixed limit
     * min_raise_to is the only size). */
    int64_t to = obs->highest_bet + obs->pot + legal->call_amount;
    if (obs->betting == SNGSIM_BETTING_FIXED_LIMIT || to < legal->min_raise_to) to = legal->min_raise_to;
    if (to > legal->max_raise_to) to = legal->max_raise_to;
    action->type = SNGSIM_ACTION_RAISE_TO;
    action->amount = to;
    return 0;
  }
  if (legal->can_check || has_good_cards(obs) || (double)legal->call_amount <= bot->max_call * (double)obs->pot) {
    action->type = SNGSIM_ACTION_CHECK_CALL;
  } else {
    action->type = SNGSIM_ACTION_FOLD;
  }
  return 0;
}

SNGSIM_PLUGIN_EXPORT void sngsim_plugin_destroy(void* handle) { free(handle); }
