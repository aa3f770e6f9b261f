"""Card notation, sets and display names."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import cards as C


def test_parse_examples():
    assert C.parse("10C") == C.make(C.TEN, C.CLUBS)
    assert C.parse("qs") == C.make(C.QUEEN, C.SPADES)
    assert C.name(C.parse(" ah ")) == "AH"


@pytest.mark.parametrize(
    "bad, reason",
    [("", "not a card"), ("1C", "no rank"), ("11H", "no rank"), ("QX", "no suit"), ("Q", "not a card")],
)
def test_parse_errors_say_why(bad, reason):
    with pytest.raises(C.CardParseError, match=reason):
        C.parse(bad)


def test_parse_set_refuses_duplicates():
    with pytest.raises(C.CardParseError, match="twice"):
        C.parse_set(["QS", "qs"])


@given(st.integers(0, 51))
def test_name_parse_round_trip(card):
    assert C.parse(C.name(card)) == card
    assert C.parse(C.name(card).lower()) == card


@given(st.sets(st.integers(0, 51)))
def test_set_iteration_is_sorted_and_complete(cs):
    mask = C.to_mask(cs)
    assert C.card_list(mask) == sorted(cs)
    assert C.count(mask) == len(cs)


def test_suit_masks_partition_the_deck():
    assert sum(C.SUIT_MASK) == C.FULL_DECK
    assert all(C.suit_of(c) == s for s in C.SUITS for c in C.cards(C.SUIT_MASK[s]))


def test_display_names():
    assert C.display(C.parse("QS"), "ru") == "Д♠"
    assert C.display(C.parse("AH"), "en") == "A♥"
