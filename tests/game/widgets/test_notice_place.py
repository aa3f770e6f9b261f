"""The notice (a record saved, a bad record) lies for seconds over the screen: it goes where it covers
no card, control or word, moves when a card comes to lie under it, and the layout check catches one
that covers something."""

from __future__ import annotations

import pygame
from helpers import frames

from game.checks.layout_check import check_app, collect, toast_problems
from game.widgets.toast import free_spot

LONG = "Record saved: /home/someone/Documents/Salon/uragan-2026-11-30-1719.json"


def test_free_spot_is_clear_and_nearest_the_preferred_point():
    taken = [pygame.Rect(0, 0, 400, 100), pygame.Rect(500, 0, 300, 100)]
    spot = free_spot((800, 600), (200, 50), taken, (400, 10))
    assert spot is not None and spot.collidelist(taken) == -1
    assert spot.y >= 100 and abs(spot.centerx - 400) <= 10  # straight below the gap it cannot use
    assert free_spot((800, 600), (200, 50), [pygame.Rect(0, 0, 800, 600)], (400, 10)) is None


def notice_boxes(app):
    rect = app.toast_rect()
    assert rect is not None
    return [
        b for b in collect(app) if b.kind not in ("plaque", "panel", "frame") and b.rect.colliderect(rect)
    ]


def test_a_notice_over_the_uragan_table_covers_nothing(make_app):
    from game.uragan.table import UraganTable

    app = make_app(lang="ru", size=(960, 600), speed="instant")
    table = UraganTable.new_game(app, seed=11, level="club")
    app.stack.push(table)
    frames(app, 5)
    app.notify(LONG, 8.0)
    frames(app, 2)
    rect = app.toast_rect()
    assert rect is not None and pygame.Rect(0, 0, 960, 600).contains(rect)
    assert notice_boxes(app) == []
    assert toast_problems(app, collect(app)) == []
    assert not any("notice" in p for p in check_app(app))


def test_the_check_catches_a_notice_over_the_cards(make_app, monkeypatch):
    """The planted fault: the notice back at the top centre, over the opponent's hand and buttons."""
    import game.widgets.toast as toast
    from game.uragan.table import UraganTable

    app = make_app(lang="ru", size=(960, 600), speed="instant")
    app.stack.push(UraganTable.new_game(app, seed=11, level="club"))
    frames(app, 5)
    monkeypatch.setattr(
        toast, "place_toast", lambda app, message: toast.toast_rect(app.screen.get_size(), app.text, message)
    )
    app.notify(LONG, 8.0)
    frames(app, 2)
    found = toast_problems(app, collect(app))
    assert any("notice covers card" in p for p in found), found


def test_the_notice_moves_when_a_card_comes_under_it(make_app):
    from game.uragan.table import UraganTable

    app = make_app(lang="en", size=(960, 600), speed="instant")
    table = UraganTable.new_game(app, seed=11, level="club")
    app.stack.push(table)
    frames(app, 5)
    app.notify(LONG, 8.0)
    frames(app, 2)
    spot = app.toast_rect()
    card = next(iter(s for s in table.sprites.values() if s.visible))
    card.x, card.y = spot.center  # a card put down right under it
    frames(app, 2, [pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))])
    assert (card.x, card.y) == spot.center
    assert app.toast_rect() != spot
    assert notice_boxes(app) == []
