"""Settings: defaults, validation with fallback and warning, live change callbacks, migration."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import app_on_disk

from game.store.settings import SETTINGS_KIND, TABLE_COLOURS, Settings
from game.store.storage import WRITER, Store


def on_disk(tmp_path: Path) -> dict:
    """settings.json as written, once the writer thread has finished."""
    assert WRITER.flush()
    return json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))


def load(tmp_path: Path, doc: dict | None = None) -> tuple[Settings, Store]:
    if doc is not None:
        (tmp_path / "settings.json").write_text(json.dumps(doc), encoding="utf-8")
    store = Store(tmp_path)
    return Settings.load(store), store


def test_missing_file_gives_defaults_without_notices(tmp_path: Path) -> None:
    s, store = load(tmp_path)
    assert s.animation_speed == "normal"
    assert s.language in ("ru", "en")
    assert s.table_colour in TABLE_COLOURS
    assert s.window_size == [1280, 800]
    assert not store.notices
    assert not (tmp_path / "settings.json").exists()  # nothing written until something changes


def test_set_saves_and_reloads(tmp_path: Path) -> None:
    s, store = load(tmp_path)
    s.set("language", "ru")
    s.set("volume", 0.25)
    s.set("window_size", (1600, 900))
    s.update({"four_colour": True, "animation_speed": "instant"})
    again, _ = load(tmp_path)
    assert (again.language, again.volume, again.window_size) == ("ru", 0.25, [1600, 900])
    assert again.four_colour and again.animation_speed == "instant"
    assert again.animation_factor() == 0.0
    assert on_disk(tmp_path)["version"] == SETTINGS_KIND.version


def test_listeners_hear_changes_live_and_only_real_changes(tmp_path: Path) -> None:
    s, _ = load(tmp_path)
    s.set("language", "ru")
    heard: list[tuple[str, object]] = []
    only_lang: list[object] = []
    s.on_change(lambda n, v: heard.append((n, v)))
    remove = s.on_change(lambda n, v: only_lang.append(v), names=["language"])
    s.set("mute", True)
    s.set("mute", True)  # no change, no call
    s.set("language", "en")
    s.set("language", "ru")
    remove()
    s.set("language", "en")
    assert ("mute", True) in heard and heard.count(("mute", True)) == 1
    assert only_lang == ["en", "ru"]
    assert s.effective_volume() == 0.0


@pytest.mark.parametrize("name,bad", [
    ("language", "de"), ("volume", 1.5), ("volume", "loud"), ("volume", True), ("mute", "yes"),
    ("animation_speed", "warp"), ("window_size", [10, 10]), ("window_size", "big"),
    ("table_colour", "pink"), ("card_back", "../../etc"), ("player_name", ""), ("player_name", "\u0301" * 3),
    ("uragan", {"players": 3}), ("eralash", {"players": 4, "levels": ["club"], "names": ["a"]}),
    ("tips_seen", "trump_any"), ("tips_seen", ["../x"]),
])
def test_invalid_value_falls_back_to_default_with_a_warning(tmp_path: Path, name: str, bad) -> None:
    s, store = load(tmp_path, {"version": 1, name: bad, "fullscreen": True})
    assert s.get(name) == s.default(name)
    assert s.fullscreen is True  # the good values survive
    [notice] = store.notices
    assert notice.key == "settings.invalid" and notice.params["name"] == name
    with pytest.raises(ValueError):
        s.set(name, bad)


def test_unknown_keys_are_kept_for_other_versions(tmp_path: Path) -> None:
    s, _ = load(tmp_path, {"version": 1, "mute": True, "future_thing": {"a": 1}})
    s.set("volume", 0.5)
    doc = on_disk(tmp_path)
    assert doc["future_thing"] == {"a": 1} and doc["mute"] is True and doc["volume"] == 0.5


def test_unknown_setting_name_is_refused(tmp_path: Path) -> None:
    s, _ = load(tmp_path)
    with pytest.raises(KeyError):
        s.set("colour_of_the_sky", "blue")


def test_version_0_file_migrates(tmp_path: Path) -> None:
    s, store = load(tmp_path, {"version": 0, "lang": "ru", "sound": False, "speed": "fast"})
    assert (s.language, s.mute, s.animation_speed) == ("ru", True, "fast")
    assert not store.notices


def test_corrupt_settings_start_with_defaults_and_keep_the_file(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"version": 1, "mute": tr')
    s, store = load(tmp_path)
    assert s.mute is False
    assert [n.key for n in store.notices] == ["storage.corrupt"]
    assert len(list(tmp_path.glob("settings.corrupt-*.json"))) == 1


def test_newer_settings_are_not_overwritten(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"version": 99, "mute": true}')
    s, store = load(tmp_path)
    s.set("mute", False)  # applies for this session...
    assert s.mute is False
    assert on_disk(tmp_path) == {"version": 99, "mute": True}


def test_deck_index_follows_language_unless_chosen(tmp_path: Path) -> None:
    s, _ = load(tmp_path)
    s.set("language", "ru")
    assert s.deck_language() == "ru"
    s.set("language", "en")
    assert s.deck_language() == "en"
    s.set("deck_index", "ru")
    assert s.deck_language() == "ru"


def test_returned_values_are_copies(tmp_path: Path) -> None:
    s, _ = load(tmp_path)
    size = s.window_size
    size[0] = 1
    setup = s.eralash
    setup["levels"].append("master")
    assert s.window_size == [1280, 800]
    assert len(s.eralash["levels"]) == 3


def test_new_game_choices_remembered(tmp_path: Path) -> None:
    s, _ = load(tmp_path)
    s.update({"last_game": "eralash",
              "eralash": {"players": 3, "levels": ["master", "novice"], "names": ["Павел", "Андрей"],
                          "options": {"short_deal": True}}})
    again, _ = load(tmp_path)
    assert again.last_game == "eralash"
    assert again.eralash["levels"] == ["master", "novice"]
    assert again.eralash["options"] == {"short_deal": True}


def test_reset_restores_defaults(tmp_path: Path) -> None:
    s, _ = load(tmp_path)
    s.update({"mute": True, "volume": 0.1})
    s.reset(["mute"])
    assert s.mute is False and s.volume == 0.1
    s.reset()
    assert s.volume == s.default("volume")


# --- the Settings screen (headless) -------------------------------------------------------------

def _app(tmp_path: Path):
    return app_on_disk(tmp_path)


def _press(app, button) -> None:
    import pygame
    import pygame_gui

    app.frame(0.016, [pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button)])


def test_settings_screen_applies_and_saves_changes_live(tmp_path: Path) -> None:
    import pygame

    from game.menus.settings_screen import SettingsScene
    from game.words import i18n

    app = _app(tmp_path)
    try:
        scene = app.stack.push(SettingsScene(app))
        app.frame(0.016, [])
        _press(app, scene.buttons["language_ru"][0])
        assert i18n.get_language() == "ru"
        assert any(label == "Настройки" for label, *_ in scene.labels)  # rebuilt in Russian
        _press(app, scene.buttons["animation_speed_fast"][0])
        assert scene.buttons["animation_speed_fast"][0].is_selected
        rect = next(r for r, name, value in scene.pictures if (name, value) == ("card_back", "navy"))
        app.frame(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)])
        saved = on_disk(tmp_path)
        assert (saved["language"], saved["animation_speed"], saved["card_back"]) == ("ru", "fast", "navy")
        import pygame_gui

        app.frame(0.016, [pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, ui_element=scene.slider,
                                             value=35)])
        assert app.settings.volume == 0.35
        assert on_disk(tmp_path)["volume"] != 0.35  # not per pixel
        app.frame(0.016, [pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=(0, 0))])
        assert on_disk(tmp_path)["volume"] == 0.35
        app.on_window_resized((1600, 1000))
        app.frame(0.016, [])
        assert scene.panel_rect.width > 1200
    finally:
        i18n.set_language("en")
        app.close()


def test_settings_screen_reset_asks_first(tmp_path: Path) -> None:
    import pygame_gui

    from game.menus.settings_screen import SettingsScene
    from game.words import i18n

    app = _app(tmp_path)
    try:
        app.settings.update({"four_colour": True, "table_colour": "red"})
        scene = app.stack.push(SettingsScene(app))
        _press(app, scene.buttons["reset"][0])
        assert scene.dialog is not None
        assert app.settings.four_colour  # nothing yet
        import pygame

        app.frame(0.016, [pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                             ui_element=scene.dialog)])
        assert not app.settings.four_colour and app.settings.table_colour == "green"
        _press(app, scene.buttons["back"][0])
        assert app.stack.top is None
    finally:
        i18n.set_language("en")
        app.close()


def test_remembered_table_options_are_checked_by_the_engine(tmp_path: Path) -> None:
    s, store = load(tmp_path, {"version": 1, "uragan": {"players": 2, "levels": ["club"], "names": ["B"],
                                                        "options": {"claims": "whenever"}}})
    assert s.uragan["options"] == {"claims": "whenever"}  # kept as written: the engine judges it
    assert s.new_game_options("uragan") == {}
    assert [n.key for n in store.notices] == ["settings.invalid_options"]
    setup = {"players": 2, "levels": ["master"], "names": ["B"], "options": {"claims": "strict"}}
    s.update({"uragan": setup})
    assert s.new_game_options("uragan")["claims"] == "strict"


def test_settings_screen_takes_the_players_name(tmp_path: Path) -> None:
    import pygame
    import pygame_gui

    from game.menus.settings_screen import SettingsScene

    app = _app(tmp_path)
    try:
        scene = app.stack.push(SettingsScene(app))
        assert scene.name_entry.get_text() == "You"
        for text in ("Анна", "", "   "):
            entry = scene.name_entry
            typed = pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry, text=text)
            app.frame(0.016, [typed])
        assert app.settings.player_name == "Анна"  # blank names are not taken
        assert on_disk(tmp_path)["player_name"] == "Анна"
    finally:
        app.close()
