"""The pygame_gui theme (brass, wood and baize) and the table's colours, in one place."""

from __future__ import annotations

import json
from typing import Any

from game.looks.resources import asset

# The table's own palette (drawn by our code, not by pygame_gui).
BAIZE = (22, 74, 44)
BAIZE_DARK = (12, 46, 27)
WOOD = (74, 44, 22)
WOOD_DARK = (44, 26, 13)
BRASS = (196, 160, 80)
BRASS_LIGHT = (240, 208, 128)
IVORY = (243, 230, 196)
INK = (30, 20, 12)
GLOW = (255, 214, 102)
GLOW_CHOICE = (120, 220, 255)
WARN = (240, 120, 90)
HINT = (255, 140, 220)  # the Master's advice: unlike every other glow on the table

TABLE_COLOURS: dict[str, tuple[int, int, int]] = {
    "green": BAIZE,
    "blue": (24, 54, 84),
    "red": (92, 28, 30),
    "brown": (70, 48, 30),
    "burgundy": (104, 30, 44),
    "walnut": (92, 62, 38),
    "slate": (56, 64, 72),
}

FONT_REGULAR = ("game", "fonts", "DejaVuSerif.ttf")
FONT_BOLD = ("game", "fonts", "DejaVuSerif-Bold.ttf")
FONT_ITALIC = ("game", "fonts", "DejaVuSerif-Italic.ttf")


def theme_dict(name: str = "salon") -> dict[str, Any]:
    """The JSON theme with its font paths made absolute (so it works from any folder and when frozen)."""
    data = json.loads(asset("game", "themes", f"{name}.json").read_text(encoding="utf-8"))
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if font:
            for key in ("regular_path", "bold_path", "italic_path", "bold_italic_path"):
                if key in font:
                    font[key] = str(asset(*font[key].split("/")))
    return data
