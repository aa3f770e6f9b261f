"""Eralash moves: a card (an int 0..51) or the naming of trump (``ChooseTrump``), and their text forms."""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.cards import SUIT_LETTERS, SUIT_NAMES, SUIT_SYMBOLS, CardParseError, display, name, parse
from engine.cards import Suit as SuitT

Move = Any  # int (a card) | ChooseTrump

_SYMBOL_LETTER = {sym: SUIT_LETTERS[i] for i, sym in enumerate(SUIT_SYMBOLS)}


class ChooseTrump(NamedTuple):
    """The eldest hand (or a seat with two equal best runs) names trump."""

    suit: SuitT


def is_card(move: Move) -> bool:
    return type(move) is int and 0 <= move < 52


def move_name(move: Move, lang: str = "en") -> str:
    """Short display text: ``10♣`` for a card, ``trump ♣`` / ``козырь ♣`` for a trump choice."""
    if isinstance(move, ChooseTrump):
        word = "козырь" if lang == "ru" else "trump"
        return f"{word} {SUIT_SYMBOLS[move.suit]}"
    return display(move, lang)


def parse_suit(text: str) -> SuitT:
    """``C``, ``clubs``, ``♣``, ``трефы`` → 3; ValueError with a reason otherwise."""
    t = str(text).strip()
    if t in _SYMBOL_LETTER:
        return SUIT_LETTERS.index(_SYMBOL_LETTER[t])
    up = t.upper()
    if len(up) == 1 and up in SUIT_LETTERS:
        return SUIT_LETTERS.index(up)
    low = t.lower()
    for lang in SUIT_NAMES:
        if low in SUIT_NAMES[lang]:
            return SUIT_NAMES[lang].index(low)
    raise ValueError(f"{text!r} is not a suit: write S, H, D or C")


def parse_move(text: str) -> Move:
    """``10C``, ``10♣`` → a card; ``trump C`` / ``trump:C`` → ChooseTrump. ValueError when unreadable."""
    t = str(text).strip()
    low = t.lower()
    for prefix in ("trump", "козырь"):
        if low.startswith(prefix):
            return ChooseTrump(parse_suit(t[len(prefix) :].strip(" :=")))
    if t and t[-1] in _SYMBOL_LETTER:
        t = t[:-1] + _SYMBOL_LETTER[t[-1]]
    try:
        return parse(t)
    except CardParseError as err:
        raise ValueError(str(err)) from None


def move_to_json(move: Move) -> str | dict[str, str]:
    """A card as its record text (``"10C"``), a trump choice as ``{"trump": "C"}``."""
    if isinstance(move, ChooseTrump):
        return {"trump": SUIT_LETTERS[move.suit]}
    if not is_card(move):
        raise ValueError(f"not an Eralash move: {move!r}")
    return name(move)


def move_from_json(obj: Any) -> Move:
    if isinstance(obj, dict) and set(obj) == {"trump"}:
        return ChooseTrump(parse_suit(obj["trump"]))
    if isinstance(obj, str):
        try:
            return parse(obj)
        except CardParseError as err:
            raise ValueError(str(err)) from None
    raise ValueError(f"not an Eralash move: {obj!r}")
