#!/usr/bin/env python3
"""Calls, and writes NOISY_BYTES (default 100,000) bytes to stderr before
every decision: the log limit's test."""
import os
import sys

import testbot

NOISE = ("x" * 99 + "\n") * (int(os.environ.get("NOISY_BYTES", "100000")) // 100)


def decide(message, state):
    sys.stderr.write(NOISE)
    sys.stderr.flush()
    return {"action": "call"}


testbot.serve(decide, "noisy_bot")
