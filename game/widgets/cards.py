"""Card sprites and their images: where each card is on the table and how it is drawn.

``CardImages`` hands out face and back surfaces at the current card size, from ``game.looks.art.CardArt``
(SVG rasterised once per size; a missing SVG is ``game.looks.resources.AssetError``, never a placeholder).
Images are made only on ``set_size`` (a resize) or first use, never per frame.
Rotated copies are cached too, so a steady frame only blits.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.looks.themes import CONTRAST_MARK, GLOW, GLOW_CHOICE, HINT, WARN
from game.widgets import shapes
from game.widgets.text import TextCache

CARD_RATIO = 2.5 / 3.5  # width / height, as the SVG art
ANGLE_STEP = 3  # degrees between the turned images a card is drawn with
ROTATED_CARDS = 100  # the turned and scaled images kept weigh at most this many cards of the current size


class CardImages:
    """Faces and backs at one size, with a cache of rotated copies.

    Drawn by the SVG ``CardArt``.
    """

    def __init__(
        self,
        text: TextCache,
        size: tuple[int, int] = (100, 140),
        lang: str = "en",
        back: str = "classic",
        four_colour: bool = False,
        contrast: bool = False,
    ) -> None:
        self.text = text
        self.size = size
        self.lang = lang
        self.back_name = back
        self.four_colour = four_colour
        self._faces: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._rotated: dict[tuple[int, int, int], pygame.Surface] = {}
        self._rotated_bytes = 0
        self.rasterised = 0  # images made here (a steady frame makes none)
        self.turned = 0  # turned or scaled images made (a card at rest is turned once, then cached)
        self.contrast = contrast  # high contrast: bold indices on white, an outline round every card
        from game.looks.art import CardArt

        self._art: Any = CardArt(self.size, self.lang, self.four_colour, self.back_name)

    def set_size(self, size: tuple[int, int]) -> None:
        if size == self.size:
            return
        self.size = size
        self._faces.clear()
        self._back = None
        self._rotated.clear()
        self._rotated_bytes = 0
        self._art.set_size(size)

    def forget(self) -> None:
        """Let go of every image made here and in the art (a screen that has drawn what it needed:
        the menu's fan, once turned)."""
        self._faces.clear()
        self._back = None
        self._rotated.clear()
        self._rotated_bytes = 0
        self._art.forget()

    def set_style(
        self, lang: str | None = None, back: str | None = None, four_colour: bool | None = None,
        contrast: bool | None = None,
    ) -> None:
        if contrast is not None and contrast != self.contrast:
            self.contrast = contrast
            self._faces.clear()
            self._back = None
            self._rotated.clear()
            self._rotated_bytes = 0
        if (lang and lang != self.lang) or (four_colour is not None and four_colour != self.four_colour):
            self.lang = lang or self.lang
            self.four_colour = self.four_colour if four_colour is None else four_colour
            self._faces.clear()
            self._rotated.clear()
            self._rotated_bytes = 0
            self._art.set_deck(self.lang, self.four_colour)
        if back and back != self.back_name:
            self.back_name = back
            self._back = None
            self._rotated.clear()
            self._rotated_bytes = 0
            self._art.set_back(back)

    def cached(self, card: int | None, face_up: bool) -> bool:
        """Is this image made already (drawing it now costs only a blit)?"""
        return (card in self._faces) if face_up and card is not None else self._back is not None

    def face(self, card: int) -> pygame.Surface:
        surf = self._faces.get(card)
        if surf is None:
            surf = self._make_face(card)
            self._faces[card] = surf
        return surf

    def back(self) -> pygame.Surface:
        if self._back is None:
            self._back = self._make_back()
        return self._back

    def image(
        self, card: int | None, face_up: bool, angle: float = 0.0, scale: float = 1.0
    ) -> pygame.Surface:
        """The image to blit, turned by ``angle`` degrees (in steps of ``ANGLE_STEP``) and scaled (in
        5 % steps).

        Turning uses ``transform.rotate`` (exact for right angles, a quarter of a millisecond
        otherwise, a millisecond at 4K) and is cached, so a card spinning into a pile costs little and
        one at rest nothing. The steps make the cards of a deal, flying the same way face down, share
        their turned backs: at 60 FPS a card turns a few degrees a frame anyway, and the angles cards
        rest at (0, 90, a pile's -3 and 6) are on the steps."""
        base = self.face(card) if face_up and card is not None else self.back()
        a = ANGLE_STEP * round(angle / ANGLE_STEP) % 360
        s = round(scale * 20)
        if a == 0 and s == 20:
            return base
        key = (card if face_up and card is not None else -1, a, s)
        surf = self._rotated.get(key)
        if surf is None:
            surf = base if s == 20 else pygame.transform.smoothscale_by(base, s / 20)
            if a:
                surf = pygame.transform.rotate(surf, a)
            self.turned += 1
            self._rotated[key] = surf
            self._rotated_bytes += _weight(surf)
            cap = self.rotated_cap()
            while self._rotated_bytes > cap and len(self._rotated) > 1:  # the least recently drawn go
                old = self._rotated.pop(next(iter(self._rotated)))
                self._rotated_bytes -= _weight(old)
        else:
            self._rotated[key] = self._rotated.pop(key)  # the most recently drawn, last
        return surf

    def rotated_cap(self) -> int:
        """Bytes the turned images may hold: ``ROTATED_CARDS`` cards of the current size. Enough for
        every card at rest on a table (a fanned hand turns each card its own way) and the few in
        flight; the flights' passing angles are dropped first."""
        w, h = self.size
        return ROTATED_CARDS * w * h * 4

    def rotated_bytes(self) -> int:
        return self._rotated_bytes

    def warm(self, cards: list[int]) -> None:
        for c in cards:
            self.face(c)
        self.back()

    # --- drawing -------------------------------------------------------------------------------

    def _make_face(self, card: int) -> pygame.Surface:
        self.rasterised += 1
        face = self._art.face(card)
        return contrast_face(face, card, self.lang, self.four_colour) if self.contrast else face

    def _make_back(self) -> pygame.Surface:
        self.rasterised += 1
        back = self._art.back()
        if self.contrast:  # a bright outline: a back stands out of the dark cloth and of its neighbours
            back = back.copy()
            from game.looks.themes import CONTRAST_OUTLINE

            w, h = back.get_size()
            pygame.draw.rect(back, CONTRAST_OUTLINE, back.get_rect(), width=max(2, w // 40),
                             border_radius=max(3, w // 14))
        return back


_INDEX_TEXT: list[TextCache] = []  # the indices' own fonts (never at the player's text size: the card's)


def close_index_text() -> None:
    """Let go of the indices' fonts (the app closing: a font outlives neither pygame nor its thread)."""
    for text in _INDEX_TEXT:
        text.forget()
    _INDEX_TEXT.clear()


def contrast_face(face: pygame.Surface, card: int, lang: str, four_colour: bool) -> pygame.Surface:
    """``face`` with high contrast's bold indices (rank over suit, on white, in the corners the art
    puts them) and a dark outline that parts overlapping cards."""
    from engine import cards as C
    from game.looks.themes import CARD_FACE, CONTRAST_INDEX, CONTRAST_INDEX_FOUR

    if not _INDEX_TEXT:
        _INDEX_TEXT.append(TextCache())
    text = _INDEX_TEXT[0]
    out = face.copy()
    w, h = out.get_size()
    colour = (CONTRAST_INDEX_FOUR if four_colour else CONTRAST_INDEX)[card // 13]
    rank = C.RANK_INDEX.get(lang, C.RANK_INDEX["en"])[card % 13]
    corner = pygame.Rect(max(2, w // 30), max(2, w // 30), int(w * 0.2), int(h * 0.25))
    size = max(8, int(h * 0.11))
    rank_img = text.get(rank, size, colour, "bold")
    while rank_img.get_width() > corner.width and size > 8:  # "10" in a narrow corner
        size -= 1
        rank_img = text.get(rank, size, colour, "bold")
    suit_img = text.get(C.SUIT_SYMBOLS[card // 13], size, colour, "bold")
    index = pygame.Surface(corner.size, pygame.SRCALPHA)
    index.fill((*CARD_FACE, 255))
    index.blit(rank_img, rank_img.get_rect(midtop=(corner.width // 2, 0)))
    index.blit(suit_img, suit_img.get_rect(midtop=(corner.width // 2, rank_img.get_height() - size // 8)))
    out.blit(index, corner)
    out.blit(pygame.transform.rotate(index, 180), index.get_rect(bottomright=(w - corner.x, h - corner.y)))
    pygame.draw.rect(out, (0, 0, 0), out.get_rect(), width=max(2, w // 50), border_radius=max(3, w // 14))
    return out


def _weight(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * 4


class CardSprite:
    """One card on the table: position (centre), angle, scale, face up or down, highlight.

    Tweens move these attributes; ``turn`` runs 0 → 1 to flip a card over (width follows
    ``|cos(πt)|``; the face shows from halfway).
    """

    __slots__ = (
        "card",
        "x",
        "y",
        "angle",
        "scale",
        "face_up",
        "turn",
        "z",
        "highlight",
        "lift",
        "home",
        "alpha",
        "visible",
    )

    def __init__(
        self,
        card: int | None,
        x: float = 0.0,
        y: float = 0.0,
        face_up: bool = True,
        angle: float = 0.0,
        z: int = 0,
    ) -> None:
        self.card = card
        self.x = x
        self.y = y
        self.angle = angle
        self.scale = 1.0
        self.face_up = face_up
        self.turn = 1.0 if face_up else 0.0
        self.z = z
        self.highlight: str | None = None  # "legal", "choice", "selected", "warn", "hint"
        self.lift = 0.0  # hover/selection raise, in card heights
        self.home: tuple[float, float, float] = (x, y, angle)  # where it rests (drag returns here)
        self.alpha = 255
        self.visible = True

    def rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The unrotated hit box (good enough for fan angles of a few degrees)."""
        w, h = size
        r = pygame.Rect(0, 0, int(w * self.scale), int(h * self.scale))
        r.center = (int(self.x), int(self.y - self.lift * h))
        return r

    def lying_rect(self, size: tuple[int, int]) -> pygame.Rect:
        """The box the card covers as it lies: crosswise (a quarter turn, give or take) it is as wide
        as a card is tall."""
        w, h = size
        turned = 45 < abs(self.angle) % 180 < 135
        cw, ch = (h, w) if turned else (w, h)
        r = pygame.Rect(0, 0, int(cw * self.scale), int(ch * self.scale))
        r.center = (int(self.x), int(self.y - self.lift * h))
        return r

    def set_home(self, x: float, y: float, angle: float = 0.0) -> None:
        self.home = (x, y, angle)


_GLOW_COLOURS = {
    "legal": GLOW,
    "choice": GLOW_CHOICE,
    "selected": (255, 255, 255),
    "warn": WARN,
    "claim": WARN,
    "hint": HINT,
}


def draw_card(surface: pygame.Surface, images: CardImages, sprite: CardSprite) -> None:
    """Blit one sprite (flip, rotation, scale, glow); never changes the sprite."""
    if not sprite.visible:
        return
    w, h = images.size
    cx, cy = sprite.x, sprite.y - sprite.lift * h
    if 0.0 < sprite.turn < 1.0:  # mid-flip: squash horizontally
        show_face = sprite.turn >= 0.5
        base = images.face(sprite.card) if show_face and sprite.card is not None else images.back()
        fw = max(1, int(w * sprite.scale * abs(math.cos(math.pi * sprite.turn))))
        img = pygame.transform.scale(base, (fw, int(h * sprite.scale)))
    else:
        img = images.image(sprite.card, sprite.turn >= 1.0, sprite.angle, sprite.scale)
    rect = img.get_rect(center=(int(cx), int(cy)))
    if sprite.highlight:
        colour = _GLOW_COLOURS.get(sprite.highlight, GLOW)
        glow = pygame.Rect(0, 0, int(w * sprite.scale) + 10, int(h * sprite.scale) + 10)
        glow.center = rect.center
        if images.contrast:  # high contrast: a wider mark, and the bright yellow for the usual glow
            colour = CONTRAST_MARK if colour == GLOW else colour
            glow.inflate_ip(6, 6)
        shapes.rect(surface, colour, glow, width=7 if images.contrast else 4, border_radius=max(6, w // 10))
    if sprite.alpha < 255:
        img.set_alpha(sprite.alpha)
        surface.blit(img, rect)
        img.set_alpha(None)
    else:
        surface.blit(img, rect)


def hidden_under(sprites: list[CardSprite], size: tuple[int, int]) -> set[int]:
    """The ids of sprites (in drawing order) that a later, opaque sprite covers exactly: same place,
    turn and scale (a stack, a pile, the stock). Skipping them changes nothing one can see."""
    h = size[1]
    covering: set[tuple[int, int, int, int]] = set()
    out: set[int] = set()
    for s in reversed(sprites):
        if not s.visible:
            continue
        key = (int(s.x), int(s.y - s.lift * h), round(s.angle) % 360, round(s.scale * 20))
        if key in covering and not s.highlight:
            out.add(id(s))
        elif s.alpha >= 255 and not 0.0 < s.turn < 1.0:
            covering.add(key)
    return out

