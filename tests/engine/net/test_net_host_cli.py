"""``python -m engine host``: the JSON line when listening, exit 0 at the end with the record written,
one line and exit 2 for a bad value, and SIGTERM saves the match as it stands and exits 0."""

from __future__ import annotations

import json
import signal
import subprocess
import sys

import pytest
from netplay import ROOM, chooser, run
from places import ROOT

from engine.net.client import Guest

pytestmark = pytest.mark.slow


def start(*args: str) -> tuple[subprocess.Popen[str], dict]:
    proc = subprocess.Popen([sys.executable, "-m", "engine", "host", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    line = proc.stdout.readline()  # blocks until the host listens (or exits)
    return proc, json.loads(line)


def replays(path) -> dict:
    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], capture_output=True,
                          text=True,
                          cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_host_prints_its_port_plays_the_match_writes_the_record_and_exits_0(tmp_path):
    path = tmp_path / "match.json"
    proc, hello = start("--game", "uragan", "--seats", "remote,bot:novice", "--room", ROOM, "--port", "0",
                        "--record", str(path), "--seed", "3")
    try:
        assert hello["room"] == ROOM and 0 < hello["port"] < 65536

        async def guest():
            g = await Guest.join(f"ws://127.0.0.1:{hello['port']}", ROOM, "Аня")
            return await g.play(chooser(1))

        over = run(guest)
        assert proc.wait(60) == 0
    finally:
        proc.kill()
    assert over["finished"] is True
    assert replays(path)["match"]["finished"] is True
    log = proc.stderr.read().splitlines()
    assert any("connection from" in line for line in log) and any("game started" in line for line in log)
    assert proc.stdout.read() == ""  # one JSON line, nothing else on standard output


@pytest.mark.parametrize("args, says", [
    (["--game", "whist", "--seats", "remote,remote"], "--game"),
    (["--game", "uragan", "--seats", "remote,bot:oracle"], "bot:oracle"),
    (["--game", "uragan", "--seats", "remote"], "2"),
    (["--game", "uragan", "--seats", "bot:club,bot:club"], "remote"),
    (["--game", "eralash", "--seats", "remote,remote", "--option", "target=0"], "target"),
    (["--game", "uragan", "--seats", "remote,remote", "--port", "70000"], "--port"),
    (["--game", "uragan", "--seats", "remote,remote", "--grace", "nan"], "--grace"),
])
def test_a_bad_value_is_one_line_and_exit_2(args, says):
    full = [*args, "--room", ROOM] + ([] if "--port" in args else ["--port", "0"])
    done = subprocess.run([sys.executable, "-m", "engine", "host", *full], capture_output=True, text=True,
                          cwd=ROOT, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and says in lines[0], done.stderr


def test_sigterm_saves_the_match_as_it_stands_and_exits_0(tmp_path):
    path = tmp_path / "robber.json"
    proc, hello = start("--game", "eralash", "--seats", "remote,bot:novice,bot:novice", "--room", ROOM,
                        "--port", "0", "--record", str(path), "--seed", "9")
    try:
        async def guest():
            g = await Guest.join(f"ws://127.0.0.1:{hello['port']}", ROOM, "Юлия")
            await g.play(chooser(2),
                         stop=lambda guest: sum(m["type"] == "your_turn" for m in guest.received) >= 3)
            proc.send_signal(signal.SIGTERM)
            return await g.until("over")

        over = run(guest)
        assert proc.wait(60) == 0
    finally:
        proc.kill()
    assert over["why"] == "terminated" and over["finished"] is False
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["players"][0] == "Юлия"
    assert len(record["deals"][0]["plays"]) >= 3
    assert replays(path)["robber"]["finished"] is False
