"""sngsim.run(): the CLI's numbers bit for bit, typed results, DataFrames,
the CLI's error messages as exceptions, and Ctrl-C."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import sngsim
from conftest import BINARY, SOURCE, cli_summary, without_timing


def test_quickstart_is_bit_identical_to_the_cli(tmp_path: Path) -> None:
    config = SOURCE / "configs" / "quickstart.yaml"
    expected = cli_summary(config, tmp_path / "cli", "-n", "600", "-s", "11", "-t", "2")
    results = sngsim.run(config, tournaments=600, seed=11, threads=2, progress=False, out=tmp_path / "py")
    assert without_timing(results.summary) == without_timing(expected)
    written = json.loads((tmp_path / "py" / "summary.json").read_text())
    assert written == results.summary
    assert not results.partial


def test_a_dict_config_and_set_give_the_file_s_numbers(tmp_path: Path) -> None:
    text = textwrap.dedent("""\
        name: small
        seed: 5
        tournaments: 300
        table: {players: 4, stack: 800}
        adjust_luck: true
        lineup:
          - strategy: tag
          - strategy: rock
          - strategy: maniac
          - strategy: calling_station
        """)
    (tmp_path / "small.yaml").write_text(text)
    expected = cli_summary(tmp_path / "small.yaml", tmp_path / "cli", "--set", "table.stack=1000", "-t", "1")
    config = {"name": "small", "seed": 5, "tournaments": 300, "table": {"players": 4, "stack": 800},
              "adjust_luck": True,
              "lineup": [{"strategy": s} for s in ("tag", "rock", "maniac", "calling_station")]}
    results = sngsim.run(config, set={"table.stack": 1000}, threads=2, progress=False, out=tmp_path / "py")
    mine, theirs = without_timing(results.summary), without_timing(expected)
    for summary in (mine, theirs):  # the source and its hash differ: a dict is not the file's text
        summary["provenance"].pop("config_hash", None)
    assert mine == theirs


def test_typed_results_and_tidy_frames(tmp_path: Path) -> None:
    results = sngsim.run(SOURCE / "configs" / "quickstart.yaml", tournaments=400, seed=3, progress=False,
                         set={"adjust_luck": True}, out=tmp_path / "py")
    cell = results.cells[0]
    labels = [p.label for p in cell.players]
    assert labels == list(results.summary["cells"][0]["labels"])
    tag = cell.player(labels[0])
    assert tag.roi_ci95 is not None and tag.roi_ci95.lo <= tag.roi <= tag.roi_ci95.hi
    assert tag.luck_adjusted["roi"].estimate is not None
    pair = cell.paired(labels[0], labels[1])
    assert pair.roi.ci95 is not None
    frames = results.to_pandas()
    roi = frames.players[(frames.players.metric == "roi") & (frames.players.label == labels[0])]
    assert roi.estimate.iloc[0] == tag.roi
    assert set(frames.paired.metric) == {"roi", "mean_place", "win_rate"}
    assert abs(frames.places.groupby("label").share.sum().iloc[0] - 1.0) < 1e-9


def cli_error(args: list[str]) -> str:
    done = subprocess.run([str(BINARY), "run", *args], capture_output=True, text=True)
    assert done.returncode == 2
    return done.stderr.strip()


def test_a_config_error_carries_the_cli_s_message(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\nlineup:\n  - strategy: tagg\n")
    with pytest.raises(sngsim.ConfigError) as raised:
        sngsim.run(bad, progress=False, out=tmp_path / "py")
    assert str(raised.value) == cli_error([str(bad), "-q", "-o", str(tmp_path / "cli")])
    assert str(raised.value).startswith(f"{bad}:3:15: unknown strategy 'tagg'")
    assert isinstance(raised.value, ValueError)


def test_a_bad_set_and_an_existing_folder_are_errors(tmp_path: Path) -> None:
    config = SOURCE / "configs" / "quickstart.yaml"
    with pytest.raises(sngsim.ConfigError) as raised:
        sngsim.run(config, set={"table.players": 99}, progress=False, out=tmp_path / "a")
    assert str(raised.value) == cli_error([str(config), "--set", "table.players=99", "-q", "-o", str(tmp_path / "b")])
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "mine.txt").write_text("keep")
    with pytest.raises(sngsim.SessionError) as refused:
        sngsim.run(config, tournaments=10, progress=False, out=tmp_path / "taken")
    assert str(refused.value) == cli_error([str(config), "-n", "10", "-q", "-o", str(tmp_path / "taken")])
    assert (tmp_path / "taken" / "mine.txt").read_text() == "keep"


def test_ctrl_c_returns_partial_results(tmp_path: Path) -> None:
    script = textwrap.dedent(f"""\
        import json, sys
        import sngsim
        print("started", flush=True)
        results = sngsim.run({str(SOURCE / 'configs' / 'bench.yaml')!r}, tournaments=50_000_000, threads=2,
                             progress=False, out={str(tmp_path / 'out')!r})
        print(json.dumps({{"partial": results.partial, "done": results.tournaments_done}}), flush=True)
        """)
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "started"
    time.sleep(1.5)
    child.send_signal(signal.SIGINT)
    out, err = child.communicate(timeout=60)
    assert child.returncode == 0, err
    reply = json.loads(out.strip().splitlines()[-1])
    assert reply["partial"] is True
    assert 0 < reply["done"] < 50_000_000
    summary = json.loads((tmp_path / "out" / "summary.json").read_text())
    assert summary["partial"] is True
    assert "Stopped early: partial results" in err
