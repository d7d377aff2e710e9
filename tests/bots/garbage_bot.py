#!/usr/bin/env python3
"""Answers its decisions in turn with a line that is not JSON, an unknown
action, a raise far beyond its stack, and two calls (the second answers no
request)."""
import sys

import testbot


def decide(message, state):
    turn = state.get("turn", 0)
    state["turn"] = turn + 1
    if turn % 4 == 0:
        sys.stdout.write("this is not json\n")
        sys.stdout.flush()
        return None
    if turn % 4 == 1:
        return {"action": "dance"}
    if turn % 4 == 2:
        return {"action": "raise", "to": 10 ** 12}
    testbot.reply({"action": "call"})
    return {"action": "call"}


testbot.serve(decide, "garbage_bot")
