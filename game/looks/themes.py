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


def theme_dict(name: str = "salon", scale: float = 1.0) -> dict[str, Any]:
    """The JSON theme with its font paths made absolute (so it works from any folder and when frozen)
    and its font sizes ``scale`` times larger (the player's text size)."""
    data = json.loads(asset("game", "themes", f"{name}.json").read_text(encoding="utf-8"))
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if font:
            for key in ("regular_path", "bold_path", "italic_path", "bold_italic_path"):
                if key in font:
                    font[key] = str(asset(*font[key].split("/")))
    return scaled_theme(data, scale)


def scaled_theme(data: dict[str, Any], scale: float) -> dict[str, Any]:
    """``data`` (a pygame_gui theme) with every font size ``scale`` times larger, in place."""
    if scale != 1.0:
        for block in data.values():
            font = block.get("font") if isinstance(block, dict) else None
            if font and "size" in font:
                font["size"] = str(round(int(font["size"]) * scale))
    return data


# High contrast (Settings): a plain dark cloth, bright outlines and marks. Every text and index colour
# the table draws on it is checked against the cloth (``contrast_ratio`` ≥ 7, tests/game/test_contrast.py).
CONTRAST_CLOTH = (8, 9, 10)
CONTRAST_PLAQUE = (0, 0, 0)  # the plaques' ground (their words are the table's usual light colours)
CONTRAST_OUTLINE = (255, 255, 255)  # round every card and plaque
CONTRAST_MARK = (255, 236, 64)  # the focus and turn marks, wider
CARD_FACE = (255, 255, 255)  # under the bold indices
# The bold indices' colours by suit (spades, hearts, diamonds, clubs), two-colour and four-colour.
CONTRAST_INDEX = ((0, 0, 0), (170, 0, 0), (170, 0, 0), (0, 0, 0))
CONTRAST_INDEX_FOUR = ((0, 0, 0), (170, 0, 0), (0, 40, 160), (0, 100, 0))
# Every colour the tables write their words in (on the cloth or a plaque): checked against both grounds.
TABLE_TEXT_COLOURS = (IVORY, BRASS, BRASS_LIGHT, GLOW, GLOW_CHOICE, WARN, HINT, (205, 195, 165),
                      (200, 190, 160), (190, 180, 150), (220, 210, 180), (255, 214, 160))


def luminance(rgb: tuple[int, ...]) -> float:
    """WCAG 2's relative luminance of an sRGB colour."""

    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = rgb[:3]
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def contrast_ratio(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2's contrast ratio of two colours, 1 (the same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
