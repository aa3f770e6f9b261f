"""Cards, suits and ranks as small ints, and card sets as int bitmasks.

A card is an int 0..51: ``suit * 13 + rank`` where rank 0 is the two and rank 12 the Ace, so the
cards of one suit occupy 13 consecutive bits and ``hand & SUIT_MASK[suit]`` selects a suit in one
operation. Notation follows docs/records.md: ``10C``, ``QS``, ``AH`` (case-insensitive in, upper out).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TypeAlias

Suit: TypeAlias = int  # 0 spades, 1 hearts, 2 diamonds, 3 clubs
Rank: TypeAlias = int  # 0 = two ... 8 = ten, 9 = J, 10 = Q, 11 = K, 12 = A
Card: TypeAlias = int  # suit * 13 + rank
CardSet: TypeAlias = int  # bitmask: bit c set <=> card c in the set

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
SUITS: tuple[Suit, ...] = (SPADES, HEARTS, DIAMONDS, CLUBS)
RANKS: tuple[Rank, ...] = tuple(range(13))
TWO, THREE, FOUR, FIVE, SIX, SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = RANKS

SUIT_LETTERS = "SHDC"
RANK_SYMBOLS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

FULL_DECK: CardSet = (1 << 52) - 1
SUIT_MASK: tuple[CardSet, ...] = tuple(0x1FFF << (13 * s) for s in SUITS)
RANK_MASK: tuple[CardSet, ...] = tuple(
    sum(1 << (s * 13 + r) for s in SUITS) for r in RANKS
)

# Display names, for the UI and narration.
RANK_INDEX = {
    "en": RANK_SYMBOLS,
    "ru": ("2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К", "Т"),
}
SUIT_NAMES = {
    "en": ("spades", "hearts", "diamonds", "clubs"),
    "ru": ("пики", "червы", "бубны", "трефы"),
}
SUIT_SYMBOLS = ("♠", "♥", "♦", "♣")
RANK_NAMES = {
    "en": ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
           "Jack", "Queen", "King", "Ace"),
    "ru": ("двойка", "тройка", "четвёрка", "пятёрка", "шестёрка", "семёрка", "восьмёрка",
           "девятка", "десятка", "валет", "дама", "король", "туз"),
}


class CardParseError(ValueError):
    """A card written in a way docs/records.md does not allow; the message says what was wrong."""


def make(rank: Rank, suit: Suit) -> Card:
    return suit * 13 + rank


def suit_of(card: Card) -> Suit:
    return card // 13


def rank_of(card: Card) -> Rank:
    return card % 13


def bit(card: Card) -> CardSet:
    return 1 << card


def parse(text: str) -> Card:
    """Parse ``10C``, ``qs``, ``AH`` into a card; raise CardParseError with a reason."""
    if not isinstance(text, str):
        raise CardParseError(f"a card must be written as text like '10C', not {text!r}")
    s = text.strip().upper()
    if len(s) < 2:
        raise CardParseError(f"'{text}' is not a card: write rank then suit, like '10C' or 'QS'")
    rank_part, suit_part = s[:-1], s[-1]
    if suit_part not in SUIT_LETTERS:
        raise CardParseError(f"'{text}' has no suit: the last letter must be one of S, H, D, C")
    try:
        rank = RANK_SYMBOLS.index(rank_part)
    except ValueError:
        raise CardParseError(
            f"'{text}' has no rank: the rank must be one of 2-10, J, Q, K, A"
        ) from None
    return make(rank, SUIT_LETTERS.index(suit_part))


def name(card: Card) -> str:
    """The record notation of a card: ``10C``."""
    return RANK_SYMBOLS[card % 13] + SUIT_LETTERS[card // 13]


def display(card: Card, lang: str = "en") -> str:
    """A short display name with the suit symbol: ``10♣``, ``Д♠``."""
    return RANK_INDEX[lang][card % 13] + SUIT_SYMBOLS[card // 13]


def parse_set(texts: Iterable[str]) -> CardSet:
    """Parse several cards into a set; a card listed twice is an error."""
    mask = 0
    for t in texts:
        c = parse(t)
        if mask >> c & 1:
            raise CardParseError(f"card {name(c)} is listed twice")
        mask |= 1 << c
    return mask


def cards(mask: CardSet) -> Iterator[Card]:
    """Iterate the cards of a set, lowest first (python-chess's scan_forward)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def card_list(mask: CardSet) -> list[Card]:
    return list(cards(mask))


def names(mask: CardSet) -> list[str]:
    return [name(c) for c in cards(mask)]


def to_mask(card_iter: Iterable[Card]) -> CardSet:
    m = 0
    for c in card_iter:
        m |= 1 << c
    return m


def count(mask: CardSet) -> int:
    return mask.bit_count()


def lowest(mask: CardSet) -> Card:
    return (mask & -mask).bit_length() - 1


def suit_cards(base: int = 0) -> tuple[tuple[int, ...], ...]:
    """``[pattern]``: the set bits of each 13-bit suit pattern plus ``base``, lowest first.

    Built by doubling (the patterns with bit r are those without it, each extended by r), so each
    entry costs one tuple concatenation instead of thirteen bit tests.
    """
    table: list[tuple[int, ...]] = [()]
    for r in range(13):
        last = (base + r,)
        table += [t + last for t in table]
    return tuple(table)


def suit_counts() -> tuple[int, ...]:
    """``[pattern]``: how many bits each 13-bit suit pattern has (by doubling, as ``suit_cards``)."""
    table = [0]
    for _ in range(13):
        table += [c + 1 for c in table]
    return tuple(table)
