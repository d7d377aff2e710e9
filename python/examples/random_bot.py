#!/usr/bin/env python3
"""Random but reproducible: every choice is drawn from self.rng, seeded from
the seat's rng_seed, so its results are the same on any number of threads.
params: raise_p (default 0.15), fold_p (default 0.25)."""
import _kit  # noqa: F401

from sngsim_bot import Action, Bot, run


class RandomBot(Bot):
    name = "random_bot"
    decide_fields = ("legal",)  # all decide() reads; sngsim sends only this

    def decide(self, obs):
        legal = obs.legal
        roll = self.rng.random()
        if legal.can_raise and roll < float(self.params.get("raise_p", 0.15)):
            top = min(legal.max_raise_to, legal.min_raise_to * 3)
            return Action.raise_to(self.rng.randint(legal.min_raise_to, max(top, legal.min_raise_to)))
        if legal.can_fold and roll > 1.0 - float(self.params.get("fold_p", 0.25)):
            return Action.fold()
        return Action.call()


if __name__ == "__main__":
    run(RandomBot)
