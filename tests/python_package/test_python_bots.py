"""Python bots in process: the same results on any thread count and as the
same bot in another process, batches, and faults with their tracebacks."""

from __future__ import annotations

import textwrap
from pathlib import Path

import bots_for_tests
import sngsim
from conftest import SOURCE, cli_summary, without_timing


def lineup_config(tmp_path: Path, first: str, tournaments: int = 300) -> Path:
    path = tmp_path / "lineup.yaml"
    path.write_text(textwrap.dedent(f"""\
        name: python-seats
        seed: 21
        tournaments: {tournaments}
        table: {{players: 6}}
        lineup:
          - {first}
          - strategy: tag
          - strategy: rock
          - strategy: maniac
          - strategy: calling_station
          - strategy: random
        """))
    return path


def players(summary: dict) -> list:
    """What every label did, without the clock's fields (process bots only)."""
    cells = []
    for cell in summary["cells"]:
        table = {}
        for label, data in cell["players"].items():
            table[label] = {k: v for k, v in data.items() if k not in ("timeouts", "time_bank_used_s")}
        cells.append((table, cell.get("paired")))
    return cells


def test_an_in_process_bot_gives_the_same_results_on_1_and_2_threads(tmp_path: Path) -> None:
    config = lineup_config(tmp_path, "{strategy: python, object: 'rule_bot:RuleBot', label: rules, "
                                     f"python_path: {SOURCE / 'python' / 'examples'}, params: {{call_fraction: 0.5}}}}")
    one = sngsim.run(config, threads=1, progress=False, out=tmp_path / "one")
    two = sngsim.run(config, threads=2, progress=False, out=tmp_path / "two", set={"bots.tables_in_flight": 7})
    # bots.tables_in_flight changes the config's hash, and nothing else
    assert without_timing(one.summary, "config_hash") == without_timing(two.summary, "config_hash")
    assert one.cells[0].player("rules").faults == 0
    # Where the time goes (docs/statistics.md, "Decision times"): the Python
    # bot's every decision is timed, the built-ins' none.
    times = {t["label"]: t for t in one.summary["provenance"]["decision_times"]}
    assert times["rules"]["decisions"] > 0
    assert times["rules"]["timed"] == times["rules"]["decisions"]
    assert times["rules"]["total_s"] > 0
    assert times["tag"]["timed"] == 0 and times["tag"]["decisions"] > 0


def test_an_in_process_bot_plays_as_the_same_bot_in_a_process(tmp_path: Path) -> None:
    config = lineup_config(tmp_path, "{strategy: python, object: 'rule_bot:RuleBot', label: rules, "
                                     f"python_path: {SOURCE / 'python' / 'examples'}}}")
    inside = sngsim.run(config, threads=2, progress=False, out=tmp_path / "inside")
    process = lineup_config(tmp_path, "{strategy: process, label: rules, "
                                      f"command: [python3, {SOURCE / 'python' / 'examples' / 'rule_bot.py'}]}}")
    outside = cli_summary(process, tmp_path / "outside", "-t", "2")
    assert players(inside.summary) == players(outside)


def test_bots_dict_names_a_strategy(tmp_path: Path) -> None:
    config = lineup_config(tmp_path, "{strategy: mine}")
    results = sngsim.run(config, bots={"mine": bots_for_tests.CallBot}, progress=False, out=tmp_path / "o")
    mine = results.cells[0].player("mine")
    assert mine.entries == 300 and mine.faults == 0


def test_decide_batch_is_asked_batches(tmp_path: Path) -> None:
    config = lineup_config(tmp_path, "{strategy: batch, count: 2}", tournaments=400)
    config.write_text(config.read_text().replace("  - strategy: random\n", ""))
    bots_for_tests.BatchBot.batches.clear()
    one = sngsim.run(config, bots={"batch": bots_for_tests.BatchBot}, threads=1, progress=False, out=tmp_path / "a")
    assert max(bots_for_tests.BatchBot.batches) > 8
    two = sngsim.run(config, bots={"batch": bots_for_tests.BatchBot}, threads=2, progress=False, out=tmp_path / "b",
                     set={"bots.tables_in_flight": 3})
    assert without_timing(one.summary, "config_hash") == without_timing(two.summary, "config_hash")


def test_a_bot_that_raises_faults_with_its_traceback_in_the_log(tmp_path: Path) -> None:
    config = lineup_config(tmp_path, "{strategy: raising}")
    results = sngsim.run(config, bots={"raising": bots_for_tests.RaisingBot}, progress=False, out=tmp_path / "o")
    player = results.cells[0].player("raising")
    assert player.faults > 0
    assert player.faults_by_reason == {"error": player.faults}
    log = (tmp_path / "o" / "bots" / "raising.log").read_text()
    assert "Traceback (most recent call last)" in log
    assert "RuntimeError: a bug in hand 10" in log
    assert "bots_for_tests.py" in log


def test_strategy_python_is_refused_by_the_cli_and_a_bad_object_by_python(tmp_path: Path) -> None:
    import subprocess

    from conftest import BINARY

    config = lineup_config(tmp_path, "{strategy: python, object: 'nowhere:Bot'}")
    done = subprocess.run([str(BINARY), "run", str(config), "-q", "-o", str(tmp_path / "cli")], capture_output=True,
                          text=True)
    assert done.returncode == 2
    assert "strategy: python plays only in Python" in done.stderr
    try:
        sngsim.run(config, progress=False, out=tmp_path / "py")
    except sngsim.ConfigError as error:
        assert str(error) == (f"{config}:6:32: lineup[0].object: cannot import nowhere: "
                              "ModuleNotFoundError: No module named 'nowhere'")
    else:
        raise AssertionError("no ConfigError")


def test_a_numpy_bot_gets_arrays_and_plays_as_the_same_policy_in_objects(tmp_path: Path) -> None:
    config = lineup_config(tmp_path, "{strategy: mine, count: 2}")
    config.write_text(config.read_text().replace("  - strategy: random\n", ""))
    bots_for_tests.NumpyCallBot.shapes.clear()
    arrays = sngsim.run(config, bots={"mine": bots_for_tests.NumpyCallBot}, threads=2, progress=False,
                        out=tmp_path / "numpy")
    objects = sngsim.run(config, bots={"mine": bots_for_tests.CallBot}, threads=1, progress=False,
                         out=tmp_path / "objects")
    assert without_timing(arrays.summary) == without_timing(objects.summary)
    shape, dtype, mask_shape, call_always_legal = bots_for_tests.NumpyCallBot.shapes[0]
    assert shape[1] == 242 and dtype == "float32" and mask_shape == (shape[0], 5) and call_always_legal
    assert max(s[0][0] for s in bots_for_tests.NumpyCallBot.shapes) > 8


def test_an_illegal_numpy_index_is_a_fault(tmp_path: Path) -> None:
    config = lineup_config(tmp_path, "{strategy: folder}")
    results = sngsim.run(config, bots={"folder": bots_for_tests.NumpyFoldBot}, progress=False, out=tmp_path / "o")
    player = results.cells[0].player("folder")
    assert player.faults > 0 and player.faults_by_reason == {"illegal": player.faults}


def test_observations_kept_past_their_decision_read_as_when_asked(tmp_path: Path) -> None:
    # The decide line is written when the bot first reads a field, while the
    # table waits; an observation kept unread is read before it goes on.
    config = lineup_config(tmp_path, "{strategy: mine, count: 3}", tournaments=40)
    config.write_text(config.read_text().replace("  - strategy: random\n", "").replace("  - strategy: tag\n", ""))
    bots = bots_for_tests
    bots.ReadingCallBot.seen.clear()
    bots.KeepingCallBot.kept.clear()
    bots.KeepingBatchBot.kept.clear()
    for bot in (bots.ReadingCallBot, bots.KeepingCallBot, bots.KeepingBatchBot):
        sngsim.run(config, bots={"mine": bot}, threads=2, progress=False, out=tmp_path / bot.__name__)
    read_late = sorted(bots.seen_in(obs) for obs in bots.KeepingCallBot.kept)
    read_late_in_batches = sorted(bots.seen_in(obs) for batch in bots.KeepingBatchBot.kept for obs in batch)
    assert len(read_late) > 1000
    assert read_late == sorted(bots.ReadingCallBot.seen) == read_late_in_batches
