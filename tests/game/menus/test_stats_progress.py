"""Progress the player can see: the coach's figures per match (against the level played), the chart
ruled where a match begins, the practice line, and column heads that never break inside a word."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import frames, headless_app

from game.menus.stats_coach import coach_lines
from game.store.stats import STATS_KIND, Stats
from game.store.storage import Store
from game.words import i18n


def review(stats, game, best, of, match, level, key):
    marks = ["best"] * best + ["mistake"] * (of - best)
    stats.record_review(game, [0.0] * of, key, marks=marks,
                        deal_losses=[1.0 if m != "best" else 0.0 for m in marks], match=match, level=level)


def test_each_match_keeps_its_own_accuracy_and_level_and_the_chart_knows_where_matches_begin(tmp_path: Path):
    stats = Stats.load(Store(tmp_path))
    review(stats, "uragan", 5, 10, None, None, "old")  # reviewed before matches were kept
    review(stats, "uragan", 4, 8, "m1", "club", "a")
    review(stats, "uragan", 2, 2, "m1", "club", "b")
    review(stats, "uragan", 9, 10, "m2", "master", "c")
    again = Stats.load(Store(tmp_path))
    figures = again.match_figures("uragan")
    assert [(m.match, m.level, m.deals, m.marked) for m in figures] == [("m1", "club", 2, 10),
                                                                         ("m2", "master", 1, 10)]
    assert figures[0].share == pytest.approx(0.6) and figures[0].lost == pytest.approx(0.4)
    assert figures[1].share == pytest.approx(0.9) and figures[1].lost == pytest.approx(0.1)
    assert again.history_matches("uragan") == [("", ""), ("m1", "club"), ("m1", "club"), ("m2", "master")]
    assert again.match_figures("eralash") == []
    i18n.set_language("en")
    lines = dict((role, text) for text, role in coach_lines(again, "uragan")[:3])
    assert lines["share"] == "Accuracy: 67%"  # 20 of 30 over every reviewed deal
    matches = [x.replace("\u00a0", " ") for x, role in coach_lines(again, "uragan") if role == "match"]
    assert matches == ["This match (Master): 90% · 0.1 deal points",
                       "The match before (Club): 60% · 0.4 deal points"]
    i18n.set_language("ru")
    short = [x.replace("\u00a0", " ")
             for x, role in coach_lines(again, "uragan", short=True) if role == "match"]
    assert short == ["Эта партия (Мастер): 90 %", "Партия до неё (Клубный): 60 %"]
    i18n.set_language("en")


def test_damaged_match_figures_are_dropped_and_the_rest_kept(tmp_path: Path):
    stats = Stats.load(Store(tmp_path))
    review(stats, "eralash", 3, 4, "m1", "novice", "a")
    doc = json.loads((tmp_path / STATS_KIND.filename).read_text(encoding="utf-8"))
    doc["matches"]["eralash"].append({"match": "m2", "level": "grandmaster", "deals": 1, "marked": 2,
                                      "best": 9, "valued": 0, "deal_loss": 0.0})
    doc["history_tags"]["uragan"] = "nonsense"
    (tmp_path / STATS_KIND.filename).write_text(json.dumps(doc), encoding="utf-8")
    store = Store(tmp_path)
    again = Stats.load(store)
    assert [m.match for m in again.match_figures("eralash")] == ["m1"]
    assert again.accuracy_share("eralash") == 0.75
    assert any(n.key == "storage.damaged_part_kept" for n in store.notices)


def test_the_chart_draws_a_rule_where_a_match_begins():
    import pygame

    from game.menus.stats_coach import draw_chart

    app = headless_app(size=(960, 600))
    try:
        box = pygame.Rect(0, 0, 300, 120)

        def drawn(tags):
            surface = pygame.Surface((300, 120))
            surface.fill((0, 0, 0))
            draw_chart(surface, app.text, box, [0.5] * 6, 11, tags)
            return pygame.image.tobytes(surface, "RGB")

        same = drawn([("m1", "")] * 6)
        ruled = drawn([("m1", "")] * 3 + [("m2", "")] * 3)
        assert same != ruled  # the second match is ruled off
        assert drawn([("m1", "club")] * 6) != same  # and the level's letter is written
    finally:
        app.close()


def test_a_chart_low_for_its_figures_at_200_per_cent_keeps_them_apart():
    """The chart's 0, 50 and 100 at 200 % in a chart lower than three of them (the coach's column at
    2560x1440 once printed them over one another): 0 and 100 apart, the middle rule unnumbered."""
    import pygame

    from game.menus.stats_coach import draw_chart
    from game.widgets.boxes import RecordingSurface

    app = headless_app(size=(2560, 1440))
    try:
        app.settings.set("text_size", 200, save=False)
        mark_h = app.text.get("100", 15).get_height()
        for height in (6 + 2 * mark_h, 12 + 3 * mark_h):
            surface = RecordingSurface((400, 400))
            box = pygame.Rect(0, 0, 400, height)
            draw_chart(surface, app.text, box, [0.5] * 6, 15)
            marks = [rect for _, rect, _ in surface.blitted if rect != box]  # (not the chart's shade)
            assert len(marks) in (2, 3)
            assert all(not a.colliderect(b) for i, a in enumerate(marks) for b in marks[i + 1:])
        assert len(marks) == 3  # room for all three: 50 numbered too
    finally:
        app.close()


@pytest.mark.parametrize(("lang", "size"), [("ru", (960, 600)), ("en", (960, 600)), ("ru", (1280, 800))])
def test_column_heads_break_only_between_words(lang, size):
    from game.menus.stats_screen import columns
    from game.screens import open_screen

    app = headless_app(lang=lang, size=size)
    try:
        open_screen(app, "stats")
        frames(app, 2)
        scene = app.stack.top
        wrapped: list[str] = []
        real = app.text.wrap

        def wrap(text, *a, **k):
            lines = real(text, *a, **k)
            if text in heads:
                wrapped.extend(lines)
            return lines

        heads = {i18n.t(f"stats.col.{c}") for g in ("uragan", "eralash") for c in columns(g)}
        app.text.wrap = wrap
        try:
            frames(app, 1, [pygame_event()])
        finally:
            del app.text.wrap
        words = {w for h in heads for w in h.split()}
        assert wrapped and set(wrapped) <= words | set(heads) | {" ".join(p) for h in heads
                                                               for p in _runs(h.split())}
        assert scene.sheets
    finally:
        app.close()


def pygame_event():
    import pygame

    return pygame.event.Event(pygame.VIDEOEXPOSE)


def _runs(words):
    return [words[i:j] for i in range(len(words)) for j in range(i + 1, len(words) + 1)]
