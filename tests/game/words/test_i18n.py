"""Translations: every key in both languages, Russian plural forms, fallbacks, Cyrillic glyphs."""

import json
import string

import pytest

from game.words import i18n


@pytest.fixture(autouse=True)
def _restore_language():
    before = i18n.get_language()
    yield
    i18n.set_language(before)


def _fields(text):
    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


def test_every_key_exists_in_both_languages_for_every_area():
    areas = i18n.areas()
    assert {"common", "uragan"} <= set(areas)
    for area in areas:
        per_lang = {}
        for lang in i18n.LANGUAGES:
            path = i18n.catalog_dir() / f"{area}.{lang}.json"
            assert path.exists(), f"{path.name} is missing"
            per_lang[lang] = json.loads(path.read_text(encoding="utf-8"))
        ru, en = per_lang["ru"], per_lang["en"]
        assert sorted(set(ru) - set(en)) == [], f"{area}: keys only in Russian"
        assert sorted(set(en) - set(ru)) == [], f"{area}: keys only in English"
        for key in en:
            ru_texts = ru[key].values() if isinstance(ru[key], dict) else [ru[key]]
            en_texts = en[key].values() if isinstance(en[key], dict) else [en[key]]
            ru_fields = set().union(*(_fields(x) for x in ru_texts))
            en_fields = set().union(*(_fields(x) for x in en_texts))
            assert ru_fields == en_fields, f"{area}: {key} has different {{fields}} in ru and en"
            if isinstance(ru[key], dict) and "n" in ru[key]:  # a sentence about a person (game.words.grammar)
                assert isinstance(en[key], dict) and "n" in en[key], key
                assert set(ru[key]) <= {"n", "m", "f", "pl", "you"}, key
                assert set(en[key]) <= {"n", "m", "f", "pl", "you"}, key
            elif isinstance(ru[key], dict):
                assert {"one", "few", "many"} <= set(ru[key]), key
                assert {"one", "other"} <= set(en[key]), key


def test_each_catalog_holds_the_keys_it_is_named_for(tmp_path):
    assert i18n.misfiled() == []
    (tmp_path / "uragan.en.json").write_text('{"uragan.title": "U", "menu.play": "Play"}', encoding="utf-8")
    assert i18n.misfiled(tmp_path) == ["uragan.en.json: menu.play"]  # a planted misfiled key is found


def test_catalogs_merge_and_refuse_duplicate_keys(tmp_path):
    (tmp_path / "a.en.json").write_text('{"x": "1"}', encoding="utf-8")
    (tmp_path / "b.en.json").write_text('{"y": "2"}', encoding="utf-8")
    assert i18n.load_catalog("en", tmp_path) == {"x": "1", "y": "2"}
    (tmp_path / "c.en.json").write_text('{"x": "3"}', encoding="utf-8")
    with pytest.raises(ValueError, match="twice"):
        i18n.load_catalog("en", tmp_path)


@pytest.mark.parametrize(
    "n, form",
    [
        (1, "one"),
        (2, "few"),
        (4, "few"),
        (5, "many"),
        (11, "many"),
        (12, "many"),
        (14, "many"),
        (21, "one"),
        (22, "few"),
        (25, "many"),
        (101, "one"),
        (111, "many"),
        (0, "many"),
    ],
)
def test_russian_plural_forms(n, form):
    assert i18n.plural_form(n, "ru") == form


def test_english_plural_forms():
    assert i18n.plural_form(1, "en") == "one"
    assert [i18n.plural_form(n, "en") for n in (0, 2, 21)] == ["other"] * 3


def test_plural_text_follows_the_language():
    i18n.set_language("ru")
    assert i18n.plural(1, "uragan.n_cards") == "1 карта"
    assert i18n.plural(3, "uragan.n_cards") == "3 карты"
    assert i18n.plural(5, "uragan.n_cards") == "5 карт"
    assert i18n.plural(21, "uragan.n_cards") == "21 карта"
    i18n.set_language("en")
    assert i18n.plural(1, "uragan.n_cards") == "1 card"
    assert i18n.plural(21, "uragan.n_cards") == "21 cards"


def test_t_fills_fields_and_falls_back_to_the_key():
    i18n.set_language("en")
    assert i18n.t("table.thinking", name="Pavel") == "Pavel is thinking…"
    i18n.set_language("ru")
    assert i18n.t("table.thinking", name="Павел") == "Павел думает…"
    assert i18n.t("no.such.key") == "no.such.key"
    with pytest.raises(ValueError):
        i18n.set_language("de")


def test_system_language(monkeypatch):
    for var in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert i18n.system_language() == "ru"
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert i18n.system_language() == "en"


def test_the_shipped_font_has_cyrillic_and_suit_glyphs():
    import pygame

    from game.widgets.text import TextCache

    pygame.font.init()
    font = TextCache().font(20)
    for ch in "ЁЖЩЯжщяё♠♥♦♣…":
        metrics = font.metrics(ch)[0]
        assert metrics is not None and metrics[4] > 0, ch


def test_every_key_the_app_scenes_and_widgets_use_is_in_the_catalogs():
    import re
    from pathlib import Path

    root = Path(i18n.__file__).resolve().parent.parent  # game/
    files = [f for f in sorted(root.rglob("*.py")) if "checks" not in f.parts and f.name != "i18n.py"]
    pattern = re.compile(r'\b(?:t|plural)\(\s*(?:[^()"]*?,\s*)?"([a-z_]+(?:\.[a-z_0-9]+)+)"')
    used = {key for f in files for key in pattern.findall(f.read_text(encoding="utf-8"))}
    assert len(used) > 45  # the scan finds the app's strings
    for lang in i18n.LANGUAGES:
        catalog = i18n.load_catalog(lang)
        missing = sorted(k for k in used if k not in catalog)
        assert missing == [], f"{lang}: {missing}"


def test_tricks_in_russian_follow_the_issue_examples():
    i18n.set_language("ru")
    got = [i18n.plural(n, "eralash.n_tricks") for n in (1, 2, 5, 11, 21)]
    assert got == ["1 взятка", "2 взятки", "5 взяток", "11 взяток", "21 взятка"]
