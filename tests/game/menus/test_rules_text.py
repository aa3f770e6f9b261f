"""The rules documents: both languages complete and parallel, every table option explained, the
worked examples' arithmetic right and agreeing with the engine, and the screen's markdown parser."""

from __future__ import annotations

import json
import re
from dataclasses import fields

import pytest
from helpers import app_on_disk
from places import ROOT

from game.menus.rules_screen import Block, parse_markdown, rules_path

DOCS = ROOT / "game" / "rules"
RU = (DOCS / "rules.ru.md").read_text(encoding="utf-8")
EN = (DOCS / "rules.en.md").read_text(encoding="utf-8")

# Each engine option and the words that explain it in each document: a new option must be added here
# and to both documents, or this test fails.
OPTION_WORDS = {
    ("eralash", "pairs"): ("In pairs", "Пара на пару"),
    ("eralash", "classic_runs"): ("Classic runs", "Классические секансы"),
    ("eralash", "short_deal"): ("Short deal", "Короткая сдача"),
    ("eralash", "aces_three"): ("three Aces", "три туза"),
    ("eralash", "aces_four"): ("four Aces", "четыре туза"),
    ("eralash", "target"): ("Robber length", "Длина роббера"),
    ("uragan", "claims"): ("Claims", "Требования"),
    ("uragan", "primiera_all_suits"): ("Primiera needs all four suits", "Премьера только при всех четырёх"),
    ("uragan", "target"): ("Game length", "Длина партии"),
}


def headings(blocks: list[Block]) -> list[int]:
    return [b.level for b in blocks if b.kind == "heading"]


def test_both_languages_have_the_same_structure() -> None:
    ru, en = parse_markdown(RU), parse_markdown(EN)
    assert headings(ru) == headings(en)
    assert len(headings(en)) >= 25
    assert [b.kind for b in ru].count("item") == [b.kind for b in en].count("item")


@pytest.mark.parametrize("term", ["секанс", "онер", "роббер", "шлем", "ураган", "премьер", "старшая рука",
                                  "ренонс", "козыр"])
def test_russian_text_uses_the_period_terms(term: str) -> None:
    assert term in RU.lower()


@pytest.mark.parametrize("term", ["run", "honours", "robber", "slam", "uragan", "primiera", "eldest hand",
                                  "trump", "claim", "trail", "sweep"])
def test_english_text_uses_the_domain_words(term: str) -> None:
    assert term in EN.lower()


@pytest.mark.parametrize("game,field_name", sorted(OPTION_WORDS))
def test_every_table_option_is_explained(game: str, field_name: str) -> None:
    en_words, ru_words = OPTION_WORDS[(game, field_name)]
    section = {"eralash": ("Table options (Eralash)", "Условия стола (ералаш)"),
               "uragan": ("Table options (Uragan)", "Условия стола (ураган)")}[game]
    assert en_words in _section(EN, section[0])
    assert ru_words in _section(RU, section[1])


def test_the_option_list_matches_the_engine() -> None:
    for game in ("eralash", "uragan"):
        options = pytest.importorskip(f"engine.{game}.options").Options
        assert {f.name for f in fields(options)} == {k for g, k in OPTION_WORDS if g == game}


def _section(text: str, title: str) -> str:
    start = text.index(title)
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


@pytest.mark.parametrize("text", [EN, RU], ids=["en", "ru"])
def test_every_sum_in_the_text_adds_up(text: str) -> None:
    sums = re.findall(r"((?:\d+ \+ )+\d+) = \**(\d+)", text)
    assert len(sums) >= 6
    for terms, total in sums:
        assert sum(int(x) for x in terms.split(" + ")) == int(total), terms


def test_primiera_examples_agree_with_the_engine() -> None:
    primiera = pytest.importorskip("engine.uragan.primiera").primiera
    from engine.cards import parse

    def pile(*names: str) -> int:
        return sum(1 << parse(n) for n in names)

    assert primiera(pile("7S", "7H", "7D", "KC")) == 73
    assert primiera(pile("7S", "6H", "6D", "6C")) == 75
    assert primiera(pile("7S", "7H", "6D", "AC")) == 76  # the worked example, both players
    assert primiera(pile("7C", "6S", "7D", "5H")) == 75
    assert primiera(pile("7S", "7H", "7D", "7C")) == 84
    for text in (EN, RU):
        for n in ("73", "75", "76", "84"):
            assert n in text


def test_the_illustrative_deal_has_one_run_worth_27() -> None:
    run = pytest.importorskip("engine.eralash.run")
    from engine.cards import parse

    hands = {  # the seed's illustrative game, as the documents give it
        "Yulia": "4D 7D 8D QD KD 8S 10S KS 6C 7C JC 3H 10H",
        "Svetlana": "3D JD 2S 3S 9S QS 2C 8C 9C 10C AC 2H QH",
        "Pavel": "2D 5D 10D 4S 5S JS 5C QC 5H 7H 9H JH AH",
        "Andrei": "6D 9D AD 6S 7S AS 3C 4C KC 4H 6H 8H KH",
    }
    found = {}
    for who, cards in hands.items():
        mask = sum(1 << parse(c) for c in cards.split())
        found[who] = [r.points for r in run.find_runs(mask)]
    assert found == {"Yulia": [], "Svetlana": [27], "Pavel": [], "Andrei": []}
    record = json.loads((ROOT / "tests" / "data" / "eralash_illustrative.json").read_text("utf-8"))
    deal = record["deals"][0]
    assert [sorted(h) for h in deal["hands"]] == [sorted(h.split()) for h in hands.values()]
    # the six tricks the documents tell, in the record's order (trick 4: the 4 of clubs, not the 3)
    told = ["AC", "5C", "3C", "6C", "QS", "QC", "KC", "8S", "AS", "10S", "2C", "4S",
            "QH", "AH", "4C", "7C", "JC", "8C", "2D", "4H", "KD", "9C", "5D", "6D"]
    assert deal["plays"][:24] == told
    assert run.run_points([12, 11, 10, 9]) == 41  # A-K-Q-J, as both documents say
    assert run.run_points([6, 5, 4, 3]) == 26  # 8-7-6-5


def test_markdown_subset_parses() -> None:
    text = "# Title\n\nSome **bold** text\nwrapped.\n\n- one\n- two **b**\n  more\n\n1. first\n"
    blocks = parse_markdown(text)
    assert [(b.kind, b.level) for b in blocks] == [("heading", 1), ("para", 0), ("item", 0), ("item", 0),
                                                    ("item", 1)]
    assert blocks[1].spans == [("Some ", False), ("bold", True), (" text wrapped.", False)]
    assert blocks[3].spans == [("two ", False), ("b", True), (" more", False)]
    assert blocks[4].bullet == "1."


def test_rules_files_are_found_for_both_languages() -> None:
    for lang in ("ru", "en"):
        assert rules_path(lang).is_file()


def test_layout_keeps_every_word_and_stays_inside_the_column() -> None:
    import pygame

    from game.menus.rules_screen import layout, split_games
    from game.widgets.text import TextCache

    pygame.font.init()
    fonts = TextCache()
    for text in (EN, RU):
        blocks = parse_markdown(text)
        for part in split_games(blocks).values():
            page = layout(part, 600, fonts)
            laid = "".join(run[1] for line in page.lines for run in line.runs)
            source = "".join(b.bullet + b.text for b in part)
            assert "".join(laid.split()) == "".join(source.split())  # every word, in order, once
            for line in page.lines:
                for x, run_text, style, _, size in line.runs:
                    assert x + fonts.font(size, style).size(run_text)[0] <= 600 + 1
            assert [y for _, y, _ in page.anchors] == sorted(y for _, y, _ in page.anchors)


def test_rules_screen_scrolls_jumps_and_follows_the_language(tmp_path) -> None:
    import pygame

    from game.menus.rules_screen import RulesScene
    from game.words import i18n

    app = app_on_disk(tmp_path)
    try:
        scene = app.stack.push(RulesScene(app, game="uragan"))
        app.frame(0.016, [])
        assert scene.page.anchors[0][0] == "The rules of Eralash and Uragan"
        key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="")
        app.frame(0.016, [key])
        assert scene.target == scene._max_scroll() > 1000
        for _ in range(120):
            app.frame(0.016, [])
        assert abs(scene.scroll - scene.target) < 1  # eased there
        renders = app.text.renders
        app.frame(0.016, [])
        app.frame(0.016, [])
        assert app.text.renders == renders  # a steady frame renders no text
        rect, title, y, _ = scene._rows[3]
        app.frame(0.016, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)])
        assert scene.target == y - 8
        scene.scroll_to(y - 8, instant=True)
        assert scene.current_section() == 3
        app.settings.set("language", "ru")
        i18n.set_language("ru")
        scene._relayout()
        assert scene.page.anchors[0][0] == "Правила ералаша и урагана"
        # the focus starts on the games' row (Tab moves the focus): ← shows Eralash
        app.frame(0.016, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0, unicode="")])
        app.frame(0.016, pygame.event.get())
        assert scene.game == "eralash" and scene.scroll == 0
    finally:
        i18n.set_language("en")
        app.close()
