#!/usr/bin/env python3
"""A small rule-based player: before the flop it raises pairs and two high
cards, calls small prices with suited or connected cards and folds the
rest; after the flop it bets a made pair (with a hole card) at half the pot
and calls up to a third of the pot otherwise. With 10 big blinds or fewer it
moves in with any pair or an ace. params: call_fraction (default 0.33)."""
import _kit  # noqa: F401

from sngsim_bot import Action, Bot, run

RANKS = "23456789TJQKA"


def rank(card):
    return RANKS.index(card[0])


class RuleBot(Bot):
    name = "rule_bot"
    # What decide() reads (obs.stack is stacks[player]); sngsim sends only these.
    decide_fields = ("level", "street", "hole", "board", "player", "stacks", "pot", "legal")

    def decide(self, obs):
        legal = obs.legal
        ranks = sorted((rank(c) for c in obs.hole), reverse=True)
        pair = ranks[0] == ranks[1]
        big_blind = max(self.big_blind(obs.level), 1)
        if obs.street == "preflop":
            strong = pair or ranks[1] >= RANKS.index("T")
            if obs.stack <= 10 * big_blind and (pair or ranks[0] == 12) and legal.can_raise:
                return Action.raise_to(legal.max_raise_to)
            if strong and legal.can_raise:
                return Action.raise_to(min(legal.max_raise_to, max(legal.min_raise_to, 3 * big_blind)))
            suited = obs.hole[0][1] == obs.hole[1][1]
            connected = abs(ranks[0] - ranks[1]) == 1
            if legal.can_check or ((suited or connected or strong) and legal.call <= 2 * big_blind):
                return Action.call()
            return Action.fold()
        board = {c[0] for c in obs.board}
        made = pair or any(c[0] in board for c in obs.hole)
        if made and legal.can_raise:
            return Action.raise_to(min(legal.max_raise_to, max(legal.min_raise_to, legal.call + obs.pot // 2)))
        if legal.can_check or legal.call <= float(self.params.get("call_fraction", 0.33)) * obs.pot:
            return Action.call()
        return Action.fold()


if __name__ == "__main__":
    run(RuleBot)
