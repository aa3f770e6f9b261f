"""Card faces, backs, slots and the table cloth, rasterised from the SVG art once per size.

The SVGs under ``sprites/`` are drawn by ``tools/make_sprites.py``. Rasterising one costs about a
millisecond, so it happens only on first use at a size, on ``set_size`` after a window resize, or in
``warm()``: a steady frame only blits cached surfaces.

    art = CardArt(size=(100, 140), lang="ru", four_colour=False, back="burgundy")
    art.warm()                       # all 52 faces, the back and the slot at this size
    screen.blit(art.face("QS"), pos) # or an engine card int: art.face(49)
    art.set_size((120, 168))         # on resize: the old size is dropped, new images made lazily
    screen.blit(table_background(screen.get_size(), "green"), (0, 0))
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from engine import cards as C
from game.looks.resources import asset, resource_path, unreadable

CARD_VIEWBOX = (250, 350)  # every card, back and slot SVG has this aspect (2.5 : 3.5)
DEFAULT_BACK = "burgundy"
DECK_LANGS = ("en", "ru")
TABLE_COLOURS = ("green", "blue", "red", "brown")
# Windows of more pixels than this hold their opaque window-sized surfaces (the cloth) at 3 bytes a pixel.
COMPACT_FROM = 2560 * 1600

Size = tuple[int, int]


def card_size(height: int) -> Size:
    """The card size in pixels for a given height, at the art's 2.5 : 3.5 aspect."""
    h = max(1, int(height))
    return max(1, round(h * CARD_VIEWBOX[0] / CARD_VIEWBOX[1])), h


def deck_name(lang: str, four_colour: bool) -> str:
    """The folder of a deck variant: ``en-2c``, ``ru-4c`` (unknown languages use English indices)."""
    return f"{lang if lang in DECK_LANGS else 'en'}-{'4c' if four_colour else '2c'}"


def available_backs() -> list[str]:
    return sorted(p.stem for p in resource_path("sprites", "backs").glob("*.svg"))


def _finish(surf: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """Convert for fast blits when a display mode exists; headless, keep the loaded surface."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha() if alpha else surf.convert()
    return surf


def load_svg(path: Path, size: Size) -> pygame.Surface:
    """``pygame.image.load_sized_svg``, with a clear error naming a shipped file that cannot be read."""
    try:
        surf = pygame.image.load_sized_svg(str(path), size)
    except (pygame.error, OSError) as e:
        raise unreadable(path, e) from e
    return surf


def render_svg(path: Path, size: Size) -> pygame.Surface:
    """Rasterise an SVG to exactly ``size`` pixels (nanosvg keeps the aspect; we then fit it)."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    surf = load_svg(path, (w, h))
    if surf.get_size() != (w, h):
        surf = pygame.transform.smoothscale(surf, (w, h))  # SDL_image gives 32-bit RGBA
    return surf


def holds_compact(window: Size) -> bool:
    """Whether a window of this size holds its opaque surfaces at 24 bits (``to_compact``)."""
    return window[0] * window[1] > COMPACT_FROM


def to_compact(surf: pygame.Surface, window: Size) -> pygame.Surface:
    """An opaque 32-bit surface, at 24 bits when the window is large (``holds_compact``): a 3840x2160
    cloth is 23.7 MB instead of 31.6. The colours are the same: SDL blits it to the 32-bit window by its
    same-RGB path, 2.5 ms slower for the whole of a 4K window (a table painting in parts asks for
    ``to_full``: ``TableArt.background``)."""
    if not holds_compact(window) or surf.get_bitsize() != 32 or surf.get_flags() & pygame.SRCALPHA:
        return surf
    r, g, b, _ = surf.get_masks()
    out = pygame.Surface(surf.get_size(), 0, 24, (r, g, b, 0))
    out.blit(surf, (0, 0))
    return out


def to_full(surf: pygame.Surface) -> pygame.Surface:
    """A ``to_compact`` surface back at 4 bytes a pixel, in the window's format (the same colours)."""
    if surf.get_bytesize() != 3:
        return surf
    window = pygame.display.get_surface() if pygame.display.get_init() else None
    size = surf.get_size()
    out = pygame.Surface(size, 0, window) if window is not None else pygame.Surface(size)
    out.blit(surf, (0, 0))
    return out


def _card_name(card: int | str) -> str:
    return C.name(card) if isinstance(card, int) else C.name(C.parse(card))


class CardArt:
    """Card images at one current size, cached per (deck, card, size)."""

    def __init__(self, size: Size = (100, 140), lang: str = "en", four_colour: bool = False,
                 back: str = DEFAULT_BACK) -> None:
        self.size: Size = (int(size[0]), int(size[1]))
        self.deck = deck_name(lang, four_colour)
        self.back_name = back
        self._cache: dict[tuple[str, str, Size], pygame.Surface] = {}
        self.rendered = 0  # SVG rasterisations so far (a steady frame adds none)

    # --- settings -----------------------------------------------------------------------------

    def set_size(self, size: Size) -> bool:
        """Switch to a new card size; return True if it changed (images are then remade lazily)."""
        size = (int(size[0]), int(size[1]))
        if size == self.size:
            return False
        self.size = size
        self._cache = {k: v for k, v in self._cache.items() if k[2] == size}
        return True

    def forget(self) -> None:
        """Let go of every image made (they are made again when next asked for)."""
        self._cache = {}

    def set_deck(self, lang: str, four_colour: bool = False) -> None:
        self.deck = deck_name(lang, four_colour)

    def set_back(self, name: str) -> None:
        self.back_name = name

    # --- images -------------------------------------------------------------------------------

    def face(self, card: int | str, size: Size | None = None, lang: str | None = None,
             four_colour: bool | None = None) -> pygame.Surface:
        """The face of ``card`` (engine int or record notation like ``10C``)."""
        deck = self.deck
        if lang is not None or four_colour is not None:
            deck = deck_name(lang or self.deck[:2], self.deck.endswith("4c") if four_colour is None
                             else four_colour)
        name = _card_name(card)
        return self._get(deck, name, size, asset("sprites", "cards", deck, f"{name}.svg"))

    def back(self, size: Size | None = None, name: str | None = None) -> pygame.Surface:
        """A card back; an unknown name (a back removed from the art) falls back to the default."""
        name = name or self.back_name
        path = resource_path("sprites", "backs", f"{name}.svg")
        if not path.is_file():
            name = DEFAULT_BACK
            path = asset("sprites", "backs", f"{name}.svg")
        return self._get("back", name, size, path)

    def slot(self, size: Size | None = None) -> pygame.Surface:
        """An empty place for a card: a faint dashed outline."""
        return self._get("slot", "slot", size, asset("sprites", "slot.svg"))

    def warm(self, size: Size | None = None) -> int:
        """Rasterise all 52 faces of the current deck, the back and the slot now; return how many."""
        before = self.rendered
        for card in range(52):
            self.face(card, size)
        self.back(size)
        self.slot(size)
        return self.rendered - before

    def _get(self, deck: str, name: str, size: Size | None, path: Path) -> pygame.Surface:
        size = self.size if size is None else (int(size[0]), int(size[1]))
        key = (deck, name, size)
        surf = self._cache.get(key)
        if surf is None:
            surf = _finish(render_svg(path, size))
            self._cache[key] = surf
            self.rendered += 1
        return surf


class TableArt:
    """The table: baize cloth with a wooden rail and brass corners, one surface per window size."""

    def __init__(self) -> None:
        self._cache: dict[tuple[Size, str, bool], pygame.Surface] = {}
        self.rendered = 0

    @staticmethod
    def rail_width(size: Size) -> int:
        return max(12, round(min(size) * 0.028))

    def background(self, size: Size, colour: str = "green", frame: bool = True,
                   compact: bool | None = None) -> pygame.Surface:
        """The table for a window of ``size``, one surface kept per size and colour. In a large window
        (``holds_compact``) it is kept in one of two forms, and handed out as kept unless ``compact``
        asks: True at 3 bytes a pixel (the menu, which draws the whole window each frame: 7.9 MB less at
        3840x2160), False at 4 (a table painting the window in parts: the fastest blits). Asking for
        the other form converts the one kept (10-50 ms at 3840x2160, no new rasterisation)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = (size, colour, frame)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) >= 4:  # old window sizes are not coming back soon
                self._cache.clear()
            surf = _finish(self._compose(size, colour, frame), alpha=False)
            self.rendered += 1
        if compact is not None or key not in self._cache:
            surf = to_full(surf) if compact is False else to_compact(surf, size)
        self._cache[key] = surf
        return surf

    def kept(self, size: Size, colour: str = "green", frame: bool = True) -> bool:
        """Whether the table for this size and colour is kept (``background`` then rasterises nothing)."""
        return ((max(1, int(size[0])), max(1, int(size[1]))), colour, frame) in self._cache

    def _compose(self, size: Size, colour: str, frame: bool) -> pygame.Surface:
        w, h = size
        out = pygame.Surface(size)
        cloth = resource_path("sprites", "table", f"baize-{colour}.svg")
        if not cloth.is_file():
            cloth = asset("sprites", "table", "baize.svg")
        # cover the window with the cloth at its own aspect, centred (the edges are a vignette)
        scale = max(w / 1600, h / 1000)
        felt = load_svg(cloth, (math.ceil(1600 * scale), math.ceil(1000 * scale)))
        out.blit(felt, ((w - felt.get_width()) // 2, (h - felt.get_height()) // 2))
        if not frame:
            return out
        t = self.rail_width(size)
        rail = load_svg(asset("sprites", "table", "rail.svg"), (t * 25, t))
        rail = pygame.transform.smoothscale(rail, (max(w, h), t))
        top = rail.subsurface((0, 0, w, t))
        side = rail.subsurface((0, 0, h, t))
        # soft shadow the rail casts on the cloth
        shade = pygame.Surface(size, pygame.SRCALPHA)
        for i in range(6):
            a = 70 - i * 12
            inset = t + i - 1
            pygame.draw.rect(shade, (0, 0, 0, a), (inset, inset, w - 2 * inset, h - 2 * inset), width=1)
        out.blit(shade, (0, 0))
        out.blit(top, (0, 0))
        out.blit(pygame.transform.rotate(top, 180), (0, h - t))
        out.blit(pygame.transform.rotate(side, 90), (0, 0))
        out.blit(pygame.transform.rotate(side, -90), (w - t, 0))
        c = round(t * 2.2)
        corner = load_svg(asset("sprites", "table", "corner.svg"), (c, c))
        out.blit(corner, (0, 0))
        out.blit(pygame.transform.rotate(corner, -90), (w - c, 0))
        out.blit(pygame.transform.rotate(corner, 180), (w - c, h - c))
        out.blit(pygame.transform.rotate(corner, 90), (0, h - c))
        return out


_TABLE = TableArt()


def table_background(size: Size, colour: str = "green", frame: bool = True,
                     compact: bool | None = None) -> pygame.Surface:
    """The table for a window of ``size`` (cached per size and colour; remade only on resize)."""
    return _TABLE.background(size, colour, frame, compact)


def icon_surface() -> pygame.Surface:
    """The app's window icon (256 px PNG rendered from ``sprites/icon/salon.svg``)."""
    path = asset("sprites", "icon", "salon-256.png")
    try:
        return pygame.image.load(str(path))
    except (pygame.error, OSError) as e:
        raise unreadable(path, e) from e
