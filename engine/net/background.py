"""The network on its own thread, for a program with a frame loop that must never wait for it (the app).

    net = Background()                                   # an asyncio loop in a daemon thread
    link = GuestLink.join(net, url, room="K7Q2", name="Аня", lang="ru")
    for message in link.drain():                          # each frame: what the host said, never blocking
        ...
    link.move(move_json)                                  # answer a your_turn
    host = net.run(make_host(...))                         # or host: the same Host, on the same thread
    net.stop()

``GuestLink.join`` returns at once; the welcome (or a ``{"type": "refused"}``, or ``{"type": "lost"}``
when the connection breaks) arrives through ``drain`` like every other message.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Coroutine
from concurrent.futures import Future
from typing import Any, TypeVar

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from engine.net.client import Guest, Refused

T = TypeVar("T")

# The frame's thread waits for the GIL while this thread runs Python (a move checked, the save written,
# each seat's update built: a few ms a move on a busy host). Python lets a waiting thread in only every
# switch interval (5 ms by default): a frame woken by its 60 FPS tick could start that much late. At
# 1 ms the frame is never held up by more than a millisecond (docs/benchmarks.md, net_bench).
SWITCH_INTERVAL = 0.001


class Background:
    """An asyncio event loop running in a daemon thread until ``stop``."""

    def __init__(self) -> None:
        import sys

        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL))
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self.loop.run_forever, name="salon-network", daemon=True)
        self._thread.start()

    def submit(self, coro: Coroutine[Any, Any, T]) -> Future[T]:
        """Start ``coro`` on the network thread; its future, for whoever wants to wait for it."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 30.0) -> T:
        """Run ``coro`` on the network thread and wait for its result (for set-up, not for each frame)."""
        return self.submit(coro).result(timeout)

    def settle(self, timeout: float = 0.5) -> None:
        """Let what was handed to the network thread run (a guest's goodbye, a host's last update) for at
        most ``timeout`` seconds: before ``stop``, so a closing app still says what it was saying."""
        if self.loop.is_closed() or not self._thread.is_alive():
            return

        async def pending() -> None:
            await asyncio.sleep(0)  # (what was submitted just now becomes a task first)
            others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
            if others:
                await asyncio.wait(others, timeout=timeout)

        with contextlib.suppress(Exception):  # a network that will not settle is stopped all the same
            self.run(pending(), timeout=timeout + 1.0)

    def stop(self, timeout: float = 5.0) -> None:
        if not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout)
            if not self._thread.is_alive():
                self.loop.close()


class GuestLink:
    """A guest's connection seen from the frame loop: a queue of messages in, moves out."""

    def __init__(self, net: Background) -> None:
        self._net = net
        self.inbox: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self.guest: Guest | None = None

    @classmethod
    def join(cls, net: Background, url: str, room: str, name: str = "", token: str | None = None,
             lang: str = "en") -> GuestLink:
        link = cls(net)
        net.submit(link._run(url, room, name, token, lang))
        return link

    async def _run(self, url: str, room: str, name: str, token: str | None, lang: str) -> None:
        try:
            guest = await Guest.join(url, room, name, token=token, lang=lang)
        except Refused as err:
            self.inbox.put({"type": "refused", "reason": err.reason})
            return
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI, ConnectionClosed) as err:
            self.inbox.put({"type": "lost", "reason": type(err).__name__})
            return
        self.guest = guest
        self.inbox.put(guest.welcome)
        try:
            while True:
                self.inbox.put(await guest.next(timeout=None))
        except (ConnectionClosed, ValueError) as err:
            self.inbox.put({"type": "lost", "reason": type(err).__name__})

    def drain(self) -> list[dict[str, Any]]:
        """Every message received since the last call, in order; never waits."""
        out = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def send(self, message: dict[str, Any]) -> None:
        guest = self.guest
        if guest is not None:
            self._net.submit(guest.send(message))

    def move(self, move: Any) -> None:
        self.send({"type": "move", "move": move})

    def close(self) -> None:
        guest = self.guest
        if guest is not None:
            self._net.submit(guest.close())
