#!/usr/bin/env python3
"""Always calls (checks when checking is free): the benchmark's bot."""
import _kit  # noqa: F401

from sngsim_bot import Action, Bot, run


class CallBot(Bot):
    name = "call_bot"
    decide_fields = ("legal",)  # all it needs to be sent (a call needs nothing; a test reads legal)

    def decide(self, obs):
        return Action.call()


if __name__ == "__main__":
    run(CallBot)
