"""Cards said aloud: "the Queen of spades" / "дама пик", and in Russian the accusative a capture takes
("берёт даму пик"). A screen reader reads "Д♠" as letters and symbols, so speech names every card in
words; the sentences around them are the table's own (the log's and the captions' catalog keys)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from engine import cards as C
from game.words import i18n
from game.words.i18n import t

# Russian accusative of the rank names (engine.cards.RANK_NAMES["ru"]): a feminine -ка becomes -ку,
# an animate masculine takes the genitive form.
_RU_ACCUSATIVE = (
    "двойку",
    "тройку",
    "четвёрку",
    "пятёрку",
    "шестёрку",
    "семёрку",
    "восьмёрку",
    "девятку",
    "десятку",
    "валета",
    "даму",
    "короля",
    "туза",
)


def _lang() -> str:
    lang = i18n.get_language()
    return lang if lang in C.RANK_NAMES else "en"


def card_words(card: int, case: str = "nom") -> str:
    """A card in words: "Queen of spades", "дама пик"; ``case="acc"``: what a capture takes ("даму пик")."""
    lang = _lang()
    rank = C.rank_of(card)
    name = _RU_ACCUSATIVE[rank] if lang == "ru" and case == "acc" else C.RANK_NAMES[lang][rank]
    return t("speech.card", rank=name, suit=suit_of_card_words(C.suit_of(card)))


def suit_of_card_words(suit: int) -> str:
    """The suit as it follows a rank: "spades", "пик" (the Russian genitive plural)."""
    return t(f"speech.suit_of.{suit}")


def suit_words(suit: int) -> str:
    """A suit named alone: "spades", "пики"."""
    return C.SUIT_NAMES[_lang()][suit]


def listing(parts: Iterable[str]) -> str:
    """ "a, b and c" in the interface language."""
    items = list(parts)
    if len(items) <= 1:
        return "".join(items)
    return t("speech.and", first=", ".join(items[:-1]), last=items[-1])


def cards_words(cards: Iterable[int], case: str = "nom") -> str:
    """Several cards in the given order: "the three of clubs and the four of diamonds"."""
    return listing(card_words(c, case) for c in cards)


def hand_words(hand: int, order: Callable[[int], Any]) -> str:
    """A hand by suit, each suit's cards in the table's ``order``: "spades: Ace of spades, …; hearts: …"."""
    parts = []
    for suit in range(4):
        cards = sorted(C.cards(hand & C.SUIT_MASK[suit]), key=order)
        if cards:
            parts.append(
                t("speech.hand.suit", suit=suit_words(suit), cards=listing(card_words(c) for c in cards))
            )
    return "; ".join(parts)
