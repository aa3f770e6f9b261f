"""The lobby: a table hosted or joined, before its match shows — the room code and where guests connect,
who has sat down, and the host's refusal if it said no. When the seat's first story arrives, the
game's own table (``game.screens.TABLES``) takes the lobby's place, driven by the seat's
``RemoteControl``."""

from __future__ import annotations

import contextlib
import warnings
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UILabel

from engine.net.lan import own_address
from game.looks.resources import AssetError
from game.people.net import GuestLink, Hosted, network, remembered_seat
from game.people.remote import RemoteControl
from game.screens import TABLES, load, remember_game
from game.widgets.gui_scene import GuiScene, row_rects
from game.words import i18n
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App

POLL = 0.1  # seconds between looks at the network while waiting


def join_table(app: App, url: str, room: str, name: str, hosted: Hosted | None = None,
               token: str | None = None) -> LobbyScene:
    """Ask to sit at the table at ``url`` (``token``: take back the seat it gave) and push the lobby that
    waits for the match."""
    link = GuestLink.join(network(app), url, room, name, token=token, lang=i18n.get_language())
    lobby = LobbyScene(app, RemoteControl(app, link, url, room, name, hosted, token=token or ""))
    app.stack.push(lobby)
    return lobby


def take_seat_back(app: App) -> LobbyScene | None:
    """Continue: the seat at another's table this app last sat at, asked back with its token."""
    seat = remembered_seat(app)
    if seat is None:
        return None
    return join_table(app, seat["url"], seat["room"], seat["name"], token=seat["token"])


def host_table(app: App, hosted: Hosted, name: str, token: str | None = None) -> LobbyScene:
    """The table is being hosted: the lobby waits for it to listen, then the host sits at seat 0 (with
    its seat's ``token`` when the table is hosted again from its save)."""
    lobby = LobbyScene(app, None, hosted=hosted, name=name, token=token)
    app.stack.push(lobby)
    return lobby


class LobbyScene(GuiScene):
    """Waiting for the match: its words are built again whenever what it knows changes."""

    def __init__(self, app: App, control: RemoteControl | None, *, hosted: Hosted | None = None,
                 name: str = "", token: str | None = None) -> None:
        super().__init__(app)
        self.token = token
        self.control = control
        self.hosted = hosted if control is None else control.hosted
        self.name = name
        self.table: Any = None  # the table opened once the match began
        self._shown: tuple[Any, ...] = ()
        self._handed_over = False

    # --- what it knows --------------------------------------------------------------------------------

    def lines(self) -> list[str]:
        out: list[str] = []
        hosted, control = self.hosted, self.control
        if hosted is not None:
            if hosted.error:
                return [t("people.lobby.cannot_host", reason=hosted.error)]
            if not hosted.port:
                return [t("people.lobby.starting")]
            out.append(t("people.lobby.room", room=hosted.room))
            out.append(t("people.lobby.address", address=own_address(), port=hosted.port))
        if control is not None:
            if control.refused:
                return [*out, t("people.lobby.refused", reason=t(f"people.refused.{control.refused}"))]
            if control.unreachable and control.game is None:
                return [*out, t("people.lobby.unreachable")]
            if control.game is not None:  # which game, and whether in pairs (Eralash for four)
                pairs = bool(getattr(control.options, "pairs", False))
                out.append(t("people.lobby.game.pairs" if pairs else "people.lobby.game",
                             game=t(f"game.{control.game.name}")))
            for i, p in enumerate(control.people):
                who = str(p.get("name", ""))
                if p.get("kind") == "bot":
                    state = t(f"level.{p.get('level') or 'club'}")
                elif i == control.seat:
                    state = t("people.lobby.you")
                elif p.get("connected"):
                    state = t("people.lobby.seated")
                else:
                    state = t("people.lobby.empty")
                out.append(t("people.lobby.seat", n=i + 1, name=who or "—", state=state))
            if control.game is None:
                out.append(t("people.lobby.joining"))
            else:
                out.append(t("people.lobby.waiting"))
        return out

    def update(self, dt: float) -> None:
        hosted = self.hosted
        if self.control is None and hosted is not None and hosted.port:
            url = f"ws://127.0.0.1:{hosted.port}"
            link = GuestLink.join(network(self.app), url, hosted.room, self.name, token=self.token,
                                  lang=i18n.get_language())
            self.control = RemoteControl(self.app, link, url, hosted.room, self.name, hosted)
        control = self.control
        if control is not None:
            for msg in control.link.drain():
                control.take(msg)
            if control.match is not None and not self._handed_over:
                self.open_table()
                return
        shown = tuple(self.lines())
        if shown != self._shown:
            self._shown = shown
            self.build()

    def open_table(self) -> None:
        control = self.control
        assert control is not None
        self._handed_over = True
        game = control.game.name
        scene = load(TABLES[game])(self.app, control)
        remember_game(self.app, game)
        self.app.stack.remove(self)
        self.app.stack.push(scene)
        self.table = scene

    def wake_in(self) -> float | None:
        return POLL

    # --- the screen -----------------------------------------------------------------------------------

    def build(self) -> None:
        self.clear()
        ui = self.app.ui
        w, h = self.app.size
        lines = list(self._shown) or [t("people.lobby.starting")]
        scale = self.app.text.scale  # (pygame_gui's fonts grow with the text size: so does every row)
        pw = min(round(820 * scale), int(w * (0.9 if scale == 1.0 else 0.94)))
        inner = pw - 60
        with contextlib.suppress(Exception):  # a line longer than the panel goes on as many as it takes
            from game.widgets.text import wrap_lines

            font = ui.get_theme().get_font(["#option_label", "label"])
            lines = [part for line in lines for part in (wrap_lines(font, line, inner - 8) or [line])]
        line_h = round((34 if h >= 800 else 28) * scale)
        title_h, button_h = round(36 * scale), round(48 * scale)
        ph = min(h - 40, title_h + 20 + len(lines) * line_h + 30 + button_h + 28)
        panel = self.add_panel(pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph))
        title = "people.lobby.title.host" if self.hosted is not None else "people.lobby.title.join"
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            UILabel(pygame.Rect(30, 10, inner, title_h), t(title), ui, container=panel,
                    object_id="#dialog_title")
            y = title_h + 20
            for line in lines:
                UILabel(pygame.Rect(30, y, inner, line_h), line, ui, container=panel,
                        object_id="#option_label")
                y += line_h
        inside = panel.get_container().get_rect().height
        (leave,) = row_rects(30 + inner // 3, inside - 8 - button_h, inner // 3, 1, button_h)
        self.button("leave", t("people.lobby.leave"), leave, container=panel)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.pressed(event) == "leave" or (event.type == pygame.KEYDOWN
                                              and event.key == pygame.K_ESCAPE):
            self.leave()
        return True

    def leave(self) -> None:
        if self.control is not None:
            self.control.leave()
        elif self.hosted is not None:
            self.hosted.stop()
        self.app.stack.remove(self)

    def draw(self, surface: pygame.Surface) -> None:
        try:
            surface.blit(self._background(surface.get_size()), (0, 0))
        except (AssetError, pygame.error):
            from game.widgets.felt import table_background

            surface.blit(table_background(surface.get_size(), self.table_colour()), (0, 0))
