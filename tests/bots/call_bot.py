#!/usr/bin/env python3
"""Always calls (checks when checking is free)."""
import testbot

testbot.serve(lambda message, state: {"action": "call"}, "call_bot")
