"""A seat at a hosted table, as the table's controller: the match the seat may know, moves from the host.

``RemoteControl`` is given to the game's own table (the same table as a solo game) in place of
``PlayControl``: the table shows ``match`` (the game's guest match: what this seat knows, placeholders
face down for the rest, ``engine.games.Game.guest_match``), sends the player's moves through ``offer``
and asks ``update`` each frame for what the host said. Moves made elsewhere are played one at a time
once the table is still, as a bot's are. A connection lost is taken up again with the seat's token;
the whole story the host then tells builds the match again (``TableScene.match_replaced``).
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from engine.state import IllegalMove
from game.people.net import GuestLink, Hosted, forget_hosted, network, remember_seat
from game.widgets.table import ShownMatch
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App
    from game.store.stats import Result
    from game.widgets.table import TableScene

OTHERS_DELAY = 0.5  # seconds a move made elsewhere waits, once the table is still, before it shows
RETRY = 2.0  # seconds between tries to reach the host again


class RemoteControl(ShownMatch):
    """The seat's side of a hosted match (see the module's docstring)."""

    def __init__(self, app: App, link: GuestLink, url: str, room: str, name: str,
                 hosted: Hosted | None = None, token: str = "") -> None:
        from engine.games import game_named

        self.app, self.link, self.url, self.room, self.name, self.hosted = app, link, url, room, name, hosted
        self.game: Any = None
        self.seat = 0
        self.token = token  # (a seat taken back after a restart: its token, before the welcome)
        self.match_id = ""
        self.options: Any = None
        self.people: list[dict[str, Any]] = []  # the host's "table": who sits where, connected or not
        self.guest: Any = None
        self.match: Any = None
        self.seats: list[str | None] = []
        self.incoming: deque[tuple[int, Any]] = deque()  # moves made elsewhere, to show in turn
        self.sent: list[Any] = []  # this seat's moves played here that no update has confirmed yet
        self.asked: list[Any] | None = None  # the legal moves of the host's your_turn
        self.over: dict[str, Any] | None = None
        self.refused = ""  # the host's refusal of a hello (a token after the match, a full table)
        self.unreachable = False  # the host could not be reached before the match showed
        self.lost_at: float | None = None  # when the connection broke (None: connected)
        self.retry_at: float | None = None  # when to try the host again (None: a try is under way)
        self._rebuild = False  # the match is out of step: wait for the whole story (an update since 0)
        self.told = 0  # how many of the match's moves the host's updates have told this seat
        self._game_named = game_named
        self.news: list[str] = []  # what to say at the table (said by the next update)

    # -- messages ------------------------------------------------------------------------------------

    def take(self, msg: dict[str, Any]) -> None:
        """One message from the host (or from the link: "lost")."""
        kind = msg.get("type")
        if kind == "welcome":
            self.game = self._game_named(msg["game"])
            self.seat, self.token = int(msg["seat"]), str(msg["token"])
            self.match_id = str(msg.get("match_id", ""))
            self.options = self.game.Options.from_dict(msg.get("options"))
            if self.match is not None:  # back with the token: the host tells the whole story again
                self._rebuild = True
            self.asked = None  # a turn asked on the connection that broke is asked again on this one
            self.lost_at = self.retry_at = None
            if self.hosted is None:  # back after a restart too (Continue), with the seat's token
                remember_seat(self.app, {"url": self.url, "room": self.room, "name": self.name,
                                         "token": self.token, "game": self.game.name})
        elif kind == "table":
            self.people = [p for p in msg.get("seats", []) if isinstance(p, dict)]
            self.seats = [None if i == self.seat else (p.get("level") or "club")
                          for i, p in enumerate(self.people)]
        elif kind == "update":
            self._update(msg)
        elif kind == "your_turn":
            self.asked = list(msg.get("legal", []))
        elif kind == "refused_move":
            self.news.append(t("table.illegal", reason=str(msg.get("reason", ""))))
            self.asked = None  # (a your_turn follows)
            self._resync()
        elif kind == "over" and not msg.get("finished") and self.match is not None:
            # the host stopped its table before the end: it may be hosted again (Continue), so the
            # seat waits for it as for a lost connection, trying again with its token
            self.news.append(t("people.host_stopped"))
            self._lost()
        elif kind == "over":
            self.over = msg
        elif kind == "refused":
            self.refused = str(msg.get("reason", ""))
            if self.refused in ("token", "over"):
                remember_seat(self.app, None)
            if self.match is not None:  # back too late (the match is over) or with a seat no longer kept
                self.news.append(t("people.lobby.refused", reason=t(f"people.refused.{self.refused}")))
                self.lost_at = self.retry_at = None
                self.over = msg
        elif kind == "lost" and self.match is None:
            self.unreachable = True  # (the lobby says so)
        elif kind == "lost" and self.over is None:
            if self.lost_at is None:
                self.news.append(t("people.lost"))
            self._lost()  # (or a try to reach it again failed: the next one in RETRY seconds)

    def _lost(self) -> None:
        now = time.monotonic()
        self.lost_at = self.lost_at or now
        self.retry_at = now + RETRY
        self.asked = None

    def _resync(self) -> None:
        """What this seat shows disagrees with the host: ask for the whole story once, play nothing until
        it comes."""
        if not self._rebuild:
            self.link.send({"type": "sync"})
            self._rebuild = True
        self.incoming.clear()

    def _names(self) -> list[str]:
        return [str(p.get("name", "")) or f"#{i + 1}" for i, p in enumerate(self.people)]

    def _update(self, msg: dict[str, Any]) -> None:
        game = self.game
        moves = [(int(m["seat"]), game.move_from_json(m["move"])) for m in msg.get("moves", [])]
        events = msg.get("events", [])
        since = int(msg.get("since", self.told))  # the index of its first move (0: the whole story)
        if self.match is not None and not self._rebuild and since == self.told:
            self.told += len(moves)
            self._go_on(events, moves)
            return
        if since != 0:  # sent before the whole story asked for, or a gap: nothing to play from it
            self._resync()
            return
        guest = game.guest_match(self.options, self._names(), self.seat, msg["view"])
        guest.learn(events)
        for mover, move in moves:
            guest.play(mover, move)
        self.guest, self.match, self.told = guest, guest.match, len(moves)
        self.incoming.clear()
        self.sent.clear()
        self.replaced = self._rebuild
        self._rebuild = False

    def _go_on(self, events: list[Any], moves: list[tuple[int, Any]]) -> None:
        """An update that follows the last: what it tells learned, the moves made elsewhere to show."""
        game = self.game
        if self.guest.learn(events):  # the deal begun by this seat's last move, dealt again as told
            self.replaced = True
        while self.sent and moves and moves[0][0] == self.seat:  # this seat's own moves, already shown
            sent = self.sent.pop(0)
            mover, move = moves.pop(0)
            if game.move_to_json(move) != sent:
                self._resync()
                return
        self.incoming.extend(moves)

    # -- the table's controller ------------------------------------------------------------------------

    replaced = False  # the match was built again: the table shows it afresh
    shows_number = False  # the game's number (its seed) deals every card: the host keeps it
    helps = False  # no hint and no undo at a hosted table (its match is the host's)

    def update(self, table: TableScene) -> None:
        for msg in self.link.drain():
            self.take(msg)
        if self.replaced:
            self.replaced = False
            table.match_replaced()
        for words in self.news:
            table.say(words, 4.0, "warn")
        self.news.clear()
        if self.over is not None and not self.counted and not self.incoming and self.match is not None:
            self.counted = True
            self.finish()
        if self.lost_at is not None and self.over is None:
            self._reconnect()
            return
        if (not self.incoming or self._rebuild or table.busy()
                or table.clock - table.idle_since < OTHERS_DELAY):
            return
        mover, move = self.incoming.popleft()
        deal = self.match.deal
        before = deal.copy()
        try:
            self.guest.play(mover, move)
        except Exception:  # noqa: BLE001 - what this seat knew disagrees with the host: ask for it all
            self._resync()
            return
        table.show_move(move, before, deal)

    counted = False  # the end of the match has been kept (its record, this player's statistics)

    def result(self) -> Result | None:
        """This player's result from the host's "over": win, shared or loss (None: not finished)."""
        over = self.over or {}
        if not over.get("finished"):
            return None
        # (by sides: both partners of an Eralash pair are winning seats, and they won, not shared)
        winners = {int(self.match.side_of(int(w))) for w in over.get("winners", [])}
        side = int(self.match.side_of(self.seat))
        if side not in winners:
            return "loss"
        return "win" if len(winners) == 1 else "shared"

    def finish(self) -> None:
        """The match is over: its record (the host's, every card shown by then) kept as the last game,
        for Save record… and the review of this seat; the result counted once in this player's
        statistics, by the match's id (the host and every guest count their own, each on its own app)."""
        over = self.over or {}
        result = self.result()
        store = self.app.store
        if over.get("finished"):
            if self.hosted is not None:
                forget_hosted(self.app)
            else:
                remember_seat(self.app, None)
        if result is None or store is None:
            return
        with contextlib.suppress(Exception):
            from game.store.records import remember_last_game

            record = over.get("record")
            if isinstance(record, dict):
                remember_last_game(store.folder, record, store)
        with contextlib.suppress(Exception):
            from game.store.stats import Stats

            Stats.load(store).record_people(self.game.name, result, f"people:{self.match_id}")

    def _reconnect(self) -> None:
        """Try the host again with the seat's token, RETRY seconds after the last try failed (one try at
        a time: a slow try is never overtaken by the next, which the host would give the seat to)."""
        if self.retry_at is not None and time.monotonic() >= self.retry_at:
            self.retry_at = None
            with contextlib.suppress(Exception):
                self.link.close()
            self.link = GuestLink.join(network(self.app), self.url, self.room, self.name, token=self.token,
                                       lang=i18n.get_language())

    def offer(self, table: TableScene, move: Any) -> str | None:
        match = self.match
        if self.over is not None or self.lost_at is not None:
            return t("people.not_connected")
        if self.incoming or self._rebuild or match.current_player() != self.seat or self.asked is None:
            return t("table.not_your_turn")
        deal = match.deal
        before = deal.copy()
        try:
            self.guest.play(self.seat, move)
        except IllegalMove as err:
            return table.refusal_text(err)
        sent = self.game.move_to_json(move)
        self.link.move(sent)
        self.sent.append(sent)
        self.asked = None
        table.show_move(move, before, deal)
        return None

    def waiting_for(self, table: TableScene) -> int | None:
        match = self.match
        if match is None or match.is_over() or self.lost_at is not None:
            return None
        seat = int(match.current_player())
        return None if seat == self.seat and not self.incoming else seat

    def seat_note(self, seat: int) -> str | None:
        if seat == self.seat or not 0 <= seat < len(self.people):
            return None
        p = self.people[seat]
        if p.get("kind") != "remote":
            return None
        name = str(p.get("name", ""))
        if p.get("stand_in"):
            return t("people.note.stand_in", name=name)
        if not p.get("connected"):
            return t("people.note.away", name=name)
        return t("people.note.person")

    def ask_leave(self, table: TableScene) -> bool:
        """Leaving tells the others (the host's closes the table for everyone): asked first, unless the
        match is over or the seat is no longer at it."""
        if self.over is not None or self.match is None or self.match.is_over():
            return False
        from game.people.leave_question import LeaveQuestion

        texts = "people.leave.host" if self.hosted is not None else "people.leave.guest"
        self.app.stack.push(LeaveQuestion(self.app, table, texts))
        return True

    def leave(self) -> None:
        """The table is left: the seat says goodbye; a hosted table stops listening."""
        with contextlib.suppress(Exception):
            self.link.send({"type": "bye"})
            self.link.close()
        if self.hosted is not None:
            self.hosted.stop()
