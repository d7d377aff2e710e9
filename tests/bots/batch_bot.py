#!/usr/bin/env python3
"""A client of protocols 1 and 2 written from docs/bot-protocol.md alone,
standard library only. Every choice is drawn from the rng_seed of its
(tournament, seat), so it plays the same whether asked one decision at a
time (protocol 1) or in batches (protocol 2).

  batch_bot.py [--protocol 1|2] [--narrow] [--fault short|illegal|crash MARKER]

--protocol: the highest version it answers hello with (default 2).
--narrow: asks in hello for the decide field "legal" alone and for no
  hand_over, and exits (a crash) when sent anything else.
--fault short: answers every batch of two or more with one action too few.
--fault illegal: answers the first decide of every batch with a raise to 1.
--fault crash MARKER: exits on the first batch of two or more decides when
  the file MARKER does not exist yet (and creates it), so a restart plays on.
"""
import json
import os
import random
import sys


def decide(message, rngs):
    rng = rngs[(message["tournament"], message["seat"])]
    legal = message["legal"]
    roll = rng.random()
    if legal["can_raise"] and roll < 0.2:
        low, high = legal["min_raise_to"], legal["max_raise_to"]
        return {"action": "raise", "to": rng.randint(low, min(high, low * 3))}
    if legal["can_fold"] and roll > 0.75:
        return {"action": "fold"}
    return {"action": "call"}


def main():
    args = sys.argv[1:]
    highest = int(args[args.index("--protocol") + 1]) if "--protocol" in args else 2
    fault = args[args.index("--fault") + 1] if "--fault" in args else None
    marker = args[args.index("--fault") + 2] if fault == "crash" else None
    narrow = "--narrow" in args
    rngs = {}
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        requests = message["requests"] if kind == "decide_batch" else [message] if kind == "decide" else []
        if narrow and (kind == "hand_over" or any(set(r) != {"type", "tournament", "seat", "legal"} for r in requests)):
            sys.exit("batch_bot --narrow was sent more than it asked for: " + line)
        if kind == "hello":
            protocol = min(highest, message.get("max_protocol", 1))
            reply = {"type": "hello", "protocol": protocol, "name": "batch_bot"}
            if narrow:
                reply.update(decide_fields=["legal"], hand_over_fields=[])
        elif kind == "tournament_start":
            rngs[(message["tournament"], message["seat"])] = random.Random(int(message["rng_seed"]))
            continue
        elif kind == "tournament_end":
            rngs.pop((message["tournament"], message["seat"]), None)
            continue
        elif kind == "decide":
            reply = decide(message, rngs)
        elif kind == "decide_batch":
            requests = message["requests"]
            if fault == "crash" and len(requests) >= 2 and not os.path.exists(marker):
                open(marker, "w").close()
                sys.exit(3)
            actions = [decide(request, rngs) for request in requests]
            if fault == "short" and len(actions) >= 2:
                actions.pop()
            if fault == "illegal":
                actions[0] = {"action": "raise", "to": 1}
            reply = {"type": "actions", "actions": actions}
        elif kind == "bye":
            return
        else:
            continue  # hand_over, and whatever later versions add
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


main()
