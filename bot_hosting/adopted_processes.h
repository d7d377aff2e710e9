#pragma once
// The processes a bot leaves behind. Every bot's descendant must end when
// sngsim ends, even one that left the bot's process group (setsid()) or
// whose parent died: a process group kill cannot reach those.
//
// So sngsim makes itself a child subreaper (PR_SET_CHILD_SUBREAPER) before
// its first bot starts: an orphaned descendant of a bot is re-parented to
// sngsim instead of to init, and stays within reach while sngsim runs.
// end_adopted_processes() kills every such adopted child with all of its own
// descendants, and reaps them. A child of sngsim counts as adopted when it
// is not a running bot and sits in another process group than sngsim's (a
// program sngsim starts itself, such as `run --report`'s python3, shares
// sngsim's group and is left alone).
//
// What cannot be guaranteed: after a kill -9 of sngsim, the bots die by
// their death signal (bot_process.h), but a process a bot started and that
// left the bot's group is re-parented to init and keeps running; only a
// cgroup, which needs privileges sngsim does not ask for, would reach it.

#include <sys/types.h>

namespace sngsim {

// Makes sngsim a child subreaper; idempotent. The bot launcher calls it
// before it forks.
void adopt_orphaned_descendants();

// A bot's pid while it runs (registered by BotProcess from start to reap),
// so that end_adopted_processes() never takes a running bot for an orphan.
void note_bot_started(pid_t pid);
void note_bot_reaped(pid_t pid);

// SIGKILL to every adopted child and its descendants, then reaps the
// children: after it, nothing a bot started is left running (unless it
// joined sngsim's own process group). Bots that still run are untouched.
void end_adopted_processes();

}  // namespace sngsim
