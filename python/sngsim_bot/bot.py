"""The bot side of sngsim's bot protocol, versions 1 and 2 (docs/bot-protocol.md).

run(MyBot) reads requests from stdin and answers on stdout, one JSON line
each. Every (tournament, seat) gets its own MyBot instance, created at its
tournament_start, so an instance remembers one seat of one table and
nothing else: that keeps results the same on any number of threads, when
one process plays several seats. A decide of an unknown table (after a
restart the bot is told every table again, so this does not happen with
sngsim) creates the instance on the spot.

With protocol 2 (chosen when sngsim offers it) the decisions waiting for
the bot come together, and the class method decide_batch() answers them
at once: by default it calls decide() of each observation's seat, and a
bot may override it to run one policy evaluation (numpy, torch) per batch.

An exception in decide() is written to stderr (bots/<label>.log) and the
reply is a call, which sngsim reads as a check when checking is free: the
bot keeps playing, and the traceback says why it did not decide.
"""

from __future__ import annotations

import json
import os
import random
import sys
import traceback
from dataclasses import dataclass
from typing import Any, Callable

try:  # parsing requests is most of the kit's time per decision; orjson, when installed, parses faster
    from orjson import loads as _loads  # type: ignore[import-not-found]
except ImportError:  # the standard library is all the kit needs
    _loads = json.loads

PROTOCOL = 2  # the highest version the kit speaks; it answers hello with min(this, sngsim's max_protocol)


@dataclass(frozen=True, slots=True)
class Action:
    """One reply to a decide. `to` is the round total of a raise."""

    kind: str
    to: int | None = None

    @staticmethod
    def fold() -> "Action":
        return _FOLD

    @staticmethod
    def check() -> "Action":
        return _CHECK

    @staticmethod
    def call() -> "Action":
        return _CALL

    @staticmethod
    def raise_to(to: int) -> "Action":
        return Action("raise", int(to))

    def line(self) -> bytes:
        return self.body() + b"\n"

    def body(self) -> bytes:
        """The action as a JSON object, without the line's end."""
        if self.kind == "raise":
            return b'{"action":"raise","to":%d}' % self.to
        return _BODIES[self.kind]


_FOLD = Action("fold")
_CHECK = Action("check")
_CALL = Action("call")
_BODIES = {"fold": b'{"action":"fold"}', "check": b'{"action":"check"}', "call": b'{"action":"call"}'}
_LINES = {kind: body + b"\n" for kind, body in _BODIES.items()}


class Legal:
    """What the player may do: raise sizes are round totals."""

    __slots__ = ("can_fold", "can_check", "call", "can_raise", "min_raise_to", "max_raise_to")

    def __init__(self, legal: dict[str, Any]):
        self.can_fold: bool = legal["can_fold"]
        self.can_check: bool = legal["can_check"]
        self.call: int = legal["call"]
        self.can_raise: bool = legal["can_raise"]
        self.min_raise_to: int = legal["min_raise_to"]
        self.max_raise_to: int = legal["max_raise_to"]

    def __repr__(self) -> str:
        return "Legal(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"


class Observation:
    """A decide request as typed fields. Arrays are in hand order (index 0
    is the first seat left of the button); `seats[i]` is the table seat of
    hand-order player i and `player` the bot's own index."""

    __slots__ = ("raw", "tournament", "seat", "hand", "level", "street", "hole", "board", "button", "player",
                 "seats", "stacks", "bets", "committed", "folded", "pot", "legal", "history", "per_action_ms",
                 "bank_ms", "bot")

    def __init__(self, message: dict[str, Any]):
        self.raw = message
        self.tournament: str = message["tournament"]
        self.seat: int = message["seat"]
        self.hand: int = message["hand"]
        self.level: int = message["level"]
        self.street: str = message["street"]
        self.hole: list[str] = message["hole"]
        self.board: list[str] = message["board"]
        self.button: int = message["button"]
        self.player: int = message["player"]
        self.seats: list[int] = message["seats"]
        self.stacks: list[int] = message["stacks"]
        self.bets: list[int] = message["bets"]
        self.committed: list[int] = message["committed"]
        self.folded: list[bool] = message["folded"]
        self.pot: int = message["pot"]
        self.legal = Legal(message["legal"])
        self.history: list[dict[str, Any]] = message["history"]
        time = message.get("time", {})
        self.per_action_ms: int = time.get("per_action_ms", 0)
        self.bank_ms: int = time.get("bank_ms", 0)
        # The Bot instance of this observation's seat (set by run(); decide_batch uses it).
        self.bot: Bot | None = None

    @property
    def stack(self) -> int:
        """The bot's own chips behind."""
        return self.stacks[self.player]

    @property
    def to_call(self) -> int:
        return self.legal.call

    @property
    def players(self) -> int:
        return len(self.seats)

    def __repr__(self) -> str:
        return f"Observation(hand={self.hand}, street={self.street}, hole={self.hole}, board={self.board}, legal={self.legal})"


class Bot:
    """Override decide(); the other hooks are optional. `self.rng` is this
    seat's random stream, seeded from its rng_seed; `self.params` are the
    entry's params from the experiment file; `self.info` is the
    tournament_start request (players, stack, variant, payouts, blinds...)."""

    name = "python-bot"

    def __init__(self, info: dict[str, Any], params: dict[str, Any]):
        self.info = info
        self.params = params
        self.rng = random.Random(int(info.get("rng_seed", "0")))

    def big_blind(self, level: int) -> int:
        """The big blind of a level (1-based); past the schedule's list every
        level doubles the last one (RULES R4)."""
        blinds = self.info.get("blinds") or [[0, 0, 0]]
        if level <= len(blinds):
            return blinds[max(level, 1) - 1][1]
        return blinds[-1][1] * 2 ** (level - len(blinds))

    def tournament_start(self, info: dict[str, Any]) -> None:
        """Called once, right after the instance is made."""

    def decide(self, obs: Observation) -> Action:
        raise NotImplementedError

    @classmethod
    def decide_batch(cls, observations: list[Observation]) -> list[Action]:
        """Protocol 2: the actions for decisions of many seats and tables
        asked at once, in order; `obs.bot` is each one's seat instance.
        The default asks each seat's decide(); an exception there is logged
        and that seat calls, as with protocol 1."""
        return [_decide_or_call(obs.bot, obs) for obs in observations]

    def hand_over(self, info: dict[str, Any]) -> None:
        """Every public event of the hand (shown cards included), `stacks` after it."""

    def tournament_end(self, info: dict[str, Any]) -> None:
        """`place` (1 is the winner), `places_shared`, `prize` (percent of the pool)."""


def _decide_or_call(bot: Bot, obs: Observation) -> Action:
    try:
        return bot.decide(obs)
    except Exception:  # the bot's own bug: logged, and the seat plays on
        traceback.print_exc(file=sys.stderr)
        sys.stderr.flush()
        return _CALL


def run(bot_class: Callable[[dict[str, Any], dict[str, Any]], Bot], stdin=None, stdout=None) -> None:
    """Speaks the protocol until bye or the end of input. `bot_class` is
    called with (tournament_start request, params) for each seat."""
    reader = stdin if stdin is not None else sys.stdin.buffer
    writer = stdout if stdout is not None else sys.stdout.buffer
    name = getattr(bot_class, "name", "python-bot")
    params: dict[str, Any] = {}
    seats: dict[tuple[str, int], Bot] = {}
    loads = _loads
    # A bot that does not look at hand_over spares parsing it (about half of
    # what a bot reads); sngsim writes "type" first, and any other line is
    # parsed in full.
    skip_hand_over = getattr(bot_class, "hand_over", None) is Bot.hand_over
    decide_batch = getattr(bot_class, "decide_batch", Bot.decide_batch)
    # SNGSIM_BOT_MAX_PROTOCOL=1 (the entry's env:) makes the kit speak
    # protocol 1 only, to compare the two.
    highest = int(os.environ.get("SNGSIM_BOT_MAX_PROTOCOL", PROTOCOL))

    def seat_bot(tournament: str, seat: int) -> Bot:
        bot = seats.get((tournament, seat))
        if bot is None:
            bot = seats[(tournament, seat)] = bot_class({"tournament": tournament, "seat": seat}, params)
        return bot

    for line in reader:
        if skip_hand_over and line.startswith(b'{"type":"hand_over"'):
            continue
        message = loads(line)
        kind = message.get("type")
        if kind == "decide":
            obs = Observation(message)
            obs.bot = seat_bot(obs.tournament, obs.seat)
            writer.write(_decide_or_call(obs.bot, obs).line())
            writer.flush()
        elif kind == "decide_batch":
            observations = []
            for request in message["requests"]:
                obs = Observation(request)
                obs.bot = seat_bot(obs.tournament, obs.seat)
                observations.append(obs)
            try:
                actions = decide_batch(observations)
                bodies = b",".join([action.body() for action in actions])
            except Exception:  # the bot's own bug: logged, and every seat of the batch calls
                traceback.print_exc(file=sys.stderr)
                sys.stderr.flush()
                bodies = b",".join([_BODIES["call"]] * len(observations))
            writer.write(b'{"type":"actions","actions":[' + bodies + b"]}\n")
            writer.flush()
        elif kind == "hand_over":
            bot = seats.get((message["tournament"], message["seat"]))
            if bot is not None:
                bot.hand_over(message)
        elif kind == "tournament_start":
            bot = bot_class(message, params)
            seats[(message["tournament"], message["seat"])] = bot
            bot.tournament_start(message)
        elif kind == "tournament_end":
            bot = seats.pop((message["tournament"], message["seat"]), None)
            if bot is not None:
                bot.tournament_end(message)
        elif kind == "hello":
            params = message.get("params") or {}
            protocol = min(highest, message.get("max_protocol", 1))
            writer.write(json.dumps({"type": "hello", "protocol": protocol, "name": name}).encode() + b"\n")
            writer.flush()
        elif kind == "bye":
            return
