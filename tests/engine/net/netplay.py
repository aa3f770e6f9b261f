"""What the network tests share: a host on loopback, guests, and the check that a guest learnt only its
seat's share."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

from engine.games import game_named
from engine.net.client import Guest
from engine.net.host import Host, seats_from_text

ROOM = "K7Q2"
PLAYED = ("CardPlayed", "Played")  # the events that tell a card played (Eralash, Uragan)


def run(scenario: Callable[[], Awaitable[Any]], timeout: float = 120.0) -> Any:
    """Run one scenario on a fresh loop, bounded (a hang fails instead of stalling the suite)."""

    async def bounded() -> Any:
        return await asyncio.wait_for(scenario(), timeout)

    return asyncio.run(bounded())


async def hosting(game: str, seats: str, options: dict[str, Any] | None = None,
                  **kw: Any) -> tuple[Host, str]:
    g = game_named(game)
    lines: list[str] = []
    host = Host(g, g.Options.from_dict(options or {}), seats_from_text(seats), ROOM, log=lines.append, **kw)
    host.lines = lines  # type: ignore[attr-defined]
    port = await host.start("127.0.0.1", 0)
    return host, f"ws://127.0.0.1:{port}"


def chooser(seed: int) -> Callable[[list[Any], dict[str, Any]], Any]:
    """A guest that picks one of the legal moves at random (seeded): every kind of move gets played."""
    rng = random.Random(seed)
    return lambda legal, view: rng.choice(legal)


def played_cards(events: list[dict[str, Any]]) -> list[str]:
    return [e["card"] for e in events if e["event"] in PLAYED]


def record_cards(record: dict[str, Any]) -> list[str]:
    out = []
    for deal in record["deals"]:
        out += [p if isinstance(p, str) else p["card"] for p in deal["plays"]
                if isinstance(p, str) or "card" in p]
    return out


def assert_told_only_its_own(guest: Guest, host: Host) -> None:
    """Every hand a guest was told of is its own, and it was told exactly its seat's share of the story."""
    for e in guest.events:
        if e["event"] == "HandDealt":
            assert e["seat"] == guest.seat
    assert len(guest.events) == len(host.match.events_for(guest.seat))
    for m in guest.received:
        if m["type"] == "update":
            assert m["view"]["seat"] == guest.seat


async def until(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    """Wait for the host's state to reach ``condition`` (checked on every turn of the loop), bounded."""

    async def poll() -> None:
        while not condition():
            await asyncio.sleep(0.005)

    await asyncio.wait_for(poll(), timeout)
