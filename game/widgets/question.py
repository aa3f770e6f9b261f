"""A yes-or-no question over a screen (Quit Salon?, Abandon the game?, Reset…?), drawn like the app's
other dialogs: the screen shaded behind it and the menu's panel (no window title bar, no close cross),
a gold title, the question wrapped in the label font, and a row of two full-size buttons, as the game
number dialog has.

It answers as pygame_gui's confirmation dialog does, so the screens that ask keep their handling:
its confirm button posts ``UI_CONFIRMATION_DIALOG_CONFIRMED`` with the question as ``ui_element``
and closes it; its cancel button closes it. It blocks the screen under it while open.
"""

from __future__ import annotations

import contextlib
import warnings
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UILabel, UIWindow

from game.widgets.text import wrap_lines

__all__ = ["Question", "question_rects"]

SIDE = 30  # the margin inside the panel, as the game number dialog has
TITLE_H = 40
BORDER = 3  # the theme's border of a question ("@question")
BUTTON_H = 48
GAP = 10


def question_rects(width: int, title_lines: int, title_h: int, lines: int,
                   line_h: int) -> tuple[int, list[pygame.Rect], list[pygame.Rect], list[pygame.Rect]]:
    """The panel's height and the boxes of the title's lines, the question's lines and the two buttons,
    inside a panel ``width`` wide (lines of ``title_h`` and ``line_h`` pixels)."""
    inner = width - 2 * SIDE
    titles = [pygame.Rect(SIDE, 16 + i * title_h, inner, title_h) for i in range(title_lines)]
    top = 16 + title_lines * title_h + GAP
    texts = [pygame.Rect(SIDE, top + i * line_h, inner, line_h) for i in range(lines)]
    top += lines * line_h + 2 * GAP
    half = (inner - GAP) // 2
    buttons = [pygame.Rect(SIDE + i * (half + GAP), top, half, BUTTON_H) for i in range(2)]
    return top + BUTTON_H + 22, titles, texts, buttons


class Question(UIWindow):
    """The question in the middle of a ``window_size`` window; ``confirm_button`` and ``cancel_button``
    as pygame_gui's dialog names them; ``title`` and ``question``: its words."""

    def __init__(self, manager: Any, window_size: tuple[int, int], title: str, question: str,
                 confirm: str, cancel: str, object_id: str, cancel_first: bool = False) -> None:
        self.title, self.question = title, question
        self.cancel_first = cancel_first  # the keyboard focus starts on Cancel (Enter does not do it)
        w, h = window_size
        # the screen behind shaded, the other dialogs' way: a bare window under the question (pygame_gui
        # draws the screen's own elements, so only a window of its own lies over them)
        self.shade = UIWindow(pygame.Rect(0, 0, w, h), manager,
                              object_id=ObjectID("#question_shade", "@shade"), draggable=False)
        pw = min(620, int(w * 0.9))
        theme = manager.get_theme()
        title_font, font = theme.get_font(["#dialog_title", "label"]), theme.get_font(["label"])
        with contextlib.suppress(Exception):  # a larger text size: room for the buttons' words
            button_font = theme.get_font(["button"])
            words = max(button_font.size(confirm)[0], button_font.size(cancel)[0]) + 2 * 24
            pw = min(max(pw, 2 * words + GAP + 2 * SIDE + 2 * BORDER + 40), int(w * 0.95))
        width = pw - 2 * BORDER
        titles = [line for line in wrap_lines(title_font, title, width - 2 * SIDE - 12) if line]
        lines = [line for line in wrap_lines(font, question, width - 2 * SIDE - 12) if line]
        title_h = max(TITLE_H, title_font.size(title)[1] + 6)
        ph, title_rects, text_rects, (yes, no) = question_rects(width, len(titles), title_h, len(lines),
                                                                font.size("Йy")[1] + 4)
        rect = pygame.Rect(0, 0, pw, ph + 2 * BORDER)
        rect.center = (w // 2, h // 2)
        super().__init__(rect, manager, window_display_title=title,
                         object_id=ObjectID(object_id, "@question"), resizable=False, draggable=False)
        box = self.get_container()
        with warnings.catch_warnings():  # a label wider than its box warns: the layout check judges that
            warnings.simplefilter("ignore")
            self.title_labels = [UILabel(r, line, manager, container=box, object_id="#dialog_title")
                                 for r, line in zip(title_rects, titles, strict=True)]
            self.text_labels = [UILabel(r, line, manager, container=box, object_id="#question_text")
                                for r, line in zip(text_rects, lines, strict=True)]
        self.confirm_button = UIButton(yes, confirm, manager, container=box, object_id="#confirm_button")
        self.cancel_button = UIButton(no, cancel, manager, container=box, object_id="#cancel_button")
        self.set_blocking(True)

    def kill(self) -> None:
        self.shade.kill()
        super().kill()

    def process_event(self, event: pygame.event.Event) -> bool:
        consumed = super().process_event(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.cancel_button:
            self.kill()
        elif event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.confirm_button:
            pygame.event.post(pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                                 {"ui_element": self,
                                                  "ui_object_id": self.most_specific_combined_id}))
            self.kill()
        return consumed
