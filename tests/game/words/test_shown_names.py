"""Bots' names follow the interface language everywhere a table shows them: a game started in English
and continued in Russian says "Павел", not "Pavel" (and back), while a name the player typed stays."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import app_on_disk

from game.store.storage import WRITER
from game.words import i18n
from game.words.names import shown_name


@pytest.fixture(autouse=True)
def keep_language():
    before = i18n.get_language()
    yield
    i18n.set_language(before)


def test_bot_and_default_names_follow_the_language_typed_names_stay() -> None:
    i18n.set_language("ru")
    assert [shown_name(n) for n in ("Pavel", "Svetlana", "Yulia", "Andrei", "You")] == [
        "Павел", "Светлана", "Юлия", "Андрей", "Вы"]
    assert shown_name("Олег") == "Олег" and shown_name("Bob") == "Bob"
    i18n.set_language("en")
    assert [shown_name(n) for n in ("Павел", "Светлана", "Юлия", "Андрей", "Вы")] == [
        "Pavel", "Svetlana", "Yulia", "Andrei", "You"]


@pytest.mark.parametrize("game", ["uragan", "eralash"])
def test_a_game_begun_in_english_continued_in_russian_names_bots_in_russian(
    tmp_path: Path, game: str
) -> None:
    from game.screens import continue_game, open_table

    app = app_on_disk(tmp_path, lang="en")
    try:
        scene = open_table(app, game, level="novice")
        saved = list(scene.session.match.players)
        assert any(n in ("Svetlana", "Pavel", "Andrei", "Yulia") for n in saved)
        app.frame(0.016, [])
    finally:
        app.close()
    assert WRITER.flush()

    app = app_on_disk(tmp_path, lang="ru")
    try:
        again = continue_game(app)
        assert again is not None
        assert list(again.session.match.players) == saved  # the save itself is left as it was
        shown = [again.player_name(s) for s in range(len(saved))]
        assert not any(n in ("Svetlana", "Pavel", "Andrei", "Yulia") for n in shown), shown
        assert all(shown_name(n) in shown for n in saved[1:])
        app.frame(0.016, [])
    finally:
        app.close()
