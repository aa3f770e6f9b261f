"""Grammatical forms: Russian verbs agree with who acted, English number and "you"; no "(а)" forms."""

import json
import re

import pytest

from game.store.settings import BOT_NAMES, DEFAULT_NAMES, NAME_GENDERS, Settings
from game.words import grammar, i18n


@pytest.fixture(autouse=True)
def _restore_language():
    before = i18n.get_language()
    yield
    i18n.set_language(before)


def test_russian_verbs_agree_with_the_bots_gender():
    i18n.set_language("ru")
    f = grammar.name_gender("Светлана")
    m = grammar.name_gender("Павел")
    assert (f, m) == ("f", "m")
    assert grammar.say("table.winner", f, name="Светлана") == "Выиграла Светлана"
    assert grammar.say("table.winner", m, name="Павел") == "Выиграл Павел"
    assert grammar.say("table.winner", "pl", name="Светлана и Андрей") == "Выиграли Светлана и Андрей"
    assert "сыграла" in grammar.say("uragan.claim.prompt", f, name="Светлана", rule="x")
    assert "сыграл " in grammar.say("uragan.claim.prompt", m, name="Андрей", rule="x")


def test_the_player_is_neutral_by_default_and_as_chosen_otherwise():
    i18n.set_language("ru")
    assert Settings(None).player_gender == "neutral"
    assert grammar.player_form("Вы", "feminine") == "you"  # the default name is always "Вы"
    assert grammar.player_form("Маша", None) == "n"
    assert grammar.player_form("Маша", "feminine") == "f"
    assert grammar.player_form("Миша", "masculine") == "m"
    neutral = grammar.say("table.winner", grammar.player_form("Маша", "neutral"), name="Маша")
    assert neutral == "Побеждает Маша"
    assert grammar.say("eralash.score.deal", "n", n=2, name="Маша") == "Сдача 2 · сдаёт Маша"
    assert grammar.say("eralash.score.deal", "you", n=2, name="Вы") == "Сдача 2 · сдаёте вы"


def test_english_number_and_you():
    i18n.set_language("en")
    assert grammar.say("eralash.end.winner", "pl", name="Svetlana & Andrei").endswith("Svetlana & Andrei win")
    assert grammar.say("eralash.end.winner", "f", name="Svetlana").endswith("Svetlana wins")
    assert grammar.say("eralash.trump.run_of", "you", name="You") == "your run"
    assert grammar.say("eralash.trump.chosen_by", "you", name="You") == "chosen by you"
    assert grammar.say("eralash.trump.run_of", "m", name="Pavel") == "Pavel's run"
    assert i18n.t("table.winner", name="Pavel") == "Pavel wins"  # plain t() gives the neutral form


def test_forms_fall_back_to_neutral_and_a_missing_key_shows_itself():
    assert grammar.pick({"n": "a", "pl": "b"}, "you") == "b"
    assert grammar.pick({"n": "a"}, "f") == "a"
    assert grammar.pick("plain", "m") == "plain"
    assert grammar.say("no.such.key", "m") == "no.such.key"


def test_no_russian_string_hedges_the_gender_with_brackets():
    """"сыграл(а)", "взял(а)", "выиграл(а)": a form per gender instead (game.words.grammar)."""
    hedge = re.compile(r"[а-яё]\((а|ла|ась|ёл|ел|ы)\)", re.IGNORECASE)
    bad = []
    for path in sorted(i18n.catalog_dir().glob("*.ru.json")):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            texts = value.values() if isinstance(value, dict) else [value]
            bad += [f"{path.name}: {key}: {x}" for x in texts if hedge.search(x)]
    assert bad == []


def test_the_hedge_check_catches_one():
    hedge = re.compile(r"[а-яё]\((а|ла|ась|ёл|ел|ы)\)", re.IGNORECASE)
    assert hedge.search("{name} сыграл(а) не по правилу")


def test_russian_gendered_sentences_have_both_genders():
    ru = i18n.load_catalog("ru")
    gendered = {k: v for k, v in ru.items() if isinstance(v, dict) and ("m" in v or "f" in v)}
    assert "table.winner" in gendered
    for key, value in gendered.items():
        assert {"m", "f", "n"} <= set(value), key


def test_every_bot_name_has_a_gender():
    from game.eralash.table import DEMO_NAMES
    from game.menus.new_game import NAMES

    names = {n for lang in DEFAULT_NAMES.values() for n in lang[1:]}
    names |= {n for table in (BOT_NAMES, DEMO_NAMES, NAMES) for lang in table.values() for n in lang}
    assert names - set(NAME_GENDERS) == set()
    assert set(NAME_GENDERS.values()) <= {"m", "f"}
    assert grammar.name_gender("Светлана") == "f" and grammar.name_gender("Andrei") == "m"
    assert grammar.name_gender("Кто-то") == "n"
