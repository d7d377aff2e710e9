/* clang-format off: the C interface plug-in authors read, laid out by hand. */
#ifndef SNGSIM_PLUGIN_API_H
#define SNGSIM_PLUGIN_API_H
/*
 * The sngsim plug-in ABI, version 2: a bot in a shared library, written in C
 * or in any language that can export C functions. An experiment file names
 * it with `strategy: plugin` and `path: libmybot.so`; sngsim loads it before
 * the run starts and asks it for decisions exactly as it asks a built-in bot.
 * This header is plain C (C99), with no sngsim code behind
 * it: a plug-in includes it and links against nothing of sngsim.
 *
 * Functions the plug-in exports (looked up by name with dlsym):
 *
 *   int32_t sngsim_plugin_abi_version(void);
 *       The version whose fields the plug-in reads: SNGSIM_PLUGIN_ABI_VERSION
 *       as it was compiled with. sngsim loads every version from
 *       SNGSIM_PLUGIN_ABI_MIN_VERSION to its own SNGSIM_PLUGIN_ABI_VERSION and
 *       refuses any other number before the run starts.
 *   void* sngsim_plugin_create(const char* const* keys, const char* const* values,
 *                              int count, uint64_t rng_key, int seat);
 *       A new bot for one seat of one tournament. keys[i] = values[i] are the
 *       experiment file's `params`, as text, count of them, sorted by key.
 *       rng_key seeds the bot's own random stream; seat is its table seat.
 *       Returns an opaque handle, or NULL on failure (every decision of that
 *       seat then counts as a fault, see below).
 *   int sngsim_plugin_decide(void* handle, const SngsimObservation* observation,
 *                            SngsimAction* action);
 *       Fills *action for the player to act and returns 0; any other return
 *       value is a failure. *action arrives as a check/call.
 *   void sngsim_plugin_destroy(void* handle);
 *       Frees the bot. Called once per successful create, at the end of its
 *       tournament.
 * Optional:
 *   const char* sngsim_plugin_name(void);
 *       A short name; results label the plug-in with it when the experiment
 *       gives no label (otherwise the file name is used).
 *   void sngsim_plugin_hand_over(void* handle, const SngsimEvent* events, int count);
 *       Every hand's public events once it ends, shown cards included, for
 *       bots that model their opponents.
 *
 * Ownership. The host owns the observation, its history array, the events
 * and the key/value strings; they are valid only during the call that
 * receives them, so a bot copies whatever it keeps. The plug-in owns its
 * handles (the host only passes them back) and the name string, which must
 * stay valid while the library is loaded.
 *
 * Threading. A handle belongs to one tournament. Tournaments run in
 * parallel, so different handles are used from different threads at the
 * same time, and one handle may be used from different threads over its
 * life, but never concurrently: create, decide, hand_over and destroy of one
 * handle never overlap. A plug-in must therefore not keep global mutable
 * state without its own locking; read-only tables built on first use need
 * thread-safe initialisation. The library is loaded once per process per
 * path and never unloaded during a run.
 *
 * Determinism. sngsim's results are a pure function of the experiment file
 * and its seed, on any number of threads. A plug-in keeps that promise by
 * drawing randomness only from rng_key (e.g. a counter-based generator
 * seeded with it) and deciding only from what it is shown: no clocks, no
 * rand(), no thread ids, no state shared between handles.
 *
 * Faults (RULES V5). A failed decide, a NULL handle, or an action the engine
 * rejects (a raise when raising is closed, a size outside [min_raise_to,
 * max_raise_to], a fixed-limit size other than min_raise_to, an unknown
 * action type) is a fault: the player checks when checking is free and
 * folds otherwise, and the fault is counted in the results. Faults never
 * stop a run. A crash inside the plug-in does (it is the same process), and
 * a C++ plug-in must not let an exception leave any of these functions.
 *
 * Versions. Version 1 is the observation up to `history`. Version 2 appends
 * struct_size, the betting counts the built-in bots see (SngsimBettingCount)
 * and the tournament's context (SngsimTournament); a version 1 plug-in
 * reads the same bytes as before and loads unchanged. Later versions only
 * append: struct_size is the number of bytes of SngsimObservation the host
 * filled, so a plug-in compiled against a newer header checks
 * `offsetof(SngsimObservation, field) + sizeof field <= struct_size` before
 * reading a field an older host may not fill.
 *
 * Cards are 0..51: rank * 4 + suit, rank 0 = deuce .. 12 = ace, suit 0..3 =
 * clubs, diamonds, hearts, spades; SNGSIM_NO_CARD marks an unused slot.
 * Chips are 64-bit integers. Players are in hand order: index 0 is the first
 * seat left of the button, the last index the button (heads-up, index 0 is
 * the big blind and index 1 the button).
 */

#include <stdint.h>

#define SNGSIM_PLUGIN_ABI_VERSION 2
#define SNGSIM_PLUGIN_ABI_MIN_VERSION 1 /* the oldest version sngsim still loads */

#define SNGSIM_MAX_PLAYERS 9
#define SNGSIM_BOARD_SIZE 5
#define SNGSIM_MAX_HOLE_CARDS 4
#define SNGSIM_MAX_EVENT_CARDS 8
#define SNGSIM_NO_CARD 255

/* SngsimObservation.street, SngsimEvent.street */
#define SNGSIM_STREET_PREFLOP 0
#define SNGSIM_STREET_FLOP 1
#define SNGSIM_STREET_TURN 2
#define SNGSIM_STREET_RIVER 3

/* SngsimObservation.betting (RULES R11, V1, V2) */
#define SNGSIM_BETTING_NO_LIMIT 0
#define SNGSIM_BETTING_POT_LIMIT 1
#define SNGSIM_BETTING_FIXED_LIMIT 2

/* SngsimAction.type */
#define SNGSIM_ACTION_FOLD 0 /* taken as a check when checking is free (R10) */
#define SNGSIM_ACTION_CHECK_CALL 1
#define SNGSIM_ACTION_RAISE_TO 2 /* amount = total bet for this round after the raise */

/* SngsimEvent.type */
#define SNGSIM_EVENT_ANTE 0       /* amount posted as ante */
#define SNGSIM_EVENT_BLIND 1      /* amount posted as blind */
#define SNGSIM_EVENT_DEAL_HOLE 2  /* player received hole cards (not shown: no cards) */
#define SNGSIM_EVENT_DEAL_BOARD 3 /* cards = the board cards dealt now */
#define SNGSIM_EVENT_FOLD 4
#define SNGSIM_EVENT_CHECK 5
#define SNGSIM_EVENT_CALL 6      /* amount = total bet this round after calling */
#define SNGSIM_EVENT_BET_RAISE 7 /* amount = total bet this round after raising */
#define SNGSIM_EVENT_SHOW 8      /* cards = the player's hole cards */
#define SNGSIM_EVENT_MUCK 9
#define SNGSIM_EVENT_UNCALLED_RETURN 10 /* amount returned (R14) */
#define SNGSIM_EVENT_WIN 11             /* amount won from one pot */

#if defined(_WIN32)
#define SNGSIM_PLUGIN_EXPORT __declspec(dllexport)
#elif defined(__GNUC__)
#define SNGSIM_PLUGIN_EXPORT __attribute__((visibility("default")))
#else
#define SNGSIM_PLUGIN_EXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* One public event of the hand. */
typedef struct SngsimEvent {
  int32_t type;       /* SNGSIM_EVENT_* */
  int32_t player;     /* hand-order index, -1 for the dealer */
  int32_t street;     /* SNGSIM_STREET_* */
  int32_t card_count; /* valid entries of cards */
  int64_t amount;     /* chips, see the event type */
  uint8_t cards[SNGSIM_MAX_EVENT_CARDS];
} SngsimEvent;

/* What the player to act may do. Raise sizes are totals for this round. */
typedef struct SngsimLegalActions {
  int32_t can_fold; /* only when facing a bet */
  int32_t can_check;
  int32_t can_raise;
  int32_t reserved;     /* 0 */
  int64_t call_amount;  /* chips a call adds (all-in for less when short) */
  int64_t min_raise_to; /* smallest legal raise-to; fixed limit: the only size */
  int64_t max_raise_to; /* largest legal raise-to */
} SngsimLegalActions;

/* Version 2: the betting so far this hand, as the built-in bots see it
 * (docs/strategies.md). Hand-order indices, -1 for none. */
typedef struct SngsimBettingCount {
  int32_t raises_this_round;      /* bets and raises this round, blinds not counted */
  int32_t callers_this_round;     /* calls since the round's last bet or raise */
  int32_t last_raiser_this_round; /* who made this round's last bet or raise */
  int32_t last_preflop_raiser;    /* who made the last preflop bet or raise */
} SngsimBettingCount;

/* Version 2: one level of the blind schedule (RULES R4, V3). */
typedef struct SngsimBlindLevel {
  int64_t small_blind;
  int64_t big_blind;
  int64_t ante; /* per player */
} SngsimBlindLevel;

/* Version 2: the tournament the hand belongs to. */
typedef struct SngsimTournament {
  int32_t players;               /* seats of the table when the tournament began */
  int32_t players_left;          /* players with chips at this table as the hand began */
  int32_t hand_number;           /* this hand of the tournament, from 1 */
  int32_t hand_cap;              /* the last hand (RULES R21) */
  int32_t hands_per_level;       /* of the blind schedule */
  int32_t hands_to_next_level;   /* hands left at this level, this one included (1 on its last) */
  int32_t payout_count;          /* entries of payout_percent: the places paid */
  int32_t level_count;           /* entries of levels */
  int64_t starting_stack;        /* chips of every player at the start */
  const int32_t* payout_percent; /* [place - 1]: the prize pool's share of that place, percent */
  /* The schedule's levels 1..level_count; past the last, every blind and
   * the ante double at each level (R4). */
  const SngsimBlindLevel* levels;
} SngsimTournament;

/* What the player to act sees: its own cards and the public state. Arrays
 * indexed by player hold num_players valid entries. A cash session (V7)
 * fills the tournament context with no hand cap and no levels: hand_number
 * counts the session's hands, hand_cap, hands_per_level,
 * hands_to_next_level and level_count are 0, and payout_count is 0. */
typedef struct SngsimObservation {
  int32_t player;                        /* hand-order index of the player to act */
  int32_t num_players;                   /* players dealt into the hand, 2..SNGSIM_MAX_PLAYERS */
  int32_t street;                        /* SNGSIM_STREET_* */
  int32_t level;                         /* blind level, from 1 */
  int32_t betting;                       /* SNGSIM_BETTING_* */
  int32_t hole_card_count;               /* 2 hold'em, 4 Omaha */
  int32_t board_count;                   /* board cards dealt, 0 or 3..5 */
  int32_t history_count;                 /* entries of history */
  int64_t min_bet;                       /* NL/PL: the big blind; FL: the small bet */
  int64_t big_bet;                       /* FL: the bet on turn and river; 0 otherwise */
  int64_t pot;                           /* every chip in the middle, this round's bets included */
  int64_t highest_bet;                   /* the bet to match this round */
  uint8_t hole[SNGSIM_MAX_HOLE_CARDS];   /* own cards; unused slots SNGSIM_NO_CARD */
  uint8_t board[SNGSIM_BOARD_SIZE];      /* board_count valid cards */
  uint8_t reserved[7];                   /* 0 */
  int64_t stacks[SNGSIM_MAX_PLAYERS];    /* chips behind, not in the pot */
  int64_t bets[SNGSIM_MAX_PLAYERS];      /* this round */
  int64_t committed[SNGSIM_MAX_PLAYERS]; /* this hand, antes included */
  int32_t folded[SNGSIM_MAX_PLAYERS];    /* 1 if folded */
  int32_t seats[SNGSIM_MAX_PLAYERS];     /* table seat of each hand-order index */
  SngsimLegalActions legal;
  const SngsimEvent* history; /* this hand's public events so far, oldest first */
  /* Version 2 (see Versions above). */
  uint32_t struct_size; /* bytes of this struct the host filled */
  int32_t reserved2;    /* 0 */
  SngsimBettingCount betting_count;
  SngsimTournament tournament;
} SngsimObservation;

typedef struct SngsimAction {
  int32_t type;     /* SNGSIM_ACTION_* */
  int32_t reserved; /* 0 */
  int64_t amount;   /* SNGSIM_ACTION_RAISE_TO only */
} SngsimAction;

/* The exported functions, as the host calls them. */
typedef int32_t (*SngsimPluginAbiVersionFn)(void);
typedef void* (*SngsimPluginCreateFn)(const char* const* keys, const char* const* values, int count, uint64_t rng_key,
                                      int seat);
typedef int (*SngsimPluginDecideFn)(void* handle, const SngsimObservation* observation, SngsimAction* action);
typedef void (*SngsimPluginDestroyFn)(void* handle);
typedef const char* (*SngsimPluginNameFn)(void);
typedef void (*SngsimPluginHandOverFn)(void* handle, const SngsimEvent* events, int count);

#ifdef __cplusplus
}
#endif

#endif /* SNGSIM_PLUGIN_API_H */
