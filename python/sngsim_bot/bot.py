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

An exception in decide() (or decide_batch(), or an answer that is not an
Action) is the bot's own bug, and sngsim counts it as a fault with reason
`error`: the reply carries an "error" field with the exception, the seat
checks or folds (RULES V5), and the traceback goes to stderr
(bots/<label>.log) once per distinct error, with a count of the rest at
the end. A bot class that sets `on_error = "call"` answers call instead,
and sngsim sees no fault (the traceback is logged the same way).
"""

from __future__ import annotations

import importlib
import json
import os
import random
import sys
import traceback
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import IO, Any, ClassVar, Generic, Literal, TypeVar, cast

_loads: Callable[[bytes], Any]
try:  # parsing requests is most of the kit's time per decision; orjson, when installed, parses faster
    _loads = importlib.import_module("orjson").loads
except ImportError:  # the standard library is all the kit needs
    _loads = json.loads

PROTOCOL = 2  # the highest version the kit speaks; it answers hello with min(this, sngsim's max_protocol)

Message = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Action:
    """One reply to a decide. `to` is the round total of a raise."""

    kind: str
    to: int | None = None

    @staticmethod
    def fold() -> Action:
        return _FOLD

    @staticmethod
    def check() -> Action:
        return _CHECK

    @staticmethod
    def call() -> Action:
        return _CALL

    @staticmethod
    def raise_to(to: int) -> Action:
        return Action("raise", int(to))

    def line(self) -> bytes:
        return self.body() + b"\n"

    def body(self) -> bytes:
        """The action as a JSON object, without the line's end."""
        if self.kind == "raise":
            return b'{"action":"raise","to":%d}' % (self.to if self.to is not None else 0)
        return _BODIES[self.kind]


_FOLD = Action("fold")
_CHECK = Action("check")
_CALL = Action("call")
_BODIES = {"fold": b'{"action":"fold"}', "check": b'{"action":"check"}', "call": b'{"action":"call"}'}


class Legal:
    """What the player may do: raise sizes are round totals. When raising
    is closed both raise fields are 0; when checking is free `can_fold`
    is false (a fold would be a check) and `call` is 0."""

    __slots__ = ("can_fold", "can_check", "call", "can_raise", "min_raise_to", "max_raise_to")

    def __init__(self, legal: Message):
        self.can_fold: bool = legal["can_fold"]
        self.can_check: bool = legal["can_check"]
        self.call: int = legal["call"]
        self.can_raise: bool = legal["can_raise"]
        self.min_raise_to: int = legal["min_raise_to"]
        self.max_raise_to: int = legal["max_raise_to"]

    def __repr__(self) -> str:
        return "Legal(" + ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__) + ")"


T = TypeVar("T")


class _Field(Generic[T]):
    """An Observation field read from the request when first asked for."""

    def __init__(self, key: str):
        self.key = key

    def __get__(self, obs: Any, owner: Any = None) -> T:
        return cast(T, obs.raw[self.key])


class Observation:
    """A decide request as typed fields. Arrays are in hand order (index 0
    is the first seat left of the button); `seats[i]` is the table seat of
    hand-order player i and `player` the bot's own index. Fields are read
    from the request when first asked for, so a bot pays only for what it
    looks at."""

    __slots__ = ("raw", "bot", "_legal")

    def __init__(self, message: Message):
        self.raw = message
        # The Bot instance of this observation's seat (set by run(); decide_batch uses it).
        self.bot: Bot | None = None
        self._legal: Legal | None = None

    tournament = _Field[str]("tournament")
    seat = _Field[int]("seat")
    hand = _Field[int]("hand")
    level = _Field[int]("level")
    street = _Field[str]("street")
    hole = _Field[list[str]]("hole")
    board = _Field[list[str]]("board")
    button = _Field[int]("button")
    player = _Field[int]("player")
    seats = _Field[list[int]]("seats")
    stacks = _Field[list[int]]("stacks")
    bets = _Field[list[int]]("bets")
    committed = _Field[list[int]]("committed")
    folded = _Field[list[bool]]("folded")
    pot = _Field[int]("pot")
    history = _Field[list[Message]]("history")

    @property
    def legal(self) -> Legal:
        if self._legal is None:
            self._legal = Legal(self.raw["legal"])
        return self._legal

    @property
    def per_action_ms(self) -> int:
        value: int = self.raw.get("time", {}).get("per_action_ms", 0)
        return int(value)

    @property
    def bank_ms(self) -> int:
        value: int = self.raw.get("time", {}).get("bank_ms", 0)
        return int(value)

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
        return (f"Observation(hand={self.hand}, street={self.street}, hole={self.hole}, board={self.board}, "
                f"legal={self.legal})")


class Bot:
    """Override decide(); the other hooks are optional. `self.rng` is this
    seat's random stream, seeded from its rng_seed; `self.params` are the
    entry's params from the experiment file; `self.info` is the
    tournament_start request (players, stack, variant, payouts, blinds...).

    `on_error`: what an exception in decide() makes the reply. "fault"
    (the default) tells sngsim, which counts a fault with reason `error`
    (the seat checks or folds); "call" answers call and sngsim sees nothing
    wrong. Either way the traceback is logged once per distinct error.

    `decide_fields`: the decide fields the bot reads ("legal", "hole",
    "history"...; docs/bot-protocol.md), sent in hello so that sngsim
    writes only those (tournament and seat always come): less to parse,
    which is most of a simple bot's time. None (the default): all of them.
    An Observation field the bot did not ask for raises KeyError.

    `hand_over_fields`: the same for hand_over ("hand", "seats", "stacks",
    "history"); an empty list asks sngsim to send no hand_over at all.
    None (the default): all of them when the class overrides hand_over(),
    none when it does not (then nothing would read them)."""

    name: ClassVar[str] = "python-bot"
    on_error: ClassVar[Literal["fault", "call"]] = "fault"
    decide_fields: ClassVar[Sequence[str] | None] = None
    hand_over_fields: ClassVar[Sequence[str] | None] = None

    def __init__(self, info: Message, params: Message):
        self.info = info
        self.params = params
        self.rng = random.Random(int(info.get("rng_seed", "0")))

    def big_blind(self, level: int) -> int:
        """The big blind of a level (1-based); past the schedule's list every
        level doubles the last one (RULES R4)."""
        blinds: list[list[int]] = self.info.get("blinds") or [[0, 0, 0]]
        if level <= len(blinds):
            return blinds[max(level, 1) - 1][1]
        return blinds[-1][1] << (level - len(blinds))

    def tournament_start(self, info: Message) -> None:
        """Called once, right after the instance is made."""

    def decide(self, obs: Observation) -> Action:
        raise NotImplementedError

    @classmethod
    def decide_batch(cls, observations: Sequence[Observation]) -> list[Action]:
        """Protocol 2: the actions for decisions of many seats and tables
        asked at once, in order; `obs.bot` is each one's seat instance.
        The default asks each seat's decide(). An exception here faults
        every decision of the batch (see on_error)."""
        actions: list[Action] = []
        for obs in observations:
            assert obs.bot is not None  # run() sets it
            actions.append(obs.bot.decide(obs))
        return actions

    def hand_over(self, info: Message) -> None:
        """Every public event of the hand (shown cards included), `stacks` after it."""

    def tournament_end(self, info: Message) -> None:
        """`place` (1 is the winner), `places_shared`, `prize` (percent of the pool)."""


BotFactory = Callable[[Message, Message], Bot]


class _ErrorLog:
    """Logs each distinct error (its type and where it was raised) once,
    with its traceback, and counts the rest; the counts are written at the
    end so a bot that fails on every decision writes a few lines, not a
    traceback per decision."""

    def __init__(self, stream: IO[str] | None = None):
        self.stream = stream
        self.counts: dict[tuple[str, tuple[tuple[str, int], ...]], int] = {}

    def note(self, error: BaseException) -> None:
        frames = tuple((frame.filename, frame.lineno or 0) for frame in traceback.extract_tb(error.__traceback__))
        key = (type(error).__name__, frames)
        seen = self.counts.get(key, 0)
        self.counts[key] = seen + 1
        if seen == 0:
            stream = self.stream or sys.stderr
            traceback.print_exception(type(error), error, error.__traceback__, file=stream)
            stream.write("sngsim_bot: the error above is logged once; how often it happened is written at the end\n")
            stream.flush()

    def summary(self) -> None:
        repeated = [(key, count) for key, count in self.counts.items() if count > 1]
        if not repeated:
            return
        stream = self.stream or sys.stderr
        for (kind, frames), count in repeated:
            where = f"{frames[-1][0]}:{frames[-1][1]}" if frames else "?"
            stream.write(f"sngsim_bot: {kind} at {where} happened {count} times\n")
        stream.flush()


def _error_body(error: BaseException, on_error: str) -> bytes:
    """The reply for a decision whose decide() raised."""
    if on_error == "call":
        return _BODIES["call"]
    text = f"{type(error).__name__}: {error}"[:200]
    # The call is what a sngsim that predates the error field plays.
    return b'{"action":"call","error":' + json.dumps(text).encode() + b"}"


def run(bot_class: type[Bot] | BotFactory, stdin: IO[bytes] | None = None, stdout: IO[bytes] | None = None) -> None:
    """Speaks the protocol until bye or the end of input. `bot_class` is
    called with (tournament_start request, params) for each seat."""
    reader: Iterable[bytes] = stdin if stdin is not None else sys.stdin.buffer
    writer: IO[bytes] = stdout if stdout is not None else sys.stdout.buffer
    name: str = getattr(bot_class, "name", "python-bot")
    on_error: str = getattr(bot_class, "on_error", "fault")
    errors = _ErrorLog()
    params: Message = {}
    seats: dict[tuple[str, int], Bot] = {}
    loads = _loads
    # A bot that does not look at hand_over spares parsing it (about half of
    # what a bot reads); sngsim writes "type" first, and any other line is
    # parsed in full.
    skip_hand_over = getattr(bot_class, "hand_over", None) is Bot.hand_over
    decide_batch: Callable[[Sequence[Observation]], list[Action]] = getattr(bot_class, "decide_batch",
                                                                            Bot.decide_batch)
    own_batch = getattr(decide_batch, "__func__", None) is not Bot.decide_batch.__func__  # type: ignore[attr-defined]
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
        message: Message = loads(line)
        kind = message.get("type")
        if kind == "decide":
            obs = Observation(message)
            bot = obs.bot = seat_bot(message["tournament"], message["seat"])
            try:
                body = bot.decide(obs).body()
            except Exception as error:  # the bot's own bug
                errors.note(error)
                body = _error_body(error, on_error)
            writer.write(body + b"\n")
            writer.flush()
        elif kind == "decide_batch":
            observations = []
            for request in message["requests"]:
                obs = Observation(request)
                obs.bot = seat_bot(request["tournament"], request["seat"])
                observations.append(obs)
            if own_batch:
                try:
                    bodies = b",".join([action.body() for action in decide_batch(observations)])
                except Exception as error:  # the bot's own bug: every decision of the batch
                    errors.note(error)
                    bodies = b",".join([_error_body(error, on_error)] * len(observations))
            else:  # decide() seat by seat: an error faults its own decision only
                parts = []
                for obs in observations:
                    try:
                        parts.append(obs.bot.decide(obs).body())  # type: ignore[union-attr]
                    except Exception as error:
                        errors.note(error)
                        parts.append(_error_body(error, on_error))
                bodies = b",".join(parts)
            writer.write(b'{"type":"actions","actions":[' + bodies + b"]}\n")
            writer.flush()
        elif kind == "hand_over":
            seated = seats.get((message["tournament"], message["seat"]))
            if seated is not None:
                seated.hand_over(message)
        elif kind == "tournament_start":
            started = bot_class(message, params)
            seats[(message["tournament"], message["seat"])] = started
            started.tournament_start(message)
        elif kind == "tournament_end":
            ended = seats.pop((message["tournament"], message["seat"]), None)
            if ended is not None:
                ended.tournament_end(message)
        elif kind == "hello":
            params = message.get("params") or {}
            protocol = min(highest, message.get("max_protocol", 1))
            hello: Message = {"type": "hello", "protocol": protocol, "name": name}
            fields = getattr(bot_class, "decide_fields", None)
            if fields is not None:
                hello["decide_fields"] = list(fields)
            hand_over_fields = getattr(bot_class, "hand_over_fields", None)
            if hand_over_fields is None and skip_hand_over:
                hand_over_fields = ()  # nothing reads them: sngsim need not write them
            if hand_over_fields is not None:
                hello["hand_over_fields"] = list(hand_over_fields)
            writer.write(json.dumps(hello).encode() + b"\n")
            writer.flush()
        elif kind == "bye":
            break
    errors.summary()
