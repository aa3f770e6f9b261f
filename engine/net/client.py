"""A guest: joins a hosted table, keeps what its seat is told, and answers its turns.

    guest = await Guest.join("ws://127.0.0.1:8765", room="K7Q2", name="Аня")
    result = await guest.play(lambda legal, view: legal[0])    # until "over"

``Guest.join`` raises ``Refused`` with the host's reason. The app will run this on its own loop thread;
tests drive it directly.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from engine.net.protocol import FROM_HOST_SIZE, VERSION, dumps, parse

Chooser = Callable[[list[Any], dict[str, Any]], Any]  # (legal moves as JSON, the seat's view) -> a move


class Refused(Exception):
    """The host refused the hello; ``reason`` is its key (docs/protocol.md)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Guest:
    """One guest's connection and everything its seat has been told."""

    def __init__(self, conn: ClientConnection, seat: int, token: str, welcome: dict[str, Any]) -> None:
        self.conn, self.seat, self.token, self.welcome = conn, seat, token, welcome
        self.view: dict[str, Any] = {}
        self.events: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []  # every message after the welcome, in order
        self.over: dict[str, Any] | None = None

    @classmethod
    async def join(cls, url: str, room: str, name: str = "", token: str | None = None,
                   lang: str = "en", timeout: float = 10.0) -> Guest:
        conn = await connect(url, max_size=FROM_HOST_SIZE, open_timeout=timeout)
        hello: dict[str, Any] = {"type": "hello", "version": VERSION, "room": room, "name": name,
                                 "lang": lang}
        if token is not None:
            hello["token"] = token
        await conn.send(dumps(hello))
        reply = parse(await asyncio.wait_for(conn.recv(), timeout), FROM_HOST_SIZE)
        if reply["type"] != "welcome":
            await conn.close()
            raise Refused(str(reply.get("reason", reply["type"])))
        return cls(conn, int(reply["seat"]), str(reply["token"]), reply)

    async def send(self, message: dict[str, Any]) -> None:
        await self.conn.send(dumps(message))

    async def next(self, timeout: float | None = 30.0) -> dict[str, Any]:
        """The next message from the host, after noting what it tells."""
        msg = parse(await asyncio.wait_for(self.conn.recv(), timeout), FROM_HOST_SIZE)
        self.received.append(msg)
        if msg["type"] == "update":
            self.view = msg["view"]
            self.events.extend(msg["events"])
        elif msg["type"] == "over":
            self.over = msg
        return msg

    async def until(self, kind: str, timeout: float = 30.0) -> dict[str, Any]:
        """Read until a message of type ``kind`` (ConnectionClosed if the host closes first)."""
        while True:
            msg = await self.next(timeout)
            if msg["type"] == kind:
                return msg

    async def play(self, choose: Chooser, timeout: float = 60.0, stop: Callable[[Guest], bool] | None = None
                   ) -> dict[str, Any] | None:
        """Answer every turn with ``choose`` until the match is over (or ``stop`` says so after a move)."""
        while self.over is None:
            msg = await self.next(timeout)
            if msg["type"] == "your_turn":
                await self.send({"type": "move", "move": choose(msg["legal"], self.view)})
                if stop is not None and stop(self):
                    return None
        return self.over

    async def close(self) -> None:
        await self.conn.close()
