"""The declarations plaque at a larger text size (issue 31): it keeps the chosen size and reflows
(wider, its lines wrapped, beside the score plaque) where the rows of runs leave it no room, the runs
across the table and in front of the player then staying face up in their owners' hands; a side
seat's runs keep clear of it."""

from __future__ import annotations

import pygame
import pytest
from eralash_tables import find_match, table_for, until

import game  # noqa: F401  (before the tests' helpers: tests/game shadows the package)
from engine import cards as C
from game.app import App, build_parser
from game.botworker import InlineWorker
from game.checks.layout_check import check_app
from game.eralash.layout import RUN_SCALE


def app_at(size, text_size, lang="ru"):
    app = App(build_parser().parse_args(["--lang", lang, "--text-size", str(text_size)]), headless=True,
              size=size)
    app.settings.set("animation_speed", "fast")
    app.worker = InlineWorker("eralash_tables:make_first_bot")
    return app


def declaring(app, pred):
    table = table_for(app, find_match(pred), [None, "novice", "novice", "novice"])
    until(app, lambda: table.phase == "declare" and not table.tweens.busy and table.shown.trump >= 0)
    return table


def laid_out(table, seat):
    return [table.sprites[c].scale == pytest.approx(RUN_SCALE) for r in table.shown.runs[seat]
            for c in C.cards(r.cards)]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_runs_across_and_in_front_leave_the_plaque_its_size(lang):
    """Four players, runs in front of you and across the table, 200 % at 1920x1080: the plaque's words
    at the chosen size (they were shrunk to 0.4 of it), the two rows of runs in their hands."""
    app = app_at((1920, 1080), 200, lang)
    try:
        table = declaring(app, lambda d: bool(d.runs[0]) and bool(d.runs[2]) and d.trump >= 0)
        box = table.announce_box()
        plaques = table.plaques
        assert plaques.announce_k == 1.0 and plaques.afs(0.023) == table.font_size(0.023)
        assert plaques.runs_in_hands
        assert not any(laid_out(table, 0)) and not any(laid_out(table, 2))  # face up in the hands
        assert all(table.sprites[c].turn == 1.0 for r in table.shown.runs[2] for c in C.cards(r.cards))
        assert not box.colliderect(plaques.score_drawn_rect())
        assert pygame.Rect((0, 0), app.size).contains(box)
        assert check_app(app) == []
    finally:
        app.close()


def test_at_the_smallest_text_size_the_runs_lie_on_the_cloth():
    app = app_at((1920, 1080), 100)
    try:
        table = declaring(app, lambda d: bool(d.runs[0]) and bool(d.runs[2]) and d.trump >= 0)
        table.announce_box()
        assert not table.plaques.runs_in_hands
        assert all(laid_out(table, 0)) and all(laid_out(table, 2))
    finally:
        app.close()


@pytest.mark.parametrize("size,text_size", [((960, 600), 125), ((1280, 800), 150)])
def test_a_side_seats_long_run_keeps_clear_of_the_plaque(size, text_size):
    """A five-card run and another beside the left seat: the fan moves towards its seat's hand (it lay
    under the plaque's left edge), and the runs stack down from under the score plaque."""
    app = app_at(size, text_size)
    try:
        table = declaring(app, lambda d: len(d.runs[1]) > 1 and max(r.length for r in d.runs[1]) >= 5
                          and d.trump >= 0)
        box = table.announce_box()
        for r in table.shown.runs[1]:
            for c in C.cards(r.cards):
                assert not table.sprites[c].rect(table.images.size).colliderect(box)
        assert check_app(app) == []
    finally:
        app.close()


def test_two_players_runs_follow_the_plaque_once_trump_is_named():
    """Two players, both with runs, you name trump, 150 % at 1920x1080: the plaque's words change once
    trump is named (the suit buttons go, the reason comes), and the runs are placed again for the room
    it then takes (they lay under it, laid out for the plaque before)."""
    app = app_at((1920, 1080), 150, "en")
    try:
        match = find_match(lambda d: len(d.runs[0]) > 1 and len(d.runs[1]) > 1 and d.trump < 0
                           and d.trump_by == 0, n=2)
        table = table_for(app, match, [None, "novice"])
        until(app, lambda: table.must_choose_trump() and not table.tweens.busy)
        table.choose_trump(table.shown.choices[0])
        until(app, lambda: table.phase == "declare" and table.shown.trump >= 0 and not table.tweens.busy)
        until(app, lambda: not table.plaques.runs_moved() and not table.tweens.busy)  # placed again
        box = table.announce_box()
        for seat in (0, 1):
            for r in table.shown.runs[seat]:
                for c in C.cards(r.cards):
                    assert not table.sprites[c].rect(table.images.size).colliderect(box)
        assert check_app(app) == []
    finally:
        app.close()
