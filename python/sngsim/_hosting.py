"""The Python half of in-process bots (python/bindings/python_bots.cpp).

The C++ runner calls answer_batch() with every question of a bot class
waiting on its thread. The kit's Observation is parsed from the
protocol's decide line (docs/bot-protocol.md), which the C++ side writes
only when the bot first reads an attribute, so a bot that does not look
(an always-call bot) costs no encoding and no parsing. Replies go back as protocol 2's
actions line, which the C++ side judges exactly as a process bot's.
"""

from __future__ import annotations

import importlib
import json
import sys
import traceback
from typing import Any

from sngsim_bot.bot import Bot, Observation

_CALL_BODY = b'{"action":"call"}'


class LazyObservation(Observation):
    """An Observation parsed on first use from its decide line, which the
    C++ side writes only then: `line_of(index)` while the batch is answered."""

    __slots__ = ("_line_of", "_index")

    def __init__(self, line_of: Any, index: int, bot: Any):  # noqa: D107 - parsing waits for the first read
        self._line_of = line_of
        self._index = index
        self.bot = bot

    def __getattr__(self, name: str) -> Any:
        # Called only for a slot not set yet: parse everything once.
        if name in LazyObservation.__slots__:
            raise AttributeError(name)
        bot = self.bot
        Observation.__init__(self, json.loads(self._line_of(self._index)))
        self.bot = bot
        return object.__getattribute__(self, name)

    def __repr__(self) -> str:
        self.hand  # noqa: B018 - parses
        return Observation.__repr__(self)


def import_object(spec: str, python_path: str) -> Any:
    """`module:Class` imported, with `python_path` first on sys.path."""
    if python_path and python_path not in sys.path:
        sys.path.insert(0, python_path)
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise ValueError(f"'{spec}' is not \"module:Class\"")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:
        raise ValueError(f"cannot import {module_name}: {type(error).__name__}: {error}") from error
    try:
        value = module
        for part in attribute.split("."):
            value = getattr(value, part)
    except AttributeError as error:
        raise ValueError(f"module {module_name} has no {attribute}") from error
    return value


def own_decide_batch(cls: Any) -> Any:
    """The class's decide_batch when it overrides the kit's default, else None."""
    method = getattr(cls, "decide_batch", None)
    if method is None or getattr(method, "__func__", None) is Bot.decide_batch.__func__:
        return None
    return method


def make_bot(cls: Any, start_line: bytes, params: dict[str, Any]) -> Any:
    """A seat's bot, as the kit's run() makes it at tournament_start."""
    info = json.loads(start_line)
    bot = cls(info, params)
    start = getattr(bot, "tournament_start", None)
    if start is not None:
        start(info)
    return bot


def format_exception(error: BaseException) -> str:
    return "".join(traceback.format_exception(type(error), error, error.__traceback__))


def answer_batch(decide_batch: Any, bots: list[Any], line_of: Any) -> tuple[bytes, list[Any]]:
    """The actions line for the questions, and (index, reason, traceback)
    of each decide() that raised: that decision is a fault."""
    observations = [LazyObservation(line_of, index, bot) for index, bot in enumerate(bots)]
    try:
        if decide_batch is not None:
            actions = decide_batch(observations)
            if len(actions) != len(observations):
                raise ValueError(f"decide_batch returned {len(actions)} actions for {len(observations)} observations")
            bodies = [action.body() for action in actions]
            failures: list[Any] = []
        else:
            bodies, failures = _decide_each(observations)
        return b'{"type":"actions","actions":[' + b",".join(bodies) + b"]}", failures
    finally:
        _parse_the_kept(observations)


def _decide_each(observations: list[LazyObservation]) -> tuple[list[bytes], list[Any]]:
    bodies = []
    failures = []
    for index, obs in enumerate(observations):
        try:
            bodies.append(obs.bot.decide(obs).body())
        except Exception as error:  # the bot's own bug: a fault of this decision
            failures.append((index, f"decide raised {type(error).__name__}: {error}", format_exception(error)))
            bodies.append(_CALL_BODY)
    return bodies, failures


def _parse_the_kept(observations: list[LazyObservation]) -> None:
    """Parses, while the tables still wait, each observation the bot kept
    (referenced from anywhere but the list), or all when it kept the list:
    after the batch the C++ side cannot write their lines any more. CPython's
    reference counts say what is kept; the counts below are answer_batch's
    own references and getrefcount's argument."""
    kept_list = sys.getrefcount(observations) > 3  # answer_batch's name, this parameter, the argument
    for obs in observations:
        if kept_list or sys.getrefcount(obs) > 3:  # the list, `obs`, the argument
            obs.raw  # noqa: B018 - parses
