#!/usr/bin/env python3
"""Answers every other decision with a line of 3 MiB (past the protocol's
1 MiB limit), written in pieces with pauses so that sngsim sees a line
without a newline for a while; the other decisions it calls. The long line
must fault its decision by its own reason and leave the bot in step."""
import sys
import time

import testbot


def decide(message, state):
    turn = state.get("turn", 0)
    state["turn"] = turn + 1
    if turn % 2 == 1:
        return {"action": "call"}
    piece = "x" * (512 * 1024)
    for _ in range(6):
        sys.stdout.write(piece)
        sys.stdout.flush()
        time.sleep(0.001)
    sys.stdout.write("\n")
    sys.stdout.flush()
    return None


testbot.serve(decide, "long_line_bot")
