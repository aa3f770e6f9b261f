"""``python -m engine host``: the JSON line when listening, exit 0 at the end with the record written,
one line and exit 2 for a bad value, and SIGTERM saves the match as it stands and exits 0."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys

import pytest
from netplay import ROOM, chooser, run, until
from places import ROOT

from engine.net.client import Guest, Refused

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


def test_a_killed_host_is_resumed_from_its_save_and_its_guests_come_back_with_their_tokens(tmp_path):
    save, path = tmp_path / "table.json", tmp_path / "match.json"
    table = ["--game", "uragan", "--seats", "remote,remote", "--room", ROOM, "--port", "0", "--seed", "6",
             "--save", str(save), "--record", str(path)]

    def saved_moves() -> int:
        try:
            return len(json.loads(save.read_text(encoding="utf-8"))["match"]["moves"])
        except (OSError, ValueError):
            return -1

    proc, hello = start(*table)
    try:
        async def first_part():
            url = f"ws://127.0.0.1:{hello['port']}"
            a, b = await Guest.join(url, ROOM, "A"), await Guest.join(url, ROOM, "B")
            asked = lambda g: sum(m["type"] == "your_turn" for m in g.received) >= 3  # noqa: E731
            b_task = asyncio.create_task(b.play(chooser(2), stop=asked))
            await a.play(chooser(1), stop=asked)
            await b_task
            await until(lambda: saved_moves() >= 6)
            return a.token, b.token

        tokens = run(first_part)
        proc.kill()  # no goodbye, no record: the save is all there is
        proc.wait(30)
    finally:
        proc.kill()
    kept = json.loads(save.read_text(encoding="utf-8"))
    assert not path.exists()
    proc, hello = start(*table, "--resume", str(save))
    try:
        async def second_part():
            url = f"ws://127.0.0.1:{hello['port']}"
            with pytest.raises(Refused, match="full"):
                await Guest.join(url, ROOM, "Mallory")
            a = await Guest.join(url, ROOM, "A", token=tokens[0])
            b = await Guest.join(url, ROOM, "B", token=tokens[1])
            assert (a.seat, b.seat) == (0, 1)
            return await asyncio.gather(a.play(chooser(3)), b.play(chooser(4)))

        over_a, _ = run(second_part)
        assert proc.wait(60) == 0
    finally:
        proc.kill()
    assert over_a["finished"] is True
    assert any("game resumed" in line for line in proc.stderr.read().splitlines())
    record = json.loads(path.read_text(encoding="utf-8"))
    assert replays(path)["match"]["finished"] is True
    before = kept["match"]["moves"]
    plays = [p for deal in record["deals"] for p in deal["plays"]]
    assert [p["card"] for p in plays[:3]] == [m["card"] for m in before[:3]]  # the match went on, not anew


def test_a_save_of_another_table_is_refused_in_one_line(tmp_path):
    save = tmp_path / "table.json"
    save.write_text(json.dumps({"game": "eralash", "seats": [], "match": {}}), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "engine", "host", "--game", "uragan",
                           "--seats", "remote,remote", "--room", ROOM, "--port", "0", "--resume", str(save)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.returncode == 2 and len(done.stderr.splitlines()) == 1 and "--resume" in done.stderr


def test_an_advertised_host_still_prints_its_line_and_stops_on_sigterm():
    proc, hello = start("--game", "uragan", "--seats", "remote,bot:club", "--room", ROOM, "--port", "0",
                        "--advertise", "Аня's table")
    try:
        line = proc.stderr.readline()
        while "local network" not in line and line:
            line = proc.stderr.readline()
        assert "local network" in line  # offered, or why not: the table is reachable by address either way
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(60) == 0
    finally:
        proc.kill()
    assert hello["room"] == ROOM
