"""The host: keeps the match, seats guests and bots, and tells each guest only what its seat may know.

    host = Host(game_named("uragan"), options, seats_from_text("remote,bot:club"), room="K7Q2")
    port = await host.start("127.0.0.1", 0)   # listening
    await host.finished                       # the match is over (or host.stop() was called)

Everything runs on one asyncio loop: each connection's handler checks what its guest sends, and one
game loop asks the seat to move — the guest whose turn it is, a bot (thinking in a thread), or the
stand-in bot of a guest who dropped and did not come back within the grace period. Only the game
loop plays moves on the match; a guest's move reaches it through ``_offer``.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import os
import secrets
import sys
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from engine.bots import ALL_BOTS, LEVELS, Bot
from engine.games import Game
from engine.net import words
from engine.net.protocol import (
    GUEST_TYPES,
    MAX_SIZE,
    ProtocolError,
    dumps,
    event_json,
    parse,
    read_hello,
    view_json,
)
from engine.state import IllegalMove

HELLO_TIMEOUT = 10.0  # seconds a connection may stay silent before its hello
OUTBOX = 256  # messages waiting for a guest that does not read; one more and it is dropped
WAITING = 16  # connections at once that have not said hello yet; more are refused "busy"
ROOM_TRIES = 20  # wrong room codes from one address before it is refused without a try
RATE = 20.0  # messages a second a guest may send on average ...
BURST = 40.0  # ... and at once


@dataclass(frozen=True)
class SeatSpec:
    """``remote`` (a person joining) or ``bot:LEVEL``."""

    remote: bool
    level: str = ""

    def text(self) -> str:
        return "remote" if self.remote else f"bot:{self.level}"


def seats_from_text(text: str) -> list[SeatSpec]:
    """``remote,bot:master,...`` as seat specs; ValueError naming the bad one."""
    specs = []
    for part in text.split(","):
        item = part.strip().lower()
        if item == "remote":
            specs.append(SeatSpec(True))
        elif item.startswith("bot:") and item[4:] in LEVELS:
            specs.append(SeatSpec(False, item[4:]))
        else:
            raise ValueError(f"seat {part!r} is not remote or bot:LEVEL with LEVEL one of "
                             f"{', '.join(LEVELS)}")
    return specs


@dataclass
class Seat:
    """One seat at the table and, for a person's seat, its guest's connection and token."""

    index: int
    spec: SeatSpec
    name: str = ""
    token: str | None = None  # set when a guest first takes the seat
    conn: ServerConnection | None = None
    lang: str = "en"
    seen: int = 0  # how many of match.events this seat's guest has been sent
    moves_seen: int = 0  # how many of match.moves this seat's guest has been sent
    dropped_at: float | None = None
    standing_in: bool = False  # the stand-in bot plays for the guest who dropped
    outbox: asyncio.Queue[str] | None = None  # what the guest is sent, drained by its own writer
    bucket: float = BURST
    last: float = field(default_factory=time.monotonic)

    def allow(self) -> bool:
        """The rate limit: a token bucket, RATE a second, BURST at most."""
        now = time.monotonic()
        self.bucket = min(BURST, self.bucket + (now - self.last) * RATE)
        self.last = now
        if self.bucket < 1:
            return False
        self.bucket -= 1
        return True


def _write(path: Path, data: dict[str, Any]) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
    os.replace(tmp, path)


def match_id(seed: int) -> str:
    """The match's name for every person's statistics (counted once each): from the seed, which it
    does not give away."""
    return hashlib.sha256(f"salon-match:{seed}".encode()).hexdigest()[:24]


def _log(line: str) -> None:
    print(f"host: {line}", file=sys.stderr, flush=True)


class Host:
    """One hosted match: the server is listening between ``start`` and the end of the match."""

    def __init__(self, game: Game, options: Any, seats: list[SeatSpec], room: str, *, seed: int | None = None,
                 budget: float | None = None, grace: float = 30.0, stand_in: str = "club",
                 record: Path | None = None, save: Path | None = None, resume: dict[str, Any] | None = None,
                 log: Callable[[str], None] = _log) -> None:
        if len(seats) not in game.seat_counts:
            raise ValueError(f"{game.name} is played by {' or '.join(map(str, game.seat_counts))} players, "
                             f"not {len(seats)}")
        if stand_in not in ALL_BOTS:
            raise ValueError(f"unknown bot {stand_in!r}: choose one of {', '.join(ALL_BOTS)}")
        self.game, self.options, self.room = game, options, room
        self.seed = secrets.randbelow(2**63) if seed is None else seed
        self.match_id = match_id(self.seed)
        self.budget, self.grace, self.stand_in = budget, grace, stand_in
        self.record_path, self.save_path, self.log = record, save, log
        self.seats = [Seat(i, spec, name="" if spec.remote else spec.level.capitalize())
                      for i, spec in enumerate(seats)]
        self.match: Any = None
        self.port = 0  # the port listened on, once started (kept in the save: guests come back to it)
        self.over = False
        self._stopping = False
        self._waiting = 0
        self._wrong_room: dict[str, int] = {}
        self._bots: dict[int, Bot] = {}
        self._server: Server | None = None
        self._wake = asyncio.Event()
        self._offered: tuple[int, Any] | None = None  # (seat, move) a guest sent for the turn being asked
        self._asked: dict[int, object] = {}  # seat -> the connection last sent your_turn for this move
        self._game_task: asyncio.Task[None] | None = None
        self._saver: ThreadPoolExecutor | None = None  # writes the saves, one after another
        self._saved: Future[None] | None = None  # the last save handed to it
        self.finished: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if resume is not None:
            self._resume(resume)

    # -- listening ---------------------------------------------------------------------------------

    async def start(self, address: str | None = None, port: int = 0) -> int:
        """Listen; the port actually taken. The game starts when every remote seat has a guest."""
        self._server = await serve(self._handler, address, port, max_size=MAX_SIZE, max_queue=4,
                                   ping_interval=20, ping_timeout=20, write_limit=MAX_SIZE)
        sockets = list(self._server.sockets)
        taken: int = sockets[0].getsockname()[1]
        self.port = taken
        self.log(f"listening on port {taken}, room {self.room}, {self.game.name}, seats "
                 f"{','.join(s.spec.text() for s in self.seats)}")
        self._game_task = asyncio.create_task(self._play())
        return taken

    async def stop(self, why: str = "stopped") -> None:
        """Stop hosting: save the record of the match as it stands, close every guest, stop listening."""
        if self._stopping:
            return
        self._stopping = True
        if self._game_task is not None and self._game_task is not asyncio.current_task():
            self._game_task.cancel()
        self.save_record()
        await self._saves_written()
        for s in self.seats:
            conn = s.conn
            if conn is not None:
                await self._send(s, {"type": "over", "why": why, **self._result()})
                await self._flush(s)
                await conn.close(1000, why)
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.log(f"closed: {why}")
        self.finished.set_result(None)

    def _resume(self, save: dict[str, Any]) -> None:
        """Take up a saved match: its moves, the seats' names and tokens (guests come back with them)."""
        seats = save.get("seats")
        if save.get("game") != self.game.name or not isinstance(seats, list) or len(seats) != len(self.seats):
            raise ValueError(f"the save is not of {self.game.name} with {len(self.seats)} seats")
        for seat, kept in zip(self.seats, seats, strict=True):
            if kept.get("seat") != seat.spec.text():
                raise ValueError(f"seat {seat.index} was {kept.get('seat')!r} in the save, "
                                 f"not {seat.spec.text()}")
            seat.name, seat.token = str(kept.get("name", "")), kept.get("token")
        self.seed = int(save["match"]["seed"])
        self.match_id = match_id(self.seed)
        self.match = self.game.Match.from_save(save["match"])
        now = asyncio.get_running_loop().time()
        for seat in self.seats:
            seat.dropped_at = now  # the grace runs from the restart

    def save_game(self) -> None:
        """The match and its seats, after every move: ``--resume`` takes it up (atomic write). Written
        on a thread of its own, in order: the game loop tells the seats the move meanwhile, never
        waiting for the disk (nor, in the app, does its frame, for the loop's updates)."""
        if self.save_path is None or self.match is None:
            return
        save = {"game": self.game.name, "seats": [{"seat": s.spec.text(), "name": s.name, "token": s.token}
                                                  for s in self.seats],
                "room": self.room, "port": self.port, "match": self.match.to_save()}
        if self._saver is None:
            self._saver = ThreadPoolExecutor(1, thread_name_prefix="salon-host-save")
        self._saved = self._saver.submit(_write, self.save_path, save)
        self._saved.add_done_callback(self._save_failed)

    def _save_failed(self, done: Future[None]) -> None:
        err = done.exception()
        if err is not None:
            self.log(f"the save could not be written: {err}")

    async def _saves_written(self) -> None:
        """Every save handed to the writer is on disk (a stop waits for it)."""
        saved, saver = self._saved, self._saver
        if saved is not None:
            with contextlib.suppress(Exception):  # (said by _save_failed)
                await asyncio.wrap_future(saved)
        if saver is not None:
            saver.shutdown(wait=False)
            self._saver = None

    def save_record(self) -> None:
        if self.record_path is None:
            return
        if self.match is None:
            self.log("no game was started: no record written")
            return
        _write(self.record_path, self.match.to_record())
        self.log(f"record written to {self.record_path}")

    # -- a guest's connection -------------------------------------------------------------------------

    async def _handler(self, conn: ServerConnection) -> None:
        peer = conn.remote_address
        address = str(peer[0]) if isinstance(peer, tuple) and peer else str(peer)
        self.log(f"connection from {peer}")
        if self._waiting >= WAITING:
            await self._refuse(conn, "busy", peer)
            return
        self._waiting += 1
        try:
            if self._wrong_room.get(address, 0) >= ROOM_TRIES:
                raise ProtocolError("room")
            raw = await asyncio.wait_for(conn.recv(), HELLO_TIMEOUT)
            hello = read_hello(parse(raw))
            if not hmac.compare_digest(hello.room.encode(), self.room.encode()):
                self._wrong_room[address] = self._wrong_room.get(address, 0) + 1
                raise ProtocolError("room")
            seat = self._seat_for(hello.token)
        except ProtocolError as err:
            await self._refuse(conn, err.reason, peer)
            return
        except (TimeoutError, ConnectionClosed):
            self.log(f"connection from {peer} closed before its hello")
            return
        finally:
            self._waiting -= 1
        if seat.conn is not None:  # the same token again: the newer connection takes the seat
            await seat.conn.close(1000, "replaced")
        if seat.token is None:
            seat.token = secrets.token_urlsafe(16)
            seat.name = hello.name or f"{words.word('guest', hello.lang)} {seat.index + 1}"
        seat.conn, seat.lang, seat.seen, seat.dropped_at, seat.standing_in = conn, hello.lang, 0, None, False
        seat.moves_seen = 0
        # the rate is per connection: a flooder back with its token starts again
        seat.bucket, seat.last = BURST, time.monotonic()
        outbox: asyncio.Queue[str] = asyncio.Queue(OUTBOX)
        seat.outbox = outbox
        writer = asyncio.create_task(self._writer(conn, outbox))
        self.log(f"seat {seat.index} taken by {seat.name!r} from {peer}")
        try:
            await self._send(seat, {"type": "welcome", "version": 1, "seat": seat.index, "token": seat.token,
                                    "game": self.game.name, "options": self.options.to_dict(),
                                    "match_id": self.match_id})
            await self._tell_table()
            if self.match is not None:
                await self._update(seat)
            self._wake.set()
            async for raw in conn:
                if seat.conn is not conn:
                    break
                if not seat.allow():
                    self.log(f"seat {seat.index}: flood, dropped")
                    await self._send(seat, {"type": "error", "reason": "flood"})
                    await self._flush(seat)
                    conn.transport.abort()  # no close handshake: a flooder is not waited for
                    break
                await self._received(seat, raw)
        except ConnectionClosed:
            pass
        finally:
            writer.cancel()
            if seat.conn is conn:
                seat.conn, seat.outbox, seat.dropped_at = None, None, asyncio.get_running_loop().time()
                self.log(f"seat {seat.index} ({seat.name!r}) dropped")
                self._wake.set()
                if not self.over:
                    await self._tell_table()

    async def _refuse(self, conn: ServerConnection, reason: str, peer: object) -> None:
        self.log(f"refused {peer}: {reason}")
        try:
            await conn.send(dumps({"type": "refused", "reason": reason}))
            await conn.close(1008, reason)
        except ConnectionClosed:
            pass

    def _seat_for(self, token: str | None) -> Seat:
        if self.over:
            raise ProtocolError("over")
        if token is not None:
            for s in self.seats:
                if s.token is not None and hmac.compare_digest(s.token.encode(), token.encode()):
                    return s
            raise ProtocolError("token")
        for s in self.seats:
            if s.spec.remote and s.token is None:
                return s
        raise ProtocolError("full")

    async def _received(self, seat: Seat, raw: str | bytes) -> None:
        try:
            msg = parse(raw)
            kind = msg["type"]
            if kind not in GUEST_TYPES:
                raise ProtocolError("unknown_type", kind)
        except ProtocolError as err:
            await self._send(seat, {"type": "error", "reason": err.reason})
            return
        if kind == "sync":  # everything of its own seat again; a "seat" field is ignored
            seat.seen = seat.moves_seen = 0
            if self.match is not None:
                await self._update(seat)
        elif kind == "bye":
            if seat.conn is not None:
                await seat.conn.close(1000, "bye")
        elif await self._offer(seat, msg.get("move")):
            seat.bucket = min(BURST, seat.bucket + 1)  # a move the turn asked for is not counted as a flood

    async def _offer(self, seat: Seat, move_json: Any) -> bool:
        """A guest's move: passed to the game loop if it is legal and its turn, else refused with why."""
        match = self.match
        if match is None or self.over or match.current_player() != seat.index or self._offered is not None:
            await self._send(seat, {"type": "error", "reason": "not_your_turn"})
            return False
        try:
            move = self.game.move_from_json(move_json)
        except Exception:  # anything unreadable as a move of this game
            move = None
        legal = match.legal_moves()
        if move is not None and move in legal:
            self._offered = (seat.index, move)
            self._wake.set()
            return True
        reason = words.word("not_a_move", seat.lang)
        if move is not None:
            try:
                match.copy().play(move)
            except IllegalMove as err:
                reason = err.sentence(seat.lang)
            except Exception:  # noqa: S110 - the generic reason stands
                pass
        await self._send(seat, {"type": "refused_move", "move": move_json, "reason": reason})
        await self._ask(seat)
        return False

    # -- what guests are told -----------------------------------------------------------------------

    async def _send(self, seat: Seat, message: dict[str, Any]) -> None:
        """Queue a message for the seat's guest: the host never waits for a guest's network."""
        conn, outbox = seat.conn, seat.outbox
        if conn is None or outbox is None:
            return
        try:
            outbox.put_nowait(dumps(message))
        except asyncio.QueueFull:  # a guest that does not read is dropped, not waited for
            self.log(f"seat {seat.index}: not reading, dropped")
            seat.outbox = None
            conn.transport.abort()

    @staticmethod
    async def _writer(conn: ServerConnection, outbox: asyncio.Queue[str]) -> None:
        try:
            while True:
                await conn.send(await outbox.get())
                outbox.task_done()
        except ConnectionClosed:
            pass

    async def _flush(self, seat: Seat, timeout: float = 5.0) -> None:
        """Wait (bounded) until the seat's guest has been sent everything queued for it."""
        outbox = seat.outbox
        if outbox is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(outbox.join(), timeout)

    async def _tell_table(self) -> None:
        table = [{"seat": s.index, "name": s.name, "kind": "remote" if s.spec.remote else "bot",
                  "level": s.spec.level or None, "connected": s.conn is not None,
                  "stand_in": s.standing_in} for s in self.seats]
        for s in self.seats:
            await self._send(s, {"type": "table", "seats": table, "started": self.match is not None})

    async def _update(self, seat: Seat) -> None:
        """The seat's new events since it was last told, and its view."""
        match = self.match
        events = match.events_for(seat.index, seat.seen)
        seat.seen = len(match.events)
        since = seat.moves_seen
        moves = [{"seat": s, "move": self.game.move_to_json(m)}
                 for s, m in zip(match.movers[since:], match.moves[since:], strict=True)]
        seat.moves_seen = len(match.moves)
        view = match.view(seat.index)
        await self._send(seat, {
            "type": "update", "turn": None if match.is_over() else match.current_player(),
            "events": [event_json(e) for e in events], "since": since, "moves": moves,
            "view": view_json(view, self.game.move_to_json),
        })

    async def _ask(self, seat: Seat) -> None:
        self._asked[seat.index] = seat.conn
        await self._send(seat, {"type": "your_turn",
                                "legal": [self.game.move_to_json(m) for m in self.match.legal_moves()]})

    def _result(self) -> dict[str, Any]:
        if self.match is None:
            return {"winners": [], "points": []}
        result = {"winners": list(self.match.winners()), "points": list(self.match.score()),
                  "finished": bool(self.match.is_over()), "match_id": self.match_id}
        if self.match.is_over():  # every card has been shown by the end: each person keeps the record
            result["record"] = self.match.to_record()
        return result

    # -- the game -----------------------------------------------------------------------------------

    async def _play(self) -> None:
        try:
            while not all(s.token is not None for s in self.seats if s.spec.remote):
                self._wake.clear()
                await self._wake.wait()
            names = [s.name for s in self.seats]
            if self.match is None:
                self.match = self.game.Match.new(self.options, names, seed=self.seed)
                self.log(f"game started: {self.game.name}, seed {self.seed}, players {', '.join(names)}")
            else:
                self.log(f"game resumed: {self.game.name}, move {len(self.match.moves) + 1}, "
                         f"players {', '.join(names)}")
            self.save_game()
            await self._tell_table()
            await self._tell_all()
            while not self.match.is_over():
                seat = self.seats[self.match.current_player()]
                move = await self._remote_move(seat) if seat.spec.remote else None
                if move is None:
                    view = self.match.view(seat.index)
                    move = await asyncio.to_thread(self._bot(seat).choose, view)
                self.match.play(move)
                self.save_game()
                self._offered = None  # an offer made while a bot played this seat's move is void
                self._asked.clear()
                await self._tell_all()
            self.over = True
            self.log(f"game over: winners {list(self.match.winners())}, points {list(self.match.score())}")
            await self.stop("finished")
        except asyncio.CancelledError:
            raise
        except Exception as err:  # a fault of ours: save what there is, tell the guests, stop
            self.log(f"fault: {type(err).__name__}: {err}")
            await self.stop("fault")

    async def _tell_all(self) -> None:
        for s in self.seats:
            if s.conn is not None:
                await self._update(s)

    def _bot(self, seat: Seat) -> Bot:
        if seat.index not in self._bots:
            level = seat.spec.level or self.stand_in
            seed = (self.seed + seat.index) % 2**63
            self._bots[seat.index] = self.game.make_bot(level, seed=seed, budget=self.budget)
        return self._bots[seat.index]

    async def _remote_move(self, seat: Seat) -> Any:
        """The guest's move; None when the stand-in bot plays it (the guest dropped past the grace)."""
        loop = asyncio.get_running_loop()
        while True:
            if self._offered is not None and self._offered[0] == seat.index:
                move = self._offered[1]
                self._offered = None
                return move
            timeout: float | None = None
            if seat.conn is None:
                if seat.standing_in:
                    return None
                left = (seat.dropped_at or loop.time()) + self.grace - loop.time()
                if left <= 0:
                    seat.standing_in = True
                    self.log(f"seat {seat.index} ({seat.name!r}): played by {self.stand_in} until it returns")
                    await self._tell_table()
                    return None
                timeout = left
            elif self._asked.get(seat.index) is not seat.conn:
                await self._ask(seat)
            self._wake.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), timeout)
