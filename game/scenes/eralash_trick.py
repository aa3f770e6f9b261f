"""Marks on the Eralash trick: the led card carries a brass ring and "led" while the trick is played;
once it is complete the card that takes it is ringed and named before the trick is gathered
(a mixin of ``EralashTable``; the trick's layout, one card per seat round the centre, is
``eralash_layout``'s ``TRICK_X`` / ``TRICK_Y``)."""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import t
from game.themes import BRASS_LIGHT, GLOW

RING = 4


class TrickMarks:
    """The led and winning cards' marks (uses ``shown``, ``gather``, ``sprites``, ``images``, ``text``)."""

    shown: Any
    gather: int | None
    sprites: Any
    images: Any
    text: Any
    phase: str

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
        fs = self.font_size(0.017)
        for kind, box in self.trick_mark_boxes():
            colour = GLOW if kind == "winner" else BRASS_LIGHT
            width = RING + (2 if kind == "winner" else 0)
            pygame.draw.rect(surface, colour, box, width=width, border_radius=10)
            word = t("story.eralash.wins") if kind == "winner" else t("story.eralash.led")
            tag = self.text.get(word, fs, colour, "bold" if kind == "winner" else "italic", shadow=True)
            at = tag.get_rect(midtop=(box.centerx, box.bottom + 1))
            if kind == "winner":  # under the card, on a dark chip so it reads over another card
                chip = at.inflate(10, 4)
                pygame.draw.rect(surface, (30, 22, 12), chip, border_radius=6)
            surface.blit(tag, at)

    def draw_overlay(self, surface: pygame.Surface) -> None:
        self.draw_trick_marks(surface)
        super().draw_overlay(surface)  # type: ignore[misc]
