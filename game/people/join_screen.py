"""New game → Join a table: the tables offered on the local network (zeroconf, ``engine.net.lan``) as
buttons that fill in the address, or an address and port typed in (across the internet: a forwarded
port or a VPN), the room code the host's player tells, and Join. The search runs on the app's network
thread; the screen looks at what it found a few times a second."""

from __future__ import annotations

import contextlib
import warnings
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UITextEntryLine

from game.looks.resources import AssetError
from game.people.net import network
from game.widgets.gui_scene import GuiScene, row_rects
from game.words.i18n import t

if TYPE_CHECKING:
    from engine.net.lan import Finder, Table
    from game.app import App

POLL = 0.25  # seconds between looks at the tables found
SHOWN = 4  # tables listed at most


class JoinScene(GuiScene):
    """Found tables, address, port, room code, Join and Back."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.fields = {"address": "", "port": "", "room": ""}
        self.entries: dict[str, UITextEntryLine] = {}
        self.error = ""
        self.finder: Finder | None = None
        self.tables: list[Table] = []
        self._finding: Any = None
        self._found: list[Table] = []  # what the search last reported

    # --- finding tables -------------------------------------------------------------------------------

    def enter(self) -> None:
        from engine.net.lan import Finder

        with contextlib.suppress(Exception):
            self._finding = network(self.app).submit(Finder.start())
        super().enter()

    def exit(self) -> None:
        self.stop_finding()
        super().exit()

    def stop_finding(self) -> None:
        finding, self._finding = self._finding, None
        if finding is None:
            return
        with contextlib.suppress(Exception):
            finder = finding.result(5)
            network(self.app).run(finder.close(), 5)

    def update(self, dt: float) -> None:
        finding = self._finding
        if finding is None or not finding.done() or finding.exception() is not None:
            return
        self.finder = finding.result()
        found = sorted(self.finder.tables.values(), key=lambda tb: (tb.name, tb.address, tb.port))
        found = [tb for tb in found if tb.version == 1][:SHOWN]
        if found != self._found:
            self.tables = self._found = found
            self.build()

    def wake_in(self) -> float | None:
        return POLL

    # --- the screen -----------------------------------------------------------------------------------

    def clear(self) -> None:
        for key, entry in self.entries.items():
            with contextlib.suppress(Exception):
                self.fields[key] = entry.get_text()
        super().clear()
        self.entries.clear()

    def build(self) -> None:
        from engine.games import GAMES

        self.clear()
        ui = self.app.ui
        w, h = self.app.size
        scale = self.app.text.scale  # (pygame_gui's fonts grow with the text size: so does every row)
        row = round((40 if h >= 800 else 32) * scale)
        gap = 8
        title_h, about_h, button_h = round(40 * scale), round(24 * scale), round(48 * scale)
        pw = min(round(900 * scale), int(w * (0.9 if scale == 1.0 else 0.94)))
        inner = pw - 60
        label_w = int(inner * 0.3)
        n_found = max(1, len(self.tables))
        error_h = round(32 * scale) if self.error else 0
        ph = min(h - 30, 10 + title_h + about_h + 2 + n_found * (row + gap) + 3 * (row + gap) + 30
                 + button_h + 8 + error_h)
        panel = self.add_panel(pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            UILabel(pygame.Rect(30, 10, inner, title_h), t("people.join.title"), ui, container=panel,
                    object_id="#dialog_title")
            UILabel(pygame.Rect(30, 10 + title_h, inner, about_h), t("people.join.found"), ui,
                    container=panel, object_id="#about")
        y = 10 + title_h + about_h + 2
        if not self.tables:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                UILabel(pygame.Rect(30, y, inner, row), t("people.join.none"), ui, container=panel,
                        object_id="#option_label")
            y += row + gap
        for i, tb in enumerate(self.tables):
            words = t("people.join.table", name=tb.name, game=t(f"game.{tb.game}") if tb.game in GAMES
                      else tb.game, address=tb.address, port=tb.port)
            self.button(f"found_{i}", words, pygame.Rect(30, y, inner, row), container=panel)
            y += row + gap
        for key in ("address", "port", "room"):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                UILabel(pygame.Rect(30, y, label_w - 10, row), t(f"people.join.{key}"), ui, container=panel,
                        object_id="#option_label")
            width = {"address": inner - label_w, "port": round(140 * scale), "room": round(200 * scale)}[key]
            entry = UITextEntryLine(pygame.Rect(30 + label_w, y, width, row), ui, container=panel,
                                    initial_text=self.fields[key], object_id=f"#join_{key}")
            if key == "port":
                entry.set_allowed_characters(list("0123456789"))
                entry.set_text_length_limit(5)
            elif key == "room":
                entry.set_text_length_limit(12)
            else:
                entry.set_text_length_limit(253)
            self.entries[key] = entry
            self.focus.add_field(key, t(f"people.join.{key}").rstrip(":"), entry)
            y += row + gap
        if self.entries and not self.fields["address"]:
            self.entries["address"].focus()
        inside = panel.get_container().get_rect().height
        if self.error:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                error = pygame.Rect(30, inside - 8 - button_h - error_h + 2, inner, error_h - 4)
                UILabel(error, self.error, ui, container=panel, object_id="#notice")
        join, back = row_rects(30, inside - 8 - button_h, inner, 2, button_h)
        self.button("join", t("people.join.start"), join, container=panel)
        self.button("back", t("menu.back"), back, container=panel)

    # --- events ---------------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        key = self.pressed(event)
        if key == "back" or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.remove(self)
        elif key == "join" or (event.type == pygame.KEYDOWN
                               and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.join()
        elif key is not None and key.startswith("found_"):
            self.pick(int(key[6:]))
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.join()
        return True  # Tab and the arrows go from control to control through the focus (GuiScene)

    def first_focus(self) -> str | None:
        """An empty address is asked first."""
        return "text:address" if not self.fields["address"] else None

    def pick(self, i: int) -> None:
        """A table found on the network: its address and port filled in; the room code is asked."""
        if 0 <= i < len(self.tables):
            tb = self.tables[i]
            self.clear()
            self.fields["address"], self.fields["port"] = tb.address, str(tb.port)
            self.build()
            self.entries["room"].focus()
            self.focus.focus_on("text:room")

    def join(self) -> None:
        from game.people.host_screen import guest_name
        from game.people.lobby import join_table

        self.clear()
        address = self.fields["address"].strip()
        port = self.fields["port"].strip()
        room = self.fields["room"].strip().upper()
        if not address or not port.isdigit() or not 0 < int(port) < 65536:
            self.error = t("people.join.bad_address")
        elif not room:
            self.error = t("people.join.bad_room")
        else:
            self.error = ""
        if self.error:
            self.build()
            return
        host = f"[{address}]" if ":" in address else address
        app = self.app
        self.stop_finding()
        app.stack.remove(self)
        join_table(app, f"ws://{host}:{port}", room, guest_name(app, host=False))

    def draw(self, surface: pygame.Surface) -> None:
        try:
            surface.blit(self._background(surface.get_size()), (0, 0))
        except (AssetError, pygame.error):
            from game.widgets.felt import table_background

            surface.blit(table_background(surface.get_size(), self.table_colour()), (0, 0))
