"""Cards and plays said aloud: Russian cases (a capture takes the accusative), plurals after numbers,
an uragan added to the play that swept, runs in words; the sentences are the move log's own."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from engine import cards as C
from engine.story import DealScored
from engine.uragan.story import Captured, Played, Swept, Trailed
from game.speech.words import card_words, cards_words
from game.uragan.speech import UraganNarrator
from game.words import i18n


@pytest.fixture
def ru() -> Any:
    before = i18n.get_language()
    i18n.set_language("ru")
    yield
    i18n.set_language(before)


def test_cards_in_words_and_the_accusative_of_a_capture(ru: Any) -> None:
    assert card_words(C.parse("QS")) == "дама пик"
    assert card_words(C.parse("QS"), "acc") == "даму пик"
    assert card_words(C.parse("KH"), "acc") == "короля червей"
    assert card_words(C.parse("7D"), "acc") == "семёрку бубён"
    assert (
        cards_words([C.parse("3C"), C.parse("AD"), C.parse("JC")], "acc")
        == "тройку треф, туза бубён и валета треф"
    )


def test_cards_in_english() -> None:
    before = i18n.get_language()
    i18n.set_language("en")
    try:
        assert card_words(C.parse("QS")) == "Queen of spades"
        assert cards_words([C.parse("3C"), C.parse("4D")], "acc") == "three of clubs and four of diamonds"
    finally:
        i18n.set_language(before)


def narrator(points: tuple[int, int] = (0, 0)) -> UraganNarrator:
    host = SimpleNamespace(
        me=0,
        humans=[0],
        demo=False,
        player_name=lambda s: ("Вы", "Светлана")[s],
        form=lambda s: ("you", "f")[s],
        shown=SimpleNamespace(number=1),
        match=SimpleNamespace(score=lambda: [float(p) for p in points], options=SimpleNamespace(target=16)),
    )
    return UraganNarrator(host)  # type: ignore[arg-type]


def test_a_sweep_is_said_with_the_play_that_made_it(ru: Any) -> None:
    take = C.to_mask([C.parse("2C"), C.parse("3D")])
    said = narrator().told(
        [
            Played(1, C.parse("5S"), take, index=4),
            Captured(1, C.parse("5S"), take, index=4),
            Swept(1, C.parse("5S"), index=4),
            Trailed(0, C.parse("KH"), index=5),
        ]
    )
    assert said == [
        ("move", "Светлана: пятёрка пик берёт двойку треф и тройку бубён: ураган!"),
        ("move", "Вы: король червей на стол"),
    ]


@pytest.mark.parametrize(
    ("points", "words"), [((1, 2), ("1 очко", "2 очка")), ((5, 21), ("5 очков", "21 очко"))]
)
def test_the_deal_score_counts_in_correct_russian(
    ru: Any, points: tuple[int, int], words: tuple[str, str]
) -> None:
    said = narrator(points).told([DealScored(1, points, {}, index=30)])
    assert said[0][0] == "score"
    assert f"Вы — {words[0]}, Светлана — {words[1]}" in said[0][1]


def test_the_shared_turn_and_hand_words_of_both_narrators() -> None:
    from game.speech.announcer import whose_turn
    from game.speech.words import hand_words

    before = i18n.get_language()
    i18n.set_language("en")
    try:
        names = ["You", "Anna", "Boris"]
        host = SimpleNamespace(me=0, humans=[0], demo=False, player_name=names.__getitem__, form=str)
        match = SimpleNamespace(is_over=lambda: False, current_player=lambda: 1)
        assert whose_turn(host, match, 0) == "Anna to play; you deal"
        match.current_player = lambda: 0
        assert whose_turn(host, match, 2) == "Your turn; Boris deals"
        host.demo, host.humans = True, []  # a demo has no listener's seat
        assert whose_turn(host, match, 0) == "You to play; You deals"
        match.is_over = lambda: True
        assert whose_turn(host, match, 0) == i18n.t("table.game_over")
        hand = C.to_mask([C.parse(c) for c in ("2S", "KS", "AH")])
        high_first = hand_words(hand, lambda c: -C.rank_of(c))
        assert high_first.startswith("spades: King of spades and two of spades")
        assert high_first.endswith("hearts: Ace of hearts") and high_first.count("; ") == 1
        assert hand_words(hand, C.rank_of).startswith("spades: two of spades and King of spades")
    finally:
        i18n.set_language(before)
