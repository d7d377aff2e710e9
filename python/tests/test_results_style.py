"""The results reader's playing-style statistics (`run --style`): each
label's rows of summary.json's cells[i].style become Player.style."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from sngsim_bot import results  # noqa: E402


class StyleReaderTest(unittest.TestCase):
    def test_style_rows_become_typed_statistics(self):
        summary = {"name": "n", "seed": 3, "tournaments_done": 2,
                   "cells": [{"index": 0, "tournaments": 2, "labels": ["py", "tag"],
                              "players": {"py": {"entries": 2}, "tag": {"entries": 2}},
                              "style": [{"label": "py", "statistic": "vpip", "value": 0.25, "ci95": [0.1, 0.5],
                                         "acts": 3, "opportunities": 12, "units": 2},
                                        {"label": "tag", "statistic": "aggression_factor_flop", "value": None,
                                         "ci95": None, "acts": 2, "opportunities": 0, "units": 1}]}]}
        cell = results.parse(summary).cells[0]
        vpip = cell.player("py").style["vpip"]
        self.assertEqual((vpip.value, vpip.acts, vpip.opportunities, vpip.units), (0.25, 3, 12, 2))
        self.assertEqual(vpip.ci95, results.Interval(0.1, 0.5))
        factor = cell.player("tag").style["aggression_factor_flop"]
        self.assertIsNone(factor.value)
        self.assertIsNone(factor.ci95)
        self.assertEqual(cell.player("tag").style.keys(), {"aggression_factor_flop"})

    def test_runs_without_style_have_none(self):
        summary = {"name": "n", "seed": 3, "cells": [{"index": 0, "tournaments": 1, "labels": ["a"],
                                                      "players": {"a": {"entries": 1}}}]}
        self.assertEqual(results.parse(summary).cells[0].player("a").style, {})


if __name__ == "__main__":
    unittest.main()
