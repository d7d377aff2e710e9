#!/usr/bin/env python3
"""Draws every choice from the rng_seed of its (tournament, seat): the same
seed, the same choices, whichever process or thread plays the table."""
import random

import testbot


def on_message(message, state):
    key = (message["tournament"], message["seat"])
    if message["type"] == "tournament_start":
        state[key] = random.Random(int(message["rng_seed"]))
    elif message["type"] == "tournament_end":
        state.pop(key, None)


def decide(message, state):
    rng = state[(message["tournament"], message["seat"])]
    legal = message["legal"]
    roll = rng.random()
    if legal["can_raise"] and roll < 0.2:
        low, high = legal["min_raise_to"], legal["max_raise_to"]
        return {"action": "raise", "to": rng.randint(low, min(high, low * 3))}
    if legal["can_fold"] and roll > 0.75:
        return {"action": "fold"}
    return {"action": "call"}


testbot.serve(decide, "random_bot", on_message)
