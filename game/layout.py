"""Where things go on the table for a window size: card size from the height, regions as rects.

Pure geometry (no drawing), so a resize is one call and tests can check any size ≥ 960×600.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.looks.resources import AssetError

MIN_SIZE = (960, 600)
CARD_RATIO = 2.5 / 3.5  # width / height, as the SVG art
CARD_SIZES = {"normal": 1.0, "large": 1.2}  # Settings' card size: the cards' share of the window, times this


TEXT_CLEAR = 0.006  # a text on the cloth keeps this share of the window's height (at least 3 px) off the rail


def text_edge(size: tuple[int, int]) -> int:
    """How far from the window's edge a text on the table may start: inside the rail, clear of it."""
    return rail_width(size) + max(3, round(size[1] * TEXT_CLEAR)) + 1


def rail_width(size: tuple[int, int]) -> int:
    """How wide the table art's wooden rail is at this window size (the cloth starts inside it)."""
    try:
        from game.looks.art import TableArt

        return int(TableArt.rail_width(size))
    except (AssetError, ImportError, OSError, pygame.error):  # no art: the plain baize's rim
        return max(8, size[1] // 70) + 4


def card_size_for(height: int, fraction: float = 0.19) -> tuple[int, int]:
    """Card size for a window height: a fixed share of the height, even width, never tiny."""
    h = max(80, int(height * fraction))
    return (int(h * CARD_RATIO) // 2 * 2, h)


def fan(
    n: int,
    centre_x: float,
    y: float,
    card_w: int,
    max_width: float,
    spread_deg: float = 0.0,
    arc: float = 0.0,
) -> list[tuple[float, float, float]]:
    """Centres and angles for ``n`` cards in a row (or a slight arc), overlapping to fit ``max_width``."""
    if n <= 0:
        return []
    step = min(card_w * 1.05, (max_width - card_w) / max(1, n - 1)) if n > 1 else 0.0
    start = centre_x - step * (n - 1) / 2
    out = []
    for i in range(n):
        t = (i - (n - 1) / 2) / max(1, (n - 1) / 2) if n > 1 else 0.0
        out.append((start + i * step, y + arc * t * t, -spread_deg * t))
    return out


def grid(n: int, area: pygame.Rect, card: tuple[int, int], gap: float = 0.18) -> list[tuple[float, float]]:
    """Centres for ``n`` table cards laid in rows inside ``area`` (shrinking the gap if crowded)."""
    if n <= 0:
        return []
    w, h = card
    per_row = max(1, int((area.width + w * gap) // (w * (1 + gap))))
    rows = math.ceil(n / per_row)
    if rows * h * 1.08 > area.height and rows > 1:  # too many rows: overlap columns instead
        rows = max(1, int(area.height // (h * 1.08)))
        per_row = math.ceil(n / rows)
    out = []
    for i in range(n):
        r, c = divmod(i, per_row)
        in_row = min(per_row, n - r * per_row)
        step = min(w * (1 + gap), (area.width - w) / max(1, in_row - 1)) if in_row > 1 else 0
        x0 = area.centerx - step * (in_row - 1) / 2
        y0 = area.centery - (rows - 1) * h * 1.08 / 2
        out.append((x0 + c * step, y0 + r * h * 1.08))
    return out


@dataclass
class UraganLayout:
    """The two-player table: bot's hand on top, yours at the bottom, piles right, stock left."""

    size: tuple[int, int]
    card: tuple[int, int]
    opp_hand: pygame.Rect
    my_hand: pygame.Rect
    table: pygame.Rect
    stock: tuple[int, int]
    my_pile: tuple[int, int]
    opp_pile: tuple[int, int]
    score: pygame.Rect
    message: pygame.Rect
    inset: int = 0  # the wooden rail and a little cloth: nothing is drawn closer to the window's edge

    @classmethod
    def for_size(cls, size: tuple[int, int], card_scale: float = 1.0) -> UraganLayout:
        """``card_scale``: Settings' card size (``CARD_SIZES``)."""
        w, h = max(size[0], 1), max(size[1], 1)
        card = card_size_for(min(h, int(w / 1.4)), 0.19 * card_scale)  # 5:4 and 4:3: narrower cloth, smaller
        cw, ch = card
        inset = rail_width((w, h)) + max(6, int(h * 0.012))
        margin = inset
        arc = math.ceil(ch * 0.04)  # the fans curve by this much at their ends
        opp_hand = pygame.Rect(0, 0, int(w * 0.4), ch)
        opp_hand.midtop = (w // 2, inset + arc)  # the whole of every back shows, clear of the rail
        my_hand = pygame.Rect(0, 0, int(w * 0.5), ch)
        my_hand.midbottom = (w // 2, h - inset - arc)
        side = max(int(w * 0.16), card_size_for(h, 0.19)[0] * 2)  # the stock's count needs the full width
        table = pygame.Rect(
            side,
            opp_hand.bottom + int(ch * 0.25),
            w - 2 * side,
            my_hand.top - opp_hand.bottom - int(ch * 0.55),
        )
        stock = (side // 2, h // 2)
        my_pile = (w - side // 2, h - margin - ch // 2 - int(h * 0.05))
        opp_pile = (w - side // 2, margin + ch // 2 + int(h * 0.09))
        score = pygame.Rect(margin, margin, max(side - margin, int(w * 0.18)), int(h * 0.24))
        message = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.06))
        message.midbottom = (w // 2, my_hand.top - int(ch * 0.12))
        if w < h * 1.5:
            # A narrow cloth lays its cards in two rows, and a two-line message (a hint with its
            # reason) grows up from there: the cards stay above it (one row, overlapping if need be).
            line = max(12, int(h * 0.026)) * 1.25
            above_message = int(message.centery - 1.5 * line - 8) - table.top
            table.height = max(int(ch * 1.1), min(table.height, above_message))
        return cls((w, h), card, opp_hand, my_hand, table, stock, my_pile, opp_pile, score, message, inset)
