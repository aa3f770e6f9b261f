"""Marks on the Eralash trick: the led card carries an ivory ring and "led" while the trick is played;
once it is complete the card that takes it is ringed, a caption says who takes it ("Svetlana trumps
and takes the trick"), and the trick stays until the player presses a key or clicks, or
``TRICK_DWELL`` seconds pass (times the speed setting's factor) (a part of ``EralashTable``, reading it
through ``TrickHost``; the trick's places, one card per seat round the centre, are ``layout``'s)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.looks.themes import BRASS_LIGHT, GLOW, IVORY
from game.widgets import shapes
from game.words.grammar import say
from game.words.i18n import get_language, t

if TYPE_CHECKING:
    from engine.eralash import Deal
    from game.eralash.layout import EralashLayout
    from game.widgets.cards import CardImages, CardSprite
    from game.widgets.text import TextCache

RING = 4
TRICK_DWELL = 2.5  # seconds a finished trick stays at Normal speed (Slow: longer, Fast: shorter)


class TrickHost(Protocol):
    """What the trick's marks read from their table."""

    @property
    def shown(self) -> Deal: ...
    @property
    def gather(self) -> int | None: ...
    @property
    def phase(self) -> str: ...
    @property
    def peeking(self) -> bool: ...
    @property
    def trick_captions(self) -> bool: ...
    @property
    def sprites(self) -> dict[int, CardSprite]: ...
    @property
    def images(self) -> CardImages: ...
    @property
    def text(self) -> TextCache: ...
    @property
    def layout(self) -> EralashLayout: ...

    def race_rect(self) -> pygame.Rect | None: ...
    def plate_rects(self) -> list[pygame.Rect]: ...
    def remembered(self, name: str, key: Any, make: Callable[[], Any]) -> Any: ...
    def name(self, seat: int) -> str: ...
    def form(self, seat: int) -> str: ...
    def font_size(self, share: float) -> int: ...
    def _plaque(self, size: tuple[int, int]) -> pygame.Surface: ...


class TrickMarks:
    """The led and winning cards' marks and the finished trick's caption, for an ``EralashTable``."""

    def __init__(self, host: TrickHost) -> None:
        self.host = host

    def trick_on_cloth(self) -> tuple[list[int], int | None]:
        """The cards of the trick lying in the centre, lead first, and the winning card once complete."""
        deal = self.host.shown
        if self.host.phase != "play" and self.host.gather is None:
            return [], None
        if self.host.gather is not None and self.host.gather < len(deal.winners):
            cards = deal.trick_cards(self.host.gather)
            winner = cards[(deal.winners[self.host.gather] - deal.trick_leader(self.host.gather)) % deal.n]
            return cards, winner
        return list(deal.current_trick()), None

    def trick_mark_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The marks' rings, for the layout checker and tests: ("led", rect) and ("winner", rect)."""
        cards, winner = self.trick_on_cloth()
        out: list[tuple[str, pygame.Rect]] = []
        size = self.host.images.size
        if cards and cards[0] in self.host.sprites:
            out.append(("led", self.host.sprites[cards[0]].rect(size).inflate(10, 10)))
        if winner is not None and winner in self.host.sprites:
            out.append(("winner", self.host.sprites[winner].rect(size).inflate(14, 14)))
        return out

    def draw_trick_marks(self, surface: pygame.Surface) -> None:
        if self.host.peeking:
            return  # the last trick is shown over the dimmed table, with its own marks
        fs = self.host.font_size(0.017)
        marks = self.trick_mark_boxes()
        complete = any(kind == "winner" for kind, _ in marks)
        for kind, box in marks:
            colour = GLOW if kind == "winner" else IVORY
            width = RING + (2 if kind == "winner" else 0)
            shapes.rect(surface, colour, box, width=width, border_radius=10)
            if complete and (kind == "led" or self.trick_caption() is not None):
                continue  # a complete trick: its caption names who takes it, the ring shows the card
            word = t("story.eralash.wins") if kind == "winner" else t("story.eralash.led")
            tag = self.host.text.get(word, fs, colour, "bold" if kind == "winner" else "italic", shadow=True)
            surface.blit(tag, self.tag_rect(tag.get_size(), box))

    def tag_rect(self, size: tuple[int, int], box: pygame.Rect) -> pygame.Rect:
        """Where a mark's word goes: on the outer side of its card (above the top seat's card, below
        yours, beside the side seats'), or the first other side where no other trick card lies."""
        cx, cy = self.host.layout.centre
        cw, ch = self.host.layout.card
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
        others = [self.host.sprites[c].rect(self.host.images.size) for c in cards if c in self.host.sprites]
        others = [r for r in others if r.center != box.center]
        race = self.host.race_rect()
        if race is not None:  # the race line above the trick: a tag goes beside its card instead
            others.append(race)
        others += self.host.plate_rects()  # (larger text: a name beside the top card)
        # then over or under its card, level with one of its edges (a wider word beside a name)
        for side in (above, below):
            order += [side.move(box.left - side.left, 0), side.move(box.right - side.right, 0)]
        return next((r for r in order if not any(r.colliderect(o) for o in others)), order[0])

    def trick_caption(self) -> str | None:
        """What the finished trick on the cloth says: who takes it, and whether by trumping."""
        deal = self.host.shown
        i = self.host.gather
        if not self.host.trick_captions or i is None or i >= len(deal.winners) or self.host.peeking:
            return None
        key = (id(deal), i, tuple(deal.trick_cards(i)), deal.winners[i], deal.trump, get_language())
        return self.host.remembered("trick_caption", key, lambda: self._trick_caption(deal, i))

    def _trick_caption(self, deal: Any, i: int) -> str:
        cards = deal.trick_cards(i)
        winner = deal.winners[i]
        card = cards[(winner - deal.trick_leader(i)) % deal.n]
        trumped = deal.trump >= 0 and card // 13 == deal.trump and cards[0] // 13 != deal.trump
        key = "eralash.trick.trumps_takes" if trumped else "eralash.trick.takes"
        return say(key, self.host.form(winner), name=self.host.name(winner))

    def caption_rect(self) -> pygame.Rect | None:
        """The caption's plaque: in the message line, clear below the trick's cards (a message waits
        while it shows: ``draw_message``)."""
        words = self.trick_caption()
        if words is None:
            return None
        fs, lines = self.caption_lines(words)
        box = pygame.Rect((0, 0), self.host.remembered("caption_size", (words, fs, tuple(lines)),
                                                  lambda: self._caption_size(fs, lines)))
        box.center = self.host.layout.message.center
        cards, _ = self.trick_on_cloth()
        sprites, size = self.host.sprites, self.host.images.size
        bottoms = [sprites[c].rect(size).bottom for c in cards if c in sprites]
        if bottoms:
            box.top = max(box.top, max(bottoms) + 4)
        return box

    def _caption_size(self, fs: int, lines: list[str]) -> tuple[int, int]:
        font = self.host.text.font(fs, "bold")
        return max(font.size(line)[0] for line in lines) + 36, font.get_linesize() * len(lines) + 14

    def draw_trick_caption(self, surface: pygame.Surface) -> None:
        box = self.caption_rect()
        words = self.trick_caption()
        if box is None or words is None:
            return
        surface.blit(self.host._plaque(box.size), box)
        fs, lines = self.caption_lines(words)
        step = self.host.text.font(fs, "bold").get_linesize()
        y = box.centery - step * len(lines) / 2
        for line in lines:
            img = self.host.text.get(line, fs, BRASS_LIGHT, "bold")
            surface.blit(img, img.get_rect(midtop=(box.centerx, int(y))))
            y += step

    def caption_lines(self, words: str) -> tuple[int, list[str]]:
        """Smaller rather than wider than the message line (long names; the side seats' plates), on
        two lines when even the smallest text would be wider (a narrow viewer's cloth)."""
        room = self.host.layout.message.width - 36
        fs, lines = self.host.text.fit(words, self.host.font_size(0.024), room, "bold", lines=2)
        return int(fs), list(lines)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_trick_marks(surface)
        self.draw_trick_caption(surface)
