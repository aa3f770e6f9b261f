"""A word for the player over any screen (a record saved and where, a record that could not open)."""

from __future__ import annotations

from typing import Any

import pygame

from game.themes import IVORY, WARN
from game.widgets.felt import panel

_plaques: dict[tuple[int, int], pygame.Surface] = {}


def toast_rect(surface_size: tuple[int, int], text: Any, message: str) -> tuple[pygame.Rect, list[str], int]:
    """Where the toast lies (at the top, in the middle), its wrapped lines and font size."""
    w, h = surface_size
    fs = max(12, int(h * 0.024))
    width = min(int(w * 0.8), 980)
    lines = text.wrap(message, fs, width - 40)
    line_h = text.font(fs).get_linesize()
    box_w = min(width, max(text.font(fs).size(ln)[0] for ln in lines) + 40) if lines else width
    rect = pygame.Rect(0, 0, box_w, line_h * len(lines) + 24)
    rect.midtop = (w // 2, max(10, int(h * 0.02)))  # high up: never over a sheet's or a hand's buttons
    return rect, lines, fs


def draw_toast(surface: pygame.Surface, text: Any, message: str, kind: str = "info") -> None:
    rect, lines, fs = toast_rect(surface.get_size(), text, message)
    plaque = _plaques.get(rect.size)
    if plaque is None:
        if len(_plaques) > 40:
            _plaques.clear()
        plaque = _plaques[rect.size] = panel(rect.size, 235)
    surface.blit(plaque, rect)
    colour = WARN if kind == "warn" else IVORY
    y = rect.y + 12
    for line in lines:
        img = text.get(line, fs, colour)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += text.font(fs).get_linesize()
