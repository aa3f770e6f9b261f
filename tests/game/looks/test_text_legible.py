"""Drawn text stays legible: never below the minimum size, never at a size the bundled font's hinting
mangles (DejaVu Serif at 13 px draws "и" as "ıı")."""

from __future__ import annotations

import pygame
import pytest

from game.widgets.text import MIN_TEXT_PX, TextCache, legible_size

STYLES = ("regular", "italic", "bold")


def diagonal_ink(font: pygame.font.Font) -> int:
    """How strongly the diagonal of "и" crosses the letter's middle: the faintest column of the middle
    band at its darkest (0: the letter falls apart into two strokes)."""
    glyph = font.render("и", True, (255, 255, 255))
    box = glyph.get_bounding_rect()
    ink = glyph.subsurface(box)
    w, h = box.size
    rows = range(int(h * 0.15), int(h * 0.85) + 1)
    return min(max(ink.get_at((x, y))[3] for y in rows) for x in range(int(w * 0.3), round(w * 0.7)))


def test_no_text_is_drawn_below_the_minimum(make_app):
    text = TextCache()
    for size in (6, 9, 11):
        assert legible_size(size) == MIN_TEXT_PX
        assert text.font(size).get_height() == text.font(MIN_TEXT_PX).get_height()
    assert text.get("Юлия", 8).get_height() >= text.font(MIN_TEXT_PX).get_height()


def test_the_probe_sees_a_broken_letter():
    pygame.font.init()
    from game.looks.resources import asset
    from game.looks.themes import FONT_REGULAR

    raw = pygame.font.Font(str(asset(*FONT_REGULAR)), 13)  # the size the hinting breaks, unguarded
    assert diagonal_ink(raw) < 50


@pytest.mark.parametrize("style", STYLES)
def test_every_size_draws_cyrillic_whole(style):
    text = TextCache()
    for size in range(MIN_TEXT_PX - 2, 25):  # small text is where hinting decides the shape
        assert diagonal_ink(text.font(size, style)) >= 50, (style, size, legible_size(size, style))
