"""Eralash with people through the real tables: the headless host (``python -m engine host``) seats two
bots and two people, both people at ``EralashTable``s of one headless app driven by their
``RemoteControl``s; a whole robber is played, and the host's record, each guest's and what each table
showed agree and replay."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import pytest
from helpers import frames
from places import ROOT

from engine.cards import SUIT_LETTERS
from engine.eralash.guest import GuestRobber
from engine.eralash.match import names_in_order
from game.eralash.sheet import SheetScene
from game.eralash.table import EralashTable
from game.people.lobby import join_table
from game.words.i18n import t

pytestmark = pytest.mark.slow

DEADLINE = 240.0  # seconds: a whole robber over loopback on a loaded machine
ROOM = "ERAL5"


@pytest.fixture
def app(make_app):
    return make_app(speed="instant")


def _tables(app: Any) -> list[EralashTable]:
    return sorted((s for s in app.stack.scenes if isinstance(s, EralashTable)), key=lambda tb: tb.me)


def step(app: Any, table: EralashTable) -> None:
    """The player's plainest next step: the deal's sheet closed, trump named (the first suit offered),
    the declarations read, the lowest legal card played when the host has asked for it."""
    sheet = next((s for s in app.stack.scenes if isinstance(s, SheetScene) and s.table is table), None)
    if sheet is not None:
        if not table.match.is_over():
            sheet.close()
        return
    if table.must_choose_trump() and not table.tweens.busy and table.control.asked is not None:
        table.choose_trump(table.shown.choices[0])
    elif table.phase == "declare" and table.shown.trump >= 0 and not table.tweens.busy:
        table.end_declarations()
    elif table.can_play_card() and table.control.asked is not None:
        legal = table.legal_mask_for_me()
        if legal:
            table.play_card((legal & -legal).bit_length() - 1)


def until(app: Any, done: Callable[[], bool], what: str, play: bool = True) -> None:
    end = time.monotonic() + DEADLINE
    while not done():
        assert time.monotonic() < end, f"timed out waiting for {what}"
        if play:
            for table in _tables(app):
                step(app, table)
        frames(app, 1, dt=0.1)
        for scene in list(app.stack.scenes):
            if scene is not app.stack.top and hasattr(scene, "control"):
                scene.update(0.1)
        time.sleep(0.002)


def _replay(path: Any) -> dict[str, Any]:
    done = subprocess.run([sys.executable, "-m", "engine", "replay", str(path)], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_a_whole_robber_by_two_app_guests_and_two_bots_on_the_headless_host(app, tmp_path):
    record = tmp_path / "host.json"
    log = (tmp_path / "host.log").open("w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "engine", "host", "--game", "eralash",
         "--seats", "remote,bot:club,remote,bot:club",
         "--room", ROOM, "--port", "0", "--bind", "127.0.0.1",
         "--option", "target=13", "--option", "pairs=true",
         "--seed", "7",
         "--record", str(record), "--grace", "120", "--budget", "0.05"],
        cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=log)
    try:
        port = json.loads(proc.stdout.readline())["port"]
        url = f"ws://127.0.0.1:{port}"
        join_table(app, url, ROOM, "Аня")
        join_table(app, url, ROOM, "Боря")
        until(app, lambda: len(_tables(app)) == 2, "both tables open", play=False)
        a, b = _tables(app)
        assert (a.me, b.me) == (0, 2)
        assert isinstance(a.match, GuestRobber) and a.match.players == ["Аня", "Club", "Боря", "Club"]
        # while one person's turn is waited for, the other's table marks it (a person, not a bot)
        marked: list[int] = []
        rebuilt: list[object] = []

        def watch() -> bool:
            for me, other in ((a, b), (b, a)):
                if me.thinking_shown() == other.me:
                    marked.append(other.me)
            if not rebuilt and len(a.match.moves) >= 10 and not a.control.incoming:
                # mid-deal, the seat asks for its whole story again (as after a refusal): its match is
                # built anew and the table shows it as it is, then plays on
                rebuilt.append(a.match)
                a.control.link.send({"type": "sync"})
                a.control._rebuild = True
            return bool(a.control.counted and b.control.counted)

        until(app, watch, "the robber played out")
        assert proc.wait(60) == 0
        assert marked and a.seat_note(b.me) == t("people.note.person")
        assert rebuilt and a.match is not rebuilt[0]
    finally:
        proc.kill()
        log.close()
    host_record = json.loads(record.read_text(encoding="utf-8"))
    for table in (a, b):
        over = table.control.over
        assert over["finished"] and over["record"]["deals"] == host_record["deals"]
        # every card the table showed, and each deal's dealer and trump, are the host's, deal after deal
        shown = [(r.deal.dealer, names_in_order(r.deal.played), SUIT_LETTERS[r.deal.trump])
                 for r in table.match.deals_done]
        assert shown == [(d["dealer"], d["plays"], d["trump"]) for d in host_record["deals"]]
        assert len(shown) >= 2  # a deal's end and the next deal's opening crossed at the tables
        assert table.match.is_over() and table.match.winners() == over["winners"]
        assert table.match.score() == over["points"]
    replayed = _replay(record)
    assert replayed["robber"]["finished"] is True
    # the two people are partners (seats 0 and 2): one result for both, a pair's win a win
    sides = {w % 2 for w in a.control.over["winners"]}
    expected = "loss" if 0 not in sides else "win" if len(sides) == 1 else "shared"
    assert a.control.result() == b.control.result() == expected
    guest_copy = tmp_path / "guest.json"
    guest_copy.write_text(json.dumps(a.control.over["record"]), encoding="utf-8")
    assert _replay(guest_copy) == replayed
