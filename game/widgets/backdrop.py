"""The art's table behind a pygame_gui screen, rendered off the render thread (plain baize meanwhile)."""

from __future__ import annotations

import pygame

from game.looks.resources import AssetError
from game.looks.themes import TABLE_COLOURS


def rail_width(size: tuple[int, int]) -> int:
    """How wide the art table's wooden rail is at this window size (screens keep clear of it)."""
    try:
        from game.looks.art import TableArt

        return int(TableArt.rail_width(size))
    except (AssetError, ImportError, OSError, pygame.error):  # no art: the plain baize's rim
        return max(8, min(size) // 70)


class Backdrop:
    """The cloth behind a screen: the art's table (cloth, rail, brass corners), rendered on a helper
    thread the first time a size and colour are needed; plain baize is shown until it is ready.
    The Settings, Statistics, Rules and New game screens share this, so they sit on the same table as
    the menu.
    """

    def __init__(self) -> None:
        from game.widgets.warm import Warmer

        self.warmer = Warmer()
        self._ready: dict[tuple[tuple[int, int], str], pygame.Surface] = {}
        self._pending: tuple[tuple[int, int], str] | None = None
        self._bg: pygame.Surface | None = None
        self._key: tuple[tuple[int, int], str] | None = None
        self._stand_in: tuple[tuple[int, int], str] | None = None

    def waiting(self) -> bool:
        """Plain baize stands in while the helper makes the table asked for last."""
        return self._pending is not None and self._pending != self._key and self.warmer.error is None

    def let_go(self) -> None:
        """The screen is covered or closed: the cloth is not held here (a table over it paints from its
        own form of it: 23.7 MB more at 3840x2160 if this one stayed). ``get`` takes it back at once."""
        self._bg, self._key, self._stand_in, self._pending = None, None, None, None
        self._ready = {}  # (a cloth still on its way lands in the old one, and goes with it)

    def get(self, size: tuple[int, int], colour: str) -> pygame.Surface:
        from game.widgets.felt import baize, table_background, table_background_kept

        key = (size, colour)
        if self._key == key and self._bg is not None:
            return self._bg
        if isinstance(self.warmer.error, AssetError):  # the table art is missing: say so, no stand-in
            raise self.warmer.error
        if table_background_kept(size, colour):  # at hand: no helper, no stand-in
            self._bg, self._key = table_background(size, colour), key
            return self._bg
        ready = self._ready.pop(key, None)
        if ready is not None:
            self._bg, self._key = ready, key
            return ready
        if self._pending != key and self.warmer.ready:
            self._pending = key
            store = self._ready
            self.warmer.start(lambda: store.__setitem__(key, table_background(size, colour)))
        if self._bg is None or self._bg.get_size() != size or self._stand_in != key:
            self._bg = baize(size, TABLE_COLOURS.get(colour, TABLE_COLOURS["green"]))
            self._stand_in = key
        return self._bg
