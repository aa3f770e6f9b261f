"""The table cards at a larger text size: the score plaque grows wider and taller than the corner the
layout gave it (long names, an uragan pending, the claims rule), and a table of six cards or more laid
one under it (seen at 1920×1080, 200 %, on the host's table and in demos). The table cards now keep
clear of the plaque as it is drawn."""

from __future__ import annotations

import pygame
import pytest
from helpers import frames

import game  # noqa: F401  (before the tests' helpers: tests/game shadows the package)
from game.app import App, build_parser
from game.botworker import InlineWorker
from game.checks.layout_check import check_app
from game.layout import grid
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
        cw, ch = table.layout.card  # a crowded table: where eight, ten and twelve cards would lie
        for n in (8, 10, 12):
            for x, y in grid(n, table.prompts.table_area(), (cw, ch)):
                assert not pygame.Rect(int(x - cw / 2), int(y - ch / 2), cw, ch).colliderect(plaque)
        assert not [p for p in check_app(app) if "covers the card" in p]
    finally:
        app.close()
