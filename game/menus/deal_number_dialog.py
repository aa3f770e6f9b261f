"""New game → "Play game number…": type a game number and the same cards are dealt again.

A game number ("deal number" in the code) is the match seed (``Session.deal_number``), shown on the
table and on the sheets as "Game No. …" / "Партия № …". The dialog checks the number and hands it
to the New game dialog's ``start(seed)``; a bad entry says why and keeps the dialog open.
"""

from __future__ import annotations

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
        pw, ph = min(620, int(w * 0.9)), 290
        panel = self.add_panel(pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph))
        inner = pw - 60
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            UILabel(pygame.Rect(30, 16, inner, 44), t("deal_number.title"), ui, container=panel,
                    object_id="#option_label")
            UILabel(pygame.Rect(30, 62, inner, 28), t("deal_number.about"), ui, container=panel,
                    object_id="#subtitle")
        entry = UITextEntryLine(pygame.Rect(30, 104, inner, 40), ui, container=panel,
                                initial_text=self.text, object_id="#deal_number")
        entry.set_allowed_characters([*"0123456789", " "])
        entry.set_text_length_limit(24)
        entry.focus()
        self.entry = entry
        self.focus.add_field("deal_number", t("deal_number.title"), entry)
        if self.error:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                UILabel(pygame.Rect(30, 152, inner, 28), self.error, ui, container=panel, object_id="#notice")
        deal, cancel = row_rects(30, ph - 70, inner, 2, 48)
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
