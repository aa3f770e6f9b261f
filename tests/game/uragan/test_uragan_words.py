"""A refusal is said from the engine's rule key and parameters: the table's words, no rule found again."""

import pytest

from engine import cards as C
from engine.state import IllegalMove
from engine.uragan.claim import breach
from engine.uragan.deal import Deal
from engine.uragan.moves import CLAIM, Play
from engine.uragan.options import Options
from game.uragan.words import reason_words
from game.words import i18n


def p(text):
    return C.parse(text)


def cards_of(mask):
    return tuple(C.cards(mask))


def breach_words(b):
    return f"{b.kind} {b.card} {sorted(b.demanded)}"


def position(claims="strict"):
    """Seat 1 plays first (seat 0 deals): 7♠ and K♥ in hand; 3♣ 4♦ Q♠ J♦ on the table."""
    options = Options.from_dict({"claims": claims})
    table = C.parse_set(["3C", "4D", "QS", "JD"])
    return Deal.position(options, 0, table, C.parse_set(["2H", "QC"]), C.parse_set(["7S", "KH"]))


@pytest.fixture(params=["en", "ru"])
def lang(request):
    before = i18n.get_language()
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language(before)


def refused(deal, move):
    """The engine's refusal of ``move`` on a copy of ``deal``."""
    with pytest.raises(IllegalMove) as caught:
        deal.copy().play(move)
    return caught.value


def test_each_rule_key_says_what_the_deal_says(lang):
    deal = position()
    assert deal.turn == 1
    hand = deal.hands[1]
    not_held = next(c for c in C.cards(deal.hands[0]))
    cases = [
        (Play(not_held, 0), "uragan.not_in_hand", {"card": not_held}),
        (Play(p("7S"), C.parse_set(["5D"])), "uragan.not_on_table", {"take": (p("5D"),)}),
        (Play(p("7S"), C.parse_set(["4D"])), "uragan.value",
         {"card": p("7S"), "take": (p("4D"),), "total": 4, "value": 7}),
        (Play(p("KH"), C.parse_set(["3C", "4D"])), "uragan.sum",
         {"card": p("KH"), "take": cards_of(C.parse_set(["3C", "4D"])), "total": 7, "value": 10}),
        (CLAIM, "uragan.play_a_card", {}),
    ]
    b = breach(p("7S"), 0, deal.table)
    assert b is not None and hand >> p("7S") & 1
    choices = tuple(cards_of(tk) for tk in b.demanded)
    params = {"kind": b.kind, "card": b.card, "choices": choices}
    cases.append((Play(p("7S"), 0), f"uragan.breach_{b.kind}", params))
    for move, key, params in cases:
        err = refused(deal, move)
        assert err.key == key
        found = reason_words(err.key, err.params, breach_words)
        assert found is not None and found == reason_words(key, params, breach_words), key


def test_a_claim_to_answer_is_said_alike_and_an_unknown_rule_has_no_words():
    deal = position(claims="book")
    deal.play(Play(p("7S"), 0))  # breaks a priority: the opponent answers
    assert deal.pending is not None
    err = refused(deal, Play(p("2H"), 0))
    assert err.key == "uragan.answer_claim"
    assert reason_words(err.key, err.params, breach_words) == i18n.t("uragan.reason.answer_claim")
    assert reason_words("uragan.other", {"text": "?"}, breach_words) is None
