"""The network on its own thread: a frame loop that never waits hosts a match and plays both seats of it
through ``GuestLink``s, reading what arrived each frame; a wrong room arrives as a refusal."""

from __future__ import annotations

import random
import time

import pytest
from netplay import ROOM

from engine.games import game_named
from engine.net.background import Background, GuestLink
from engine.net.host import Host, seats_from_text

pytestmark = pytest.mark.slow


def test_a_frame_loop_hosts_and_plays_a_match_without_waiting_for_the_network():
    net = Background()
    try:
        async def make_host() -> tuple[Host, int]:
            game = game_named("uragan")
            host = Host(game, game.Options(), seats_from_text("remote,remote"), ROOM, seed=21,
                        log=lambda _: None)
            return host, await host.start("127.0.0.1", 0)

        host, port = net.run(make_host())
        url = f"ws://127.0.0.1:{port}"
        wrong = GuestLink.join(net, url, room="nope")
        links = [GuestLink.join(net, url, room=ROOM, name=n) for n in ("A", "B")]
        rng = random.Random(7)
        seen: dict[int, list[str]] = {0: [], 1: []}
        refused = None
        deadline = time.monotonic() + 120
        while not all("over" in kinds for kinds in seen.values()):
            assert time.monotonic() < deadline, seen
            for i, link in enumerate(links):
                for msg in link.drain():
                    seen[i].append(msg["type"])
                    if msg["type"] == "your_turn":
                        link.move(rng.choice(msg["legal"]))
            refused = refused or next(iter(wrong.drain()), None)
            time.sleep(0.001)  # a frame
        async def finished() -> None:
            await host.finished

        net.run(finished())
    finally:
        net.stop()
    assert refused == {"type": "refused", "reason": "room"}
    assert host.match.is_over() and all(kinds[0] == "welcome" for kinds in seen.values())
