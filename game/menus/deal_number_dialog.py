"""New game → "Play game number…": type a game number and the same cards are dealt again.

A game number ("deal number" in the code) is the match seed (``Session.deal_number``), shown on the
table and on the sheets as "Game No. …" / "Партия № …". The dialog checks the number and hands it
to the New game dialog's ``start(seed)``; a bad entry says why and keeps the dialog open.
"""

from __future__ import annotations

import contextlib
import warnings
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UILabel, UITextEntryLine

from game.widgets.gui_scene import GuiScene, row_rects
from game.words.i18n import t

if TYPE_CHECKING:
    from game.app import App

MAX_NUMBER = (1 << 63) - 1  # older games had longer numbers; any of them still deals its cards


def parse_deal_number(text: str) -> int | None:
    """The number typed (spaces allowed, as it may be copied from the sheet), or None if not one."""
    digits = "".join(text.split())
    if not digits.isdigit():
        return None
    n = int(digits)
    return n if 0 < n <= MAX_NUMBER else None


class DealNumberDialog(GuiScene):
    """A small panel over the New game dialog: the number, Deal and Cancel."""

    transparent = True
    title_key = "deal_number.title"

    def __init__(self, app: App, start: Callable[[int], None]) -> None:
        super().__init__(app)
        self.start = start
        self.text = ""
        self.error = ""
        self.entry: UITextEntryLine | None = None
        self._shade: pygame.Surface | None = None

    def clear(self) -> None:
        if self.entry is not None:
            self.text = self.entry.get_text()
        super().clear()
        self.entry = None

    def build(self) -> None:
        self.clear()
        ui = self.app.ui
        w, h = self.app.size
        s = self.app.text.scale  # a larger text size: a wider, taller dialog (the explanation may wrap)
        pw, ph = min(int(620 * s), int(w * 0.9)), int(290 * s)
        inner = pw - 60
        about = [t("deal_number.about")]
        if s != 1.0:
            from game.widgets.text import wrap_lines

            with contextlib.suppress(Exception):
                font = ui.get_theme().get_font(["#subtitle", "label"])
                about = [line for line in wrap_lines(font, about[0], inner - 12) if line] or about
        more = (len(about) - 1) * int(28 * s)
        ph = min(h - 20, ph + more)
        panel = self.add_panel(pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            UILabel(pygame.Rect(30, int(16 * s), inner, int(44 * s)), t("deal_number.title"), ui,
                    container=panel, object_id="#option_label")
            for i, line in enumerate(about):
                UILabel(pygame.Rect(30, int(62 * s) + i * int(28 * s), inner, int(28 * s)), line, ui,
                        container=panel, object_id="#subtitle")
        entry = UITextEntryLine(pygame.Rect(30, int(104 * s) + more, inner, int(40 * s)), ui, container=panel,
                                initial_text=self.text, object_id="#deal_number")
        entry.set_allowed_characters([*"0123456789", " "])
        entry.set_text_length_limit(24)
        entry.focus()
        self.entry = entry
        self.focus.add_field("deal_number", t("deal_number.title"), entry)
        if self.error:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                UILabel(pygame.Rect(30, int(152 * s) + more, inner, int(28 * s)), self.error, ui,
                        container=panel, object_id="#notice")
        deal, cancel = row_rects(30, ph - int(70 * s), inner, 2, int(48 * s))
        self.button("deal", t("deal_number.deal"), deal, container=panel)
        self.button("cancel", t("deal_number.cancel"), cancel, container=panel)

    def handle_event(self, event: pygame.event.Event) -> bool:
        key = self.pressed(event)
        if key == "deal":
            self.submit()
        elif key == "cancel":
            self.app.stack.remove(self)
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and (
            event.ui_element is self.entry or str(getattr(event, "ui_object_id", "")).endswith("#deal_number")
        ):  # (the entry may have been built again since, by a resize: its text was kept)
            self.submit()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.stack.remove(self)
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.submit()
        return True  # modal

    def submit(self) -> None:
        text = self.entry.get_text() if self.entry is not None else self.text
        number = parse_deal_number(text)
        if number is None:
            self.text = text
            self.error = t("deal_number.bad")
            self.build()
            return
        self.app.stack.remove(self)
        self.start(number)

    def draw(self, surface: pygame.Surface) -> None:
        if self._shade is None or self._shade.get_size() != surface.get_size():
            self._shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._shade.fill((0, 0, 0, 120))
        surface.blit(self._shade, (0, 0))
