"""The app keeps its word: a game played at the table is on disk after every move, Continue in a new
app puts the same position back on the table, and a demo never touches the player's save."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import app_on_disk

from game.store.storage import WRITER


def make_app(folder: Path):
    return app_on_disk(folder)


@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_continue_in_a_new_app_restores_the_table(tmp_path: Path, game: str) -> None:
    from game.screens import continue_game, open_table, table_available

    if not table_available(game):
        pytest.skip(f"the {game} table is not built yet")
    app = make_app(tmp_path)
    try:
        scene = open_table(app, game, level="novice")
        rng = random.Random(3)
        for _ in range(25):  # both sides' moves, straight through the table's own move path
            match = scene.session.match
            if match.is_over():
                break
            assert scene.apply_move(rng.choice(match.legal_moves())) is None
            app.frame(0.016, [])
        before = scene.session.match.to_save()
        turn = scene.session.match.current_player()
    finally:
        app.close()
    assert WRITER.flush()
    assert (tmp_path / "save.json").exists()

    app = make_app(tmp_path)
    try:
        again = continue_game(app)
        assert again is not None
        assert again.session.match.to_save() == before
        assert again.session.match.current_player() == turn
        app.frame(0.016, [])
    finally:
        app.close()


def test_a_demo_never_touches_the_save(tmp_path: Path) -> None:
    from game.screens import open_table, table_available

    if not table_available("uragan"):
        pytest.skip("the Uragan table is not built yet")
    (tmp_path / "save.json").write_text('{"version": 1, "precious": true}', encoding="utf-8")
    app = make_app(tmp_path)
    try:
        scene = open_table(app, "uragan", demo=True, seed=4)
        for _ in range(10):
            match = scene.session.match
            scene.apply_move(random.Random(1).choice(match.legal_moves()))
    finally:
        app.close()
    assert WRITER.flush()
    assert (tmp_path / "save.json").read_text(encoding="utf-8") == '{"version": 1, "precious": true}'
