"""Continue puts back the exact table: the order the cards lie in, and the score sheet of a deal that
had just ended when the app was closed."""

from __future__ import annotations

import random
from pathlib import Path

from helpers import app_on_disk

from game.store.storage import WRITER
from game.widgets.score_sheet import ScoreSheetScene


def make_app(folder: Path):
    from game.botworker import InlineWorker

    app = app_on_disk(folder)
    app.worker = InlineWorker()
    return app


def run_until_warm(app, scene):
    """Wait for the warming job itself (generous timeout), then one frame to take it in."""
    assert scene.warmer.wait(60), "the table never warmed up"
    app.frame(0.016, [])
    assert "warming" not in scene.holds


def play_to_the_end_of_a_deal(scene) -> None:
    rng = random.Random(7)
    match = scene.session.match
    while not match.deals_done:
        assert scene.apply_move(rng.choice(match.legal_moves())) is None


def test_continue_right_after_a_deal_shows_its_score_sheet_again(tmp_path: Path) -> None:
    from game.screens import continue_game, open_table

    app = make_app(tmp_path)
    try:
        scene = open_table(app, "uragan", level="novice")
        play_to_the_end_of_a_deal(scene)
        done = len(scene.session.match.deals_done)
    finally:
        app.close()
    assert WRITER.flush()

    app = make_app(tmp_path)
    try:
        again = continue_game(app)
        assert again is not None and len(again.match.deals_done) == done
        assert again.shown is again.match.deals_done[-1]  # the finished deal lies on the cloth
        run_until_warm(app, again)
        assert isinstance(app.stack.top, ScoreSheetScene)
        again.after_sheet()  # the player closes it: the next deal is dealt, and that is saved
        assert again.shown is again.match.deal
    finally:
        app.close()
    assert WRITER.flush()

    app = make_app(tmp_path)
    try:
        third = continue_game(app)
        assert third is not None
        run_until_warm(app, third)
        assert not isinstance(app.stack.top, ScoreSheetScene)
        assert third.shown is third.match.deal
    finally:
        app.close()


def test_the_order_of_the_table_cards_survives_continue(tmp_path: Path) -> None:
    from game.screens import continue_game, open_table

    app = make_app(tmp_path)
    try:
        scene = open_table(app, "uragan", level="novice")
        rng = random.Random(11)
        match = scene.session.match
        for _ in range(9):
            assert scene.apply_move(rng.choice(match.legal_moves())) is None
        order = [c for c in scene.table_order if scene.shown.table >> c & 1]
    finally:
        app.close()
    assert WRITER.flush()
    app = make_app(tmp_path)
    try:
        again = continue_game(app)
        assert again is not None
        assert [c for c in again.table_order if again.shown.table >> c & 1] == order
    finally:
        app.close()
