#!/usr/bin/env python3
"""Answers its decisions in turn with the near misses a newcomer's bot
sends: a raise whose "to" is a whole decimal (accepted), "CALL", "allin",
an amount without an action, a raise to a string, a raise to a fraction,
and an error report (the kit's reply when decide() raises)."""
import testbot

REPLIES = [
    lambda m: {"action": "raise", "to": float(m["legal"]["min_raise_to"])},  # 40.0: fine
    lambda m: {"action": "CALL"},
    lambda m: {"action": "allin"},
    lambda m: {"amount": 40},
    lambda m: {"action": "raise", "to": str(m["legal"]["min_raise_to"])},
    lambda m: {"action": "raise", "to": m["legal"]["min_raise_to"] + 0.5},
    lambda m: {"action": "call", "error": "ValueError: a bug\x1b[31m"},
]


def decide(message, state):
    turn = state.get("turn", 0)
    state["turn"] = turn + 1
    return REPLIES[turn % len(REPLIES)](message)


testbot.serve(decide, "near_miss_bot")
