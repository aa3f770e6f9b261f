"""Suit symbols in text coloured as on the cards: ♥♦ red in the two-colour deck; ♥ red, ♦ blue, ♣ green
in the four-colour deck (the "four_colour" setting), ♠ in the text's own colour.

``TextCache.get(text, size, colour, suits=suit_palette(four_colour))`` renders "3♦ берёт 3♣" with each
symbol in its colour (and caches it like any text). Tables have ``TableScene.suits()``; anything that
writes cards in words on the table (messages, the trump plaque, the sheets, the move log) passes it.
"""

from __future__ import annotations

from engine import cards as C

# Lightened from the card art's inks (tools/make_sprites.py) to read on the dark cloth and plaques.
TWO_COLOUR = {C.HEARTS: (226, 78, 78), C.DIAMONDS: (226, 78, 78)}
FOUR_COLOUR = {C.HEARTS: (226, 78, 78), C.DIAMONDS: (96, 150, 240), C.CLUBS: (92, 190, 112)}

Palette = tuple[tuple[str, tuple[int, int, int]], ...]


def suit_colour(suit: int, four_colour: bool, default: tuple[int, ...] = (235, 230, 215)) -> tuple[int, ...]:
    """The colour of one suit's symbol on a dark ground; ``default`` for the black suits."""
    return (FOUR_COLOUR if four_colour else TWO_COLOUR).get(suit, default)


def suit_palette(four_colour: bool) -> Palette:
    """Symbol → colour for the suits drawn in colour (a hashable key for the text cache)."""
    colours = FOUR_COLOUR if four_colour else TWO_COLOUR
    return tuple((C.SUIT_SYMBOLS[s], rgb) for s, rgb in sorted(colours.items()))


def runs(text: str, palette: Palette) -> list[tuple[str, tuple[int, int, int] | None]]:
    """``text`` cut into pieces: a coloured symbol alone, or plain text (colour None)."""
    colours = dict(palette)
    out: list[tuple[str, tuple[int, int, int] | None]] = []
    plain = ""
    for ch in text:
        if ch in colours:
            if plain:
                out.append((plain, None))
                plain = ""
            out.append((ch, colours[ch]))
        else:
            plain += ch
    if plain:
        out.append((plain, None))
    return out
