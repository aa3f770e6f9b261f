"""The Uragan table at every window size: both hands lie wholly on the cloth, inside the wooden rail,
clear of the score plaque and the buttons; the dealer is named with the right grammar."""

from __future__ import annotations

import pygame
import pytest
from helpers import headless_app

from engine import cards as C
from game.layout import rail_width
from game.uragan.table import UraganTable
from game.words import i18n

SIZES = [(1024, 640), (1280, 800), (1400, 900), (1920, 1080)]


@pytest.fixture(params=["en", "ru"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
def test_hands_lie_inside_the_rail_and_clear_of_buttons(size, lang):
    app = headless_app(lang, size)
    try:
        table = UraganTable.new_game(app, seed=3, level="club")
        app.stack.push(table)
        table._opening_pending = False
        table.resize(size)
        app.frame(0.016, [])
        lay = table.layout
        inside = pygame.Rect((0, 0), size).inflate(-2 * rail_width(size), -2 * rail_width(size))
        targets = table.targets()
        deal = table.shown
        hands = [c for s in (0, 1) for c in C.cards(deal.hands[s])]
        assert hands
        for c in hands:
            tg = targets[c]
            rect = pygame.Rect(0, 0, *lay.card)
            rect.center = (round(tg.x), round(tg.y))
            assert inside.contains(rect), (c, rect, inside)
            assert not rect.colliderect(lay.score)
            for b in table.buttons:
                assert not rect.colliderect(b.rect), (b.key, rect)
        for b in table.buttons:
            assert inside.contains(b.rect)
        assert inside.contains(lay.score)
    finally:
        app.close()


def test_the_dealer_mark_agrees_with_the_name(lang):
    app = headless_app(lang)
    cases = set()
    try:
        for seed in range(12):
            seen = []
            table = UraganTable.new_game(app, seed=seed, level="club")
            original = table.text.get

            def spy(text, *args, original=original, seen=seen, **kwargs):
                seen.append(text)
                return original(text, *args, **kwargs)

            table.text.get = spy
            table.layout = table.make_layout((1280, 800))
            table.plaques.draw_score(pygame.Surface((1280, 800)))
            table.text.get = original
            you = table.shown.dealer in table.humans
            cases.add(you)
            word = i18n.t("table.you_deal") if you else i18n.t("table.dealer_mark")
            other = i18n.t("table.dealer_mark") if you else i18n.t("table.you_deal")
            assert word in seen and other not in seen
    finally:
        app.close()
    assert cases == {True, False}
