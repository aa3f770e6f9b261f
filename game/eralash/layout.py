"""Where the Eralash table puts things: 2, 3 or 4 seats around the cloth, for any window size.

Seats are placed by their position relative to the player at the bottom (0 = you, then clockwise,
which is play order): with 4 players left, top, right — your partner opposite you in pairs; with
3 left and right; with 2 the opponent on top. Pure geometry: tests check every size ≥ 1024×640.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.layout import card_size_for
from game.widgets.buttons import button_height

OPP_SCALE = 0.62  # opponents' hands are drawn smaller than yours
PILE_SCALE = 0.5  # won tricks, face down
# The trick in seat order round the centre, no card over another, so every index reads: across the
# table a card's height apart (and a little), beside it a card's width apart (and a little).
TRICK_Y = 0.55
TRICK_X = 1.1
RUN_SCALE = 0.78  # declared runs laid out in front of their owner


@dataclass
class SeatPlace:
    """One seat's places: its hand (centre, axis), name plate, trick spot, won-trick pile, run row."""

    side: str  # "bottom", "left", "top", "right"
    hand: tuple[float, float]  # centre of the hand fan
    hand_len: float  # length of the fan along its axis
    vertical: bool  # a side seat: the fan runs top to bottom
    angle: float  # card rotation for this seat's hand
    plate: tuple[int, int]  # the name plate: its centre (yours: its bottom-left corner)
    trick: tuple[float, float]  # where this seat's card lies in the current trick
    pile: tuple[float, float]  # where its won tricks go
    pile_step: tuple[float, float]  # offset from one won trick to the next
    runs: tuple[float, float]  # centre of the row of declared runs (the declaration moment)


@dataclass
class EralashLayout:
    size: tuple[int, int]
    card: tuple[int, int]
    n: int
    seats: list[SeatPlace]  # by relative position: 0 = the player at the bottom
    centre: tuple[int, int]
    trick_area: pygame.Rect  # drop a card here to play it
    score: pygame.Rect  # the compact score sheet, top left
    trump: pygame.Rect  # the trump indicator, top right under the buttons
    message: pygame.Rect
    announce: pygame.Rect  # the declarations plaque (centre)

    @classmethod
    def for_size(
        cls, size: tuple[int, int], n: int, score_px: int = 0, score_extra: int = 0, text_scale: float = 1.0,
        card_scale: float = 1.0, score_drawn: int = 0,
    ) -> EralashLayout:
        """``score_px``: the width the score plaque needs for its longest name (it widens the plaque,
        and the top hand starts after it); ``score_extra``: the height names on two lines add to it;
        ``text_scale``: the player's text size (the plaque's rows grow with it); ``score_drawn``: the
        plaque's height as drawn, where the table knows it (else the guess from the text size)."""
        w, h = max(size[0], 1), max(size[1], 1)
        # a cloth taller than wide (the viewer's beside its panel on a 5:4 screen): cards by its width
        card = card_size_for(min(h, w), (0.175 if n == 4 else 0.17) * card_scale)  # (Settings' card size)
        cw, ch = card
        ocw, och = cw * OPP_SCALE, ch * OPP_SCALE
        margin = int(h * 0.03)
        cx, cy = w // 2, int(h * 0.46)
        seats: list[SeatPlace] = []
        # You: the hand along the bottom, the won tricks to its right.
        hand_w = min(w * (0.7 if n == 2 else 0.62), w - 2 * (cw * 1.6))
        bottom_y = h - margin - ch * 0.5
        seats.append(
            SeatPlace(
                "bottom",
                (cx, bottom_y),
                hand_w,
                False,
                0.0,
                (int(margin + h * 0.012), int(h - margin - h * 0.012)),  # bottom-left corner
                (cx, cy + ch * TRICK_Y),
                (w - cw * 1.05, h - margin - ch * 0.32),
                (-cw * 0.09, 0.0),
                (cx, bottom_y - ch * 0.9),
            )
        )
        side_x = margin + och * 0.55
        side_y = h * 0.47
        # The side hands start below the score plaque (its height as ``draw_score`` makes it).
        fs, small = (round(max(12, int(h * share)) * text_scale) for share in (0.021, 0.017))
        score_h = int(small * 1.6 + fs * 1.5 + n * int(fs * 1.45) + small * 1.9 + 14) + score_extra
        side_len = min(h * 0.42, 2 * (side_y - margin - score_h - max(6, h // 80)))
        if text_scale != 1.0:  # a taller plaque: the hand's first card (its half width) stays under it too
            side_len = max(ocw, min(side_len, 2 * (side_y - margin - score_h - max(6, h // 80) - ocw * 0.5)))
            # a plaque taller than a hand one card long leaves room for (200 % in a large window): the
            # side hands lower, clear under it
            side_y = max(side_y, margin + (score_drawn or score_h) + max(6, h // 80) + side_len / 2)
        left = SeatPlace(
            "left",
            (side_x + och * 0.05, side_y),
            side_len,
            True,
            -90.0,
            (int(side_x + och * 0.1), int(side_y + side_len / 2 + och * 0.75)),
            (cx - cw * TRICK_X, cy),
            (side_x + och * 1.45, side_y + side_len * 0.36),
            (0.0, -cw * 0.09),
            (w * 0.22, side_y),
        )
        if text_scale != 1.0:  # its runs lie clear under a taller score plaque
            below = margin + score_h + ch * RUN_SCALE * 0.5 + max(6, h // 80)
            left.runs = (left.runs[0], max(left.runs[1], below))
        right = SeatPlace(
            "right",
            (w - side_x - och * 0.05, side_y),
            side_len,
            True,
            90.0,
            (int(w - side_x - och * 0.1), int(side_y + side_len / 2 + och * 0.75)),
            (cx + cw * TRICK_X, cy),
            (w - side_x - och * 1.45, side_y + side_len * 0.36),
            (0.0, -cw * 0.09),
            (w * 0.78, side_y),
        )
        top_y = margin + och * 0.42  # beside the buttons' row: ``clear_of_buttons`` fits it between
        top_len = w * 0.28
        top_x = cx - w * 0.07  # a little left of centre: the table's buttons take the top right
        top = SeatPlace(
            "top",
            (top_x, top_y),
            top_len,
            False,
            180.0,
            (int(top_x), int(top_y + och * 0.5 + h * 0.022)),
            (cx, cy - ch * TRICK_Y),
            (top_x + top_len / 2 + ocw * 1.3, top_y + och * 0.8),
            (-cw * 0.09, 0.0),  # grows back under the hand's end, away from the buttons on the right
            # its runs under its plate (two lines, taller at a larger text size)
            (cx, top_y + och * 0.5 + max(h * 0.065, h * 0.05 * text_scale + 8) + ch * RUN_SCALE * 0.5),
        )
        if n == 2:
            seats.append(top)
        elif n == 3:
            left.trick = (cx - cw * 0.6, cy - ch * (TRICK_Y - 0.05))
            right.trick = (cx + cw * 0.6, cy - ch * (TRICK_Y - 0.05))
            seats += [left, right]
        else:
            seats += [left, top, right]
        trick_area = pygame.Rect(0, 0, int(cw * 3.6), int(ch * 2.3))
        trick_area.center = (cx, cy)
        score = pygame.Rect(margin, margin, int(max(w * 0.2, 230)), int(h * 0.2))
        score.width = max(score.width, score_px)
        top_left = top.hand[0] - top.hand_len / 2 - ocw * 0.6
        gap = max(8, w // 100)
        if top_left < score.right + gap:  # a wide plaque: the top hand starts after it, its right end stays
            end = top.hand[0] + top.hand_len / 2
            lo = score.right + gap + ocw * 0.6
            top.hand_len = max(ocw * 2, end - lo)
            top.hand = ((lo + end) / 2, top.hand[1])
            top.plate = (int(top.hand[0]), top.plate[1])
        bh = button_height(h)  # the button row above the trump plaque
        trump = pygame.Rect(0, 0, int(max(w * 0.19, 200)), int(h * 0.11))
        trump.topright = (w - margin, margin + bh + int(h * 0.02))
        message = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.06))
        message.midbottom = (cx, int(bottom_y - ch * 0.5 - h * 0.07))
        announce = pygame.Rect(0, 0, int(min(w * 0.42, h * 0.9)), int(h * 0.3))
        announce.center = (cx, cy)
        return cls((w, h), card, n, seats, (cx, cy), trick_area, score, trump, message, announce)

    def clear_of_buttons(self, buttons: pygame.Rect) -> bool:
        """Fit the top seat's hand between the score plaque and the table's row of buttons when it
        would reach under them (a narrow window, long labels); True if anything moved."""
        top = next((s for s in self.seats if s.side == "top"), None)
        if top is None:
            return False
        ocw = self.card[0] * OPP_SCALE
        gap = max(8, self.size[0] // 100)
        right = top.hand[0] + top.hand_len / 2 + ocw * 0.6
        if right <= buttons.left - gap + 0.5:
            return False
        lo, hi = self.score.right + gap + ocw * 0.6, buttons.left - gap - ocw * 0.6
        length = max(ocw * 2, hi - lo)
        x = (lo + hi) / 2
        dx = x - top.hand[0]
        top.hand, top.hand_len = (x, top.hand[1]), length
        # the name plate stays where it was: under the buttons' row there is room for a long line
        top.pile = (top.pile[0] + dx + (top.hand_len - length) / 2, top.pile[1])
        return True

    def fit_bottom_hand(self, left_limit: int) -> bool:
        """Narrow your hand so it starts right of ``left_limit`` (the Last trick button beside it in a
        squarish window); True if it changed."""
        bottom = self.seats[0]
        gap = max(8, self.size[0] // 100)
        most = 2 * (bottom.hand[0] - left_limit - gap)
        if bottom.hand_len <= most + 0.5:
            return False
        bottom.hand_len = max(self.card[0] * 2.0, most)
        return True

    def lengthen_side_hands(self, room: float) -> bool:
        """A larger text size squeezes the side hands under the score plaque (at 200 % to one card's
        length: nobody could count them). Where ``room`` is left under their plates (above yours), each
        grows down into it, its top where it was, its plate and pile going down with it; True if one
        grew."""
        grown = False
        for place in self.seats:
            if not place.vertical:
                continue
            grow = min(room, self.size[1] * 0.42 - place.hand_len)
            if grow < 1:
                continue
            place.hand = (place.hand[0], place.hand[1] + grow / 2)
            place.hand_len += grow
            place.plate = (place.plate[0], int(place.plate[1] + grow))
            # its pile still 0.36 of the hand below the hand's middle
            place.pile = (place.pile[0], place.pile[1] + grow * 0.86)
            grown = True
        return grown

    def pile_extent(self, place: SeatPlace) -> pygame.Rect:
        """Everything a seat's pile of won tricks may cover, up to its last step (16 tricks)."""
        w, h = self.card[0] * PILE_SCALE, self.card[1] * PILE_SCALE
        if place.vertical:
            w, h = h, w
        first = pygame.Rect(0, 0, int(w) + 4, int(h) + 4)
        first.center = (int(place.pile[0]), int(place.pile[1]))
        last = first.move(int(place.pile_step[0] * 16), int(place.pile_step[1] * 16))
        return first.union(last)

    def place(self, seat: int, me: int) -> SeatPlace:
        """The places of ``seat`` (an engine seat) seen from ``me`` at the bottom."""
        return self.seats[(seat - me) % self.n]
