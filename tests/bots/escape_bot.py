#!/usr/bin/env python3
"""Calls, after leaving a process behind at hello that escapes the bot's
process group: a grandchild that calls setsid() and whose parent exits at
once (a daemon's double fork), ignores SIGTERM and SIGHUP, and sleeps. The
grandchild writes its pid to $ESCAPE_PID_DIR/<pid>. ESCAPE_CRASH=hand3 makes
the bot exit in hand 3 (a crash, then a restart), ESCAPE_CRASH=always at
every decision (a broken setup that stops the run)."""
import os
import signal
import sys
import time

import testbot


def leave_a_daemon():
    if os.fork() != 0:
        return  # the bot; its child exits at once, so the grandchild is an orphan
    os.setsid()
    if os.fork() != 0:
        os._exit(0)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    folder = os.environ["ESCAPE_PID_DIR"]
    open(os.path.join(folder, str(os.getpid())), "w").close()
    os.closerange(0, 256)
    while True:
        time.sleep(1)


def on_hello(message, state):
    leave_a_daemon()


def decide(message, state):
    crash = os.environ.get("ESCAPE_CRASH", "")
    if crash == "always" or (crash == "hand3" and message.get("hand") == 3):
        sys.exit(3)
    return {"action": "call"}


testbot.serve(decide, "escape_bot", on_hello=on_hello)
