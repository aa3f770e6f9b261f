"""Tables on the local network: a host advertises itself with zeroconf (mDNS), a guest finds them.

    advert = await Advert.start(port=8765, table="Аня's table", game="uragan")
    ...
    await advert.close()                      # the table is no longer offered

    finder = await Finder.start()             # tables as they appear: finder.tables, finder.changed
    ...
    await finder.close()

The advert says which game is played, the table's name and the protocol version — never the room code,
which the guest must be told by the host's player.
"""

from __future__ import annotations

import asyncio
import socket
from dataclasses import dataclass
from typing import Any

from zeroconf import IPVersion, ServiceStateChange, Zeroconf
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from engine.net.protocol import VERSION

SERVICE = "_salon._tcp.local."
NAME_LENGTH = 40  # a service instance name is at most 63 bytes


@dataclass(frozen=True)
class Table:
    """A table found on the network: where to connect and what is played there."""

    name: str
    address: str
    port: int
    game: str
    version: int

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"


def _zeroconf(interfaces: list[str] | None) -> AsyncZeroconf:
    if interfaces is None:
        return AsyncZeroconf(ip_version=IPVersion.V4Only)
    return AsyncZeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


def own_address() -> str:
    """The address other machines reach this one by (the route to the outside; no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, only the route is looked up
            address: str = s.getsockname()[0]
        except OSError:
            address = "127.0.0.1"
    return address


class Advert:
    """A hosted table offered on the local network until ``close``."""

    def __init__(self, zc: AsyncZeroconf, info: AsyncServiceInfo) -> None:
        self._zc, self._info = zc, info

    @classmethod
    async def start(cls, port: int, table: str, game: str, address: str | None = None,
                    interfaces: list[str] | None = None) -> Advert:
        clean = "".join(ch for ch in table if ch.isprintable() and ch != ".").strip()[:NAME_LENGTH] or "Salon"
        where = address or own_address()
        info = AsyncServiceInfo(
            SERVICE, f"{clean}.{SERVICE}", addresses=[socket.inet_aton(where)], port=port,
            properties={"game": game, "version": str(VERSION)}, server=f"salon-{port}.local.",
        )
        zc = _zeroconf(interfaces)
        await zc.async_register_service(info, allow_name_change=True)
        return cls(zc, info)

    async def close(self) -> None:
        await self._zc.async_unregister_service(self._info)
        await self._zc.async_close()


class Finder:
    """Tables advertised on the local network, kept up to date while it runs: ``tables`` by service name;
    ``changed`` is set whenever one appears or goes."""

    def __init__(self, zc: AsyncZeroconf) -> None:
        self._zc = zc
        self.tables: dict[str, Table] = {}
        self.changed = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()
        self._browser = AsyncServiceBrowser(zc.zeroconf, SERVICE, handlers=[self._on_change])

    @classmethod
    async def start(cls, interfaces: list[str] | None = None) -> Finder:
        return cls(_zeroconf(interfaces))

    def _on_change(self, zeroconf: Zeroconf, service_type: str, name: str,
                   state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            if self.tables.pop(name, None) is not None:
                self.changed.set()
            return
        task = asyncio.ensure_future(self._resolve(name))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _resolve(self, name: str) -> None:
        info = AsyncServiceInfo(SERVICE, name)
        if not await info.async_request(self._zc.zeroconf, 3000):
            return
        props: dict[Any, Any] = info.properties or {}
        addresses = info.parsed_addresses()
        try:
            version = int(props.get(b"version", b"0") or b"0")
            game = (props.get(b"game") or b"").decode("utf-8", "replace")
        except ValueError:
            return
        if not addresses or info.port is None:
            return
        self.tables[name] = Table(name.removesuffix("." + SERVICE), addresses[0], info.port, game, version)
        self.changed.set()

    async def close(self) -> None:
        await self._browser.async_cancel()
        for task in list(self._tasks):
            task.cancel()
        await self._zc.async_close()
