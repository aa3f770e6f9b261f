"""Eralash's coach sentences (engine/review/eralash/words.py): every type in both languages, Russian
plurals and agreement, and a hint with a reason at every decision of Club robbers."""

from __future__ import annotations

import re

import pytest

from engine.bots.eralash.club import ClubBot
from engine.cards import parse
from engine.eralash.match import Match
from engine.eralash.moves import ChooseTrump
from engine.eralash.options import Options
from engine.review import words as W
from engine.review.eralash import words as EW
from engine.review.eralash.why import (
    ExactTricks,
    HighLoser,
    HighTrump,
    Hint,
    HintRace,
    NoDifference,
    OverPartner,
    RaceChance,
    RaceTrick,
    RaceTricks,
    Slam,
)
from engine.review.why import hint_why

C = parse


def _both(reason: object) -> dict[str, str]:
    out = W.say_both([reason])
    assert out is not None, reason
    for text in out.values():
        assert text and "{" not in text and "}" not in text and "  " not in text, text
        assert not text[0].islower() and text.endswith("."), text  # a capital, or a card like "8♦"
        assert "expected" not in text and "в среднем" not in text
    return out


def test_russian_counts_of_points_and_tricks() -> None:
    assert [EW.points(n, "ru") for n in (1, 2, 5, 11, 21, 22, 25)] == [
        "1 очко", "2 очка", "5 очков", "11 очков", "21 очко", "22 очка", "25 очков"]
    assert [EW.tricks(n, "ru") for n in (1, 3, 12, 13)] == ["1 взятка", "3 взятки", "12 взяток", "13 взяток"]
    assert EW.points(1, "en") == "1 point" and EW.tricks(2, "en") == "2 tricks"


def test_the_ducking_sentence() -> None:
    got = _both(RaceTrick("duck", C("KD"), C("8D"), after=12, target=13, gap=17))
    assert got["en"] == ("K♦ takes this trick and puts you on 12 of 13 while you trail by 17 points: duck"
                         " — 8♦ lets it go.")
    assert "у вас будет 12 взяток из 13, а вы отстаёте на 17 очков" in got["ru"] and "К♦" in got["ru"]


@pytest.mark.parametrize("how,after", [("duck", 13), ("take", 11), ("take", 13), ("stop_rival", 12),
                                       ("stop_end", 13), ("stop_rival", 13), ("let_rival", 13)])
@pytest.mark.parametrize("team", [False, True])
def test_every_race_trick_sentence(how: str, after: int, team: bool) -> None:
    got = _both(RaceTrick(how, C("KD"), C("8D"), after=after, target=13, gap=21, team=team))
    assert "21 point" in got["en"] and "21 очко" in got["ru"]
    assert "K♦" in got["en"] and "8♦" in got["en"] and "К♦" in got["ru"] and "8♦" in got["ru"]
    if after == 13:
        assert "ends the robber" in got["en"] or "end the robber" in got["en"]
        assert "роббер" in got["ru"]
    if team and how != "duck" and how != "take":
        assert "opponents" in got["en"] or "they" in got["en"]
        assert "соперник" in got["ru"].lower()
        assert not re.search(r"соперники взял\b|соперники кончил\b", got["ru"])  # agreement with a plural


def test_the_race_tricks_sentences() -> None:
    lead = _both(RaceTricks(True, 16, 6, 24, 30))
    assert "lead by 16 points and need 6 tricks" in lead["en"] and "не хватает 6 взяток" in lead["ru"]
    trail = _both(RaceTricks(False, 2, 1, 12, 13))
    assert "trail by 2 points" in trail["en"] and "12 of 13" in trail["en"]
    assert "отстаёте на 2 очка" in trail["ru"]


def test_card_sentences() -> None:
    assert "взяла бы и 7♦" in _both(HighTrump(C("AD"), C("7D")))["ru"]
    assert "8♦" in _both(HighLoser(C("QD"), C("8D")))["en"]
    assert "партнёра" in _both(OverPartner(C("AS"), C("QS")))["ru"]
    assert "брала Д♠" in _both(OverPartner(C("AS"), C("QS")))["ru"]
    assert "slam" in _both(Slam("let", C("2S"), C("AS")))["en"]
    assert "шлем" in _both(Slam("missed", C("2S"), C("AS")))["ru"]
    exact = _both(ExactTricks(7, 6))
    assert "7 tricks" in exact["en"] and "7 взяток" in exact["ru"] and "6 взяток" in exact["ru"]


def test_chance_and_no_difference_agree_with_a_card_or_a_trump_choice() -> None:
    card = _both(RaceChance(C("3H"), 0.07))
    assert card["en"].startswith("3♥ keeps 7%") and "3♥ сохраняет на 7 %" in card["ru"]
    trump = _both(RaceChance(ChooseTrump(2), 0.12))
    assert "козыри ♦ сохраняют" in trump["ru"].lower() and "naming ♦ trumps keeps" in trump["en"].lower()
    same = _both(NoDifference("same", C("9S"), C("7S")))
    assert same["en"] == "No difference: 9♠ does as well as 7♠ here." and same["ru"].startswith("Разницы нет")
    level = _both(NoDifference("level", C("9S"), C("7S"), points=0))
    assert "level at 0 points" in level["en"] and "0 очков" in level["ru"]


@pytest.mark.parametrize("how", ["last_trump", "last_high", "sure", "lowest_trump", "partner", "cannot",
                                 "beats", "let_go", "low", "only", "suit"])
def test_every_hint_card_sentence(how: str) -> None:
    got = W.say_hint([Hint(how, C("JC"), other=C("QC"), count=3)])
    assert got is not None
    for text in got.values():
        first = text.split()[0]
        assert text and (first[0].islower() or any(x in first for x in "♠♥♦♣")), text  # follows "Hint: J♣ —"
        assert text.endswith(".") and "{" not in text
    if how == "last_high":
        assert got["en"] == "J♣ is the highest club left: only a trump can beat it."
        assert got["ru"] == "В♣ — старшая из оставшихся карт треф: побить её может только козырь."


@pytest.mark.parametrize("how", ["take", "duck", "stop"])
def test_hints_say_the_race(how: str) -> None:
    got = W.say_hint([Hint("sure", C("JC"), race=HintRace(how, 17, 2, team=how == "stop"))])
    assert got is not None
    assert "17 points" in got["en"] and "2 tricks" in got["en"]
    assert "17 очков" in got["ru"] and "не хватает 2 взяток" in got["ru"]
    assert {"take": "take it", "duck": "avoid tricks", "stop": "keep the tricks"}[how] in got["en"]


def test_trump_hints() -> None:
    most = W.say_hint([Hint("trump", 2, count=6)])
    assert most is not None and "6 diamonds ♦" in most["en"] and "бубён у вас 6" in most["ru"]
    some = W.say_hint([Hint("trump_count", 1, count=4)])
    assert some is not None and "4 hearts ♥" in some["en"] and "червей у вас 4" in some["ru"]


@pytest.mark.parametrize("n,options", [(4, {}), (3, {}), (4, {"pairs": True}), (2, {"target": 30})])
def test_a_hint_carries_a_reason_at_every_decision(n: int, options: dict[str, object]) -> None:
    m = Match.new(Options.from_dict(options), [f"P{i}" for i in range(n)], 5)
    bots = [ClubBot(5 + i) for i in range(n)]
    seen = 0
    while not m.is_over() and len(m.deals_done) < 2:
        s = m.current_player()
        view = m.view(s)
        move = bots[s].choose(view)
        for candidate in {move, *view.legal_moves()[:3]}:
            got = hint_why(view, candidate, "eralash")
            assert got is not None, (view, candidate)
            assert got["en"] and got["ru"] and "expected" not in got["en"]
            seen += 1
        m.play(move)
    assert seen > 50
