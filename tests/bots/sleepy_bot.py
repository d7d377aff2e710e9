#!/usr/bin/env python3
"""Sleeps 3 s over its first decision, then calls at once."""
import time

import testbot


def decide(message, state):
    if not state.get("slept"):
        state["slept"] = True
        time.sleep(3)
    return {"action": "call"}


testbot.serve(decide, "sleepy_bot")
