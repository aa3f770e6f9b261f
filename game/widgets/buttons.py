"""Small brass-edged buttons and chips drawn on the table itself (menu, claim answers, capture choices).

The table draws these rather than pygame_gui so they sit in the same layer as the cards and follow
the same tweens. Text comes from the shared ``TextCache``: nothing is rendered in a steady frame.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.looks.themes import BRASS, BRASS_LIGHT, GLOW_CHOICE, HINT, IVORY, WARN, WOOD, WOOD_DARK
from game.widgets import shapes
from game.widgets.text import TextCache


def button_height(window_height: int) -> int:
    """How tall the table's buttons and chips are in a window this tall (layouts keep room for them)."""
    return max(34, int(window_height * 0.05))


class Button:
    def __init__(
        self,
        key: str,
        label: str,
        rect: pygame.Rect,
        on_press: Callable[[], None] | None = None,
        hotkey: int | None = None,
        accent: bool = False,
    ) -> None:
        self.key = key
        self.label = label
        self.rect = rect
        self.on_press = on_press
        self.hotkey = hotkey
        self.accent = accent
        self.hover = False
        self.enabled = True
        self.glow = False  # the hint points at this button
        self.warn = False  # choosing it can be claimed against (a play that breaks a priority)
        self.focus = False  # the keyboard is on it (Enter presses it)
        self.text_size: int | None = None  # a smaller label than the table's buttons, where room is short
        self.suits: Any = None  # a suit palette (game.widgets.suits) for a label with suit symbols

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            self.press()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            return True  # the press is ours; the release fires it
        if event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey:
            self.press()
            return True
        return False

    def press(self) -> None:
        if self.on_press:
            self.on_press()

    def draw(self, surface: pygame.Surface, text: TextCache, size: int) -> None:
        fill = (WOOD if self.hover else WOOD_DARK) if self.enabled else (40, 30, 22)
        shapes.rect(surface, (0, 0, 0), self.rect.move(2, 3), border_radius=9)
        shapes.rect(surface, fill, self.rect, border_radius=9)
        edge = WARN if self.warn else GLOW_CHOICE if self.accent else (BRASS_LIGHT if self.hover else BRASS)
        shapes.rect(surface, edge, self.rect, width=3 if self.warn else 2, border_radius=9)
        if self.focus:
            shapes.rect(surface, IVORY, self.rect.inflate(8, 8), width=2, border_radius=11)
        if self.glow:
            shapes.rect(surface, HINT, self.rect.inflate(10, 10), width=3, border_radius=12)
        size = self.text_size or size
        while size > 12 and text.font(size).get_height() > self.rect.height - 6:  # (a larger text size)
            size -= 1
        img = text.get(self.label, size, IVORY if self.enabled else (140, 128, 100),
                       suits=self.suits if self.enabled else None)
        surface.blit(img, img.get_rect(center=self.rect.center))


def row_of_buttons(
    buttons: list[Button],
    centre: tuple[int, int],
    height: int,
    text: TextCache,
    size: int,
    gap: int = 14,
    pad: int = 26,
) -> None:
    """Size each button to its label and lay them in a centred row."""
    widths = [text.font(size).size(b.label)[0] + 2 * pad for b in buttons]
    total = sum(widths) + gap * (len(buttons) - 1)
    x = centre[0] - total // 2
    for b, w in zip(buttons, widths, strict=True):
        b.rect = pygame.Rect(x, centre[1] - height // 2, w, height)
        x += w + gap
