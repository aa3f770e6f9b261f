"""A player's name is fitted to its room: whole, smaller, on its lines, and only then cut with "…"
(``TextCache.fit_name``); sentences say a name of 20 W's cut (``short_name``); the layout check takes a
name cut so as meant, and still reports any other text cut with "…"."""

from __future__ import annotations

import unicodedata

import pygame

from game.checks.layout_check import problems
from game.checks.smoke_names import long_names, wide_names
from game.widgets.boxes import Box
from game.widgets.text import MIN_TEXT_PX, TextCache, ellipsized, is_cut_name


def test_a_name_that_fits_is_whole_and_one_that_fits_smaller_is_shrunk_not_cut(make_app):
    text = TextCache()
    name = "Анна Каренина"
    wide = text.font(20, "bold").size(name)[0]
    assert text.fit_name(name, 20, wide + 2, "bold") == (20, [name])
    size, lines = text.fit_name(name, 20, wide - 20, "bold")
    assert size < 20 and lines == [name]


def test_twenty_ws_are_cut_with_an_ellipsis_on_no_more_lines_than_asked(make_app):
    text = TextCache()
    for name in wide_names():
        for most in (1, 2):
            size, lines = text.fit_name(name, 20, 120, "bold", lines=most)
            font = text.font(size, "bold")
            assert 1 <= len(lines) <= most
            assert all(font.size(line)[0] <= 120 for line in lines), lines
            if font.size(name)[0] > 120 * most:
                assert size == MIN_TEXT_PX and lines[-1].endswith("…")
                assert is_cut_name(lines[-1])


def test_a_cut_never_parts_a_letter_from_its_accents(make_app):
    font = TextCache().font(MIN_TEXT_PX, "bold")
    name = wide_names()[2]  # W's, each under a stack of accents
    for width in range(30, 200, 7):
        cut = ellipsized(font, name, width)
        assert font.size(cut)[0] <= width
        assert not unicodedata.category(cut[-2]).startswith("M") or name.startswith(cut[:-1])
        kept = cut[:-1]
        assert name.startswith(kept) and (len(kept) == len(name) or not unicodedata.category(
            name[len(kept)]).startswith("M")), repr(cut)


def test_sentences_say_twenty_ws_cut_and_a_real_long_name_whole(make_app):
    text = TextCache()
    for lang in ("ru", "en"):
        for name in long_names(lang):
            assert text.short_name(name, 14, "bold") == name
    said = text.short_name("W" * 20, 14, "bold")
    assert said.endswith("…") and said[:-1] == "W" * (len(said) - 1) and is_cut_name(said)


def test_the_layout_check_takes_a_cut_name_as_meant_and_nothing_else(make_app):
    text = TextCache()
    _, lines = text.fit_name("W" * 20, 20, 100, "bold")
    rect = pygame.Rect(10, 10, 100, 30)
    assert not [p for p in problems([Box("a", "text", rect, lines[0])], (960, 600)) if "ellipsis" in p]
    assert any("ellipsis" in p for p in problems([Box("a", "text", rect, "Сохранить запи…")], (960, 600)))
    assert any("ellipsis" in p for p in problems([Box("a", "text", rect, "Требование проти…")], (960, 600)))
