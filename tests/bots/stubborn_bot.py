#!/usr/bin/env python3
"""Calls, ignores SIGTERM and SIGINT, and after bye keeps running: only
SIGKILL ends it. Writes its pid to $STUBBORN_PID_DIR/<pid> at hello."""
import os
import signal
import time

import testbot

signal.signal(signal.SIGTERM, signal.SIG_IGN)
signal.signal(signal.SIGINT, signal.SIG_IGN)


def on_hello(message, state):
    folder = os.environ.get("STUBBORN_PID_DIR")
    if folder:
        open(os.path.join(folder, str(os.getpid())), "w").close()


def decide(message, state):
    delay = float(message.get("delay", 0) or os.environ.get("STUBBORN_DELAY", "0"))
    if delay:
        time.sleep(delay)
    return {"action": "call"}


testbot.serve(decide, "stubborn_bot", on_hello=on_hello)
while True:
    time.sleep(1)
