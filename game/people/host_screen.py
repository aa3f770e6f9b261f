"""New game → Host a table: the New game dialog's rows for the game and its options, each other seat a
person or a bot of a level, the bot that plays for a person who drops, and the port to listen on.
Host starts the engine's host (``engine.net.host``) on the app's network thread and the lobby shows
the room code and the address to tell the guests; the host's player sits down like any guest."""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UITextEntryLine

from game.menus.new_game import LEVELS, NewGameScene
from game.people.net import Hosted, hosted_path, network, read_kept, room_code
from game.widgets.gui_scene import row_rects
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App

PERSON = "person"
def hostable(game: str) -> bool:
    """Can a person at another app sit at this game's table (its guest match is in the registry)?"""
    from engine.games import game_named

    return game_named(game).guest_match is not None


def guest_name(app: App, host: bool) -> str:
    """The name the player goes by at a people's table: the one chosen, or (a default "You") a plain word."""
    from game.store.settings import DEFAULT_NAMES

    name = app.settings.player_name.strip()
    defaults = {n for names in DEFAULT_NAMES.values() for n in names[:1]}
    if not name or name in defaults:
        return t("people.name.host") if host else ""
    return name


def people_to_continue(app: App) -> bool:
    """A table to host again, or a seat at another's table to take back."""
    from game.people.net import remembered_seat

    return hosted_save(app) is not None or remembered_seat(app) is not None


def hosted_save(app: App) -> dict[str, Any] | None:
    """The save of a table this app hosted, not finished, that can be hosted again (None: none)."""
    save = read_kept(hosted_path(app))
    try:
        seats = save["seats"]
        ok = (isinstance(save.get("room"), str) and isinstance(seats, list) and seats
              and isinstance(seats[0].get("token"), str) and isinstance(save.get("match"), dict)
              and hostable(str(save.get("game"))))
    except Exception:  # noqa: BLE001 - not the shape of a save: nothing to continue
        return None
    return save if ok else None


def rehost(app: App) -> Any:
    """Continue: host the saved table again (the same room code and port: guests come back with their
    tokens), its player back at seat 0; else take back the seat last taken at another's table; the
    lobby, or None when there is neither."""
    from engine.games import game_named
    from engine.net.host import seats_from_text
    from game.people.lobby import host_table

    save = hosted_save(app)
    if save is None:
        from game.people.lobby import take_seat_back

        return take_seat_back(app)
    try:
        game = game_named(save["game"])
        seats = seats_from_text(",".join(str(s["seat"]) for s in save["seats"]))
        options = game.Options.from_dict(save["match"].get("options"))
        port = int(save.get("port") or 0)
    except (ValueError, TypeError, KeyError):
        return None
    name = str(save["seats"][0].get("name", "")) or guest_name(app, host=True)
    hosted = Hosted(network(app), game, options, seats, save["room"], port=port, save=hosted_path(app),
                    table_name=t("people.table_name", name=name), resume=save)
    return host_table(app, hosted, name, token=save["seats"][0]["token"])


class HostScene(NewGameScene):
    """The New game dialog's rows, the seats as people or bots, and Host."""

    title_key = "people.host.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        if not hostable(self.game):
            self.choice["game"] = next(g for g in ("uragan", "eralash") if hostable(g))
        kept: dict[str, Any] = {}
        with contextlib.suppress(Exception):
            kept = dict(app.settings.get("people") or {})
        self.seat_kinds: dict[int, str] = {}  # seat (from 1) -> "person" or a bot level
        self.stand_in = str(kept.get("stand_in", "club"))
        self.port_text = str(kept.get("port", "") or "")

    # --- the rows -------------------------------------------------------------------------------------

    def choice_row(self, y: int, name: str, label: str, items: list[tuple[str, str]], selected: str,
                   about: str | None = None, enabled: bool = True) -> int:
        if name == "game":  # only the games a guest's app can show
            items = [(key, text) for key, text in items if hostable(key.partition("_")[2])]
        return super().choice_row(y, name, label, items, selected, about, enabled)

    def level_row(self, y: int, seat: int, label: str) -> int:
        """A seat: a person, or a bot of a level."""
        self.row_label(y, label)
        x0 = 30 + self.label_w
        kind = self.seat_kinds.get(seat, PERSON)
        keys = [PERSON, *LEVELS]
        texts = [t("people.seat.person") if key == PERSON else t(f"level.{key}") for key in keys]
        rects = row_rects(x0, y, self.inner - self.label_w, len(keys), self.row_h, gap=8)
        if self.app.text.scale != 1.0:  # a larger text: each button as wide as its word wants of the row
            font = self.app.text.font(20)
            wants = [font.size(text)[0] + 40 for text in texts]
            room = self.inner - self.label_w - 6 * (len(keys) - 1)
            x = x0
            for i, want in enumerate(wants):
                rects[i] = pygame.Rect(x, y, room * want // sum(wants), self.row_h)
                x = rects[i].right + 6
        for key, text, rect in zip(keys, texts, rects, strict=True):
            self.button(f"seat{seat}_{key}", text, rect, kind == key, container=self.panel)
        return y + self.row_h + self.gap

    def extra_rows(self) -> tuple[int, int]:
        return 2, 2

    def more_rows(self, y: int) -> int:
        y = self.choice_row(y, "standin", t("people.stand_in"),
                            [(f"standin_{lv}", t(f"level.{lv}")) for lv in LEVELS],
                            f"standin_{self.stand_in}", t("people.stand_in.about"))
        self.row_label(y, t("people.port"))
        entry = UITextEntryLine(pygame.Rect(30 + self.label_w, y, 160, self.row_h), self.app.ui,
                                container=self.panel, initial_text=self.port_text, object_id="#port")
        entry.set_allowed_characters(list("0123456789"))
        entry.set_text_length_limit(5)
        self.entries["port"] = entry
        self.focus.add_field("port", t("people.port").rstrip(":"), entry)
        y += self.row_h
        return y + self.about(y, t("people.port.about")) + self.gap

    def bottom_buttons(self) -> list[tuple[str, str, str | None]]:
        return [("start", t("people.host.start"), None), ("back", t("menu.back"), None)]

    # --- choices --------------------------------------------------------------------------------------

    def read_entries(self) -> None:
        entry = self.entries.get("port")
        if entry is not None:
            self.port_text = entry.get_text().strip()
        super().read_entries()

    def press(self, key: str) -> None:
        kind, _, value = key.partition("_")
        if kind.startswith("seat") and kind[4:].isdigit():
            self.read_entries()
            self.seat_kinds[int(kind[4:])] = value
            self.error = ""
            self.build()
            return
        if kind == "standin":
            self.read_entries()
            self.stand_in = value
            self.build()
            return
        if kind == "game" and not hostable(value):
            return
        super().press(key)

    def start(self, seed: int | None = None) -> None:
        """Check the choices, then host: the lobby waits for the port and shows the room code."""
        from engine.games import game_named
        from engine.net.host import SeatSpec
        from game.people.lobby import host_table

        self.read_entries()
        game = game_named(self.game)
        n = self.players()
        try:
            options = game.Options.from_dict(self.engine_options())
        except (ValueError, TypeError) as err:
            self.error = t("newgame.bad_option", reason=str(err))
            self.build()
            return
        port = int(self.port_text) if self.port_text.isdigit() else 0
        if port > 65535:
            self.error = t("people.port.bad")
            self.build()
            return
        seats = [SeatSpec(True)]
        for seat in range(1, n):
            kind = self.seat_kinds.get(seat, PERSON)
            seats.append(SeatSpec(True) if kind == PERSON else SeatSpec(False, kind))
        if sum(s.remote for s in seats) < 2:
            self.error = t("people.host.no_person")
            self.build()
            return
        with contextlib.suppress(Exception):
            self.app.settings.update({"people": {"stand_in": self.stand_in, "port": port or ""}})
        name = guest_name(self.app, host=True)
        hosted = Hosted(network(self.app), game, options, seats, room_code(),
                        table_name=t("people.table_name", name=name), port=port, stand_in=self.stand_in,
                        save=hosted_path(self.app))
        app = self.app
        app.stack.remove(self)
        host_table(app, hosted, name)
