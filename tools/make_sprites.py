"""Generate Salon's SVG art: 52 faces per deck variant, backs, table pieces, slot outline and app icon.

Run ``python tools/make_sprites.py`` from the repository root; it rewrites ``sprites/`` completely.
Everything is drawn from vector paths because SDL_image rasterises SVG with nanosvg, which has no
``<text>``, ``<use>``, ``<pattern>``, clip paths or filters: suits, index glyphs (2-10, J Q K A and
В Д К Т) and court figures are paths, repeated shapes are written out in full, and gradients use
percent or user-space coordinates (nanosvg misreads unitless bounding-box fractions).

Decks are ``{lang}-{colours}``: ``en``/``ru`` indices and two-colour (``2c``) or four-colour (``4c``)
suits. Files are ``sprites/cards/{deck}/{CARD}.svg`` with CARD in record notation (``10C``, ``QS``).
The app icon is also rendered to ``sprites/icon/salon-256.png``, ``salon.ico`` (Windows) and
``salon.icns`` (macOS) with pygame.
"""

from __future__ import annotations

import io
import math
import os
import random
import shutil
import struct
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "sprites"

W, H = 250, 350  # card viewBox, aspect 2.5:3.5
CX, CY = W / 2, H / 2
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = "SHDC"
INDEX = {
    "en": dict(zip(RANKS, RANKS, strict=True)),
    "ru": dict(zip(RANKS, ("2", "3", "4", "5", "6", "7", "8", "9", "10", "В", "Д", "К", "Т"), strict=True)),
}
INK = "#1b1714"
RED = "#c0182b"
COLOURS = {
    "2c": {"S": INK, "H": RED, "D": RED, "C": INK},
    "4c": {"S": INK, "H": RED, "D": "#1d56b3", "C": "#1b7a3a"},
}
DECKS = tuple(f"{lang}-{c}" for lang in ("en", "ru") for c in ("2c", "4c"))

GOLD = "#c8962e"
GOLD_LIGHT = "#ecd08a"
GOLD_DARK = "#7a5514"
OUTLINE = "#2a2018"
SKIN = "#f4dcc0"
CREAM = "#fbf6e9"


# ---------------------------------------------------------------------------------------------
# SVG helpers


def f(x: float) -> str:
    """A coordinate with at most one decimal and no trailing zeros (keeps files small)."""
    s = f"{x:.1f}"
    return s[:-2] if s.endswith(".0") else s


def svg_doc(body: Iterable[str], w: float = W, h: float = H, defs: str = "") -> str:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {f(w)} {f(h)}" '
        f'width="{f(w)}" height="{f(h)}">\n'
    )
    d = f"<defs>{defs}</defs>\n" if defs else ""
    return head + d + "\n".join(body) + "\n</svg>\n"


def path(d: str, fill: str = "none", stroke: str | None = None, sw: float = 0, extra: str = "") -> str:
    s = f'<path d="{d}" fill="{fill}"'
    if stroke:
        s += f' stroke="{stroke}" stroke-width="{f(sw)}" stroke-linejoin="round" stroke-linecap="round"'
    return s + (f" {extra}" if extra else "") + "/>"


def circle(cx: float, cy: float, r: float, fill: str = "none", stroke: str | None = None,
           sw: float = 0, extra: str = "") -> str:
    s = f'<circle cx="{f(cx)}" cy="{f(cy)}" r="{f(r)}" fill="{fill}"'
    if stroke:
        s += f' stroke="{stroke}" stroke-width="{f(sw)}"'
    return s + (f" {extra}" if extra else "") + "/>"


def ellipse(cx: float, cy: float, rx: float, ry: float, fill: str = "none", stroke: str | None = None,
            sw: float = 0, extra: str = "") -> str:
    s = f'<ellipse cx="{f(cx)}" cy="{f(cy)}" rx="{f(rx)}" ry="{f(ry)}" fill="{fill}"'
    if stroke:
        s += f' stroke="{stroke}" stroke-width="{f(sw)}"'
    return s + (f" {extra}" if extra else "") + "/>"


def rect(x: float, y: float, w: float, h: float, rx: float = 0, fill: str = "none",
         stroke: str | None = None, sw: float = 0, extra: str = "") -> str:
    s = f'<rect x="{f(x)}" y="{f(y)}" width="{f(w)}" height="{f(h)}"'
    if rx:
        s += f' rx="{f(rx)}"'
    s += f' fill="{fill}"'
    if stroke:
        s += f' stroke="{stroke}" stroke-width="{f(sw)}"'
    return s + (f" {extra}" if extra else "") + "/>"


def group(items: Iterable[str], transform: str = "", extra: str = "") -> str:
    t = f' transform="{transform}"' if transform else ""
    e = f" {extra}" if extra else ""
    return f"<g{t}{e}>" + "".join(items) + "</g>"


def linear(gid: str, stops: list[tuple[float, str]], x1: str = "0%", y1: str = "0%",
           x2: str = "0%", y2: str = "100%") -> str:
    st = "".join(f'<stop offset="{int(o * 100)}%" stop-color="{c}"/>' for o, c in stops)
    return f'<linearGradient id="{gid}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}">{st}</linearGradient>'


def radial(gid: str, stops: list[tuple[float, str]], cx: str = "50%", cy: str = "50%", r: str = "50%",
           opacities: list[float] | None = None) -> str:
    parts = []
    for i, (o, c) in enumerate(stops):
        op = f' stop-opacity="{opacities[i]}"' if opacities else ""
        parts.append(f'<stop offset="{int(o * 100)}%" stop-color="{c}"{op}/>')
    return f'<radialGradient id="{gid}" cx="{cx}" cy="{cy}" r="{r}">{"".join(parts)}</radialGradient>'


def mirror_x(points: list[tuple[float, float]], cx: float) -> list[tuple[float, float]]:
    return [(2 * cx - x, y) for x, y in points]


# ---------------------------------------------------------------------------------------------
# Suit pips: each drawn centred on (0, 0), 100 units tall, as one or more filled shapes.


def pip_shapes(suit: str, fill: str) -> list[str]:
    if suit == "H":
        return [path("M0 46 C-9 28 -48 8 -48 -18 C-48 -37 -35 -48 -22 -48 C-10 -48 -3 -40 0 -29 "
                     "C3 -40 10 -48 22 -48 C35 -48 48 -37 48 -18 C48 8 9 28 0 46 Z", fill)]
    if suit == "D":
        return [path("M0 -50 C10 -34 24 -16 38 0 C24 16 10 34 0 50 C-10 34 -24 16 -38 0 "
                     "C-24 -16 -10 -34 0 -50 Z", fill)]
    if suit == "S":
        return [path("M0 -50 C-9 -30 -48 -8 -48 15 C-48 32 -36 41 -23 41 C-13 41 -6 36 -3 29 "
                     "C-4 39 -9 46 -18 50 L18 50 C9 46 4 39 3 29 C6 36 13 41 23 41 "
                     "C36 41 48 32 48 15 C48 -8 9 -30 0 -50 Z", fill)]
    # clubs: three lobes, a filled heart between them and a flared stem
    return [
        circle(0, -24, 21.5, fill),
        circle(-23.5, 11, 21.5, fill),
        circle(23.5, 11, 21.5, fill),
        path("M0 -12 L-16 12 L16 12 Z", fill),
        path("M-3.5 8 C-3.5 28 -9 42 -19 50 L19 50 C9 42 3.5 28 3.5 8 Z", fill),
    ]


def pip(suit: str, fill: str, x: float, y: float, size: float, flip: bool = False) -> str:
    """A suit pip ``size`` units tall centred at (x, y), upside down when ``flip``."""
    t = f"translate({f(x)} {f(y)}) scale({size / 100:.4g})"
    if flip:
        t += " rotate(180)"
    return group(pip_shapes(suit, fill), t)


# ---------------------------------------------------------------------------------------------
# Index glyphs: stroked paths in a box 100 units tall; value is (path, advance width).

GLYPHS: dict[str, tuple[str, float]] = {
    "2": ("M9 27 C9 11 20 3 32 3 C46 3 55 13 55 26 C55 45 36 60 8 97 L57 97", 64),
    "3": ("M10 15 C15 7 23 3 32 3 C46 3 54 12 54 25 C54 38 44 47 29 47 C46 47 57 57 57 72 "
          "C57 88 45 97 31 97 C21 97 12 92 7 83", 64),
    "4": ("M44 97 L44 3 L5 70 L60 70", 64),
    "5": ("M53 3 L17 3 L13 44 C19 39 25 37 32 37 C47 37 57 49 57 67 C57 86 45 97 31 97 "
          "C21 97 12 92 7 84", 64),
    "6": ("M52 11 C46 5 40 3 33 3 C17 3 8 21 8 52 C8 82 18 97 33 97 C48 97 57 86 57 70 "
          "C57 54 47 43 33 43 C21 43 11 51 8 62", 64),
    "7": ("M6 3 L57 3 C40 31 29 61 25 97", 64),
    "8": ("M32 47 C19 47 11 39 11 25 C11 11 20 3 32 3 C44 3 53 11 53 25 C53 39 45 47 32 47 "
          "C17 47 7 58 7 72 C7 88 18 97 32 97 C46 97 57 88 57 72 C57 58 47 47 32 47 Z", 64),
    "9": ("M12 89 C18 95 24 97 31 97 C47 97 56 79 56 48 C56 18 46 3 31 3 C16 3 7 14 7 30 "
          "C7 46 17 57 31 57 C43 57 53 49 56 38", 64),
    "1": ("M5 17 L19 3 L19 97", 26),
    "0": ("M22 3 C9 3 3 24 3 50 C3 76 9 97 22 97 C35 97 41 76 41 50 C41 24 35 3 22 3 Z", 44),
    "J": ("M30 3 L58 3 M46 3 L46 71 C46 88 38 97 26 97 C14 97 8 89 6 79", 64),
    "Q": ("M32 3 C16 3 6 23 6 50 C6 77 16 97 32 97 C48 97 58 77 58 50 C58 23 48 3 32 3 Z "
          "M35 72 L59 99", 64),
    "K": ("M10 3 L10 97 M56 3 L10 61 M27 41 L58 97", 64),
    "A": ("M4 97 L32 3 L60 97 M14 66 L50 66", 64),
    "В": ("M10 3 L10 97 L34 97 C48 97 57 88 57 72 C57 56 47 47 32 47 L10 47 M10 3 L33 3 "
          "C45 3 53 11 53 25 C53 39 45 47 32 47", 64),
    "Д": ("M3 112 L3 90 L61 90 L61 112 M9 90 C17 66 21 36 21 3 L53 3 L53 90", 64),
    "К": ("M10 3 L10 97 M10 50 L20 50 C30 50 34 40 40 26 C45 14 49 3 58 3 M20 50 C30 50 36 62 58 97", 64),
    "Т": ("M4 3 L60 3 M32 3 L32 97", 64),
}
GLYPHS["10"] = ("", 0)  # composed of "1" and "0", see index_text


def index_text(text: str, fill: str, cx: float, top: float, height: float, sw: float) -> str:
    """Draw an index string (``10``, ``Д``) centred on ``cx`` with its cap height ``height``."""
    chars = ["1", "0"] if text == "10" else [text]
    gap = 4.0
    total = sum(GLYPHS[c][1] for c in chars) + gap * (len(chars) - 1)
    s = height / 100
    x = cx - total * s / 2
    out = []
    for c in chars:
        d, adv = GLYPHS[c]
        out.append(group([path(d, "none", fill, sw / s)], f"translate({f(x)} {f(top)}) scale({s:.4g})"))
        x += (adv + gap) * s
    return "".join(out)


def corner_index(rank: str, suit: str, lang: str, colour: str) -> str:
    """Rank glyph and a small pip at top-left; the same turned round at bottom-right."""
    label = INDEX[lang][rank]
    narrow = label == "10"
    one = [
        index_text(label, colour, 24, 13, 40 if not narrow else 37, 6.0 if not narrow else 5.4),
        pip(suit, colour, 24, 74, 26),
    ]
    return group(one) + group(one, f"rotate(180 {f(CX)} {f(CY)})")


# ---------------------------------------------------------------------------------------------
# Card faces


def card_blank() -> str:
    return rect(1.5, 1.5, W - 3, H - 3, 14, "#fffdf8", "#8c8272", 1.6)


# Standard French pip positions as (column, row) with column -1/0/1 and rows in card units.
COL = {-1: 80, 0: CX, 1: 170}
ROW4 = (72, 141.3, 208.7, 278)


def pip_layout(n: int) -> list[tuple[float, float]]:
    top, bot, mid = ROW4[0], ROW4[3], CY
    upper = (top + mid) / 2
    lower = (mid + bot) / 2
    L, C, R = COL[-1], COL[0], COL[1]  # noqa: N806 - column names read like the layouts
    layouts = {
        2: [(C, top), (C, bot)],
        3: [(C, top), (C, mid), (C, bot)],
        4: [(L, top), (R, top), (L, bot), (R, bot)],
        5: [(L, top), (R, top), (C, mid), (L, bot), (R, bot)],
        6: [(L, top), (R, top), (L, mid), (R, mid), (L, bot), (R, bot)],
        7: [(L, top), (R, top), (C, upper), (L, mid), (R, mid), (L, bot), (R, bot)],
        8: [(L, top), (R, top), (C, upper), (L, mid), (R, mid), (C, lower), (L, bot), (R, bot)],
        9: [(x, y) for y in ROW4 for x in (L, R)] + [(C, mid)],
        10: [(x, y) for y in ROW4 for x in (L, R)]
        + [(C, (ROW4[0] + ROW4[1]) / 2), (C, (ROW4[2] + ROW4[3]) / 2)],
    }
    return layouts[n]


def pip_card(rank: str, suit: str, colour: str) -> list[str]:
    size = 46
    return [pip(suit, colour, x, y, size, flip=y > CY + 1) for x, y in pip_layout(int(rank))]


def ace_card(suit: str, colour: str) -> list[str]:
    if suit == "S":
        return ace_of_spades(colour)
    out = [
        ellipse(CX, CY, 78, 92, "none", GOLD, 1.4),
        ellipse(CX, CY, 73, 87, "none", GOLD, 0.6),
    ]
    # a ring of small leaves on the oval, at the four diagonals and the poles
    for k in range(16):
        a = 2 * math.pi * k / 16
        x, y = CX + 78 * math.sin(a), CY - 92 * math.cos(a)
        deg = math.degrees(a)
        if k % 4 == 0:
            out.append(group(pip_shapes(suit, colour), f"translate({f(x)} {f(y)}) rotate({f(deg)}) "
                                                       f"scale(0.11)"))
        else:
            out.append(group([path("M0 -7 C4 -3 4 3 0 7 C-4 3 -4 -3 0 -7 Z", GOLD)],
                             f"translate({f(x)} {f(y)}) rotate({f(deg)})"))
    out.append(pip(suit, colour, CX, CY, 104))
    # a thin light inlay echoing the outline gives the big pip an engraved look
    out.append(group([s.replace(f'fill="{colour}"', 'fill="none" stroke="#ffffff" stroke-width="2.2" '
                                'stroke-opacity="0.55"') for s in pip_shapes(suit, colour)],
                     f"translate({f(CX)} {f(CY)}) scale(0.82)"))
    return out


def ace_of_spades(colour: str) -> list[str]:
    out: list[str] = []
    # laurel-like scrolls either side, drawn for the left and mirrored for the right
    scroll = ("M-26 62 C-50 66 -76 50 -82 18 C-88 -8 -76 -36 -56 -48 C-70 -30 -74 -6 -66 14 "
              "C-58 34 -44 46 -24 52 Z")
    curl = "M-56 -48 C-46 -58 -30 -58 -26 -46 C-24 -38 -32 -34 -38 -38"
    for sx in (1, -1):
        g = [path(scroll, GOLD, OUTLINE, 1.0), path(curl, "none", GOLD_DARK, 2.2)]
        for k in range(6):  # leaves along the scroll
            t = 0.12 + k * 0.14
            a = math.pi * (0.15 + 0.75 * t)
            x, y = -78 * math.sin(a) + 4, 60 - 108 * t
            g.append(group([path("M0 0 C6 -6 14 -6 18 0 C14 6 6 6 0 0 Z", GOLD_LIGHT, GOLD_DARK, 0.8)],
                           f"translate({f(x)} {f(y)}) rotate({f(200 + 25 * k)})"))
        out.append(group(g, f"translate({f(CX)} {f(CY)}) scale({sx} 1)"))
    # a fan of acanthus leaves rising behind the spade's point
    fan = []
    for k in range(-5, 6):
        long = k % 2 == 0
        ln = 50 if long else 36
        leaf = (f"M0 0 C{f(ln * 0.2)} {f(-ln * 0.3)} {f(ln * 0.16)} {f(-ln * 0.8)} 0 {f(-ln)} "
                f"C{f(-ln * 0.16)} {f(-ln * 0.8)} {f(-ln * 0.2)} {f(-ln * 0.3)} 0 0 Z")
        fan.append(group([path(leaf, GOLD if long else GOLD_LIGHT, GOLD_DARK, 0.9),
                          path(f"M0 -4 L0 {f(-ln + 6)}", "none", GOLD_DARK, 0.7)],
                         f"rotate({k * 13})"))
        if long:
            fan.append(group([circle(0, -ln - 5, 2.6, GOLD_LIGHT, GOLD_DARK, 0.6)], f"rotate({k * 13})"))
    out.append(group(fan, f"translate({f(CX)} {f(CY - 52)})"))
    # the spade itself, large, with a gold edge and an engraved inner line and central rosette
    out.append(group([s.replace("/>", f' stroke="{GOLD}" stroke-width="2.4"/>')
                      for s in pip_shapes("S", colour)], f"translate({f(CX)} {f(CY)}) scale(1.24)"))
    out.append(group([s.replace(f'fill="{colour}"', f'fill="none" stroke="{GOLD_LIGHT}" stroke-width="1.6"')
                      for s in pip_shapes("S", colour)], f"translate({f(CX)} {f(CY - 2)}) scale(0.98)"))
    ros = [circle(0, 0, 15, "none", GOLD_LIGHT, 1.4)]
    for k in range(8):
        ros.append(group([path("M0 -4 C5 -9 5 -15 0 -20 C-5 -15 -5 -9 0 -4 Z", GOLD_LIGHT)],
                         f"rotate({k * 45})"))
    ros.append(circle(0, 0, 4, GOLD_LIGHT))
    out.append(group(ros, f"translate({f(CX)} {f(CY + 4)})"))
    # ribbon under the stem
    out.append(path(f"M{f(CX - 60)} {f(CY + 84)} C{f(CX - 30)} {f(CY + 76)} {f(CX + 30)} {f(CY + 76)} "
                    f"{f(CX + 60)} {f(CY + 84)} L{f(CX + 52)} {f(CY + 92)} L{f(CX + 62)} {f(CY + 100)} "
                    f"C{f(CX + 30)} {f(CY + 92)} {f(CX - 30)} {f(CY + 92)} {f(CX - 62)} {f(CY + 100)} "
                    f"L{f(CX - 52)} {f(CY + 92)} Z", "#8e1b22", OUTLINE, 1.0))
    out.append(path(f"M{f(CX - 44)} {f(CY + 86)} C{f(CX - 20)} {f(CY + 81)} {f(CX + 20)} {f(CY + 81)} "
                    f"{f(CX + 44)} {f(CY + 86)}", "none", GOLD_LIGHT, 1.2))
    return out


# ---------------------------------------------------------------------------------------------
# Court cards: an original double-ended half-figure inside a gilt frame.

FRAME = (46, 16, 204, 334)  # x0, y0, x1, y1

PALETTE = {  # robe, second colour, trim, hair
    "S": ("#24395e", "#8e1b22", GOLD, {"K": "#8d8a86", "Q": "#2b2118", "J": "#3b2616"}),
    "H": ("#a3212b", "#24395e", GOLD, {"K": "#6b4423", "Q": "#8a3b1c", "J": "#c9973a"}),
    "D": ("#d19a27", "#a3212b", "#24395e", {"K": "#e6e0d4", "Q": "#c9973a", "J": "#6b4423"}),
    "C": ("#2c6a40", "#d19a27", "#a3212b", {"K": "#4a3323", "Q": "#3b2616", "J": "#8a3b1c"}),
}


def face_features(cx: float, cy: float, female: bool) -> list[str]:
    """Eyes, brows, nose and mouth of a head centred at (cx, cy)."""
    out = []
    for sx in (-1, 1):
        ex = cx + sx * 7.5
        out.append(ellipse(ex, cy - 1, 3.2, 1.9, "#ffffff", OUTLINE, 0.7))
        out.append(circle(ex + sx * 0.4, cy - 1, 1.3, "#2b3d5c"))
        out.append(path(f"M{f(ex - 4.5)} {f(cy - 6 + (1 if female else 0))} Q{f(ex)} {f(cy - 9)} "
                        f"{f(ex + 4.5)} {f(cy - 6 + (1 if female else 0))}", "none", OUTLINE, 1.1))
    out.append(path(f"M{f(cx - 0.5)} {f(cy - 2)} L{f(cx - 2.5)} {f(cy + 7)} L{f(cx + 1.5)} {f(cy + 7.5)}",
                    "none", "#9c6b4a", 1.0))
    lips = "#b8323a" if female else "#a5474a"
    out.append(path(f"M{f(cx - 5)} {f(cy + 12)} Q{f(cx)} {f(cy + 15)} {f(cx + 5)} {f(cy + 12)} "
                    f"Q{f(cx)} {f(cy + 11)} {f(cx - 5)} {f(cy + 12)} Z", lips, lips, 0.8))
    if female:
        for sx in (-1, 1):
            out.append(circle(cx + sx * 10, cy + 6, 3.5, "#e9a7a0", extra='fill-opacity="0.5"'))
    return out


# Heads are drawn at natural size then enlarged about the neck, so the face reads at small sizes.
HEAD_ZOOM = "translate(125 122) scale(1.16) translate(-125 -122)"


def court_half(rank: str, suit: str, colour: str) -> list[str]:
    """The top half of a court card (y from FRAME top to the centre line)."""
    robe, second, trim, hair_map = PALETTE[suit]
    hair = hair_map[rank]
    x0, y0, x1, _ = FRAME
    hx, hy = CX, 92  # head centre
    out: list[str] = []
    alt = suit in "HC"  # the second design of attributes for hearts and clubs

    # --- attribute held behind the figure (drawn first so the robe overlaps it)
    if rank == "K":
        if not alt:  # sceptre with a fleur
            out.append(path(f"M74 {f(CY)} L84 60", "none", GOLD_DARK, 5))
            out.append(path(f"M74 {f(CY)} L84 60", "none", GOLD, 3))
            out.append(group([path("M0 0 C-4 -6 -10 -8 -10 -14 C-6 -12 -3 -12 0 -8 C3 -12 6 -12 10 -14 "
                                   "C10 -8 4 -6 0 0 Z M0 -6 C-3 -12 -3 -18 0 -24 C3 -18 3 -12 0 -6 Z",
                                   GOLD, GOLD_DARK, 0.8)], "translate(84.5 60) rotate(14)"))
        else:  # sword, point up
            out.append(path("M171 172 L177 60 L182 60 L177 172 Z M177 60 L179.5 52 L182 60 "
                            "Z", "#d8dde3", "#5b6470", 0.9))
            out.append(path("M179.3 64 L178.5 146", "none", "#ffffff", 0.8))
            out.append(path("M163 149 L191 151", "none", GOLD_DARK, 5))
            out.append(path("M163 149 L191 151", "none", GOLD, 3))
    elif rank == "J":
        if not alt:  # halberd
            out.append(path(f"M176 {f(CY)} L170 56", "none", "#5a3a1e", 4))
            out.append(path("M170 58 L167 46 L173 58 Z M169 64 C158 58 154 70 160 78 L170 74 Z "
                            "M171 64 C180 62 184 68 182 72 L171 72 Z", "#cfd5dc", "#4f5660", 0.9))
        else:  # a staff with a tassel
            out.append(path(f"M72 {f(CY)} L80 52", "none", "#5a3a1e", 4))
            out.append(circle(80.5, 50, 5, GOLD, GOLD_DARK, 0.8))
            out.append(path("M78 56 C74 66 74 76 76 84 M81 56 C80 66 80 76 82 84", "none", second, 2.2))

    hair_start = len(out)
    # --- hair behind the head (queen's long hair, jack's bob)
    if rank == "Q":
        out.append(path(f"M{f(hx - 24)} {f(hy - 8)} C{f(hx - 30)} {f(hy + 20)} {f(hx - 30)} {f(hy + 40)} "
                        f"{f(hx - 36)} {f(hy + 50)} L{f(hx + 36)} {f(hy + 50)} C{f(hx + 30)} {f(hy + 40)} "
                        f"{f(hx + 30)} {f(hy + 20)} {f(hx + 24)} {f(hy - 8)} Z", hair, OUTLINE, 1.0))
    elif rank == "J":
        out.append(path(f"M{f(hx - 23)} {f(hy - 10)} C{f(hx - 28)} {f(hy + 8)} {f(hx - 26)} {f(hy + 22)} "
                        f"{f(hx - 18)} {f(hy + 26)} L{f(hx + 18)} {f(hy + 26)} C{f(hx + 26)} {f(hy + 22)} "
                        f"{f(hx + 28)} {f(hy + 8)} {f(hx + 23)} {f(hy - 10)} Z", hair, OUTLINE, 1.0))
        for sx in (-1, 1):
            out.append(path(f"M{f(hx + sx * 22)} {f(hy + 2)} C{f(hx + sx * 27)} {f(hy + 10)} "
                            f"{f(hx + sx * 24)} {f(hy + 18)} {f(hx + sx * 19)} {f(hy + 22)}",
                            "none", OUTLINE, 0.8, 'stroke-opacity="0.6"'))

    out.append(group(out[hair_start:], HEAD_ZOOM))
    del out[hair_start:-1]

    # --- robe: shoulders to the centre line
    shoulders = (f"M{f(x0 + 3)} {f(CY)} L{f(x0 + 3)} 156 C{f(x0 + 5)} 138 {f(x0 + 22)} 128 100 122 L150 122 "
                 f"C{f(x1 - 22)} 128 {f(x1 - 5)} 138 {f(x1 - 3)} 156 L{f(x1 - 3)} {f(CY)} Z")
    out.append(path(shoulders, robe, OUTLINE, 1.2))
    out.append(path(shoulders, "url(#shade)"))
    if rank == "K":
        # front panel with gold buttons, ermine cape over the shoulders
        out.append(path(f"M108 {f(CY)} L112 128 L138 128 L142 {f(CY)} Z", second, OUTLINE, 1.0))
        for k in range(4):
            out.append(circle(CX, 136 + k * 10, 2.6, GOLD_LIGHT, GOLD_DARK, 0.7))
        cape = ("M66 150 C72 134 86 124 100 121 L150 121 C164 124 178 134 184 150 "
                "C172 146 160 144 150 146 C140 136 110 136 100 146 C90 144 78 146 66 150 Z")
        out.append(path(cape, "#fbfaf5", OUTLINE, 1.0))
        for x, y in ((80, 140), (96, 131), (154, 131), (170, 140), (113, 128), (137, 128)):
            out.append(path(f"M{f(x)} {f(y - 3)} L{f(x - 1.8)} {f(y + 3)} L{f(x + 1.8)} {f(y + 3)} "
                            f"Z", "#1b1714"))
    elif rank == "Q":
        # square neckline with a pearl necklace and a lace trim
        out.append(path("M100 124 L104 146 L146 146 L150 124 Z", SKIN, OUTLINE, 1.0))
        out.append(path("M100 124 L104 146 L146 146 L150 124", "none", trim, 3.2))
        out.append(path("M100 124 L104 146 L146 146 L150 124", "none", OUTLINE, 0.6))
        pearls = [(CX + 20 * math.sin(t), 128 + 8 * math.cos(t)) for t in
                  [(-1.3 + 2.6 * k / 10) for k in range(11)]]
        out.extend(circle(x, y, 1.7, "#ffffff", "#8a8a8a", 0.4) for x, y in pearls)
        out.append(path("M122 136 L125 141 L128 136 L125 132 Z", second, OUTLINE, 0.6))
        out.append(path(f"M104 146 L108 {f(CY)} M146 146 L142 {f(CY)}", "none", trim, 2.4))
        # bodice lacing
        out.append(path(" ".join(f"M{f(114 + k * 0.6)} {f(152 + k * 6)} L{f(136 - k * 0.6)} {f(155 + k * 6)}"
                                 for k in range(4)), "none", GOLD_LIGHT, 1.2))
    else:
        # doublet with vertical stripes and a white ruff collar
        stripes = " ".join(f"M{f(CX + dx)} 132 L{f(CX + dx * 1.15)} "
                           f"{f(CY)}" for dx in (-30, -18, -6, 6, 18, 30))
        out.append(path(stripes, "none", second, 3.4, 'stroke-opacity="0.85"'))
        out.append(path(f"M{f(CX)} 130 L{f(CX)} {f(CY)}", "none", trim, 2.2))
        ruff = []
        for k in range(9):
            x = 101 + k * 6
            ruff.append(f"M{f(x)} 124 C{f(x - 1)} 132 {f(x + 7)} 132 {f(x + 6)} 124")
        out.append(path("M98 124 C100 133 150 133 152 124 C140 119 110 119 98 124 "
                        "Z", "#fbfaf5", OUTLINE, 1.0))
        out.append(path(" ".join(ruff), "none", "#a9a49a", 0.7))

    # --- arms: one hand holds the attribute at the side, the other rests on the chest
    hold_left = (rank == "K" and not alt) or (rank == "J" and alt) or (rank == "Q" and alt)
    sleeve = second if rank != "K" else robe
    for side in (-1, 1):
        holding = (side == -1) == hold_left
        sx = CX + side * 58
        hand = (CX + side * 48, 161) if holding else (CX - side * 8, 147)
        ctrl = (CX + side * 66, 166) if holding else (CX + side * 36, 162)
        arm = f"M{f(sx)} 140 Q{f(ctrl[0])} {f(ctrl[1])} {f(hand[0])} {f(hand[1])}"
        out.append(path(arm, "none", OUTLINE, 16.5))
        out.append(path(arm, "none", sleeve, 14.4))
        out.append(path(f"M{f(sx - side * 2)} 146 Q{f(ctrl[0] - side * 6)} {f(ctrl[1] - 6)} "
                        f"{f((ctrl[0] + hand[0]) / 2)} {f((ctrl[1] + hand[1]) / 2 - 6)}",
                        "none", "#ffffff", 1.4, 'stroke-opacity="0.25"'))
        cuff_x = hand[0] + (ctrl[0] - hand[0]) * 0.22
        cuff_y = hand[1] + (ctrl[1] - hand[1]) * 0.22
        tilt = math.degrees(math.atan2(ctrl[1] - hand[1], ctrl[0] - hand[0]))
        out.append(ellipse(cuff_x, cuff_y, 3.6, 8.2, trim, OUTLINE, 0.9,
                           f'transform="rotate({f(tilt)} {f(cuff_x)} {f(cuff_y)})"'))
        out.append(ellipse(hand[0], hand[1], 7.5, 6.2, SKIN, OUTLINE, 0.9))
        out.append(path(f"M{f(hand[0] - 4)} {f(hand[1] - 1)} L{f(hand[0] + 4)} {f(hand[1] - 1)} "
                        f"M{f(hand[0] - 4)} {f(hand[1] + 2)} L{f(hand[0] + 4)} {f(hand[1] + 2)}",
                        "none", "#b08a6a", 0.6))

    head_start = len(out)
    front: list[str] = []  # things held in front of the figure, drawn after the head
    # --- neck and head
    out.append(path(f"M{f(hx - 8)} {f(hy + 18)} L{f(hx - 9)} 126 L{f(hx + 9)} 126 L{f(hx + 8)} "
                    f"{f(hy + 18)} Z",
                    SKIN, OUTLINE, 1.0))
    out.append(ellipse(hx, hy, 19, 23, SKIN, OUTLINE, 1.2))
    for sx in (-1, 1):  # ears
        out.append(ellipse(hx + sx * 19, hy + 1, 3, 5.5, SKIN, OUTLINE, 0.9))
    out.extend(face_features(hx, hy + 1, rank == "Q"))

    # --- hair on the head, beard, headwear
    if rank == "K":
        out.append(path(f"M{f(hx - 19)} {f(hy - 6)} C{f(hx - 18)} {f(hy - 20)} {f(hx + 18)} {f(hy - 20)} "
                        f"{f(hx + 19)} {f(hy - 6)} C{f(hx + 12)} {f(hy - 14)} {f(hx - 12)} {f(hy - 14)} "
                        f"{f(hx - 19)} {f(hy - 6)} Z", hair, OUTLINE, 0.9))
        beard = (f"M{f(hx - 19)} {f(hy + 2)} C{f(hx - 20)} {f(hy + 24)} {f(hx - 10)} {f(hy + 36)} {f(hx)} "
                 f"{f(hy + 40)} C{f(hx + 10)} {f(hy + 36)} {f(hx + 20)} {f(hy + 24)} {f(hx + 19)} "
                 f"{f(hy + 2)} "
                 f"C{f(hx + 14)} {f(hy + 14)} {f(hx + 8)} {f(hy + 18)} {f(hx)} {f(hy + 18)} "
                 f"C{f(hx - 8)} {f(hy + 18)} {f(hx - 14)} {f(hy + 14)} {f(hx - 19)} {f(hy + 2)} Z")
        out.append(path(beard, hair, OUTLINE, 1.0))
        out.append(path(f"M{f(hx - 12)} {f(hy + 13)} C{f(hx - 6)} {f(hy + 8)} {f(hx - 2)} "
                        f"{f(hy + 9)} {f(hx)} "
                        f"{f(hy + 11)} C{f(hx + 2)} {f(hy + 9)} {f(hx + 6)} {f(hy + 8)} "
                        f"{f(hx + 12)} {f(hy + 13)} "
                        f"C{f(hx + 6)} {f(hy + 12)} {f(hx + 2)} {f(hy + 13)} {f(hx)} {f(hy + 13)} "
                        f"C{f(hx - 2)} {f(hy + 13)} {f(hx - 6)} {f(hy + 12)} {f(hx - 12)} {f(hy + 13)} Z",
                        hair, OUTLINE, 0.7))
        out.append(path(" ".join(f"M{f(hx + dx)} {f(hy + 22)} C{f(hx + dx * 1.1)} {f(hy + 28)} "
                                 f"{f(hx + dx * 0.9)} {f(hy + 32)} {f(hx + dx * 0.6)} {f(hy + 36)}"
                                 for dx in (-10, -4, 4, 10)), "none", OUTLINE, 0.6, 'stroke-opacity="0.55"'))
        # crown: band, five points with pearls, jewels
        cb = hy - 17
        crown = (f"M{f(hx - 24)} {f(cb)} L{f(hx - 27)} {f(cb - 24)} L{f(hx - 15)} {f(cb - 12)} "
                 f"L{f(hx - 8)} {f(cb - 30)} L{f(hx)} {f(cb - 14)} L{f(hx + 8)} {f(cb - 30)} "
                 f"L{f(hx + 15)} {f(cb - 12)} L{f(hx + 27)} {f(cb - 24)} L{f(hx + 24)} {f(cb)} Z")
        out.append(path(f"M{f(hx - 20)} {f(cb - 2)} C{f(hx - 18)} {f(cb - 26)} {f(hx + 18)} {f(cb - 26)} "
                        f"{f(hx + 20)} {f(cb - 2)} Z", second, OUTLINE, 0.8))
        out.append(path(crown, GOLD, GOLD_DARK, 1.1))
        out.append(rect(hx - 25, cb - 4, 50, 8, 2, GOLD_LIGHT, GOLD_DARK, 1.0))
        for px, py in ((-27, -24), (-8, -30), (8, -30), (27, -24)):
            out.append(circle(hx + px, cb + py - 2, 2.4, "#ffffff", "#8a8a8a", 0.5))
        for k, jx in enumerate((-14, 0, 14)):
            out.append(ellipse(hx + jx, cb, 2.6 if k != 1 else 3.2, 2.4, "#b01e2e" if k != 1 else "#1d56b3",
                               OUTLINE, 0.5))
    elif rank == "Q":
        out.append(path(f"M{f(hx - 20)} {f(hy - 2)} C{f(hx - 20)} {f(hy - 24)} {f(hx + 20)} {f(hy - 24)} "
                        f"{f(hx + 20)} {f(hy - 2)} C{f(hx + 12)} {f(hy - 14)} {f(hx + 2)} "
                        f"{f(hy - 16)} {f(hx)} "
                        f"{f(hy - 12)} C{f(hx - 2)} {f(hy - 16)} {f(hx - 12)} {f(hy - 14)} "
                        f"{f(hx - 20)} {f(hy - 2)} Z",
                        hair, OUTLINE, 0.9))
        # tiara: a curved band rising to a central jewel, with small leaves
        tb = hy - 19
        out.append(path(f"M{f(hx - 18)} {f(tb + 4)} C{f(hx - 12)} {f(tb - 6)} {f(hx - 6)} {f(tb - 10)} "
                        f"{f(hx)} {f(tb - 18)} C{f(hx + 6)} {f(tb - 10)} {f(hx + 12)} {f(tb - 6)} "
                        f"{f(hx + 18)} "
                        f"{f(tb + 4)} C{f(hx + 10)} {f(tb)} {f(hx - 10)} {f(tb)} {f(hx - 18)} {f(tb + 4)} Z",
                        GOLD, GOLD_DARK, 1.0))
        out.append(ellipse(hx, tb - 7, 3.2, 4.2, "#b01e2e" if suit in "HD" else "#1d56b3", OUTLINE, 0.6))
        for sx in (-1, 1):
            out.append(circle(hx + sx * 9, tb - 3, 1.8, "#ffffff", "#8a8a8a", 0.4))
            out.append(circle(hx + sx * 15, tb + 1, 1.5, "#ffffff", "#8a8a8a", 0.4))
        # earrings
        for sx in (-1, 1):
            out.append(circle(hx + sx * 19.5, hy + 9, 2, GOLD_LIGHT, GOLD_DARK, 0.5))
        # the flower (a rose) or a folded fan held in front
        if not alt:
            front.append(path("M172 158 C170 146 166 132 160 118", "none", "#2f6b2f", 2.2))
            front.append(path("M166 142 C174 136 182 138 184 142 C176 146 170 146 166 142 "
                              "Z", "#3f8a3a", OUTLINE, 0.6))
            rose = [circle(0, 0, 9, "#c8263a", OUTLINE, 0.8)]
            for k in range(5):
                a = k * 72
                rose.append(group([path("M0 -3 C4 -6 8 -4 7 0 C5 -1 3 -1 0 -3 Z", "#e2566a", "#7d1421", 0.5)],
                                  f"rotate({a})"))
            rose.append(circle(0, 0, 2.4, "#7d1421"))
            front.append(group(rose, "translate(160 116)"))
        else:
            fan = []
            for k in range(7):
                a = -60 + k * 20
                fan.append(group([path("M0 0 L-5 -30 C-2 -33 2 -33 5 -30 Z",
                                       "#fbfaf5" if k % 2 else second, OUTLINE, 0.6)], f"rotate({a})"))
            front.append(group(fan, "translate(79 155)"))
            front.append(circle(79, 155, 3, GOLD, GOLD_DARK, 0.6))
    else:  # jack
        out.append(path(f"M{f(hx - 20)} {f(hy - 4)} C{f(hx - 18)} {f(hy - 12)} {f(hx - 8)} "
                        f"{f(hy - 14)} {f(hx)} "
                        f"{f(hy - 12)} C{f(hx + 8)} {f(hy - 14)} {f(hx + 18)} {f(hy - 12)} "
                        f"{f(hx + 20)} {f(hy - 4)} "
                        f"L{f(hx + 20)} {f(hy - 16)} L{f(hx - 20)} {f(hy - 16)} Z", hair, OUTLINE, 0.9))
        # feathered cap: a soft beret tilted, a band, and a long plume sweeping back
        cb = hy - 15
        out.append(path(f"M{f(hx - 30)} {f(cb + 2)} C{f(hx - 32)} {f(cb - 18)} {f(hx + 4)} {f(cb - 30)} "
                        f"{f(hx + 30)} {f(cb - 12)} C{f(hx + 34)} {f(cb - 6)} {f(hx + 30)} "
                        f"{f(cb + 2)} {f(hx + 24)} "
                        f"{f(cb + 2)} Z", robe, OUTLINE, 1.1))
        out.append(path(f"M{f(hx - 26)} {f(cb + 2)} C{f(hx - 10)} {f(cb - 3)} {f(hx + 10)} {f(cb - 3)} "
                        f"{f(hx + 26)} {f(cb + 2)} L{f(hx + 26)} {f(cb + 6)} C{f(hx + 10)} {f(cb + 1)} "
                        f"{f(hx - 10)} {f(cb + 1)} {f(hx - 26)} {f(cb + 6)} Z", trim, OUTLINE, 0.8))
        plume = (f"M{f(hx + 14)} {f(cb - 6)} C{f(hx + 28)} {f(cb - 38)} {f(hx + 50)} {f(cb - 42)} "
                 f"{f(hx + 62)} {f(cb - 34)} C{f(hx + 50)} {f(cb - 36)} {f(hx + 36)} {f(cb - 26)} "
                 f"{f(hx + 20)} {f(cb - 2)} Z")
        out.append(path(plume, "#fbfaf5", OUTLINE, 0.9))
        barbs = " ".join(
            f"M{f(hx + 18 + k * 5.5)} {f(cb - 12 - k * 2.6)} l{f(3 + k * 0.3)} "
            f"{f(-5 + k * 0.2)}" for k in range(8)
        )
        out.append(path(barbs, "none", "#9a9488", 0.7))
        out.append(circle(hx + 16, cb - 4, 3, second, OUTLINE, 0.6))

    head = out[head_start:]
    del out[head_start:]
    out.append(group(head, HEAD_ZOOM))
    out.extend(front)

    # --- suit pip in the frame's corner
    corner_x = x0 + 17 if rank == "J" else x1 - 17  # away from the jack's plume
    out.append(pip(suit, colour, corner_x, y0 + 19, 22))
    return out


# Rounds the robes: darker towards the sides, untouched in the middle.
SHADE = ('<linearGradient id="shade" x1="0%" y1="0%" x2="100%" y2="0%">'
         '<stop offset="0%" stop-color="#000000" stop-opacity="0.35"/>'
         '<stop offset="30%" stop-color="#000000" stop-opacity="0"/>'
         '<stop offset="70%" stop-color="#000000" stop-opacity="0"/>'
         '<stop offset="100%" stop-color="#000000" stop-opacity="0.35"/></linearGradient>')


def court_card(rank: str, suit: str, colour: str) -> list[str]:
    robe = PALETTE[suit][0]
    x0, y0, x1, y1 = FRAME
    half = court_half(rank, suit, colour)
    out = [
        rect(x0, y0, x1 - x0, y1 - y0, 6, "#f6edd6"),
        rect(x0 + 3, y0 + 3, x1 - x0 - 6, y1 - y0 - 6, 4, "#fdf8ea", extra='fill-opacity="0.9"'),
        group(half),
        group(half, f"rotate(180 {f(CX)} {f(CY)})"),
        # centre division: a gilt bar with a small lozenge in the suit's robe colour
        path(f"M{f(x0)} {f(CY)} L{f(x1)} {f(CY)}", "none", GOLD_DARK, 3.2),
        path(f"M{f(x0)} {f(CY)} L{f(x1)} {f(CY)}", "none", GOLD_LIGHT, 1.2),
        path(f"M{f(CX - 9)} {f(CY)} L{f(CX)} {f(CY - 6)} L{f(CX + 9)} {f(CY)} L{f(CX)} {f(CY + 6)} Z",
             robe, GOLD_DARK, 1.0),
        rect(x0, y0, x1 - x0, y1 - y0, 6, "none", GOLD_DARK, 2.4),
        rect(x0 + 2.6, y0 + 2.6, x1 - x0 - 5.2, y1 - y0 - 5.2, 4, "none", GOLD, 1.0),
    ]
    return out


def card_svg(rank: str, suit: str, lang: str, colours: str) -> str:
    colour = COLOURS[colours][suit]
    body = [card_blank()]
    if rank == "A":
        body += ace_card(suit, colour)
    elif rank in "JQK":
        body += court_card(rank, suit, colour)
    else:
        body += pip_card(rank, suit, colour)
    body.append(corner_index(rank, suit, lang, colour))
    return svg_doc(body, defs=SHADE if rank in "JQK" else "")


# ---------------------------------------------------------------------------------------------
# Backs: a white margin, a coloured field with a lattice and a central medallion.


def clip_segment(x1: float, y1: float, x2: float, y2: float,
                 box: tuple[float, float, float, float]) -> tuple[float, float, float, float] | None:
    """Liang-Barsky: the part of a segment inside an axis-aligned box, or None."""
    bx0, by0, bx1, by1 = box
    dx, dy = x2 - x1, y2 - y1
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x1 - bx0), (dx, bx1 - x1), (-dy, y1 - by0), (dy, by1 - y1)):
        if p == 0:
            if q < 0:
                return None
            continue
        r = q / p
        if p < 0:
            t0 = max(t0, r)
        else:
            t1 = min(t1, r)
        if t0 > t1:
            return None
    return x1 + t0 * dx, y1 + t0 * dy, x1 + t1 * dx, y1 + t1 * dy


FIELD = (14.0, 14.0, W - 14.0, H - 14.0)


def back_frame(base: str, line: str) -> list[str]:
    """The white card edge drawn over the field (hides lattice overflow) and a gilt border."""
    x0, y0, x1, y1 = FIELD
    r = 14  # the card's own corner radius, so the mask leaves the rounded corners transparent
    outer = (f"M{r} 0 H{W - r} A{r} {r} 0 0 1 {W} {r} V{H - r} A{r} {r} 0 0 1 {W - r} {H} H{r} "
             f"A{r} {r} 0 0 1 0 {H - r} V{r} A{r} {r} 0 0 1 {r} 0 Z")
    mask = (f"{outer} M{f(x0 + 6)} {f(y0)} H{f(x1 - 6)} Q{f(x1)} {f(y0)} {f(x1)} {f(y0 + 6)} "
            f"V{f(y1 - 6)} Q{f(x1)} {f(y1)} {f(x1 - 6)} {f(y1)} H{f(x0 + 6)} Q{f(x0)} {f(y1)} "
            f"{f(x0)} {f(y1 - 6)} "
            f"V{f(y0 + 6)} Q{f(x0)} {f(y0)} {f(x0 + 6)} {f(y0)} Z")
    return [
        path(mask, "#fffdf8", extra='fill-rule="evenodd"'),
        rect(1.5, 1.5, W - 3, H - 3, 14, "none", "#8c8272", 1.6),
        rect(x0, y0, x1 - x0, y1 - y0, 6, "none", base, 1.6),
        rect(x0 + 5, y0 + 5, x1 - x0 - 10, y1 - y0 - 10, 4, "none", line, 1.4),
        rect(x0 + 8, y0 + 8, x1 - x0 - 16, y1 - y0 - 16, 3, "none", line, 0.6),
    ]


def medallion(base: str, line: str, light: str, rx: float, ry: float, petals: int) -> list[str]:
    out = [
        ellipse(CX, CY, rx + 6, ry + 6, base, line, 1.4),
        ellipse(CX, CY, rx, ry, base, line, 0.8),
    ]
    star = []
    for k in range(petals):
        a = 360 * k / petals
        star.append(group([path(f"M0 0 C{f(rx * 0.16)} {f(-ry * 0.3)} {f(rx * 0.1)} {f(-ry * 0.7)} "
                                f"0 {f(-ry * 0.86)} "
                                f"C{f(-rx * 0.1)} {f(-ry * 0.7)} {f(-rx * 0.16)} {f(-ry * 0.3)} 0 0 Z",
                                "none", line, 1.0)], f"rotate({f(a)})"))
    out.append(group(star, f"translate({f(CX)} {f(CY)}) scale(1 {f(1)})"))
    out.append(circle(CX, CY, rx * 0.28, base, line, 1.2))
    out.append(circle(CX, CY, rx * 0.14, light, line, 0.8))
    for k in range(24):
        a = 2 * math.pi * k / 24
        out.append(circle(CX + (rx + 3) * math.cos(a), CY + (ry + 3) * math.sin(a), 1.3, light))
    return out


def back_trellis(base: str, deep: str, line: str, light: str) -> str:
    """Burgundy back: a diagonal trellis with quatrefoils at the crossings and dots in the diamonds."""
    x0, y0, x1, y1 = FIELD
    grow = (x0 - 2, y0 - 2, x1 + 2, y1 + 2)
    defs = radial("bg", [(0, base), (1, deep)], r="70%")
    body = [card_blank(), rect(x0, y0, x1 - x0, y1 - y0, 6, "url(#bg)")]
    step = 18.0
    lines = []
    for k in range(-30, 31):
        c = k * step
        for sgn in (1, -1):
            # y = sgn * (x - CX) * 1.35 + CY + c
            xa, xb = x0 - 10, x1 + 10
            seg = clip_segment(xa, sgn * (xa - CX) * 1.35 + CY + c, xb, sgn * (xb - CX) * 1.35 + CY + c, grow)
            if seg:
                lines.append(f"M{f(seg[0])} {f(seg[1])} L{f(seg[2])} {f(seg[3])}")
    body.append(path(" ".join(lines), "none", line, 1.5))
    body.append(path(" ".join(lines), "none", deep, 0.5))
    # crossings are at x = CX + (c2 - c1) / (2 * 1.35), y = CY + (c1 + c2) / 2
    quat, dots = [], []
    for i in range(-30, 31):
        for j in range(-30, 31):
            x = CX + (j - i) * step / (2 * 1.35)
            y = CY + (i + j) * step / 2
            if x0 - 4 <= x <= x1 + 4 and y0 - 4 <= y <= y1 + 4:
                quat.append(f"M{f(x)} {f(y - 4.2)} Q{f(x + 4.2)} {f(y - 4.2)} {f(x + 4.2)} {f(y)} "
                            f"Q{f(x + 4.2)} {f(y + 4.2)} {f(x)} {f(y + 4.2)} Q{f(x - 4.2)} {f(y + 4.2)} "
                            f"{f(x - 4.2)} {f(y)} Q{f(x - 4.2)} {f(y - 4.2)} {f(x)} {f(y - 4.2)} Z")
            xd, yd = x + step / (2 * 1.35), y
            if x0 <= xd <= x1 and y0 <= yd <= y1:
                dots.append(f"M{f(xd - 1.6)} {f(yd)} a1.6 1.6 0 1 0 3.2 0 a1.6 1.6 0 1 0 -3.2 0 Z")
    body.append(path(" ".join(quat), deep, line, 1.0))
    body.append(path(" ".join(dots), light))
    body += medallion(deep, line, light, 44, 60, 12)
    body += back_frame(base, line)
    return svg_doc(body, defs=defs)


def back_rings(base: str, deep: str, line: str, light: str) -> str:
    """Green back: interlocking circles (a rosette lattice) with a lozenge at each centre."""
    x0, y0, x1, y1 = FIELD
    defs = radial("bg", [(0, base), (1, deep)], r="70%")
    body = [card_blank(), rect(x0, y0, x1 - x0, y1 - y0, 6, "url(#bg)")]
    r = 13.0
    dx, dy = r * math.sqrt(3), r * 1.5  # hexagonal centres give the overlapping-circle rosettes
    arcs, loz = [], []
    rows = int((y1 - y0) / dy) + 3
    cols = int((x1 - x0) / dx) + 3
    for j in range(-rows // 2 - 1, rows // 2 + 2):
        for i in range(-cols // 2 - 1, cols // 2 + 2):
            x = CX + i * dx + (dx / 2 if j % 2 else 0)
            y = CY + j * dy
            if x0 - 2 <= x <= x1 + 2 and y0 - 2 <= y <= y1 + 2:
                arcs.append(f"M{f(x - r)} {f(y)} a{f(r)} {f(r)} 0 1 0 {f(2 * r)} 0 a{f(r)} {f(r)} 0 "
                            f"1 0 {f(-2 * r)} 0 Z")
                loz.append(f"M{f(x)} {f(y - 3.2)} L{f(x + 2.4)} {f(y)} L{f(x)} {f(y + 3.2)} "
                           f"L{f(x - 2.4)} {f(y)} Z")
    body.append(path(" ".join(arcs), "none", line, 1.1))
    body.append(path(" ".join(loz), light))
    body += medallion(deep, line, light, 46, 46, 16)
    body += back_frame(base, line)
    return svg_doc(body, defs=defs)


def back_stars(base: str, deep: str, line: str, light: str) -> str:
    """Navy back: eight-pointed stars and crosses in a square lattice."""
    x0, y0, x1, y1 = FIELD
    defs = radial("bg", [(0, base), (1, deep)], r="70%")
    body = [card_blank(), rect(x0, y0, x1 - x0, y1 - y0, 6, "url(#bg)")]
    step = 22.0
    stars, crosses = [], []
    for j in range(-9, 10):
        for i in range(-6, 7):
            x, y = CX + i * step, CY + j * step
            if x0 - 3 <= x <= x1 + 3 and y0 - 3 <= y <= y1 + 3:
                pts = []
                for k in range(16):
                    rr = 9.0 if k % 2 == 0 else 4.2
                    a = math.pi * k / 8
                    pts.append(f"{f(x + rr * math.sin(a))} {f(y - rr * math.cos(a))}")
                stars.append("M" + " L".join(pts) + " Z")
            xc, yc = x + step / 2, y + step / 2
            if x0 <= xc <= x1 and y0 <= yc <= y1:
                crosses.append(f"M{f(xc - 4)} {f(yc)} L{f(xc)} {f(yc - 4)} L{f(xc + 4)} {f(yc)} "
                               f"L{f(xc)} {f(yc + 4)} Z")
    body.append(path(" ".join(stars), "none", line, 1.0))
    body.append(path(" ".join(crosses), light))
    body += medallion(deep, line, light, 40, 56, 8)
    body += back_frame(base, line)
    return svg_doc(body, defs=defs)


BACKS = {
    "burgundy": lambda: back_trellis("#7a1a2c", "#4a0d19", "#d8b46a", "#f1dca6"),
    "green": lambda: back_rings("#1f5a3c", "#0f3423", "#d2b46e", "#efdba8"),
    "navy": lambda: back_stars("#1f3563", "#101c3a", "#c9ab68", "#eedcae"),
}


def slot_svg() -> str:
    """An empty place on the table: a faint rounded outline with a dashed edge."""
    return svg_doc([
        rect(3, 3, W - 6, H - 6, 14, "#ffffff", extra='fill-opacity="0.06"'),
        rect(6, 6, W - 12, H - 12, 12, "none", "#e9dfbf", 3,
             'stroke-opacity="0.45" stroke-dasharray="14 9"'),
    ])


# ---------------------------------------------------------------------------------------------
# Table: baize, wooden rail and brass corner pieces.

BAIZE_W, BAIZE_H = 1600, 1000


# Cloth colours (centre, middle, edge, light fibre) matching the table colours the settings offer.
BAIZES = {
    "green": ("#2a6e47", "#1e5636", "#0d2a1b", "#9fd0a8"),
    "blue": ("#2a5880", "#1d4063", "#0b1a2c", "#a8c4e0"),
    "red": ("#7e2a2e", "#5e1d21", "#2a0b0d", "#e0a8a8"),
    "brown": ("#6e4a2e", "#533620", "#24160b", "#e0c4a0"),
}


def baize_svg(colour: str = "green", seed: int = 7) -> str:
    rng = random.Random(seed)
    centre, middle, edge, fibre = BAIZES[colour]
    defs = radial("felt", [(0, centre), (0.55, middle), (1, edge)], r="75%")
    body = [rect(0, 0, BAIZE_W, BAIZE_H, 0, "url(#felt)")]
    # short fibres, light and dark, give the cloth a nap without a bitmap
    for ink, opacity, n in ((fibre, 0.07, 900), ("#000000", 0.12, 900)):
        ds = []
        for _ in range(n):
            x, y = rng.uniform(0, BAIZE_W), rng.uniform(0, BAIZE_H)
            a = rng.uniform(0, math.pi)
            ln = rng.uniform(4, 11)
            ds.append(f"M{f(x)} {f(y)} l{f(ln * math.cos(a))} {f(ln * math.sin(a))}")
        body.append(path(" ".join(ds), "none", ink, 1.3, f'stroke-opacity="{opacity}"'))
    return svg_doc(body, BAIZE_W, BAIZE_H, defs)


RAIL_W, RAIL_H = 1200, 48


def rail_svg(seed: int = 11) -> str:
    """A horizontal wooden rail (to be stretched along an edge; rotated for the sides)."""
    rng = random.Random(seed)
    defs = linear("wood", [(0, "#3d2212"), (0.18, "#7a4a26"), (0.45, "#a86a3a"), (0.62, "#8c5530"),
                           (0.9, "#4e2c16"), (1, "#2a170b")])
    body = [rect(0, 0, RAIL_W, RAIL_H, 0, "url(#wood)")]
    grain = []
    for _ in range(26):
        y = rng.uniform(4, RAIL_H - 4)
        amp = rng.uniform(0.6, 2.2)
        seg = []
        x = 0.0
        seg.append(f"M0 {f(y)}")
        while x < RAIL_W:
            step = rng.uniform(60, 160)
            seg.append(f"q{f(step / 2)} {f(rng.uniform(-amp, amp) * 2)} {f(step)} "
                       f"{f(rng.uniform(-amp, amp))}")
            x += step
        grain.append(" ".join(seg))
    body.append(path(" ".join(grain[:14]), "none", "#2a140a", 1.0, 'stroke-opacity="0.35"'))
    body.append(path(" ".join(grain[14:]), "none", "#d49a64", 0.8, 'stroke-opacity="0.25"'))
    # a brass inlay along the inner edge and a shadow line where the rail meets the cloth
    body.append(rect(0, RAIL_H - 9, RAIL_W, 3, 0, "#d9ad52"))
    body.append(rect(0, RAIL_H - 8, RAIL_W, 1, 0, "#f6dc94", 'fill-opacity="0.8"'))
    body.append(rect(0, RAIL_H - 3, RAIL_W, 3, 0, "#1a0d05", 'fill-opacity="0.7"'))
    body.append(rect(0, 0, RAIL_W, 2, 0, "#1a0d05", 'fill-opacity="0.6"'))
    return svg_doc(body, RAIL_W, RAIL_H, defs)


def corner_svg() -> str:
    """A brass corner plate for the top-left corner of the table (rotated for the others)."""
    s = 96
    defs = radial("brass", [(0, "#fbe6a2"), (0.5, "#d4a54a"), (1, "#7c5418")], cx="35%", cy="35%", r="80%")
    body = [
        path("M0 0 L96 0 L96 20 C70 22 52 30 40 40 C30 52 22 70 20 96 L0 96 "
             "Z", "url(#brass)", "#5a3a0e", 1.6),
        path("M8 8 L86 8 C62 12 44 22 32 32 C22 44 12 62 8 86 "
             "Z", "none", "#fff1c2", 1.2, 'stroke-opacity="0.6"'),
    ]
    for x, y in ((14, 14), (60, 11), (11, 60)):
        body.append(circle(x, y, 4.2, "#c8963c", "#5a3a0e", 1.0))
        body.append(circle(x - 1.2, y - 1.2, 1.5, "#fff6d0"))
    # an engraved scroll
    body.append(path("M26 20 C36 16 44 22 40 30 C36 36 28 32 32 26", "none", "#6e4a12", 1.6))
    return svg_doc(body, s, s, defs)


# ---------------------------------------------------------------------------------------------
# App icon


def icon_svg() -> str:
    s = 256
    defs = (radial("felt", [(0, "#2f7a4f"), (1, "#0f2f1e")], r="70%")
            + radial("brass", [(0, "#fbe6a2"), (0.6, "#d4a54a"), (1, "#7c5418")],
                     cx="35%", cy="30%", r="90%"))
    body = [
        rect(8, 8, 240, 240, 44, "url(#brass)", "#5a3a0e", 3),
        rect(22, 22, 212, 212, 34, "url(#felt)", "#3a260a", 2),
    ]

    def mini_card(suit: str, colour: str, angle: float, dx: float) -> str:
        items = [
            rect(-50, -70, 100, 140, 9, "#fffdf8", "#6a6052", 2),
            pip(suit, colour, 0, 0, 64),
            pip(suit, colour, -36, -50, 16),
            pip(suit, colour, 36, 50, 16, flip=True),
        ]
        return group(items, f"translate({f(128 + dx)} 134) rotate({f(angle)})")

    body.append(mini_card("H", RED, 14, 24))
    body.append(mini_card("S", INK, -12, -22))
    return svg_doc(body, s, s, defs)


def png_bytes(svg_path: Path, size: int) -> bytes:
    import pygame  # tools may use pygame; the engine never does

    surf = pygame.image.load_sized_svg(str(svg_path), (size, size))
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "png")
    return buf.getvalue()


def write_ico(path_out: Path, pngs: list[tuple[int, bytes]]) -> None:
    """A Windows .ico holding PNG images (supported since Vista), one per size."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    entries, data = b"", b""
    offset = 6 + 16 * len(pngs)
    for size, png in pngs:
        wb = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", wb, wb, 0, 0, 1, 32, len(png), offset)
        data += png
        offset += len(png)
    path_out.write_bytes(header + entries + data)


# macOS icon types that hold PNG data, by pixel size (ic11-ic14 are the @2x Retina variants)
ICNS_TYPES = [(b"icp4", 16), (b"icp5", 32), (b"ic11", 32), (b"ic12", 64), (b"ic07", 128), (b"ic13", 256),
              (b"ic08", 256), (b"ic14", 512), (b"ic09", 512)]


def write_icns(path_out: Path, png_of_size) -> None:
    """An Apple .icns: the magic ``icns`` and total length, then (type, length, PNG data) entries; a
    simple container, so no Pillow is needed. ``png_of_size(n)`` gives the PNG bytes at n x n."""
    pngs: dict[int, bytes] = {}
    body = b""
    for kind, size in ICNS_TYPES:
        png = pngs.setdefault(size, png_of_size(size))
        body += kind + struct.pack(">I", 8 + len(png)) + png
    path_out.write_bytes(b"icns" + struct.pack(">I", 8 + len(body)) + body)


# ---------------------------------------------------------------------------------------------


def write(p: Path, text: str) -> None:
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")


def main() -> int:
    if OUT.exists():
        for sub in ("cards", "backs", "table", "icon"):
            shutil.rmtree(OUT / sub, ignore_errors=True)
    for deck in DECKS:
        lang, colours = deck.split("-")
        for suit in SUITS:
            for rank in RANKS:
                write(OUT / "cards" / deck / f"{rank}{suit}.svg", card_svg(rank, suit, lang, colours))
    for name, make in BACKS.items():
        write(OUT / "backs" / f"{name}.svg", make())
    write(OUT / "slot.svg", slot_svg())
    write(OUT / "table" / "baize.svg", baize_svg())
    for colour in BAIZES:
        write(OUT / "table" / f"baize-{colour}.svg", baize_svg(colour))
    write(OUT / "table" / "rail.svg", rail_svg())
    write(OUT / "table" / "corner.svg", corner_svg())
    icon = OUT / "icon" / "salon.svg"
    write(icon, icon_svg())

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    png256 = png_bytes(icon, 256)
    (OUT / "icon" / "salon-256.png").write_bytes(png256)
    write_ico(OUT / "icon" / "salon.ico", [(n, png_bytes(icon, n)) for n in (16, 32, 48)] + [(256, png256)])
    write_icns(OUT / "icon" / "salon.icns", lambda n: png256 if n == 256 else png_bytes(icon, n))
    pygame.quit()
    total = sum(p.stat().st_size for p in OUT.rglob("*") if p.is_file())
    print(f"sprites written to {OUT} ({total / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
