"""The kit against the protocol: a scripted session through run(), typed
observations, reproducible draws, and the results reader. Run with
`python3 -m unittest discover python/tests` (ctest runs it)."""

import io
import json
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "examples"))

from sngsim_bot import Action, Bot, Observation, results, run  # noqa: E402

START = {"type": "tournament_start", "tournament": "0", "seat": 1, "rng_seed": "8514380232824261372", "players": 2,
         "stack": 1000, "blinds": [[10, 20, 0], [15, 30, 0]], "payouts": [100], "hand_cap": 120}
DECIDE = {"type": "decide", "tournament": "0", "seat": 1, "hand": 1, "level": 1, "street": "preflop",
          "hole": ["Ah", "Ad"], "board": [], "button": 1, "player": 1, "seats": [0, 1], "stacks": [980, 990],
          "bets": [20, 10], "committed": [20, 10], "folded": [False, False], "pot": 30,
          "legal": {"can_fold": True, "can_check": False, "call": 10, "can_raise": True, "min_raise_to": 40,
                    "max_raise_to": 1000},
          "history": [], "time": {"per_action_ms": 5000, "bank_ms": 60000}}


def session(bot_class, messages):
    stdin = io.BytesIO(b"".join(json.dumps(m).encode() + b"\n" for m in messages))
    stdout = io.BytesIO()
    run(bot_class, stdin, stdout)
    return [json.loads(line) for line in stdout.getvalue().splitlines()]


class Recorder(Bot):
    name = "recorder"
    seen = []

    def decide(self, obs):
        Recorder.seen.append((obs, self.params, self.rng.random()))
        return Action.raise_to(obs.legal.min_raise_to)

    def hand_over(self, info):
        Recorder.seen.append(("hand_over", info["hand"]))

    def tournament_end(self, info):
        Recorder.seen.append(("end", info["place"]))


class KitTest(unittest.TestCase):
    def test_session(self):
        Recorder.seen = []
        replies = session(Recorder, [
            {"type": "hello", "protocol": 1, "label": "x", "params": {"level": 2}}, START, DECIDE,
            {"type": "hand_over", "tournament": "0", "seat": 1, "hand": 1, "history": [], "stacks": [0, 2000]},
            {"type": "tournament_end", "tournament": "0", "seat": 1, "place": 1, "places_shared": 1, "prize": 100},
            {"type": "bye"}, {"type": "decide"}])
        self.assertEqual(replies, [{"type": "hello", "protocol": 1, "name": "recorder"},
                                   {"action": "raise", "to": 40}])
        obs, params, draw = Recorder.seen[0]
        self.assertIsInstance(obs, Observation)
        self.assertEqual(obs.hole, ["Ah", "Ad"])
        self.assertEqual(obs.legal.call, 10)
        self.assertEqual(obs.stack, 990)
        self.assertEqual(obs.bank_ms, 60000)
        self.assertEqual(params, {"level": 2})
        import random
        self.assertEqual(draw, random.Random(8514380232824261372).random())  # seeded from rng_seed
        self.assertEqual(Recorder.seen[1:], [("hand_over", 1), ("end", 1)])

    def test_a_failing_decide_is_a_fault_reported_to_sngsim_and_logged_once(self):
        class Broken(Bot):
            def decide(self, obs):
                raise ValueError("a bug")
        stderr, sys.stderr = sys.stderr, io.StringIO()
        try:
            replies = session(Broken, [{"type": "hello", "protocol": 1}, START, DECIDE, DECIDE, DECIDE,
                                       {"type": "bye"}])
            log = sys.stderr.getvalue()
        finally:
            sys.stderr = stderr
        # sngsim counts each as a fault with reason error (docs/bot-protocol.md).
        self.assertEqual(replies[1:], [{"action": "call", "error": "ValueError: a bug"}] * 3)
        self.assertEqual(log.count("Traceback"), 1)  # once per distinct error
        self.assertIn("ValueError: a bug", log)
        self.assertIn("ValueError at ", log)
        self.assertIn("happened 3 times", log)

    def test_on_error_call_answers_call_instead(self):
        class Lenient(Bot):
            on_error = "call"

            def decide(self, obs):
                raise ValueError("a bug")
        stderr, sys.stderr = sys.stderr, io.StringIO()
        try:
            replies = session(Lenient, [{"type": "hello", "protocol": 1}, START, DECIDE, DECIDE])
            log = sys.stderr.getvalue()
        finally:
            sys.stderr = stderr
        self.assertEqual(replies[1:], [{"action": "call"}, {"action": "call"}])
        self.assertEqual(log.count("Traceback"), 1)

    def test_in_a_batch_an_error_faults_its_own_decision_only(self):
        class HalfBroken(Bot):
            def decide(self, obs):
                if obs.seat == 1:
                    raise KeyError("seat 1")
                return Action.fold()
        other = dict(DECIDE, seat=0)
        stderr, sys.stderr = sys.stderr, io.StringIO()
        try:
            replies = session(HalfBroken, [{"type": "hello", "protocol": 1, "max_protocol": 2}, START,
                                           {"type": "decide_batch", "requests": [DECIDE, other]}])
        finally:
            sys.stderr = stderr
        self.assertEqual(replies[1], {"type": "actions", "actions": [
            {"action": "call", "error": "KeyError: 'seat 1'"}, {"action": "fold"}]})

    def test_an_answer_that_is_not_an_action_is_an_error_too(self):
        class Sloppy(Bot):
            def decide(self, obs):
                return None
        stderr, sys.stderr = sys.stderr, io.StringIO()
        try:
            replies = session(Sloppy, [{"type": "hello", "protocol": 1}, START, DECIDE])
        finally:
            sys.stderr = stderr
        self.assertEqual(replies[1]["action"], "call")
        self.assertIn("AttributeError", replies[1]["error"])

    def test_examples_answer_legally(self):
        import random_bot
        import rule_bot
        for bot_class in (random_bot.RandomBot, rule_bot.RuleBot):
            replies = session(bot_class, [{"type": "hello", "protocol": 1}, START] + [DECIDE] * 20)
            for reply in replies[1:]:
                self.assertIn(reply["action"], ("fold", "check", "call", "raise"))
                if reply["action"] == "raise":
                    self.assertTrue(40 <= reply["to"] <= 1000)
        # Aces raise.
        self.assertEqual(session(rule_bot.RuleBot, [START, DECIDE])[0]["action"], "raise")
        import pair_raise_bot  # cpp_bot's strategy: the minimum raise with a pair, else call
        self.assertEqual(session(pair_raise_bot.PairRaiseBot, [START, DECIDE]), [{"action": "raise", "to": 40}])
        unpaired = dict(DECIDE, hole=["Ah", "Kd"])
        self.assertEqual(session(pair_raise_bot.PairRaiseBot, [START, unpaired]), [{"action": "call"}])
        # The same seed, the same choices.
        first = session(random_bot.RandomBot, [START] + [DECIDE] * 30)
        self.assertEqual(first, session(random_bot.RandomBot, [START] + [DECIDE] * 30))

    def test_a_bot_names_the_decide_fields_it_reads_in_hello(self):
        class Narrow(Bot):
            name = "narrow"
            decide_fields = ("legal",)

            def decide(self, obs):
                return Action.call() if obs.legal.can_check else Action.fold()
        hello = session(Narrow, [{"type": "hello", "protocol": 1, "max_protocol": 2}])[0]
        # It does not override hand_over(), so it asks for no hand_over either.
        self.assertEqual(hello, {"type": "hello", "protocol": 2, "name": "narrow", "decide_fields": ["legal"],
                                 "hand_over_fields": []})
        slim = {"type": "decide", "tournament": "0", "seat": 1, "legal": DECIDE["legal"]}
        self.assertEqual(session(Narrow, [START, slim]), [{"action": "fold"}])

    def test_a_bot_that_reads_hand_over_is_sent_it(self):
        # Recorder overrides hand_over(): its hello asks for every field (no key).
        hello = session(Recorder, [{"type": "hello", "protocol": 1, "max_protocol": 2}])[0]
        self.assertNotIn("hand_over_fields", hello)

        class Stacks(Recorder):
            hand_over_fields = ("stacks",)
        hello = session(Stacks, [{"type": "hello", "protocol": 1, "max_protocol": 2}])[0]
        self.assertEqual(hello["hand_over_fields"], ["stacks"])

    def test_protocol_2_batches(self):
        # Offered protocol 2, the kit takes it; a batch is answered in one
        # line, in request order, each seat by its own instance.
        Recorder.seen = []
        other_start = dict(START, tournament="1", seat=0, rng_seed="7")
        other = dict(DECIDE, tournament="1", seat=0, legal=dict(DECIDE["legal"], min_raise_to=60))
        replies = session(Recorder, [
            {"type": "hello", "protocol": 1, "max_protocol": 2}, START, other_start,
            {"type": "decide_batch", "requests": [DECIDE, other]}, {"type": "bye"}])
        self.assertEqual(replies, [{"type": "hello", "protocol": 2, "name": "recorder"},
                                   {"type": "actions", "actions": [{"action": "raise", "to": 40},
                                                                   {"action": "raise", "to": 60}]}])
        import random
        self.assertEqual([draw for _, _, draw in Recorder.seen],
                         [random.Random(8514380232824261372).random(), random.Random(7).random()])
        # Without max_protocol (an older sngsim) it stays on protocol 1.
        self.assertEqual(session(Recorder, [{"type": "hello", "protocol": 1}])[0]["protocol"], 1)

    def test_decide_batch_can_be_overridden(self):
        class Policy(Bot):
            batches = []

            def decide(self, obs):
                raise AssertionError("decide_batch answers")

            @classmethod
            def decide_batch(cls, observations):
                cls.batches.append(len(observations))
                return [Action.fold() for _ in observations]
        replies = session(Policy, [{"type": "hello", "protocol": 1, "max_protocol": 2}, START,
                                   {"type": "decide_batch", "requests": [DECIDE, DECIDE, DECIDE]}])
        self.assertEqual(replies[1], {"type": "actions", "actions": [{"action": "fold"}] * 3})
        self.assertEqual(Policy.batches, [3])

    def test_results_reader(self):
        summary = {"name": "n", "seed": 3, "tournaments_done": 10, "provenance": {"timing_dependent": True},
                   "cells": [{"index": 0, "format": "sit-and-go", "params": {}, "tournaments": 10,
                              "labels": ["py", "tag"],
                              "players": {"tag": {"entries": 10, "faults": 0, "mean_place": 1.4, "win_rate": 0.6},
                                          "py": {"entries": 10, "faults": 2, "mean_place": 1.6, "win_rate": 0.4,
                                                 "faults_by_reason": {"timeout": 2}, "timeouts": 2,
                                                 "time_bank_used_s": 1.5}}}]}
        run_results = results.parse(summary)
        self.assertTrue(run_results.timing_dependent)
        self.assertEqual([p.label for p in run_results.cells[0].players], ["py", "tag"])
        py = run_results.cells[0].player("py")
        self.assertEqual((py.timeouts, py.faults_by_reason, py.time_bank_used_s), (2, {"timeout": 2}, 1.5))
        self.assertIsNone(run_results.cells[0].player("tag").timeouts)
        try:
            import pandas  # noqa: F401
        except ImportError:
            return  # plain objects only
        frame = run_results.players_frame()
        self.assertEqual(list(frame["label"]), ["py", "tag"])

    def test_results_reader_paired_and_intervals(self):
        paired = {"a": "py", "b": "tag", "groups": 0,
                  "roi_diff": {"estimate": -0.2, "ci95_paired": [-0.3, -0.1]},
                  "mean_place_diff": {"estimate": 0.4, "ci95_paired": [-0.1, 0.9]},
                  "win_rate_diff": {"estimate": -0.05, "ci95_paired": None},
                  "roi_diff_adjusted": {"estimate": -0.15, "ci95_paired": [-0.25, 0.05]}}
        summary = {"name": "n", "seed": 3, "cells": [{
            "index": 0, "tournaments": 10, "labels": ["py", "tag"], "paired": [paired],
            "players": {"py": {"entries": 10, "roi_ci95": [-0.5, 0.1],
                               "luck_adjusted": {"roi": {"estimate": -0.1, "ci95": [-0.3, 0.1], "mean_luck": 0.0}}},
                        "tag": {"entries": 10}}}]}
        cell = results.parse(summary).cells[0]
        py = cell.player("py")
        self.assertEqual(py.roi_ci95, results.Interval(-0.5, 0.1))
        self.assertIsNone(py.mean_place_ci95)
        self.assertEqual(py.luck_adjusted["roi"].ci95, results.Interval(-0.3, 0.1))
        mine = cell.paired("py", "tag")
        self.assertEqual((mine.roi.estimate, mine.roi.ci95), (-0.2, results.Interval(-0.3, -0.1)))
        self.assertEqual(mine.roi.adjusted_ci95, results.Interval(-0.25, 0.05))
        # The adjusted ROI decides first: it straddles 0.
        self.assertEqual(mine.verdict, "not separated yet")
        theirs = cell.paired("tag", "py")
        self.assertEqual((theirs.roi.estimate, theirs.roi.ci95), (0.2, results.Interval(0.1, 0.3)))
        self.assertEqual(theirs.mean_place.ci95, results.Interval(-0.9, 0.1))
        self.assertIsNone(theirs.win_rate.ci95)
        with self.assertRaises(KeyError):
            cell.paired("py", "py")


if __name__ == "__main__":
    unittest.main()
