#!/usr/bin/env python3
"""The strategy of bots/cpp's cpp_bot without --call, in Python: before the
flop it raises the minimum with a pocket pair, else it checks or calls.
Two programs of one strategy, so `sngsim check fairness --command
'python3 python/examples/pair_raise_bot.py' --command 'build/bots/cpp_bot'`
must pass as one program would."""
import _kit  # noqa: F401

from sngsim_bot import Action, Bot, Observation, run


class PairRaiseBot(Bot):
    name = "pair_raise_bot"
    decide_fields = ("street", "hole", "legal")  # what decide() reads, as cpp_bot asks

    def decide(self, obs: Observation) -> Action:
        hole = obs.hole
        if obs.street == "preflop" and obs.legal.can_raise and hole[0][0] == hole[1][0]:
            return Action.raise_to(obs.legal.min_raise_to)
        return Action.call()


if __name__ == "__main__":
    run(PairRaiseBot)
