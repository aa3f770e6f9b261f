"""Where every Eralash card rests: hands round the table, declared runs, the trick in the centre in
seat order (no card over another), won tricks in piles, cards laid aside (a part of ``EralashTable``,
reading it through ``PlacesHost``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pygame

from engine import cards as C
from game.eralash.layout import OPP_SCALE, PILE_SCALE, RUN_SCALE, EralashLayout, SeatPlace
from game.widgets.table import Target

if TYPE_CHECKING:
    from engine.eralash import Deal
    from game.app import App
    from game.widgets.cards import CardSprite

SUIT_ORDER = (0, 1, 3, 2)  # ♠ ♥ ♣ ♦: colours alternate in your hand
OPEN_SCALE = 0.8  # the example's open hands at the other seats: at most this size
OPEN_INDEX_SHOWN = 0.27  # the share of an open card's height (or width) left showing: its index


@dataclass
class SeatTarget(Target):
    """A resting place with a size: opponents' hands, piles and runs are drawn smaller."""

    scale: float = 1.0


def _jitter(card: int, amount: float) -> float:
    """A small fixed tilt per card, so a trick looks laid by hand."""
    return ((card * 37) % 11 - 5) / 5 * amount


class PlacesHost(Protocol):
    """What the places read from their table."""

    @property
    def app(self) -> App: ...
    @property
    def shown(self) -> Deal: ...
    @property
    def layout(self) -> EralashLayout: ...
    @property
    def me(self) -> int: ...
    @property
    def humans(self) -> list[int]: ...
    @property
    def reveal(self) -> bool: ...
    @property
    def phase(self) -> str: ...
    @property
    def gather(self) -> int | None: ...
    @property
    def selected(self) -> int | None: ...
    @property
    def _opening_pending(self) -> bool: ...
    @property
    def open_top_scale(self) -> float: ...
    def plate_rects(self) -> list[pygame.Rect]: ...
    def announce_box(self) -> pygame.Rect: ...
    def runs_on_cloth(self, seat: int) -> bool: ...
    @property
    def sprites(self) -> dict[int, CardSprite]: ...

    def lot_cards(self) -> dict[int, int]: ...
    def legal_mask_for_me(self) -> int: ...


class EralashPlaces:
    """``targets`` and its helpers for an ``EralashTable``; ``scales``: each card's size as last placed."""

    def __init__(self, host: PlacesHost) -> None:
        self.host = host
        self.scales: dict[int, float] = {}

    def hand_order(self, card: int) -> tuple[int, int]:
        """Your hand: suits alternating in colour, trumps at the right end, low to high."""
        s = card // 13
        trump = self.host.shown.trump
        return (9 if s == trump else SUIT_ORDER.index(s), card % 13)

    def hidden_order(self, card: int) -> int:
        """A fixed shuffle for face-down cards: their places say nothing about their suits."""
        return (card * 7919 + self.host.shown.dealt[0] % 9973) % 1009

    def run_cards(self, seat: int) -> int:
        m = 0
        for r in self.host.shown.runs[seat]:
            m |= r.cards
        return m

    def face_up_for(self, seat: int) -> int:
        """Cards of ``seat``'s hand everybody may see: its own (for you), its declared runs, or all."""
        if self.host.reveal or seat in self.host.humans:
            return C.FULL_DECK
        return self.run_cards(seat)

    def targets(self) -> dict[int, Target]:
        deal, lay = self.host.shown, self.host.layout
        out: dict[int, Target] = {}
        self.scales = {}
        if self.host._opening_pending:  # not dealt yet: the pack waits by the dealer
            x, y = lay.place(deal.dealer, self.host.me).pile  # the pack by the dealer
            for i, c in enumerate(range(52)):
                out[c] = SeatTarget(x - i * 0.3, y - i * 0.3, 0.0, False, i, PILE_SCALE)
            if self.host.phase == "lot":  # the cards drawn for the deal lie face up before their seats
                for seat, c in self.host.lot_cards().items():
                    tx, ty = lay.place(seat, self.host.me).trick
                    out[c] = SeatTarget(tx, ty, _jitter(c, 2.5), True, 300 + seat, 1.0)
            return self._keep_scales(out)
        cw, ch = lay.card
        n = deal.n
        seats = deal.seats_of_plays()
        done = len(deal.winners)
        won_so_far = [0] * n
        for tr in range(done):
            trick = deal.trick_cards(tr)
            w = deal.winners[tr]
            if tr == self.host.gather:
                for j, c in enumerate(trick):
                    self._trick_target(out, c, seats[tr * n + j], 300 + j)
            else:
                place = lay.place(w, self.host.me)
                k = won_so_far[w]
                px = place.pile[0] + place.pile_step[0] * min(k, 16)
                py = place.pile[1] + place.pile_step[1] * min(k, 16)
                angle = 90.0 if place.vertical else 0.0
                for j, c in enumerate(trick):
                    out[c] = SeatTarget(
                        px - j * 0.4,
                        py - j * 0.4,
                        angle + (6 if k % 2 else -3),
                        False,
                        20 + k * 5 + j,
                        PILE_SCALE,
                    )
            won_so_far[w] += 1
        for j, c in enumerate(deal.current_trick()):
            self._trick_target(out, c, seats[done * n + j], 300 + j)
        declaring = self.host.phase == "declare"
        legal = self.host.legal_mask_for_me()
        for seat in range(n):
            hand = deal.hands[seat]
            place = lay.place(seat, self.host.me)
            runs = self.run_cards(seat) & hand if declaring and self.host.runs_on_cloth(seat) else 0
            if runs:
                self._run_row(out, seat, runs)
            rest = hand & ~runs
            visible = self.face_up_for(seat)
            if place.side == "bottom":
                cards = sorted(C.cards(rest), key=self.hand_order)
                self._bottom_hand(out, cards, legal)
                continue
            shown = sorted((c for c in C.cards(rest) if visible >> c & 1), key=self.hand_order)
            hidden = sorted((c for c in C.cards(rest) if not visible >> c & 1), key=self.hidden_order)
            if self.host.reveal and not hidden:  # the example: every hand face up, to be followed
                self._open_hand(out, place, shown)
                continue
            cards = shown + hidden
            k = len(cards)
            ocw = cw * OPP_SCALE
            step = min(ocw * 0.42, (place.hand_len - ocw) / max(1, k - 1)) if k > 1 else 0.0
            for i, c in enumerate(cards):
                off = (i - (k - 1) / 2) * step
                x, y = (
                    (place.hand[0], place.hand[1] + off)
                    if place.vertical
                    else (place.hand[0] - off, place.hand[1])
                )
                out[c] = SeatTarget(x, y, place.angle, bool(visible >> c & 1), 150 + i, OPP_SCALE)
        aside = [c for c in C.cards(deal.aside)]
        ax, ay = self.aside_spot()
        for i, c in enumerate(aside):
            out[c] = SeatTarget(ax - min(i, 20) * 0.5, ay - min(i, 20) * 0.5, 12.0, False, i, PILE_SCALE)
        return self._keep_scales(out)

    def reserved_rects(self) -> list[pygame.Rect]:
        lay = self.host.layout
        return [lay.pile_extent(place) for place in lay.seats] if lay is not None else []

    def aside_spot(self) -> tuple[float, float]:
        """Where the cards laid aside unseen (3 players, or a short deal) lie: in the seat nobody
        takes (the top for three, the left for two), clear of the declarations plaque."""
        lay = self.host.layout
        w, h = lay.size
        if self.host.shown.n == 2:
            return (w * 0.1, h * 0.47)
        return (w * 0.4, h * 0.13)

    def _keep_scales(self, out: dict[int, Target]) -> dict[int, Target]:
        self.scales = {c: getattr(tg, "scale", 1.0) for c, tg in out.items()}
        return out

    def _trick_target(self, out: dict[int, Target], card: int, seat: int, z: int) -> None:
        x, y = self.host.layout.place(seat, self.host.me).trick
        out[card] = SeatTarget(x, y, _jitter(card, 2.5), True, z, 1.0)

    def _bottom_hand(self, out: dict[int, Target], cards: list[int], legal: int) -> None:
        lay = self.host.layout
        cw, ch = lay.card
        place = lay.seats[0]
        k = len(cards)
        if not k:
            return
        step = min(cw * 0.62, (place.hand_len - cw) / max(1, k - 1)) if k > 1 else 0.0
        x0 = place.hand[0] - step * (k - 1) / 2
        for i, c in enumerate(cards):
            y = place.hand[1]
            if c == self.host.selected:  # picked, on the player's turn or ahead of it
                y -= ch * 0.22
            elif legal >> c & 1:
                y -= ch * 0.1
            out[c] = SeatTarget(x0 + i * step, y, 0.0, True, 200 + i, 1.0)

    def _open_hand(self, out: dict[int, Target], place: SeatPlace, cards: list[int]) -> None:
        """A hand shown face up at another seat (the example): upright cards, each overlapping the
        next so that every card's index in its top-left corner shows: down the side seats (in two
        columns when one would make them too small to read), along the top. As large as the seat's
        room allows, never larger than ``OPEN_SCALE``."""
        if not cards:
            return
        cw, ch = self.host.layout.card
        w = self.host.layout.size[0]
        edge = int(self.host.layout.size[1] * 0.03)
        show = OPEN_INDEX_SHOWN
        k = len(cards)
        if not place.vertical:  # each card's left strip, along the top (as tall as the table allows)
            most = self.host.open_top_scale
            scale = min(most, place.hand_len / (cw * (1 + show * (k - 1))))
            step = min(cw * scale * 0.6, (place.hand_len - cw * scale) / max(1, k - 1))
            for i, c in enumerate(cards):
                out[c] = SeatTarget(
                    place.hand[0] + (i - (k - 1) / 2) * step, place.hand[1], 0.0, True, 150 + i, scale
                )
            return

        def fitting(per: int) -> float:
            return min(OPEN_SCALE, place.hand_len / (ch * (1 + show * (per - 1))))

        columns = 2 if fitting(k) < OPEN_SCALE * 0.85 and k > 1 else 1
        per = -(-k // columns)
        scale = fitting(per)
        cws, step = cw * scale, ch * scale * show
        for i, c in enumerate(cards):
            col, row = divmod(i, per)
            if columns == 1:
                x = place.hand[0]
            elif place.side == "left":
                x = edge + cws * (0.5 + col * 1.06)
            else:
                x = w - edge - cws * (0.5 + (columns - 1 - col) * 1.06)
            y = place.hand[1] + (row - (per - 1) / 2) * step
            out[c] = SeatTarget(x, y, 0.0, True, 150 + i, scale)

    def _run_row(self, out: dict[int, Target], seat: int, runs: int) -> None:
        """A seat's declared runs laid face up in front of it, one little fan per run.

        Across the table the runs lie side by side; beside the side seats they are stacked (the
        plaque in the centre leaves no room for a long row there)."""
        lay = self.host.layout
        cw, ch = lay.card
        place = lay.place(seat, self.host.me)
        rcw = cw * RUN_SCALE
        groups = [[c for c in C.cards(r.cards) if runs >> c & 1] for r in self.host.shown.runs[seat]]
        groups = [g for g in groups if g]
        step, gap = rcw * 0.36, rcw * 0.55
        z = 320
        if place.vertical:
            dy = ch * RUN_SCALE * 0.8
            rch = ch * RUN_SCALE
            # (a larger text size: the left seat's runs lie under the taller score plaque: they stack
            # downwards from there instead of round their place)
            down = place.side == "left" and self.host.app.text.scale != 1.0
            for k, g in enumerate(groups):
                y = place.runs[1] + (k if down else k - (len(groups) - 1) / 2) * dy
                x = place.runs[0] - (len(g) - 1) * step / 2
                fan = pygame.Rect(int(x - rcw / 2), int(y - rch / 2), int((len(g) - 1) * step + rcw),
                                  int(rch))
                names = [r for r in self.host.plate_rects() if r.colliderect(fan)]
                if names:  # (larger text, a long name beside it): clear of it, closer if it must
                    box = self.host.announce_box()
                    if place.side == "left":
                        lo, hi = max(r.right for r in names) + 4, box.left - 4
                    else:
                        lo, hi = box.right + 4, min(r.left for r in names) - 4
                    if len(g) > 1:
                        step = max(rcw * 0.22, min(step, (hi - lo - rcw) / (len(g) - 1)))
                    width = (len(g) - 1) * step + rcw
                    x = (lo + rcw / 2) if place.side == "left" else (hi - width + rcw / 2)
                x, step = self._clear_of_plaque(place, x, step, len(g))
                for c in g:
                    out[c] = SeatTarget(x, y, 0.0, True, z, RUN_SCALE)
                    x += step
                    z += 1
            return
        width = sum((len(g) - 1) * step for g in groups) + gap * (len(groups) - 1) + rcw * len(groups)
        left = place.runs[0] - width / 2
        room = max(8, lay.size[0] // 100)
        if place.side == "top" and place.runs[1] - ch * RUN_SCALE / 2 < lay.score.bottom + room:
            # beside the score plaque (a squarish window): the row starts right of it
            left = max(left, min(lay.score.right + room, lay.size[0] - room - width))
        x = left + rcw / 2
        for g in groups:
            for c in g:
                out[c] = SeatTarget(x, place.runs[1], 0.0, True, z, RUN_SCALE)
                x += step
                z += 1
            x += rcw - step + gap

    def _clear_of_plaque(self, place: SeatPlace, x: float, step: float, n: int) -> tuple[float, float]:
        """A side seat's run (its first card at ``x``, ``n`` cards ``step`` apart) kept off the
        declarations plaque: moved towards its seat's hand, closer together if it must; (x, step)."""
        lay = self.host.layout
        rcw = lay.card[0] * RUN_SCALE
        box = self.host.announce_box()
        width = (n - 1) * step + rcw
        hand = lay.card[1] * OPP_SCALE * 0.55  # half the side hand's width, lying across
        if place.side == "left" and x - rcw / 2 + width > box.left - 4:
            lo, hi = place.hand[0] + hand + 4, box.left - 4.0
            if n > 1 and hi - lo < width:
                step = max(rcw * 0.22, (hi - lo - rcw) / (n - 1))
            return max(lo, hi - ((n - 1) * step + rcw)) + rcw / 2, step
        if place.side == "right" and x - rcw / 2 < box.right + 4:
            lo, hi = box.right + 4.0, place.hand[0] - hand - 4
            if n > 1 and hi - lo < width:
                step = max(rcw * 0.22, (hi - lo - rcw) / (n - 1))
            return lo + rcw / 2, step
        return x, step

    def captioned_cards(self) -> set[int]:
        """The declared runs on the cloth: each run's name lies across its fan."""
        return {c for c, s in self.host.sprites.items() if s.scale == RUN_SCALE}
