"""The table cards at a larger text size: the score plaque grows wider and taller than the corner the
layout gave it (long names, an uragan pending, the claims rule), and a table of six cards or more laid
one under it (seen at 1920×1080, 200 %, on the host's table and in demos). The table cards now keep
clear of the plaque as it is drawn."""

from __future__ import annotations

import pytest
from helpers import frames

import game  # noqa: F401  (before the tests' helpers: tests/game shadows the package)
from engine import cards as C
from game.app import App, build_parser
from game.botworker import InlineWorker
from game.checks.layout_check import check_app
from game.uragan.table import UraganTable

SIZES = [((1920, 1080), 200), ((1280, 800), 150), ((2560, 1440), 200)]


@pytest.mark.parametrize(("size", "text_size"), SIZES)
def test_table_cards_keep_clear_of_a_grown_score_plaque(size: tuple[int, int], text_size: int) -> None:
    argv = ["--lang", "ru", "--text-size", str(text_size)]
    app = App(build_parser().parse_args(argv), headless=True, size=size)
    try:
        app.worker = InlineWorker()
        table = UraganTable.new_game(app, seed=3, level="club", demo=True)  # two bots' names, levels

        app.stack.push(table)
        table._opening_pending = False
        frames(app, 2)
        table.tweens.finish_all()
        plaque = table.plaques.score_rect()
        assert plaque.width > table.layout.score.width  # the case: the plaque outgrew its corner
        assert not table.prompts.table_area().colliderect(plaque)
        deal = table.shown  # a crowded table: eight cards of the rounds to come laid on it
        later = 0
        for dealt in deal.dealt[2:]:
            later |= dealt
        for card in list(C.cards(later))[:8]:
            deal.table |= 1 << card
        table.sync(instant=True)
        frames(app, 2)
        table.tweens.finish_all()
        assert bin(deal.table).count("1") >= 8
        assert not [p for p in check_app(app) if "covers the card" in p]
    finally:
        app.close()
