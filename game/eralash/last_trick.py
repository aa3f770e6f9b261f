"""The last trick, looked at again: a plaque over the dimmed table with its cards in play order.

Opened by the "Last trick" button (above your name plate), the L key or a click on any pile of won
tricks; any click or key closes it. While it is open the bots wait (a "peek" hold), so nothing is
played unseen. A mixin of ``EralashTable``: it reads the table's ``shown`` deal and draws with its
caches, so an open plaque renders nothing new in a steady frame.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.looks.themes import BRASS_LIGHT, GLOW, IVORY
from game.widgets import shapes
from game.widgets.buttons import Button
from game.words.grammar import say
from game.words.i18n import t

DIM = (200, 190, 160)


class LastTrick:
    """The "last trick" view for ``EralashTable`` (uses its ``shown``, ``holds``, ``layout`` …)."""

    shown: Any
    holds: set[str]
    layout: Any
    images: Any
    text: Any
    sprites: Any
    phase: str
    n: int
    gather: int | None
    app: Any
    _dim: tuple[tuple[int, int], pygame.Surface] | None = None

    @property
    def peeking(self) -> bool:
        return "peek" in self.holds

    def last_trick_index(self) -> int | None:
        """The most recent finished trick of the deal on the table, if there is one to look at."""
        if self.phase != "play" or not self.shown.winners:
            return None
        return len(self.shown.winners) - 1

    def open_last_trick(self) -> None:
        if self.last_trick_index() is None or self.peeking:
            return
        self.holds.add("peek")
        self.app.play_sound("click")

    def close_last_trick(self) -> None:
        self.holds.discard("peek")

    def toggle_last_trick(self) -> None:
        if self.peeking:
            self.close_last_trick()
        else:
            self.open_last_trick()

    def last_trick_button(self, height: int) -> Button:
        """The "Last trick" button (L) just above your name plate, bottom left: the top row of buttons
        has no room to spare in a narrow window. Its label is a little smaller than the top row's, so
        that it stays clear of a full hand of 13 or 17 cards."""
        fs = self.font_size(0.021)
        label = t("eralash.last.button")
        lay = self.layout
        x, y = lay.seats[0].plate  # the bottom-left corner of your name plate
        name_fs, lines, small, _ = self.plate_text(self.me)  # a long name may take two lines
        plate = (
            len(lines) * (self.text.font(name_fs, "bold").get_height() + 1)
            + self.text.font(small, "italic").get_height() + 1
        )
        rect = pygame.Rect(0, 0, self.text.font(fs).size(label)[0] + 26, int(height * 0.85))
        gap = int(lay.size[1] * 0.015)
        rect.bottomleft = (x, y - plate - gap)
        hand = lay.seats[0]
        if self.n == 2 and rect.right + gap > hand.hand[0] - hand.hand_len / 2:
            rect.bottom = int(hand.hand[1] - lay.card[1] * 0.66) - gap  # no seat on the left: above the hand
        button = Button("last", label, rect, self.toggle_last_trick, pygame.K_l)
        button.text_size = fs
        button.enabled = self.last_trick_index() is not None
        return button

    def on_a_pile(self, pos: tuple[int, int]) -> bool:
        """Is ``pos`` on a pile of won tricks (a finished trick no longer lying in the centre)?"""
        if self.last_trick_index() is None:
            return False
        deal, size = self.shown, self.images.size
        for tr in range(len(deal.winners)):
            if tr == self.gather:
                continue
            for c in deal.trick_cards(tr):
                sprite = self.sprites.get(c)
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
        if not self.peeking or index is None or self.layout is None:
            return
        deal, lay = self.shown, self.layout
        size = surface.get_size()
        if self._dim is None or self._dim[0] != size:
            dim = pygame.Surface(size, pygame.SRCALPHA)
            dim.fill((0, 0, 0, 130))
            self._dim = (size, dim)
        surface.blit(self._dim[1], (0, 0))
        cards = deal.trick_cards(index)
        leader = deal.trick_leader(index)
        winner = deal.winners[index]
        cw, ch = self.images.size
        gap = int(cw * 0.28)
        fs, small = self.font_size(0.026), self.font_size(0.021)
        title = self.text.get(t("eralash.last.title", n=index + 1), self.font_size(0.03), BRASS_LIGHT, "bold")
        foot = self.text.get(t("eralash.last.back"), small, DIM, "italic")
        names = [self.name((leader + j) % deal.n) for j in range(len(cards))]
        row_w = len(cards) * cw + (len(cards) - 1) * gap
        width = max(row_w, title.get_width(), foot.get_width()) + 2 * gap
        # each name under its card, in the card's width and a gap: smaller, then on two lines
        fits = [self.text.fit(name, fs, cw + gap - 4, "bold", lines=2) for name in names]
        name_h = max(len(lines) * self.text.font(x, "bold").get_height() for x, lines in fits)
        taken = say("eralash.last.taken", self.form(winner), name=self.name(winner))
        taken_fs, taken_lines = self.text.fit(taken, fs, width - gap, lines=2)
        taken_h = len(taken_lines) * self.text.font(taken_fs).get_height()
        height = title.get_height() + ch + 6 + name_h + int(fs * 0.4) + taken_h + int(fs * 0.3)
        height += foot.get_height() + gap * 2
        box = pygame.Rect(0, 0, width, height)
        box.center = lay.centre
        surface.blit(self._plaque(box.size), box)
        y = box.y + gap // 2
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += title.get_height() + gap // 2
        x = box.centerx - row_w // 2
        for j, card in enumerate(cards):
            rect = pygame.Rect(x + j * (cw + gap), y, cw, ch)
            seat = (leader + j) % deal.n
            if seat == winner:
                shapes.rect(surface, GLOW, rect.inflate(8, 8), width=3, border_radius=10)
            surface.blit(self.images.face(card), rect)
            colour, style = (BRASS_LIGHT, "bold") if seat == winner else (IVORY, "regular")
            name_fs, lines = fits[j]
            ny = rect.bottom + 6
            for line in lines:
                name = self.text.get(line, name_fs, colour, style)
                surface.blit(name, name.get_rect(midtop=(rect.centerx, ny)))
                ny += name.get_height()
        y += ch + 6 + name_h + int(fs * 0.4)
        for line in taken_lines:
            who = self.text.get(line, taken_fs, BRASS_LIGHT)
            surface.blit(who, who.get_rect(midtop=(box.centerx, y)))
            y += who.get_height()
        y += int(fs * 0.3)
        surface.blit(foot, foot.get_rect(midtop=(box.centerx, y)))
