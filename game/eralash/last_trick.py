"""The last trick, looked at again: a plaque over the dimmed table with its cards in play order.

Opened by the "Last trick" button (above your name plate), the L key or a click on any pile of won
tricks; any click or key closes it. While it is open the bots wait (a "peek" hold), so nothing is
played unseen. A part of ``EralashTable``: it reads the table's ``shown`` deal (``LastTrickHost``) and
draws with its caches, so an open plaque renders nothing new in a steady frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import pygame

from game.looks.themes import BRASS_LIGHT, GLOW, IVORY
from game.widgets import shapes
from game.widgets.buttons import Button
from game.words.grammar import say
from game.words.i18n import t

if TYPE_CHECKING:
    from engine.eralash import Deal
    from game.app import App
    from game.eralash.layout import EralashLayout
    from game.eralash.plates import EralashPlates
    from game.widgets.cards import CardImages, CardSprite
    from game.widgets.text import TextCache

DIM = (200, 190, 160)


class LastTrickHost(Protocol):
    """What the last trick's view reads from its table."""

    @property
    def app(self) -> App: ...
    @property
    def shown(self) -> Deal: ...
    @property
    def holds(self) -> set[str]: ...
    @property
    def layout(self) -> EralashLayout: ...
    @property
    def images(self) -> CardImages: ...
    @property
    def text(self) -> TextCache: ...
    @property
    def sprites(self) -> dict[int, CardSprite]: ...
    @property
    def phase(self) -> str: ...
    @property
    def gather(self) -> int | None: ...
    @property
    def me(self) -> int: ...
    @property
    def n(self) -> int: ...

    def font_size(self, share: float) -> int: ...
    def name(self, seat: int) -> str: ...
    def form(self, seat: int) -> str: ...
    def _plaque(self, size: tuple[int, int]) -> pygame.Surface: ...


class LastTrick:
    """The "last trick" view of an ``EralashTable``: its plates' ``plate_text`` places the button."""

    def __init__(self, host: LastTrickHost, plates: EralashPlates) -> None:
        self.host = host
        self.plates = plates
        self._dim: tuple[tuple[int, int], pygame.Surface] | None = None  # the dimmed table, per size

    @property
    def peeking(self) -> bool:
        return "peek" in self.host.holds

    def last_trick_index(self) -> int | None:
        """The most recent finished trick of the deal on the table, if there is one to look at."""
        if self.host.phase != "play" or not self.host.shown.winners:
            return None
        return len(self.host.shown.winners) - 1

    def open_last_trick(self) -> None:
        if self.last_trick_index() is None or self.peeking:
            return
        self.host.holds.add("peek")
        self.host.app.play_sound("click")

    def close_last_trick(self) -> None:
        self.host.holds.discard("peek")

    def toggle_last_trick(self) -> None:
        if self.peeking:
            self.close_last_trick()
        else:
            self.open_last_trick()

    def last_trick_button(self, height: int) -> Button:
        """The "Last trick" button (L) just above your name plate, bottom left: the top row of buttons
        has no room to spare in a narrow window. Its label is a little smaller than the top row's, so
        that it stays clear of a full hand of 13 or 17 cards."""
        fs = self.host.font_size(0.021)
        label = t("eralash.last.button")
        lay = self.host.layout
        x, y = lay.seats[0].plate  # the bottom-left corner of your name plate
        name_fs, lines, small, subs = self.plates.plate_text(self.host.me)  # a long name may take two lines
        plate = (
            len(lines) * (self.host.text.font(name_fs, "bold").get_height() + 1)
            + len(subs) * (self.host.text.font(small, "italic").get_height() + 1)
        )
        rect = pygame.Rect(0, 0, self.host.text.font(fs).size(label)[0] + 26, int(height * 0.85))
        gap = int(lay.size[1] * 0.015)
        rect.bottomleft = (x, y - plate - gap)
        hand = lay.seats[0]
        if self.host.n == 2 and rect.right + gap > hand.hand[0] - hand.hand_len / 2:
            rect.bottom = int(hand.hand[1] - lay.card[1] * 0.66) - gap  # no seat on the left: above the hand
        button = Button("last", label, rect, self.toggle_last_trick, pygame.K_l)
        button.text_size = fs
        button.enabled = self.last_trick_index() is not None
        return button

    def on_a_pile(self, pos: tuple[int, int]) -> bool:
        """Is ``pos`` on a pile of won tricks (a finished trick no longer lying in the centre)?"""
        if self.last_trick_index() is None:
            return False
        deal, size = self.host.shown, self.host.images.size
        for tr in range(len(deal.winners)):
            if tr == self.host.gather:
                continue
            for c in deal.trick_cards(tr):
                sprite = self.host.sprites.get(c)
                if sprite is not None and sprite.rect(size).collidepoint(pos):
                    return True
        return False

    def peek_event(self, event: pygame.event.Event) -> bool:
        """While the plaque is open every click and key belongs to it; the release or key closes it."""
        if not self.peeking:
            return False
        if event.type == pygame.MOUSEBUTTONUP or event.type == pygame.KEYDOWN:
            self.close_last_trick()
            return True
        return event.type == pygame.MOUSEBUTTONDOWN

    def draw_last_trick(self, surface: pygame.Surface) -> None:
        index = self.last_trick_index()
        if not self.peeking or index is None or self.host.layout is None:
            return
        deal, lay = self.host.shown, self.host.layout
        size = surface.get_size()
        if self._dim is None or self._dim[0] != size:
            dim = pygame.Surface(size, pygame.SRCALPHA)
            dim.fill((0, 0, 0, 130))
            self._dim = (size, dim)
        surface.blit(self._dim[1], (0, 0))
        cards = deal.trick_cards(index)
        leader = deal.trick_leader(index)
        winner = deal.winners[index]
        cw, ch = self.host.images.size
        gap = int(cw * 0.28)
        fs, small = self.host.font_size(0.026), self.host.font_size(0.021)
        title_fs = self.host.font_size(0.03)
        title = self.host.text.get(t("eralash.last.title", n=index + 1), title_fs, BRASS_LIGHT, "bold")
        names = [self.host.name((leader + j) % deal.n) for j in range(len(cards))]
        row_w = len(cards) * cw + (len(cards) - 1) * gap
        # how to go back, under the cards: on two lines rather than wider than they are (larger text)
        room = lay.size[0]
        if self.host.app.text.scale != 1.0:  # clear of your name plate at the bottom left
            plate = max((r.right for _, r in self.plates.plate_parts(self.host.me)[0]), default=0)
            room = max(row_w, title.get_width(), 2 * (lay.centre[0] - plate - gap) - 2 * gap)
        back = self.host.text.wrap(t("eralash.last.back"), small, room, "italic")
        feet = [self.host.text.get(line, small, DIM, "italic") for line in back]
        width = max(row_w, title.get_width(), *(f.get_width() for f in feet)) + 2 * gap
        # each name under its card, in the card's width and a gap: smaller, then on two lines
        fits = [self.host.text.fit_name(name, fs, cw + gap - 4, "bold", lines=2) for name in names]
        name_h = max(len(lines) * self.host.text.font(x, "bold").get_height() for x, lines in fits)
        taken = say("eralash.last.taken", self.host.form(winner), name=self.host.name(winner))
        taken_fs, taken_lines = self.host.text.fit(taken, fs, width - gap, lines=2)
        taken_h = len(taken_lines) * self.host.text.font(taken_fs).get_height()
        height = title.get_height() + ch + 6 + name_h + int(fs * 0.4) + taken_h + int(fs * 0.3)
        height += sum(f.get_height() for f in feet) + gap * 2
        box = pygame.Rect(0, 0, width, height)
        box.center = lay.centre
        score = getattr(getattr(getattr(self.host, "plaques", None), "score_plaque", None), "rect", None)
        score = score if isinstance(score, pygame.Rect) and score.width else lay.score  # (as drawn)
        if box.colliderect(score) and box.top < score.bottom + 8:  # (a larger text size: a taller view)
            box.top = min(score.bottom + 8, lay.size[1] - box.height - 4)
        top = next((s for s in range(deal.n) if lay.place(s, self.host.me).side == "top"), None)
        if top is not None and self.host.app.text.scale != 1.0:  # and under the plate across the table
            for _, r in self.plates.plate_parts(top)[0]:
                if box.colliderect(r) and box.top < r.bottom + 8:
                    box.top = min(r.bottom + 8, lay.size[1] - box.height - 4)
        surface.blit(self.host._plaque(box.size), box)
        y = box.y + gap // 2
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += title.get_height() + gap // 2
        x = box.centerx - row_w // 2
        for j, card in enumerate(cards):
            rect = pygame.Rect(x + j * (cw + gap), y, cw, ch)
            seat = (leader + j) % deal.n
            if seat == winner:
                shapes.rect(surface, GLOW, rect.inflate(8, 8), width=3, border_radius=10)
            surface.blit(self.host.images.face(card), rect)
            colour, style = (BRASS_LIGHT, "bold") if seat == winner else (IVORY, "regular")
            name_fs, lines = fits[j]
            ny = rect.bottom + 6
            for line in lines:
                name = self.host.text.get(line, name_fs, colour, style)
                surface.blit(name, name.get_rect(midtop=(rect.centerx, ny)))
                ny += name.get_height()
        y += ch + 6 + name_h + int(fs * 0.4)
        for line in taken_lines:
            who = self.host.text.get(line, taken_fs, BRASS_LIGHT)
            surface.blit(who, who.get_rect(midtop=(box.centerx, y)))
            y += who.get_height()
        y += int(fs * 0.3)
        for foot in feet:
            surface.blit(foot, foot.get_rect(midtop=(box.centerx, y)))
            y += foot.get_height()
