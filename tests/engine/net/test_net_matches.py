"""Whole matches over loopback: Uragan between two guests, an Eralash robber with two guests and two bots.
The host's record replays with ``python -m engine replay``, and agrees with what the guests were told."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest
from netplay import assert_told_only_its_own, chooser, hosting, played_cards, record_cards, run
from places import ROOT

from engine.net.client import Guest

pytestmark = pytest.mark.slow


def replay(record: dict) -> dict:
    done = subprocess.run([sys.executable, "-m", "engine", "replay", "-"], input=json.dumps(record),
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_whole_uragan_match_between_two_guests(tmp_path):
    path = tmp_path / "uragan.json"

    async def scenario():
        host, url = await hosting("uragan", "remote,remote", seed=11, record=path)
        a = await Guest.join(url, "K7Q2", "Аня", lang="ru")
        b = await Guest.join(url, "K7Q2", "Борис")
        assert (a.seat, b.seat) == (0, 1) and a.token != b.token
        over_a, over_b = await asyncio.gather(a.play(chooser(1)), b.play(chooser(2)))
        await host.finished
        return host, a, b, over_a, over_b

    host, a, b, over_a, over_b = run(scenario)
    assert over_a == over_b and over_a["finished"] is True
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record == host.match.to_record() and record["players"] == ["Аня", "Борис"]
    out = replay(record)
    assert out["match"]["finished"] is True
    assert [out["match"]["winner"]] == over_a["winners"]
    for guest in (a, b):
        assert played_cards(guest.events) == record_cards(record)  # every play, as the host kept it
        assert_told_only_its_own(guest, host)
    assert any(line.startswith("game started") for line in host.lines)
    assert sum(line.startswith("connection from") for line in host.lines) == 2


def test_a_whole_eralash_robber_with_two_guests_and_two_bots(tmp_path):
    path = tmp_path / "eralash.json"
    options = {"target": 4}  # a short robber: one or two deals

    async def scenario():
        host, url = await hosting("eralash", "remote,bot:club,remote,bot:novice", options, seed=5,
                                  budget=0.05, record=path)
        a = await Guest.join(url, "K7Q2", "Юлия")
        b = await Guest.join(url, "K7Q2", "Павел", lang="ru")
        assert (a.seat, b.seat) == (0, 2)
        over_a, over_b = await asyncio.gather(a.play(chooser(3)), b.play(chooser(4)))
        await host.finished
        return host, a, b, over_a, over_b

    host, a, b, over_a, over_b = run(scenario)
    assert over_a == over_b and over_a["finished"] is True
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record == host.match.to_record()
    assert record["players"][0] == "Юлия" and record["players"][2] == "Павел"
    out = replay(record)
    assert out["robber"]["finished"] is True
    assert sorted(out["robber"]["winners"]) == sorted(over_a["winners"])
    for guest in (a, b):
        assert played_cards(guest.events) == record_cards(record)
        assert_told_only_its_own(guest, host)
