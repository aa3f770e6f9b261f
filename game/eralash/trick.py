"""Marks on the Eralash trick: the led card carries an ivory ring and "led" while the trick is played;
once it is complete the card that takes it is ringed and named before the trick is gathered
(a mixin of ``EralashTable``; the trick's layout, one card per seat round the centre, is
``eralash_layout``'s ``TRICK_X`` / ``TRICK_Y``)."""

from __future__ import annotations

from typing import Any

import pygame

from game.looks.themes import GLOW, IVORY
from game.words.i18n import t

RING = 4


class TrickMarks:
    """The led and winning cards' marks (uses ``shown``, ``gather``, ``sprites``, ``images``, ``text``)."""

    shown: Any
    gather: int | None
    sprites: Any
    images: Any
    text: Any
    phase: str
    layout: Any

    def trick_on_cloth(self) -> tuple[list[int], int | None]:
        """The cards of the trick lying in the centre, lead first, and the winning card once complete."""
        deal = self.shown
        if self.phase != "play" and self.gather is None:
            return [], None
        if self.gather is not None and self.gather < len(deal.winners):
            cards = deal.trick_cards(self.gather)
            winner = cards[(deal.winners[self.gather] - deal.trick_leader(self.gather)) % deal.n]
            return cards, winner
        return list(deal.current_trick()), None

    def trick_mark_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The marks' rings, for the layout checker and tests: ("led", rect) and ("winner", rect)."""
        cards, winner = self.trick_on_cloth()
        out: list[tuple[str, pygame.Rect]] = []
        size = self.images.size
        if cards and cards[0] in self.sprites:
            out.append(("led", self.sprites[cards[0]].rect(size).inflate(10, 10)))
        if winner is not None and winner in self.sprites:
            out.append(("winner", self.sprites[winner].rect(size).inflate(14, 14)))
        return out

    def draw_trick_marks(self, surface: pygame.Surface) -> None:
        if getattr(self, "peeking", False):
            return  # the last trick is shown over the dimmed table, with its own marks
        fs = self.font_size(0.017)
        marks = self.trick_mark_boxes()
        complete = any(kind == "winner" for kind, _ in marks)
        for kind, box in marks:
            colour = GLOW if kind == "winner" else IVORY
            width = RING + (2 if kind == "winner" else 0)
            pygame.draw.rect(surface, colour, box, width=width, border_radius=10)
            if kind == "led" and complete:
                continue  # once the trick is complete, the winner's word is the one that counts
            word = t("story.eralash.wins") if kind == "winner" else t("story.eralash.led")
            tag = self.text.get(word, fs, colour, "bold" if kind == "winner" else "italic", shadow=True)
            surface.blit(tag, self.tag_rect(tag.get_size(), box))

    def tag_rect(self, size: tuple[int, int], box: pygame.Rect) -> pygame.Rect:
        """Where a mark's word goes: on the outer side of its card (above the top seat's card, below
        yours, beside the side seats'), or the first other side where no other trick card lies."""
        cx, cy = self.layout.centre
        cw, ch = self.layout.card
        dx, dy = (box.centerx - cx) / cw, (box.centery - cy) / ch
        above = pygame.Rect((0, 0), size)
        above.midbottom = (box.centerx, box.top - 2)
        below = pygame.Rect((0, 0), size)
        below.midtop = (box.centerx, box.bottom + 2)
        left = pygame.Rect((0, 0), size)
        left.midright = (box.left - 4, box.centery)
        right = pygame.Rect((0, 0), size)
        right.midleft = (box.right + 4, box.centery)
        if abs(dy) >= abs(dx):
            order = [above, left, right, below] if dy < 0 else [below, right, left, above]
        else:
            order = [left, above, below, right] if dx < 0 else [right, above, below, left]
        cards, _ = self.trick_on_cloth()
        others = [self.sprites[c].rect(self.images.size) for c in cards if c in self.sprites]
        others = [r for r in others if r.center != box.center]
        return next((r for r in order if not any(r.colliderect(o) for o in others)), order[0])

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.draw_trick_marks(surface)
        super().draw_overlay(surface)  # type: ignore[misc]
