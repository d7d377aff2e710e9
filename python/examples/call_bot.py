#!/usr/bin/env python3
"""Always calls (checks when checking is free): the benchmark's bot."""
import _kit  # noqa: F401

from sngsim_bot import Action, Bot, run


class CallBot(Bot):
    name = "call_bot"

    def decide(self, obs):
        return Action.call()


if __name__ == "__main__":
    run(CallBot)
