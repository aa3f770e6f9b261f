"""The player's text size (Settings, ``--text-size``) and the windows each size is laid out for.

Every size is drawn wherever it fits: the layouts grow their plaques, sheets and panels with the text.
A window smaller than a size needs (``SMALLEST_WINDOW``) shows the largest size it holds instead, and
the app says so once (``App.apply_text_size``); the size chosen is kept and comes back when the window
grows again. The smoke (``salon --smoke --text-size N``) checks each size from its smallest window up.
"""

from __future__ import annotations

TEXT_SIZES = (100, 125, 150, 200)  # per cent (as game.store.settings offers them)
# The smallest window (width, height) each size is laid out for.
SMALLEST_WINDOW: dict[int, tuple[int, int]] = {
    100: (0, 0),
    125: (960, 600),
    150: (1280, 800),
    200: (1920, 1080),
}


def fitting_text_size(wanted: int, window: tuple[int, int]) -> int:
    """The size drawn in ``window`` for a player who chose ``wanted``: that size, or the largest
    smaller one the window holds."""
    w, h = window
    fits = [s for s in TEXT_SIZES if s <= wanted and holds((w, h), SMALLEST_WINDOW[s])]
    return max(fits, default=100)


def holds(window: tuple[int, int], smallest: tuple[int, int]) -> bool:
    return window[0] >= smallest[0] and window[1] >= smallest[1]
