"""The keyboard focus of the menus and dialogs: every control of every screen is reached with Tab, each
is said (title, label, value, state) in the interface language, nothing twice; the speech chord."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from helpers import app_on_disk

from game.speech import RecordingSpeaker
from game.widgets.focus import unreachable
from game.words import i18n


@pytest.fixture
def make(tmp_path: Path):
    from game.botworker import InlineWorker

    made = []

    def app_in(lang: str = "en", size: str = "960x600", log: Path | None = None) -> Any:
        """An app on disk; what it says recorded (``log``: in the --speech-log file instead)."""
        if log is None:
            app = app_on_disk(tmp_path / f"data-{len(made)}", lang=lang, size=size)
            app.speech = RecordingSpeaker()
        else:
            from game.app import App, build_parser

            app = App(build_parser().parse_args(["--data-dir", str(tmp_path / f"data-{len(made)}"), "--lang",
                                                 lang, "--size", size, "--speech-log", str(log)]))
        app.worker = InlineWorker()
        made.append(app)
        return app

    yield app_in
    for app in made:
        app.close()
    i18n.set_language("en")


def key(app: Any, k: int, mod: int = 0, text: str = "") -> None:
    """A key pressed, then the frame that handles what it posted (a button's press, as a click's)."""
    app.frame(0.016, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0)])
    app.frame(0.016, pygame.event.get())


def said(app: Any, kind: str | None = None) -> list[str]:
    return app.speech.texts(kind)


def menu(app: Any) -> Any:
    from game.menus.menu import MenuScene

    scene = app.stack.push(MenuScene(app))
    app.frame(0.016, [])
    return scene


def open_screen(app: Any, scene: Any) -> Any:
    app.stack.push(scene)
    app.frame(0.016, [])
    return scene


def tab_through(app: Any, scene: Any) -> list[str]:
    """Tab once round the screen; every stop's words, and check each stop was reached once."""
    stops = scene.focus.stops()
    before = len(said(app, "focus"))
    keys = [scene.focus.current().key]
    for _ in range(len(stops)):
        key(app, pygame.K_TAB)
        keys.append(scene.focus.current().key)
    assert keys[0] == keys[-1], "Tab goes round to where it started"
    assert sorted(keys[:-1]) == sorted(c.key for c in stops), "every stop is reached, once"
    return said(app, "focus")[before:]


# --- what is said -------------------------------------------------------------------------------------


def test_the_main_menu_says_its_title_then_each_control_in_english(make):
    app = make("en")
    scene = menu(app)
    assert app.speech.said[:2] == [("screen", "Salon", "en"), ("focus", "New game, button", "en")]
    words = tab_through(app, scene)
    assert words[:2] == ["Continue, button, disabled", "Settings, button"]
    assert words[-1] == "New game, button"
    assert unreachable(scene) == []


def test_russian_words_for_the_menu_and_settings(make):
    from game.menus.settings_screen import SettingsScene

    app = make("ru")
    menu(app)
    assert said(app)[:2] == ["Салон", "Новая игра, кнопка"]
    key(app, pygame.K_TAB)
    assert said(app, "focus")[-1] == "Продолжить, кнопка, недоступна"
    scene = open_screen(app, SettingsScene(app))
    assert said(app, "screen")[-1] == "Настройки"
    assert said(app, "focus")[-1] == "Страница: Карты и звук, список"  # the first stop: the pages
    words = tab_through(app, scene)
    assert "Язык: Русский, список" in words
    assert "Громкость: 80, ползунок" in words or any(w.startswith("Громкость: ") and w.endswith(", ползунок")
                                                      for w in words)
    key(app, pygame.K_RIGHT)  # back on the pages after going round: the next page, speech first
    assert said(app, "focus")[-1] == "Страница: Текст и речь, список"
    words = tab_through(app, scene)
    assert words[0] == "Речь, флажок, выключен"
    assert "Голос: Чтец экрана, список" in words
    assert "Четырёхцветная колода, флажок, выключен" in words


def test_settings_in_english_checkbox_list_slider_and_the_drawn_pictures(make):
    from game.menus.settings_screen import SettingsScene

    app = make("en", "1920x1080")
    scene = open_screen(app, SettingsScene(app))
    words = tab_through(app, scene)
    assert words[-1] == "Page: Cards and sound, list"
    assert words[0] == "Language: English, list"
    assert any(w.startswith("Card back: ") and w.endswith(", list") for w in words)
    assert any(w.startswith("Your name: ") or ", text field" in w for w in words)
    assert unreachable(scene) == []
    key(app, pygame.K_RIGHT)
    words = tab_through(app, scene)
    assert words[:2] == ["Speech, checkbox, off", "Voice: Screen reader, list"]
    assert "Four-colour deck, checkbox, off" in words
    assert unreachable(scene) == []


# --- keys change what they should ---------------------------------------------------------------------


def focus_on(app: Any, scene: Any, key_name: str) -> None:
    for _ in range(len(scene.focus.stops())):
        if scene.focus.current().key == key_name:
            return
        key(app, pygame.K_TAB)
    raise AssertionError(f"{key_name} never focused")


def test_space_flips_a_checkbox_and_it_is_said_again(make):
    from game.menus.settings_screen import SettingsScene

    app = make("en")
    scene = open_screen(app, SettingsScene(app))
    focus_on(app, scene, "checkbox:four_colour")
    key(app, pygame.K_SPACE)
    assert app.settings.four_colour
    assert said(app, "focus")[-1] == "Four-colour deck, checkbox, on"
    key(app, pygame.K_LEFT)
    assert not app.settings.four_colour


def test_arrows_move_a_slider_and_a_list(make):
    from game.menus.settings_screen import SettingsScene

    app = make("en")
    scene = open_screen(app, SettingsScene(app))
    focus_on(app, scene, "slider:volume")
    volume = app.settings.volume
    key(app, pygame.K_RIGHT)
    assert app.settings.volume == pytest.approx(min(1.0, volume + 0.05))
    focus_on(app, scene, "list:animation_speed")
    speed = app.settings.animation_speed
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_LEFT) if app.settings.animation_speed == speed else None
    assert app.settings.animation_speed != speed
    assert said(app, "focus")[-1].startswith("Animation")


def test_new_game_every_row_of_both_games_and_each_player_count(make):
    from game.menus.new_game import NewGameScene

    app = make("en")
    menu(app)
    key(app, pygame.K_RETURN)  # Enter on New game (the focus starts there with no saved game)
    scene = app.stack.top
    assert isinstance(scene, NewGameScene)
    assert said(app, "screen")[-1] == "New game"
    assert said(app, "focus")[-1] == f"Game: {i18n.t('game.' + scene.game)}, list"
    key(app, pygame.K_LEFT)  # Eralash, the first of the row
    assert scene.game == "eralash" and said(app, "focus")[-1] == "Game: Eralash, list"
    seen = set()
    for players in ("2", "3", "4"):
        focus_on(app, scene, "list:players")
        while not said(app, "focus")[-1].startswith(f"Players: {players}"):
            key(app, pygame.K_RIGHT if scene.players() < int(players) else pygame.K_LEFT)
        seen |= set(tab_through(app, scene))
        assert unreachable(scene) == []
    assert "Opposite you, name: Anna, text field" in seen or any(", name: " in w for w in seen)
    assert any(w.startswith("Opposite you, level: ") and w.endswith(", list") for w in seen)
    focus_on(app, scene, "list:game")
    key(app, pygame.K_RIGHT)
    assert scene.game == "uragan"
    assert said(app, "focus")[-1] == "Game: Uragan, list"
    uragan = tab_through(app, scene)
    assert "Deal, button" in uragan and unreachable(scene) == []


def test_a_text_field_keeps_its_letters_and_caret(make):
    from game.menus.new_game import NewGameScene

    app = make("en")
    scene = open_screen(app, NewGameScene(app))
    focus_on(app, scene, "text:name1")
    entry = scene.focus.current().element
    assert entry.is_focused
    before = entry.get_text()
    key(app, pygame.K_LEFT)  # the caret, not the focus
    assert scene.focus.current().key == "text:name1"
    app.frame(0.016, [pygame.event.Event(pygame.TEXTINPUT, text="x")])
    assert entry.get_text() != before
    key(app, pygame.K_TAB)
    assert not entry.is_focused


def test_rules_stats_about_records_and_the_deal_number_dialog(make):
    from game.menus.about_screen import AboutScene
    from game.menus.deal_number_dialog import DealNumberDialog
    from game.menus.rules_screen import RulesScene
    from game.menus.stats_screen import StatsScene
    from game.review.browser import RecordsScene

    app = make("en")
    menu(app)
    screens = ((RulesScene(app), "Rules"), (StatsScene(app), "Statistics"), (AboutScene(app), "About Salon"),
               (RecordsScene(app), "Records"), (DealNumberDialog(app, lambda n: None), "Play game number"))
    for scene, title in screens:
        open_screen(app, scene)
        assert said(app, "screen")[-1] == title
        words = tab_through(app, scene)
        assert words and all(", " in w for w in words)
        assert unreachable(scene) == []
        app.stack.remove(scene)
        app.frame(0.016, [])
        assert said(app, "screen")[-1] == "Salon"  # the menu, back on top, says so


def test_the_rules_keep_their_arrows_for_scrolling(make):
    from game.menus.rules_screen import RulesScene

    app = make("en")
    scene = open_screen(app, RulesScene(app))
    here = scene.focus.current().key
    key(app, pygame.K_DOWN)
    assert scene.focus.current().key == here and scene.target > 0
    assert said(app, "focus")[-1] == f"Game: {i18n.t('game.' + scene.game)}, list"
    other = "uragan" if scene.game == "eralash" else "eralash"
    key(app, pygame.K_RIGHT if other == "uragan" else pygame.K_LEFT)
    assert scene.game == other


def test_the_quit_question_says_itself_and_gives_the_focus_back(make):
    app = make("en")
    scene = menu(app)
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)  # Settings
    key(app, pygame.K_ESCAPE)
    assert scene.dialog is not None
    assert said(app, "screen")[-2:] == ["Quit Salon?", i18n.t("menu.quit_ask.question_none")]
    assert said(app, "focus")[-1] == "Quit, button"
    key(app, pygame.K_TAB)
    assert said(app, "focus")[-1] == "Cancel, button"
    assert unreachable(scene) == []
    key(app, pygame.K_RETURN)  # Cancel
    assert scene.focus.dialog() is None and app.running
    assert said(app, "focus")[-1] == "Settings, button"


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_reset_dialogs_are_reached(make, lang):
    from game.menus.settings_screen import SettingsScene

    app = make(lang)
    scene = open_screen(app, SettingsScene(app))
    focus_on(app, scene, "reset")
    key(app, pygame.K_RETURN)
    assert scene.dialog is not None
    assert said(app, "screen")[-2] == i18n.t("settings.reset.title")
    assert said(app, "focus")[-1] == i18n.t("focus.say.plain", label=i18n.t("settings.reset.confirm"),
                                            role=i18n.t("focus.role.button"))
    key(app, pygame.K_TAB)
    key(app, pygame.K_SPACE)
    assert scene.focus.dialog() is None


def test_nothing_is_said_twice_on_a_resize(make):
    from game.menus.settings_screen import SettingsScene

    app = make("en")
    menu(app)
    open_screen(app, SettingsScene(app))
    key(app, pygame.K_TAB)
    count = len(app.speech.said)
    for size in ((1280, 800), (1920, 1080), (960, 600)):
        app.on_window_resized(size)
        app.frame(0.016, [])
        app.frame(0.016, [])
    assert len(app.speech.said) == count


def test_a_changed_language_is_said_in_the_new_language(make):
    from game.menus.settings_screen import SettingsScene

    app = make("en")
    scene = open_screen(app, SettingsScene(app))
    focus_on(app, scene, "list:language")
    from game.store.settings import LANGUAGES

    key(app, pygame.K_RIGHT if LANGUAGES.index("ru") > LANGUAGES.index("en") else pygame.K_LEFT)
    assert i18n.get_language() == "ru"
    assert said(app, "focus")[-1] == "Язык: Русский, список"


# --- the speech chord ------------------------------------------------------------------------------------


CHORD = pygame.KMOD_LCTRL | pygame.KMOD_LALT


def answers(log: Path) -> list[tuple[str, str]]:
    """What the --speech-log says in answer to a key: (text, language)."""
    lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    return [(d["text"], d["lang"]) for d in lines if d["kind"] == "answer"]


def test_the_chord_turns_speech_on_and_off_from_the_menu(make, tmp_path):
    log = tmp_path / "speech.jsonl"
    app = make("en", log=log)
    menu(app)
    assert not app.settings.speech
    key(app, pygame.K_s, CHORD)
    assert app.settings.speech and answers(log) == [("Speech on", "en")]
    key(app, pygame.K_s, CHORD)
    assert not app.settings.speech and answers(log)[-1] == ("Speech off", "en")


def test_the_chord_works_on_a_table_and_is_said_in_russian(make, tmp_path):
    from game.screens import open_table

    log = tmp_path / "speech.jsonl"
    app = make("ru", log=log)
    table = open_table(app, "uragan", level="novice")
    app.frame(0.016, [])
    key(app, pygame.K_s, CHORD)
    assert app.stack.top is table
    assert app.settings.speech and answers(log) == [("Речь включена", "ru")]
    key(app, pygame.K_s, CHORD)
    assert not app.settings.speech and answers(log)[-1] == ("Речь выключена", "ru")


def test_the_settings_row_turns_speech_off_saying_so_first(make):
    from game.menus.settings_screen import SettingsScene

    app = make("en")
    app.settings.set("speech", True)
    order: list[tuple[str, bool]] = []
    real_say = app.speech.say

    def say(kind: str, text: str, **kw: Any) -> None:
        order.append((text, app.settings.speech))
        real_say(kind, text, **kw)

    app.speech.say = say
    scene = open_screen(app, SettingsScene(app))
    scene.page = "reading"  # Text and speech, where speech is
    scene.build()
    focus_on(app, scene, "checkbox:speech")
    key(app, pygame.K_SPACE)
    assert not app.settings.speech
    assert ("Speech off", True) in order  # said while speech was still on


# --- the check that keeps every control on the keyboard -----------------------------------------------


def test_a_control_left_out_of_the_focus_is_caught(make):
    """The planted fault: a screen builds a button behind the focus's back."""
    from pygame_gui.elements import UIButton

    from game.widgets.gui_scene import GuiScene

    class Careless(GuiScene):
        title_key = "settings.title"

        def build(self) -> None:
            self.clear()
            self.button("ok", "OK", pygame.Rect(20, 20, 120, 40))
            self.add(UIButton(pygame.Rect(20, 80, 120, 40), "Forgotten", self.app.ui))

    app = make("en")
    scene = open_screen(app, Careless(app))
    assert unreachable(scene) == ["Forgotten"]
    scene.focus.controls = [c for c in scene.focus.controls if c.key != "ok"]
    assert sorted(unreachable(scene)) == ["Forgotten", "OK"]


def test_a_held_enter_opens_new_game_and_does_not_deal(make, monkeypatch):
    """Its repeats, queued while New game is built, are not presses of their own."""
    from game.menus.new_game import NewGameScene

    app = make("en")
    menu(app)

    class Held:
        def __getitem__(self, k: int) -> bool:
            return k == pygame.K_RETURN

    monkeypatch.setattr(pygame.key, "get_pressed", lambda: Held())
    pygame.event.clear()  # (the window's own events: a focus gained would forget the key held)
    enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    for _ in range(5):
        app.frame(0.016, [enter])
    assert isinstance(app.stack.top, NewGameScene)
    app.frame(0.016, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)])
    monkeypatch.undo()
    focus_on(app, app.stack.top, "back")
    key(app, pygame.K_RETURN)  # a new press is one again
    assert not isinstance(app.stack.top, NewGameScene)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_role_and_state_has_its_words(lang):
    from game.widgets.focus import ROLES

    states = {"button": ("disabled", "selected"), "list": ("disabled",),
              "checkbox": ("on", "off", "disabled"), "text": ("disabled", "empty"), "slider": ("disabled",)}
    i18n.set_language(lang)
    try:
        keys = [f"focus.role.{r}" for r in ROLES] + [f"focus.state.{r}.{s}" for r in ROLES for s in states[r]]
        missing = [k for k in keys if i18n.t(k) == k]
        assert missing == []
    finally:
        i18n.set_language("en")


def test_a_click_takes_the_focus_along(make):
    from game.menus.settings_screen import SettingsScene

    app = make("en")
    scene = open_screen(app, SettingsScene(app))
    slider = next(c for c in scene.focus.stops() if c.key == "slider:volume")
    app.frame(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=slider.rect().center)])
    app.frame(0.016, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=slider.rect().center)])
    assert scene.focus.current().key == "slider:volume"
    assert said(app, "focus")[-1].startswith("Volume: ")
    key(app, pygame.K_TAB)
    assert scene.focus.current().key == "checkbox:mute"


def test_the_settings_pages_turn_from_the_keys(make):
    from game.menus.settings_screen import SettingsScene

    app = make("en", "1920x1080")
    scene = open_screen(app, SettingsScene(app))
    for _ in range(3):
        if said(app, "focus")[-1].startswith("Page: "):
            break
        key(app, pygame.K_TAB)
    assert said(app, "focus")[-1] == "Page: Cards and sound, list"
    key(app, pygame.K_RIGHT)
    assert scene.page == "reading"
    assert said(app, "focus")[-1] == "Page: Text and speech, list"


def test_the_chord_shows_on_an_open_settings_screen(make):
    from game.menus.settings_screen import SettingsScene

    app = make("en")
    scene = open_screen(app, SettingsScene(app))
    scene.page = "reading"
    scene.build()
    app.toggle_speech()
    assert app.settings.speech
    assert scene.buttons["speech_True"][0].is_selected and not scene.buttons["speech_False"][0].is_selected
