"""The experiment text both environments hand to the C++ tables."""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence

from sngsim import _env

OBSERVATION_SIZE: int = _env.OBSERVATION_SIZE
ENCODING_VERSION: int = _env.ENCODING_VERSION

Opponent = "str | Mapping[str, Any]"


def table_config(
    players: int = 6,
    stack: int = 1000,
    blinds: str = "normal",
    opponents: Sequence[str | Mapping[str, Any]] = ("calling_station",),
    payouts: Sequence[int] | None = None,
    config: Mapping[str, Any] | None = None,
) -> str:
    """An experiment file's text (JSON is YAML) for one sit-and-go cell.

    ``opponents`` fill the seats the learners leave, in order and repeated:
    a strategy name, or an entry of an experiment's lineup
    (``{"strategy": "maniac", "params": {"size": 0.25}}``). ``config`` adds
    or replaces top-level keys of the experiment (docs/config-reference.md),
    for example ``{"table": {..., "game": "plo"}}``.
    """
    if not opponents:
        raise ValueError("opponents: name at least one bot")
    lineup = [{"strategy": o} if isinstance(o, str) else dict(o) for o in opponents]
    document: dict[str, Any] = {
        "name": "sit_and_go_v0",
        "table": {"players": players, "stack": stack, "blinds": blinds},
        "lineup": lineup,
    }
    if payouts is not None:
        document["payouts"] = {"places": list(payouts)}
    if config:
        document.update(config)
    return json.dumps(document)
