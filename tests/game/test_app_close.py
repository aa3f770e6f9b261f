"""Closing an app lets go of its fonts on its own thread, while pygame still runs: nothing of it is left
for the cycle collector to free later on another thread (a test worker makes hundreds of apps, with
the network's loop and the store's writer running)."""

from __future__ import annotations

import pygame
from helpers import headless_app


def test_an_app_closed_holds_no_font() -> None:
    from game.widgets import cards

    app = headless_app()
    fonts = [app.text.font(20), app.table_text.font(14, "bold")]
    assert all(f.size("Ералаш")[0] > 0 for f in fonts)
    cards.contrast_face(pygame.Surface((120, 180)), 12, "en", False)  # the indices' own fonts
    assert cards._INDEX_TEXT
    app.close()
    assert app.text._fonts == {} and app.table_text._fonts == {} and not cards._INDEX_TEXT
