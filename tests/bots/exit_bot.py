#!/usr/bin/env python3
"""Answers hello, then exits at every decision: a broken setup."""
import sys

import testbot


def decide(message, state):
    sys.stderr.write("exit_bot: giving up\n")
    sys.exit(1)


testbot.serve(decide, "exit_bot")
