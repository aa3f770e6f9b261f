"""The score plaque's team names at a larger text size: at the chosen size on two lines, one name a
line and the word joining them with the second ("Светлана / и Андрей"), where they were fitted onto one
line at about half the size ("Вы и Павел" at 200 %); at the smallest text size, as before."""

from __future__ import annotations

import pytest
from eralash_tables import find_match, table_for, until

import game  # noqa: F401  (before the tests' helpers: tests/game shadows the package)
from game.app import App, build_parser
from game.botworker import InlineWorker
from game.checks.layout_check import check_app


def pairs_table(text_size, lang):
    app = App(build_parser().parse_args(["--lang", lang, "--text-size", str(text_size)]), headless=True,
              size=(1920, 1080))
    app.settings.set("animation_speed", "fast")
    app.worker = InlineWorker("eralash_tables:make_first_bot")
    match = find_match(lambda d: d.trump >= 0, options={"pairs": True})
    table = table_for(app, match, [None] + ["novice"] * 3)
    until(app, lambda: table.phase == "declare" and not table.tweens.busy)
    return app, table


@pytest.mark.parametrize(("lang", "joiner"), [("ru", "и"), ("en", "&")])
def test_team_names_keep_the_chosen_size_at_200_per_cent(lang, joiner):
    app, table = pairs_table(200, lang)
    try:
        names = tuple(table.plaques.side_name(side) for side in range(2))
        rows = table.plaques._score_names(names)
        chosen = table.text.get("Ag", table.font_size(0.021)).get_height()
        for imgs in rows:
            assert [img.get_height() for img in imgs] == [chosen] * len(imgs)  # (it was about half)
        fits = [table.plaques.score._name_fit(name, table.font_size(0.021), 10_000) for name in names]
        assert all(size == table.font_size(0.021) for size, _ in fits)
        narrow = table.plaques.score._name_fit(names[1], table.font_size(0.021),
                                               table.text.font(table.font_size(0.021)).size(names[1])[0] - 1)
        assert narrow[0] == table.font_size(0.021) and narrow[1][1].startswith(joiner + " ")
        assert check_app(app) == []
    finally:
        app.close()


def test_at_the_smallest_text_size_a_name_is_made_smaller_on_one_line_first():
    app, table = pairs_table(100, "ru")
    try:
        fs = table.font_size(0.021)
        name = table.plaques.side_name(1)
        width = table.text.font(fs).size(name)[0] - 4
        size, lines = table.plaques.score._name_fit(name, fs, width)
        assert size < fs and len(lines) == 1
    finally:
        app.close()
