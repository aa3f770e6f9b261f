"""Bad command-line values: one line on stderr and exit status 2, never a traceback, a hang or a value
quietly changed; output to a closed pipe, a full disk or a non-UTF-8 terminal ends cleanly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from places import DATA, ROOT

from engine.__main__ import main as engine_main
from game.app import run as salon_run

ARENA = ["arena", "--game", "uragan", "--games", "1", "--quiet"]


def _status(call, argv: list[str]) -> int:
    try:
        return call(argv)
    except SystemExit as stop:
        return stop.code


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    return err


@pytest.mark.parametrize("extra", [
    ["--bots", "club,club", "--budget", "inf"], ["--bots", "club,club", "--budget", "nan"],
    ["--bots", "club,club", "--budget", "-1"], ["--bots", "club,club", "--budget", "0"],
    ["--bots", "club,club", "--jobs", "0"], ["--bots", "club,club", "--jobs", "-3"],
    ["--bots", "club,,club"], ["--bots", "club,club,"], ["--bots", "club,club", "--seed", "x"],
    ["--bots", "club,club", "--games", "0"], ["--bots", "club"], ["--bots", "club,wizard"],
])
def test_arena_refuses_bad_values(capsys: pytest.CaptureFixture[str], extra: list[str]) -> None:
    argv = [*ARENA, *extra] + ([] if "--seed" in extra else ["--seed", "1"])
    assert _status(engine_main, argv) == 2
    _one_line(capsys)


def _record(tmp_path: Path, change) -> str:
    rec = json.loads((DATA / "uragan_claims.json").read_text(encoding="utf-8"))
    change(rec)
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize(("change", "says"), [
    (lambda r: r["deals"][0].__setitem__("dealer", 1.0), "deal 1"),
    (lambda r: r.pop("players"), "players"),
    (lambda r: r["deals"][0]["plays"].__setitem__(2, {"card": 7}), "deal 1, play 3"),
    (lambda r: r["deals"][0]["plays"][1].__setitem__("take", "all"), "deal 1, play 2"),
])
def test_replay_names_the_deal_and_play(tmp_path: Path, capsys: pytest.CaptureFixture[str], change,
                                        says: str) -> None:
    assert _status(engine_main, ["replay", _record(tmp_path, change)]) == 2
    assert says in _one_line(capsys)


def _engine(*args: str, **kw) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), **kw.pop("env", {})}
    kw.setdefault("stdout", subprocess.PIPE)
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, env=env, stderr=subprocess.PIPE,
                          timeout=120, **kw)


def test_replay_into_a_closed_pipe_ends_quietly() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-m", "engine", "replay", str(DATA / "eralash_illustrative.json")]
    proc = subprocess.Popen(argv, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.read(1)
    proc.stdout.close()  # the reader has gone, as with `| head -c 1`
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert proc.wait(timeout=120) == 0
    assert err == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_replay_to_a_full_disk_is_one_line() -> None:
    with open("/dev/full", "wb") as full:
        done = _engine("replay", str(DATA / "eralash_illustrative.json"), stdout=full)
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1 and "No space" in err, err


def test_replay_on_an_ascii_terminal_writes_utf8_json() -> None:
    done = _engine("replay", str(DATA / "eralash_illustrative.json"), env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0 and done.stderr == b""
    assert json.loads(done.stdout.decode("utf-8"))["players"][0] == "Юлия"


@pytest.mark.parametrize("argv", [
    ["--size", "10x10"], ["--size", "abc"], ["--size", "99999999999999999999x800"],
    ["--size", "1000x" + "9" * 5000], ["--bench", "0"], ["--bench", "-5"], ["--bench", "x"],
    ["--lang", "fr"], ["--data-dir", ""], ["--data-dir", "a\0b"], ["--seed", "-1"], ["--game", "chess"],
])
def test_the_app_refuses_bad_flags(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert _status(salon_run, argv) == 2
    _one_line(capsys)


def test_the_app_refuses_a_data_dir_that_is_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    (tmp_path / "f").write_text("x")
    assert _status(salon_run, ["--data-dir", str(tmp_path / "f")]) == 2
    assert "not a folder" in _one_line(capsys)
