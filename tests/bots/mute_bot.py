#!/usr/bin/env python3
"""Never answers the handshake: reads its input and says nothing."""
import sys

sys.stderr.write("mute_bot: started, answering nothing\n")
sys.stderr.flush()
for line in sys.stdin:
    pass
