"""Every screen and table state holds together (``game.checks.layout_check`` through ``game.checks.smoke``'s
visits) from 960×600 to 3840×2160, 5:4 to 32:9, in Russian and English, and with names of the longest
length (the smoke's long-name pass).

The whole tour runs at the smallest window in both languages; the other sizes visit the menus and
dialogs (cheap) and a sample of table states (each costs a deal), so the suite stays quick."""

from __future__ import annotations

import pytest

from game.app import build_parser
from game.checks.smoke import smoke
from game.words import i18n

pytestmark = pytest.mark.slow

MENUS = ("main menu", "new game", "Settings", "Rules", "Statistics", "records menu and the records browser")
TABLES = ("Uragan table", "Eralash table, 4 players", "narrated example")
# The visits this file answers for (others' visits are checked by ``salon --smoke`` as a whole).
TOUR = (*MENUS, *TABLES, "Uragan end of game", "Eralash table, 2, 3 players and pairs", "Continue")


def tour(tmp_path, lang: str, size: tuple[int, int], visits: tuple[str, ...]) -> list[dict[str, str]]:
    args = build_parser().parse_args(["--data-dir", str(tmp_path), "--lang", lang])
    try:
        report = smoke(args, size, only=lambda name: name in visits)
    finally:
        i18n.set_language("en")
    assert report["screens"] >= len(visits)
    return report["problems"]


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_every_screen_and_table_state_at_the_smallest_window(tmp_path, lang):
    assert tour(tmp_path, lang, (960, 600), TOUR) == []


@pytest.mark.parametrize(
    ("lang", "size"),
    [
        ("ru", (1024, 640)),
        ("en", (1280, 800)),
        ("ru", (1920, 1080)),
        ("ru", (3840, 2160)),
        ("ru", (1024, 768)),  # 4:3
        ("en", (2560, 1080)),  # 21:9
        ("ru", (1280, 1024)),  # 5:4
        ("en", (3840, 1080)),  # 32:9
    ],
)
def test_menus_and_dialogs_at_every_size(tmp_path, lang, size):
    assert tour(tmp_path, lang, size, MENUS) == []


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", (1280, 800)), ("ru", (1280, 960)), ("en", (2560, 1080))],
)
def test_tables_at_other_sizes_and_shapes(tmp_path, lang, size):
    assert tour(tmp_path, lang, size, TABLES) == []


def test_tables_at_5_4_with_a_two_line_hint(tmp_path):
    """5:4 in Russian (the narrowest cloth, the longest words): the Uragan table's rows, the message
    plaque (a hint with its reason, on two or three lines) and the piles' rings stay apart."""
    assert tour(tmp_path, "ru", (1280, 1024), (*TABLES, "a hint with its reason")) == []


@pytest.mark.parametrize(("lang", "size"), [("ru", (960, 600)), ("en", (1920, 1080)), ("ru", (1280, 1024)),
                                             ("en", (1024, 640))])
def test_the_longest_names_fit_everywhere_a_name_shows(tmp_path, lang, size):
    """Both tables, both sheets and the ends of a game, the review panel, New game: every seat named
    with ``MAX_NAME`` wide letters (at 1024×640 in English the Eralash replay's score plaque, tall
    with names on two lines, once reached the trick's left card)."""
    assert tour(tmp_path, lang, size, ("long names",)) == []


def test_the_window_refuses_to_be_smaller_than_960_by_600(tmp_path):
    import pygame
    from helpers import app_on_disk

    from game.app import MIN_SIZE

    app = app_on_disk(tmp_path, size="960x600")
    try:
        assert MIN_SIZE == (960, 600)
        assert tuple(pygame.Window.from_display_module().minimum_size) == MIN_SIZE
        app.on_window_resized((700, 450))  # a window manager that ignored the minimum
        assert app.size == MIN_SIZE
    finally:
        app.close()


def test_the_widest_names_the_cleaning_lets_through_fit_at_the_smallest_window(tmp_path):
    """A hand-edited ``settings.json``: 20 W's, a letter under a stack of accents, 20 accented W's, 20 Ж's
    (``smoke_names.wide_names``). Every place that draws a name fits it to its room (shrunk, then cut
    with "…"): no layout problem at 960×600 in Russian."""
    assert tour(tmp_path, "ru", (960, 600), ("wide names",)) == []
