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


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_turn_mark_grows_with_the_names_on_the_score_plaque(size, lang, monkeypatch):
    from uragan_tables import settle

    from game.widgets import shapes

    app = headless_app(lang, size, bots="uragan_tables:make_first_bot")
    try:
        table = UraganTable.new_game(app, seed=3, level="club")
        app.stack.push(table)
        settle(app, table)
        assert table.turn_seat() == table.me
        drawn: list[list[tuple[float, float]]] = []
        real = shapes.polygon

        def polygon(surface, colour, points, width=0):
            drawn.append([tuple(p) for p in points])
            return real(surface, colour, points, width)

        monkeypatch.setattr(shapes, "polygon", polygon)
        table.plaques._score_plaque = type(table.plaques._score_plaque)()  # composed again, seen drawn
        table.draw(app.screen)
        rect = pygame.Rect((0, 0), table.score_rect().size)  # the plaque is composed in its own image
        marks = [p for p in drawn if len(p) == 3 and rect.collidepoint(p[1])]
        assert marks, "no turn mark on the score plaque"
        mark = marks[0]
        height = max(y for _, y in mark) - min(y for _, y in mark)
        name_h = table.text.font(table.font_size(0.024)).get_height()
        assert height >= name_h * 0.6  # as large as the name it points at, at every size
        assert min(x for x, _ in mark) >= rect.left + 4  # inside the plaque's border
    finally:
        app.close()
