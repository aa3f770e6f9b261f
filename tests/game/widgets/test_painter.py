"""Painting a frame in parts (game.widgets.painter) gives the very pixels of drawing it whole: a table
played bot against bot, a review viewer stepped through, a notice over a table; and the comparison
catches a scene that draws behind the recorder's back."""

import pygame
import pytest
from helpers import DT, frames
from places import DATA

from game.review.open import open_record
from game.scene import Scene
from game.screens import open_table
from game.widgets import shapes
from game.widgets.painter import Painter, Recorder, changed_places, merged

SIZE = (960, 600)


def whole(app):
    """The frame the app shows now, drawn whole on a fresh surface."""
    ref = pygame.Surface(app.screen.get_size(), 0, app.screen)
    app.stack.draw(ref)
    app.draw_toast(ref)
    return pygame.image.tobytes(ref, "RGB")


def differing_frames(app, n, events=None):
    """Run ``n`` frames; the numbers of those whose painted pixels differ from the frame drawn whole."""
    bad = []
    for i in range(n):
        drawn = app.frame(DT, list((events or {}).get(i, ())))
        if drawn and pygame.image.tobytes(app.screen, "RGB") != whole(app):
            bad.append(i)
    return bad


def ops(*items):
    """Recorded operations from (key, rect) pairs."""
    return [(key, pygame.Rect(rect), None) for key, rect in items]


def test_nothing_changed_nothing_to_paint():
    a = ops(("felt", (0, 0, 100, 100)), ("card", (10, 10, 20, 30)))
    assert changed_places(a, list(a)) == []


def test_a_card_that_moved_repaints_where_it_was_and_where_it_is():
    old = ops(("felt", (0, 0, 100, 100)), (("card", 10), (10, 10, 20, 30)))
    new = ops(("felt", (0, 0, 100, 100)), (("card", 14), (14, 10, 20, 30)))
    assert sorted(map(tuple, changed_places(old, new))) == [(10, 10, 20, 30), (14, 10, 20, 30)]
    assert [tuple(r) for r in merged(changed_places(old, new))] == [(10, 10, 24, 30)]


def test_two_cards_that_swap_places_in_the_order_repaint_one_of_them():
    a, b = ("a", (10, 10, 20, 30)), ("b", (20, 10, 20, 30))
    places = changed_places(ops(("felt", (0, 0, 100, 100)), a, b), ops(("felt", (0, 0, 100, 100)), b, a))
    assert len(places) == 1 and tuple(places[0]) in ((10, 10, 20, 30), (20, 10, 20, 30))


def test_the_same_text_twice_and_once_less():
    t = ("text", (0, 0, 5, 5))
    assert [tuple(r) for r in changed_places(ops(t, t), ops(t))] == [(0, 0, 5, 5)]


def test_a_surface_drawn_over_in_place_is_not_taken_for_the_old_picture():
    rec = Recorder((100, 100))
    from game.widgets.boxes import ComposedSurface

    plaque = ComposedSurface((10, 10))
    rec.blit(plaque, (5, 5))
    before = rec.ops
    rec.ops = []
    plaque.stamp += 1
    rec.blit(plaque, (5, 5))
    assert [tuple(r) for r in merged(changed_places(before, rec.ops))] == [(5, 5, 10, 10)]


def test_the_recorder_stands_in_for_the_window():
    rec = Recorder((1920, 1080))
    assert rec.get_size() == (1920, 1080) and rec.get_rect(center=(5, 5)).size == (1920, 1080)
    assert tuple(rec.blit(pygame.Surface((50, 50)), (1900, 1060))) == (1900, 1060, 20, 20)
    assert tuple(shapes.rect(rec, (1, 2, 3), (10, 10, 30, 30), width=2)) == (8, 8, 34, 34)
    assert [op[0][0] for op in rec.ops] == [1, 3]


def test_the_painter_paints_only_what_changed_and_the_window_matches():
    screen = pygame.Surface((200, 100))
    felt = pygame.Surface((200, 100))
    felt.fill((0, 80, 0))
    card = pygame.Surface((20, 30), pygame.SRCALPHA)
    card.fill((250, 250, 250, 200))
    painter = Painter()
    for x in (10, 12, 15, 15, 40):
        painted = painter.paint(screen, lambda s, x=x: (s.blit(felt, (0, 0)), s.blit(card, (x, 20))))
        ref = felt.copy()
        ref.blit(card, (x, 20))
        assert pygame.image.tobytes(screen, "RGB") == pygame.image.tobytes(ref, "RGB")
    assert painter.whole == 1 and painter.parts == 4
    assert painted is not None and all(r.width < 60 for r in painted)


def demo(make_app, game, **kw):
    app = make_app(size=SIZE, speed="fast", bots=f"{game}_tables:make_first_bot", **kw)
    table = open_table(app, game, demo=True, seed=5, level="club")
    return app, table


@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_a_demo_table_painted_in_parts_is_the_table_drawn_whole(make_app, game):
    app, table = demo(make_app, game)
    parts = app.painter.parts
    assert differing_frames(app, 420) == []
    assert app.painter.parts - parts > 150  # it did paint in parts, and cards moved meanwhile
    assert len(table.match.moves) >= 4


def test_a_notice_over_the_table_comes_and_goes_in_the_same_pixels(make_app):
    app, _table = demo(make_app, "uragan", lang="ru")
    frames(app, 30)
    app.notify("Партия сохранена: проверка надписи поверх стола", 0.3)
    assert differing_frames(app, 60) == []


def test_the_review_viewer_painted_in_parts_is_the_viewer_drawn_whole(make_app):
    app = make_app(size=SIZE)
    open_record(app, str(DATA / "uragan_claims.json"))
    right = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
    assert differing_frames(app, 120, {i: [right] for i in range(5, 120, 12)}) == []


class Sloppy(Scene):
    """A scene that says it paints in parts but draws one shape straight with pygame.draw."""

    painted_in_parts = True

    def __init__(self, straight):
        super().__init__()
        self.x, self.straight = 0, straight

    def update(self, dt):
        self.x += 3

    def wake_in(self):
        return 0.0

    def draw(self, surface):
        surface.fill((0, 60, 0))
        box = (self.x, 40, 30, 30)
        if self.straight:
            pygame.draw.rect(surface, (200, 0, 0), box)
        else:
            shapes.rect(surface, (200, 0, 0), box)


@pytest.mark.parametrize("straight", [False, True])
def test_the_comparison_catches_a_shape_drawn_behind_the_recorders_back(make_app, straight):
    app = make_app(size=SIZE)
    app.stack.push(Sloppy(straight))
    bad = differing_frames(app, 10)
    assert (bad != []) == straight


def test_a_table_opened_from_the_menu_is_painted_in_parts_and_a_gui_element_over_it_whole(make_app):
    import pygame_gui

    from game.menus.menu import MenuScene

    app = make_app(size=SIZE, speed="fast", bots="uragan_tables:make_first_bot")
    app.stack.push(MenuScene(app))
    frames(app, 3)
    open_table(app, "uragan", demo=True, seed=5, level="club")
    parts = app.painter.parts
    assert differing_frames(app, 60) == []
    assert app.paints_in_parts() and app.painter.parts - parts > 30  # pygame_gui's root is not in the way
    button = pygame_gui.elements.UIButton(pygame.Rect(10, 10, 120, 40), "over the table", app.ui)
    assert not app.paints_in_parts()
    whole = app.painter.whole
    frames(app, 5)
    assert app.painter.parts - parts > 30 and app.painter.whole == whole  # drawn whole, not by the painter
    button.kill()
    frames(app, 2)
    assert app.paints_in_parts() and app.painter.whole == whole + 1  # painted whole once, then in parts
