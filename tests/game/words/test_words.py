"""Section 4 of issue 12: the player's gender, --lang for one run, the player's name on the sheet, …"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pygame_gui
import pytest
from helpers import app_on_disk, frames, play_a_card
from places import ROOT

from game.store.storage import WRITER
from game.words import i18n


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


def on_disk(folder: Path, name: str = "settings.json") -> dict:
    assert WRITER.flush()
    return json.loads((folder / name).read_text(encoding="utf-8"))


def press(app, button) -> None:
    app.frame(0.016, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])


def test_the_player_chooses_a_gender_in_settings_and_the_table_follows(tmp_path: Path) -> None:
    from game.menus.settings_screen import SettingsScene
    from game.screens import open_table

    app = app_on_disk(tmp_path, lang="ru")
    try:
        app.settings.set("player_name", "Маша")
        scene = app.stack.push(SettingsScene(app))
        frames(app, 1)
        assert scene.buttons["player_gender_neutral"][0].is_selected  # neutral by default
        press(app, scene.buttons["player_gender_feminine"][0])
        assert app.settings.player_gender == "feminine"
        assert on_disk(tmp_path)["player_gender"] == "feminine"
        assert scene.buttons["player_gender_feminine"][0].is_selected
        app.stack.pop()
        table = open_table(app, "uragan", level="novice")
        frames(app, 2)
        assert table.form(table.me) == "f"
        assert table.form(1 - table.me) == "f"  # Светлана, the default opponent
        app.settings.set("player_gender", "masculine")
        assert table.form(table.me) == "m"
    finally:
        app.close()


def _saved_language(folder: Path, lang: str) -> None:
    from game.store.settings import Settings
    from game.store.storage import Store

    s = Settings(Store(folder))
    s.set("language", lang)
    assert WRITER.flush()


def test_lang_applies_to_this_run_only(tmp_path: Path) -> None:
    _saved_language(tmp_path, "en")
    app = app_on_disk(tmp_path, lang="ru")
    try:
        assert i18n.get_language() == "ru"
        app.settings.set("four_colour", True)  # any later save must not write the run's language
        assert on_disk(tmp_path)["language"] == "en"
        assert on_disk(tmp_path)["four_colour"] is True
    finally:
        app.close()
    from game.app import App, build_parser

    app = App(build_parser().parse_args(["--data-dir", str(tmp_path), "--size", "1280x800"]))
    try:
        assert i18n.get_language() == "en"  # the next run without --lang: the saved language
    finally:
        app.close()


def test_choosing_a_language_in_settings_persists_even_over_lang(tmp_path: Path) -> None:
    from game.menus.menu import MenuScene
    from game.menus.settings_screen import SettingsScene

    _saved_language(tmp_path, "en")
    app = app_on_disk(tmp_path, lang="ru")
    try:
        menu = app.stack.push(MenuScene(app))
        frames(app, 1)
        assert menu.buttons["new"].text == "Новая игра"
        scene = app.stack.push(SettingsScene(app))
        frames(app, 1)
        assert scene.buttons["language_ru"][0].is_selected  # the language in use
        press(app, scene.buttons["language_en"][0])  # the saved one, chosen again
        assert i18n.get_language() == "en"
        assert pygame.display.get_caption()[0] == "Salon"  # the app heard of it (the window title)
        assert menu.images.lang == "en"  # and the menu's cards below
        press(app, scene.buttons["language_ru"][0])
        assert on_disk(tmp_path)["language"] == "ru"
    finally:
        app.close()


def _has_colour(surface: pygame.Surface, rgb: tuple[int, int, int], rect: pygame.Rect | None = None) -> bool:
    area = surface.subsurface(rect or surface.get_rect())
    return pygame.mask.from_threshold(area, (*rgb, 255), (2, 2, 2, 255)).count() > 0


def test_suit_symbols_in_text_follow_the_deck_colours() -> None:
    from game.widgets.suits import FOUR_COLOUR, TWO_COLOUR, suit_palette
    from game.widgets.text import TextCache

    pygame.font.init()
    text = TextCache()
    blue, green, red = FOUR_COLOUR[2], FOUR_COLOUR[3], TWO_COLOUR[2]
    four = text.get("3♦ берёт 3♣", 40, (243, 230, 196), suits=suit_palette(True))
    two = text.get("3♦ берёт 3♣", 40, (243, 230, 196), suits=suit_palette(False))
    plain = text.get("3♦ берёт 3♣", 40, (243, 230, 196))
    assert _has_colour(four, blue) and _has_colour(four, green) and not _has_colour(four, red)
    assert _has_colour(two, red) and not _has_colour(two, blue)
    assert not _has_colour(plain, red) and not _has_colour(plain, blue)
    assert abs(four.get_width() - plain.get_width()) <= 2  # the same line, only coloured


def test_the_table_writes_suits_in_the_four_colours(tmp_path: Path) -> None:
    from game.screens import open_table
    from game.widgets.suits import FOUR_COLOUR

    app = app_on_disk(tmp_path, lang="ru")
    try:
        table = open_table(app, "uragan", level="novice")
        frames(app, 3)
        table.say("Светлана: 3♦ берёт 3♣", 60)
        app.settings.set("four_colour", True)
        frames(app, 1)
        box = table.layout.message.inflate(table.layout.message.width, 40).clip(app.screen.get_rect())
        assert _has_colour(app.screen, FOUR_COLOUR[2], box)  # ♦ blue
        assert _has_colour(app.screen, FOUR_COLOUR[3], box)  # ♣ green
    finally:
        app.close()


def test_the_uragan_count_on_the_sheet_is_gold_not_warning_red() -> None:
    from helpers import headless_app

    from game.looks.themes import GLOW, WARN
    from game.widgets.score_sheet import ScoreSheetScene, Sheet, SheetRow

    app = headless_app()
    sheet = Sheet("Итоги сдачи", ["Вы", "Светлана"], [SheetRow("Ураганы", [2, 0], "2 : 0", accent=True)])
    scene = ScoreSheetScene(app, sheet, step=0)
    scene.enter()
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    assert _has_colour(surface, GLOW, scene.box)
    assert not _has_colour(surface, WARN, scene.box)


# --- abandoning a game, Eralash by table, the game last played -----------------------------------------


def test_an_old_stats_file_without_the_new_fields_loads(tmp_path: Path) -> None:
    from game.store.stats import Stats
    from game.store.storage import Store

    old = {"version": 1, "games": {"uragan": {"club": {"played": 3, "won": 1, "shared": 0, "streak": 0,
                                                       "best_streak": 1, "double_wins": 0, "slams": 0,
                                                       "with_undo": 0}}},
           "recorded_ids": ["a"]}
    (tmp_path / "stats.json").write_text(json.dumps(old), encoding="utf-8")
    store = Store(tmp_path)
    stats = Stats.load(store)
    assert store.notices == []
    rec = stats.get("uragan", "club")
    assert (rec.played, rec.won, rec.abandoned) == (3, 1, 0)
    assert stats.variant("eralash", "pairs").played == 0


def test_abandoned_is_a_loss_and_eralash_is_split_by_table(tmp_path: Path) -> None:
    from game.store.stats import Stats, variant_of
    from game.store.storage import Store

    stats = Stats.load(Store(tmp_path))
    stats.record("eralash", ["club"], "win", variant=variant_of("eralash", 4, pairs=True))
    stats.record("eralash", ["club"], "win", abandoned=True, variant=variant_of("eralash", 3))
    stats.record("uragan", ["club"], "loss", abandoned=True, variant=variant_of("uragan", 2))
    again = Stats.load(Store(tmp_path))
    rec = again.get("eralash", "club")
    assert (rec.played, rec.won, rec.lost, rec.abandoned, rec.streak) == (2, 1, 1, 1, 0)
    assert again.variant("eralash", "pairs").won == 1 and again.variant("eralash", "4").played == 0
    assert again.variant("eralash", "3").abandoned == 1
    assert again.get("uragan", "club").abandoned == 1
    bad = again.to_dict()
    bad["games"]["uragan"]["club"]["abandoned"] = 5  # more abandoned than lost: does not add up
    (tmp_path / "stats.json").write_text(json.dumps(bad), encoding="utf-8")
    store = Store(tmp_path)
    assert Stats.load(store).get("uragan", "club").played == 0
    assert len(store.notices) == 1  # said once, the damaged part kept aside (game.store.storage)


def _new_game_dialog(app, game: str):
    from game.menus.new_game import NewGameScene

    scene = app.stack.push(NewGameScene(app))
    frames(app, 1)
    press(app, scene.buttons[f"game_{game}"])
    return scene


def test_new_game_over_a_game_in_progress_asks_and_counts_it_abandoned(tmp_path: Path) -> None:
    from game.botworker import InlineWorker
    from game.screens import open_table
    from game.store.saves import load_game
    from game.store.stats import Stats

    app = app_on_disk(tmp_path, lang="ru")
    app.worker = InlineWorker()
    try:
        first = open_table(app, "uragan", level="novice")
        play_a_card(app, first)  # only a game the player has played in is one to abandon
        first_id = first.session.saved.game_id
        app.stack.remove(first)
        scene = _new_game_dialog(app, "uragan")
        press(app, scene.buttons["start"])
        assert scene.dialog is not None  # asked first
        assert "Ураган" in scene.dialog.question
        app.frame(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="",
                                             scancode=0)])
        assert scene.dialog is None and app.stack.top is scene  # Esc: nothing abandoned
        assert load_game(app.store).game_id == first_id
        assert Stats.load(app.store).get("uragan", "novice").played == 0
        press(app, scene.buttons["start"])
        app.frame(0.016, [pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                             ui_element=scene.dialog)])
        assert app.stack.top is not scene  # the new table
        assert load_game(app.store).game_id != first_id
        rec = Stats.load(app.store).total("uragan")
        assert (rec.played, rec.abandoned, rec.won) == (1, 1, 0)
    finally:
        app.close()


def test_no_question_without_a_game_in_progress(tmp_path: Path) -> None:
    from game.botworker import InlineWorker

    app = app_on_disk(tmp_path, lang="ru")
    app.worker = InlineWorker()
    try:
        scene = _new_game_dialog(app, "eralash")
        press(app, scene.buttons["start"])
        assert scene.dialog is None and app.stack.top is not scene
        assert app.stack.top.session.game == "eralash"
    finally:
        app.close()


def test_rules_and_new_game_open_on_the_game_last_played(tmp_path: Path) -> None:
    from game.botworker import InlineWorker
    from game.menus.new_game import NewGameScene
    from game.menus.rules_screen import RulesScene
    from game.screens import continue_game, open_table

    app = app_on_disk(tmp_path)
    app.worker = InlineWorker()
    try:
        table = open_table(app, "eralash", level="novice")
        frames(app, 1)
        assert app.settings.last_game == "eralash"
        app.stack.remove(table)
        app.settings.set("last_game", "uragan")
        continue_game(app)  # the saved Eralash game
        assert app.settings.last_game == "eralash"
        assert RulesScene(app).game == "eralash"
        assert NewGameScene(app).game == "eralash"
    finally:
        app.close()


def test_f11_is_documented_with_the_other_keys() -> None:
    from game.menus.rules_screen import parse_markdown, rules_path, split_games

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    keys = readme[readme.index("| key |"):]
    assert "| F11 |" in keys.split("\n\n")[0]  # a row of the keys table
    for lang in ("ru", "en"):
        games = split_games(parse_markdown(rules_path(lang).read_text(encoding="utf-8")))
        for blocks in games.values():  # the in-app rules of either game say it
            assert any("F11" in repr(block) for block in blocks)


def test_one_transliteration_of_the_names_everywhere() -> None:
    """Yulia, Andrei: not Julia, Andrey (catalogs, code, docs, tests)."""
    root = ROOT
    files = [root / "README.md", *root.glob("docs/*.md"), *root.glob("game/**/*.py"),
             *root.glob("game/i18n/*.json"), *root.glob("tests/**/*.py"), *root.glob("engine/**/*.py")]
    wrong = ("Julia", "Yuliya", "Andrey", "Pawel")
    me = Path(__file__).resolve()
    found = [f"{f.name}: {w}" for f in files if f.resolve() != me
             for w in wrong if w in f.read_text(encoding="utf-8")]
    assert found == []


def test_the_sheet_names_the_player_who_deals(tmp_path: Path) -> None:
    from game.checks.layout_check import collect
    from game.eralash.table import EralashTable

    app = app_on_disk(tmp_path, lang="ru")
    try:
        app.settings.set("player_name", "Маша")
        for seed in range(1, 30):
            table = EralashTable.new_game(app, seed=seed, players=2, levels=["novice"])
            if table.shown.dealer == table.me:
                break
        assert table.shown.dealer == table.me
        app.stack.push(table)
        frames(app, 3)
        texts = [b.text for b in collect(app) if b.kind == "text"]
        assert "Сдача 1 · сдаёт Маша" in texts
        assert not any("сдаёте вы" in x for x in texts)
    finally:
        app.close()


def test_the_layout_check_looks_at_an_open_dialog_alone_and_still_catches_a_fault(tmp_path: Path) -> None:
    from game.botworker import InlineWorker
    from game.checks.layout_check import check_app
    from game.screens import open_table

    app = app_on_disk(tmp_path, lang="ru", size="960x600")
    app.worker = InlineWorker()
    try:
        table = open_table(app, "uragan", level="novice")
        play_a_card(app, table)
        app.stack.remove(table)
        scene = _new_game_dialog(app, "uragan")
        press(app, scene.buttons["start"])
        frames(app, 1)
        assert scene.dialog is not None
        assert check_app(app) == []  # the dialog fits; what it covers is not its overlap
        scene.dialog.confirm_button.set_text("Бросить начатую партию и сдать новую немедленно")
        frames(app, 1)
        problems = check_app(app)
        assert any("confirm_button" in p for p in problems), problems
    finally:
        app.close()


def test_a_deal_number_asked_over_a_game_in_progress_is_dealt_after_the_question(tmp_path: Path) -> None:
    from game.botworker import InlineWorker
    from game.screens import open_table

    app = app_on_disk(tmp_path, lang="ru")
    app.worker = InlineWorker()
    try:
        table = open_table(app, "uragan", level="novice")
        play_a_card(app, table)  # a game the player has played in: the question comes first
        app.stack.remove(table)
        scene = _new_game_dialog(app, "uragan")
        scene.start(777001)  # as the "Play deal number…" dialog hands it over
        assert scene.dialog is not None
        app.frame(0.016, [pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                             ui_element=scene.dialog)])
        assert app.stack.top.session.deal_number == 777001
    finally:
        app.close()


def test_a_bots_default_name_follows_the_interface_language() -> None:
    from game.uragan.words import localised_name

    i18n.set_language("ru")
    assert localised_name("Pavel", 1) == "Павел" and localised_name("Yulia", 1) == "Юлия"
    assert localised_name("Маша", 1) == "Маша"  # a chosen name stays
    i18n.set_language("en")
    assert localised_name("Андрей", 1) == "Andrei"
