"""The side hands at a larger text size: under a taller score plaque they were squeezed to one card's
length (at 200 % nobody could see how many cards a side seat held). Where there is room under their
name plates, above yours, they grow down into it, the plates going with them and staying clear."""

from __future__ import annotations

import pytest
from eralash_tables import find_match, table_for, until

import game  # noqa: F401  (before the tests' helpers: tests/game shadows the package)
from game.app import App, build_parser
from game.botworker import InlineWorker
from game.checks.layout_check import check_app
from game.eralash.layout import OPP_SCALE


def declaring(size, text_size, lang, n=4):
    app = App(build_parser().parse_args(["--lang", lang, "--text-size", str(text_size)]), headless=True,
              size=size)
    app.settings.set("animation_speed", "fast")
    app.worker = InlineWorker("eralash_tables:make_first_bot")
    # (the side seats hold no runs: their thirteen cards stay in their hands while runs are declared)
    match = find_match(lambda d: d.trump >= 0 and not d.runs[1] and not d.runs[n - 1], n=n)
    table = table_for(app, match, [None] + ["novice"] * (n - 1))
    until(app, lambda: table.phase == "declare" and not table.tweens.busy)
    return app, table


@pytest.mark.parametrize(
    ("size", "text_size", "lang", "longer", "apart"),
    # (before: one card's length at 200 %, the cards 0 px apart; 1.77 of it at 1280x800, 150 %, 4 px)
    [((1920, 1080), 200, "en", 1.2, 2), ((2560, 1440), 200, "ru", 1.2, 2), ((1280, 800), 150, "en", 2.2, 6)],
)
def test_side_hands_at_a_larger_text_size_show_their_cards_apart(size, text_size, lang, longer, apart):
    app, table = declaring(size, text_size, lang)
    try:
        lay = table.layout
        ocw = lay.card[0] * OPP_SCALE
        for side in (1, 3):
            place = lay.seats[side]
            assert place.vertical
            assert place.hand_len >= ocw * longer
            ys = sorted(s.y for s in table.sprites.values() if abs(s.x - place.hand[0]) < 2)
            gaps = [b - a for a, b in zip(ys, ys[1:], strict=False)]
            assert len(ys) == 13 and min(gaps) >= apart  # each card's edge shows
        yours = table.plates.plate_parts(table.me)[0]
        your_top = min(r.top for _, r in yours)
        for seat in range(4):
            if lay.place(seat, table.me).vertical:
                assert max(r.bottom for _, r in table.plates.plate_parts(seat)[0]) < your_top
        assert check_app(app) == []
    finally:
        app.close()


def test_at_the_smallest_text_size_nothing_moves():
    app, table = declaring((1920, 1080), 100, "en")
    try:
        plain = type(table.layout).for_size((1920, 1080), 4, *table.plaques.score_fit((1920, 1080)),
                                            card_scale=table.card_scale())
        assert [p.hand for p in table.layout.seats] == [p.hand for p in plain.seats]
        assert [p.hand_len for p in table.layout.seats][1:] == [p.hand_len for p in plain.seats][1:]
    finally:
        app.close()
