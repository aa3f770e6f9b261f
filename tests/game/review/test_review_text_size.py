"""The coach's panel at the player's text size (issue 31): every word of it grows with the size, the
panel widens (less than its words), the layout stays clean, and a notice goes into the panel's own
strip instead of over the cards."""

from __future__ import annotations

import json

import pytest
from helpers import frames
from places import DATA

import game  # noqa: F401  (before the tests' helpers: tests/game shadows the package)
from engine.records import match_from_record
from game.app import App, build_parser
from game.botworker import InlineWorker
from game.checks.layout_check import check_app
from game.review.viewer import viewer_for


def viewer_at(size, text_size, lang="ru", name="uragan_claims.json"):
    args = build_parser().parse_args(["--lang", lang, "--text-size", str(text_size)])
    app = App(args, headless=True, size=size)
    app.worker = InlineWorker()
    rec = json.loads((DATA / name).read_text(encoding="utf-8"))
    viewer = viewer_for(app, rec["game"], match_from_record(rec), 0, record=rec, review=False)
    app.stack.push(viewer)
    frames(app, 3)
    viewer.goto(2, animate=False)
    frames(app, 2)
    return app, viewer


def test_every_word_of_the_panel_follows_the_text_size():
    app, viewer = viewer_at((1920, 1080), 100)
    try:
        fonts = viewer.panel.panel_fonts()
        keys = viewer.panel.px(12, 0.015)
        title = viewer.panel.words[0].height
        width = viewer.panel.panel_rect().width
        bh = next(b for b in viewer.buttons if b.key == "close").rect.height
    finally:
        app.close()
    app, viewer = viewer_at((1920, 1080), 200)
    try:
        assert viewer.panel.panel_fonts() == tuple(2 * f for f in fonts)
        assert viewer.panel.px(12, 0.015) == 2 * keys
        assert viewer.panel.words[0].height >= 1.9 * title  # the title as drawn
        assert width < viewer.panel.panel_rect().width < 2 * width  # wider, by less than its words
        assert next(b for b in viewer.buttons if b.key == "close").rect.height > bh  # the labels fit
        assert check_app(app) == []
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
@pytest.mark.parametrize("size,text_size", [((960, 600), 125), ((1280, 800), 150), ((1920, 1080), 200),
                                            ((3840, 2160), 200)])
def test_the_viewer_is_clean_at_each_size(lang, size, text_size):
    app, viewer = viewer_at(size, text_size, lang)
    try:
        assert app.text_size == text_size
        assert check_app(app) == []
        panel = viewer.panel.panel_rect()
        assert all(panel.contains(b.rect) for b in viewer.buttons)
    finally:
        app.close()


def test_a_notice_over_the_viewer_is_told_in_the_panel():
    """At 200 % the table leaves no free place: the notice goes in the panel's strip, above the keys,
    whole where it fits (its first line where not), and the verdict keeps its lines."""
    app, viewer = viewer_at((1920, 1080), 200)
    try:
        steps = len(viewer.panel.words)
        app.notify("Запись партии сохранена:\n/tmp/records/uragan-2026-12-02-0941.json", 8.0)
        frames(app, 2)
        rect = app.toast_rect()
        assert rect is not None and rect.width == 0  # nothing laid over the screen
        assert len(viewer.panel.words) > steps  # its lines in the panel, the rest kept
        shown = viewer.panel.notice_lines(viewer.panel.panel_rect().width)
        assert shown and shown[0][0].startswith("Запись партии сохранена")
        assert check_app(app) == []
        app.toast = None
        frames(app, 2)
        assert len(viewer.panel.words) == steps
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_eralash_viewer_at_200_keeps_the_names_whole(lang):
    """Beside the wider panel the cloth is squarish: the score plaque widens for the names (their
    letters were stacked one a line, sticking out of it) and the trick keeps clear of it."""
    app, viewer = viewer_at((1920, 1080), 200, lang, "eralash_illustrative.json")
    try:
        plaques = viewer.table.plaques
        names = tuple(plaques.side_name(side) for side in range(viewer.table.match.sides()))
        assert all(len(lines) == 1 for lines in plaques._score_names(names))
        assert check_app(app) == []
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_the_game_number_beside_the_panel_is_whole(lang):
    """At 200 % the number under the opponent's pile, centred there, was broken mid-figure
    ("658 389 14" / "6"): the panel's header says it, whole."""
    args = build_parser().parse_args(["--lang", lang, "--text-size", "200"])
    app = App(args, headless=True, size=(1920, 1080))
    app.worker = InlineWorker()
    try:
        rec = json.loads((DATA / "uragan_claims.json").read_text(encoding="utf-8"))
        rec["seed"] = 658389146
        viewer = viewer_for(app, "uragan", match_from_record(rec), 0, record=rec, review=False)
        app.stack.push(viewer)
        frames(app, 3)
        number = viewer.table.deal_number_text()
        assert "658" in number and viewer.table.deal_number_rect() is None
        width = viewer.panel.panel_rect().width - 2 * viewer.panel.panel_pad()
        assert number in [line[0] for line in viewer.panel.panel_wrapped(viewer.panel.header_lines(), width)]
        assert check_app(app) == []
    finally:
        app.close()


def test_a_full_panel_keeps_the_verdict_and_lets_the_keys_go():
    """At 200 % a long header (a decided deal's sentence on three lines) leaves room for the step's
    lines or the keys' reminder, not both: the step's lines stay."""
    app, viewer = viewer_at((1920, 1080), 200)
    try:
        panel = viewer.panel
        width = panel.panel_rect().width - 2 * panel.panel_pad()
        steps = panel.lines_height(panel.panel_wrapped(panel.step_lines(), width))
        told, keys = panel.below_verdict(steps + 10, steps, width)
        assert told == [] and keys == []  # no room for the keys: they go
        told, keys = panel.below_verdict(steps + 400, steps, width)
        assert keys  # room: they stay
    finally:
        app.close()
