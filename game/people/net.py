"""The app's network: one asyncio thread (``engine.net.background``) for every table it hosts or joins,
never waited for by a frame; a hosted table (``Hosted``) listening only until it is stopped."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import secrets
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.net.background import Background, GuestLink

if TYPE_CHECKING:
    from engine.net.host import Host, SeatSpec
    from engine.net.lan import Advert

__all__ = ["Background", "GuestLink", "Hosted", "network", "room_code"]

ROOM_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read out to a friend
ROOM_LENGTH = 5


def room_code() -> str:
    return "".join(secrets.choice(ROOM_LETTERS) for _ in range(ROOM_LENGTH))


HOSTED_FILE = "hosted.json"  # the table hosted from this app, after every move (engine.net.host's save)


def hosted_path(app: Any) -> Path | None:
    store = app.store
    if store is None or getattr(store, "read_only", None) is not None:
        return None
    return Path(store.folder) / HOSTED_FILE


def forget_hosted(app: Any) -> None:
    """The hosted match is over: nothing to continue."""
    path = hosted_path(app)
    if path is not None:
        with contextlib.suppress(OSError):
            path.unlink()


JOINED_FILE = "joined.json"  # the seat this app last sat down at, to take it back after a restart


def joined_path(app: Any) -> Path | None:
    store = app.store
    if store is None or getattr(store, "read_only", None) is not None:
        return None
    return Path(store.folder) / JOINED_FILE


def remember_seat(app: Any, seat: dict[str, Any] | None) -> None:
    """Keep (or, None, forget) the seat at another's table: url, room, name and token."""
    path = joined_path(app)
    if path is None:
        return
    with contextlib.suppress(OSError):
        if seat is None:
            path.unlink(missing_ok=True)
        else:
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_text(json.dumps(seat, ensure_ascii=False), encoding="utf-8")
            os.replace(tmp, path)


def read_kept(path: Any) -> Any:
    """What a file the people's tables keep (``hosted.json``, ``joined.json``) holds; None when it is
    missing or cannot be read as JSON: a damaged file offers nothing to go back to."""
    if path is None or not path.is_file():
        return None
    try:
        from game.store.storage import read_regular_bytes

        return json.loads(read_regular_bytes(path))
    except Exception:  # noqa: BLE001 - damaged in any way: nothing kept
        return None


def remembered_seat(app: Any) -> dict[str, Any] | None:
    """The seat kept by ``remember_seat``, if it is whole."""
    seat = read_kept(joined_path(app))
    keys = ("url", "room", "name", "token")
    if isinstance(seat, dict) and all(isinstance(seat.get(k), str) for k in keys):
        return seat
    return None


def network(app: Any) -> Background:
    """The app's network thread, started when first needed."""
    net = app.__dict__.get("network")
    if net is None:
        net = Background()
        app.__dict__["network"] = net
    return net


class Hosted:
    """A table this app hosts: the engine's ``Host`` on the network thread, offered on the local network.
    ``ready`` resolves to the port once it listens (``error`` says why not); ``stop`` stops listening."""

    def __init__(self, net: Background, game: Any, options: Any, seats: list[SeatSpec], room: str, *,
                 table_name: str, port: int = 0, bind: str | None = None, grace: float = 30.0,
                 stand_in: str = "club", save: Path | None = None, resume: dict[str, Any] | None = None,
                 advertise: bool = True) -> None:
        self.net, self.room = net, room
        self.log: list[str] = []
        self.host: Host | None = None
        self.advert: Advert | None = None
        self.port = 0
        self.error = ""
        self.stopped = False
        self.ready: Future[int] = net.submit(self._start(game, options, seats, table_name, port, bind, grace,
                                                         stand_in, save, resume, advertise))

    async def _start(self, game: Any, options: Any, seats: list[SeatSpec], table_name: str, port: int,
                     bind: str | None, grace: float, stand_in: str, save: Path | None,
                     resume: dict[str, Any] | None, advertise: bool) -> int:
        from engine.net.host import Host
        from engine.net.lan import Advert

        try:
            host = Host(game, options, seats, self.room, grace=grace, stand_in=stand_in, save=save,
                        resume=resume, log=self.log.append)
            self.port = await host.start(bind, port)
        except (OSError, ValueError) as err:
            self.error = str(err)
            raise
        self.host = host
        host.finished.add_done_callback(lambda _f: asyncio.ensure_future(self._unadvertise()))
        if advertise:
            try:
                self.advert = await Advert.start(self.port, table_name, game.name)
            except Exception as err:  # noqa: BLE001 - no multicast here: guests type the address
                self.log.append(f"not offered on the local network: {err}")
        return self.port

    async def _unadvertise(self) -> None:
        advert, self.advert = self.advert, None
        if advert is not None:
            with contextlib.suppress(Exception):
                await advert.close()

    async def _stop(self) -> None:
        await self._unadvertise()
        if self.host is not None:
            await self.host.stop("stopped")

    def stop(self, timeout: float = 10.0) -> None:
        """Stop hosting (the guests are told the match is over); waits until nothing listens."""
        if self.stopped:
            return
        self.stopped = True
        with contextlib.suppress(Exception):
            self.ready.result(timeout)
        with contextlib.suppress(Exception):
            self.net.run(self._stop(), timeout)

    def listening(self) -> bool:
        return self.host is not None and not self.host.finished.done()
