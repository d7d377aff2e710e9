#!/usr/bin/env python3
"""Calls, and exits at its first decision in hand 3 of every tournament whose
hand 1 it saw (a restarted process joins in hand 3 or later and plays on)."""
import sys

import testbot


def on_message(message, state):
    if message["type"] == "hand_over" and message["hand"] == 1:
        state.setdefault("seen_hand_1", set()).add((message["tournament"], message["seat"]))


def decide(message, state):
    key = (message["tournament"], message["seat"])
    if message["hand"] == 3 and key in state.get("seen_hand_1", set()):
        sys.stderr.write("crash_bot: exiting in hand 3 of tournament %s\n" % message["tournament"])
        sys.exit(3)
    return {"action": "call"}


testbot.serve(decide, "crash_bot", on_message)
