"""Hostile guests: without the room code nothing but a refusal; crafted, oversized, malformed and random
frames, moves for another seat, asks for another hand and a flood change nothing for the other seats, and
nothing a guest is sent holds a card its seat may not know."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from netplay import ROOM, assert_told_only_its_own, chooser, hosting, run, until
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from engine.net.client import Guest, Refused
from engine.net.protocol import MAX_SIZE, ProtocolError, parse, read_hello

pytestmark = pytest.mark.slow


async def first_answer(url: str, frame: str | bytes) -> str:
    """What the host answers a connection whose first frame is ``frame``: a refusal's reason, or "closed"."""
    async with connect(url, max_size=None) as conn:
        with contextlib.suppress(ConnectionClosed):  # refused before it spoke ("busy")
            await conn.send(frame)
        try:
            reply = json.loads(await asyncio.wait_for(conn.recv(), 10))
        except ConnectionClosed:
            return "closed"
        assert reply["type"] == "refused", reply  # nothing else is answered before a welcome
        with pytest.raises(ConnectionClosed):
            await asyncio.wait_for(conn.recv(), 10)
        return str(reply["reason"])


def hello(**kw):
    return json.dumps({"type": "hello", "version": 1, "room": ROOM, "name": "x", **kw})


def test_hostile_guests_are_refused_or_dropped_and_the_others_play_on():
    tried: dict[str, int] = {}

    async def scenario():
        host, url = await hosting("uragan", "remote,remote", seed=8)
        crafted = {
            hello(room="WRONG"): "room", hello(room=ROOM.lower()): "room", hello(version=2): "version",
            json.dumps({"type": "move", "move": "claim"}): "hello_first", "{not json": "malformed",
            "[1, 2]": "malformed", b"\xff\xfe": "malformed", hello(token="stolen"): "token",
            json.dumps({"type": "hello", "version": 1, "room": 7}): "malformed",
            "x" * (MAX_SIZE + 1): "closed",  # over the size cap: the connection is dropped
        }
        for frame, reason in crafted.items():
            assert await first_answer(url, frame) == reason
        tried["crafted before a welcome"] = len(crafted)
        rng = random.Random(32)
        for _ in range(60):  # random frames where a hello should be
            frame = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200)))
            assert await first_answer(url, frame) in ("malformed", "hello_first", "closed")
        tried["random frames before a welcome"] = 60

        a = await Guest.join(url, ROOM, "Eve", lang="ru")
        b = await Guest.join(url, ROOM, "Bob")
        with pytest.raises(Refused, match="full"):
            await Guest.join(url, ROOM, "Mallory")
        await a.until("update")
        theirs = b.seat
        a_probes = [
            ({"type": "view", "seat": theirs}, "unknown_type"),
            ({"type": "hand", "seat": theirs}, "unknown_type"),
            ({"type": "welcome", "seat": theirs}, "unknown_type"), ({"type": 7}, "malformed"),
        ]
        for message, reason in a_probes:
            await a.send(message)
            assert (await a.until("error"))["reason"] == reason
        await a.conn.send("{{{")
        assert (await a.until("error"))["reason"] == "malformed"
        await a.send({"type": "sync", "seat": theirs})  # asks for another seat's: gets its own
        assert (await a.until("update"))["view"]["seat"] == a.seat
        tried["crafted after a welcome"] = len(a_probes) + 2
        # the match opens on one seat's turn: the other sends a move for it, in every written form
        mover, other = (a, b) if host.match.current_player() == a.seat else (b, a)
        turn = next((m for m in mover.received if m["type"] == "your_turn"), None)
        turn = turn or await mover.until("your_turn")
        for move in [*turn["legal"][:3], "claim", {"card": "QS"}, None]:
            await other.send({"type": "move", "seat": mover.seat, "move": move})
            assert (await other.until("error"))["reason"] == "not_your_turn"
            tried["moves for another seat"] = tried.get("moves for another seat", 0) + 1
        # an illegal move in its own turn: refused with why, in its language, and asked again
        await mover.send({"type": "move", "move": {"card": "AS", "take": ["2C", "3C", "4C"]}})
        refused = await mover.until("refused_move")
        assert refused["reason"] and isinstance(refused["reason"], str)
        again = await mover.until("your_turn")
        assert again["legal"] == turn["legal"]
        tried["illegal moves"] = 1
        await mover.send({"type": "move", "move": turn["legal"][0]})

        # a flood: 1,000 messages as fast as they go; the flooder is dropped, its seat kept for its token
        flooder = a
        for _ in range(1000):
            try:
                await flooder.send({"type": "sync"})
            except ConnectionClosed:
                break
        tried["flood messages"] = 1000
        with pytest.raises(ConnectionClosed):
            while True:
                await flooder.next(10)
        assert any(m["type"] == "error" and m["reason"] == "flood" for m in flooder.received)
        back = await Guest.join(url, ROOM, "Eve", token=flooder.token, lang="ru")
        # an oversized frame after the welcome drops the connection too
        await back.conn.send(json.dumps({"type": "sync", "pad": "x" * MAX_SIZE}))
        with pytest.raises(ConnectionClosed):
            while True:
                await back.next(10)
        tried["oversized after a welcome"] = 1
        back = await Guest.join(url, ROOM, "Eve", token=flooder.token, lang="ru")
        await asyncio.gather(back.play(chooser(5)), b.play(chooser(6)))
        await host.finished
        return host, a, back, b

    host, a, back, b = run(scenario)
    assert host.match.is_over()
    for guest in (back, b):
        assert_told_only_its_own(guest, host)
    for m in a.received:  # nothing leaked to the hostile guest before it was dropped either
        if m["type"] == "update":
            assert m["view"]["seat"] == a.seat
            assert all(e["seat"] == a.seat for e in m["events"] if e["event"] == "HandDealt")
    print("tried:", tried)  # the closing note counts these
    assert sum(tried.values()) > 1000


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                              lambda c: st.lists(c, max_size=4)
                              | st.dictionaries(st.text(max_size=8), c, max_size=4),
                              max_leaves=20).map(json.dumps)))
def test_any_frame_is_a_message_or_a_protocol_error(frame):
    try:
        msg = parse(frame)
    except ProtocolError as err:
        assert err.reason in ("malformed", "too_big")
        return
    assert isinstance(msg["type"], str)
    try:
        read_hello(msg)
    except ProtocolError as err:
        assert err.reason in ("hello_first", "version", "malformed")


def test_connections_that_never_say_hello_and_room_code_guessing_are_bounded():
    async def scenario():
        host, url = await hosting("uragan", "remote,remote", seed=8)
        silent = [await connect(url) for _ in range(16)]
        await until(lambda: host._waiting == 16)
        busy = await first_answer(url, hello())
        for conn in silent:
            await conn.close()
        await until(lambda: host._waiting == 0)
        guesses = [await first_answer(url, hello(room=f"G{i}")) for i in range(25)]
        late = await first_answer(url, hello())  # the right code, from an address that guessed too often
        return busy, guesses, late

    busy, guesses, late = run(scenario)
    assert busy == "busy"
    assert guesses == ["room"] * 25 and late == "room"
