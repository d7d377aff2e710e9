"""The protocol loop the test bots share (docs/bot-protocol.md), written
from the document alone with the standard library: read a JSON line, answer
hello and decide, ignore the rest, stop at bye. A bot passes its own
decide(message, state) and may hook the other messages."""

import json
import sys


def reply(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def serve(decide, name, on_message=None, on_hello=None):
    state = {}
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            if on_hello is not None:
                on_hello(message, state)
            reply({"type": "hello", "protocol": 1, "name": name})
        elif kind == "decide":
            answer = decide(message, state)
            if answer is not None:
                reply(answer)
        elif kind == "bye":
            return
        elif on_message is not None:
            on_message(message, state)
