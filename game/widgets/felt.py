"""The table's cloth and frame: a baize gradient with a soft vignette inside a wood-and-brass rim.

Drawn once per window size and colour into a Surface, then blitted every frame.
"""

from __future__ import annotations

import weakref
from typing import Any

import pygame

from game.looks.themes import BRASS, WOOD, WOOD_DARK


def _shade(colour: tuple[int, int, int], f: float) -> tuple[int, int, int]:
    return tuple(max(0, min(255, int(c * f))) for c in colour)  # type: ignore[return-value]


def baize(size: tuple[int, int], colour: tuple[int, int, int], rim: bool = True) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((w, h))
    surf.fill(_shade(colour, 0.55))
    # Concentric ellipses from dark edge to a lit centre: a cheap radial gradient.
    steps = 28
    for i in range(steps):
        f = i / (steps - 1)
        rect = pygame.Rect(0, 0, int(w * (1.5 - f * 1.05)), int(h * (1.5 - f * 1.05)))
        rect.center = (w // 2, int(h * 0.52))
        pygame.draw.ellipse(surf, _shade(colour, 0.55 + 0.5 * f), rect)
    # Fine diagonal nap so the cloth does not look like plastic.
    nap = pygame.Surface((w, h), pygame.SRCALPHA)
    for x in range(-h, w, 5):
        pygame.draw.line(nap, (255, 255, 255, 7), (x, 0), (x + h, h))
    surf.blit(nap, (0, 0))
    if rim:
        t = max(8, h // 70)
        pygame.draw.rect(surf, WOOD_DARK, surf.get_rect(), width=t + 4)
        pygame.draw.rect(surf, WOOD, surf.get_rect().inflate(-4, -4), width=t)
        pygame.draw.rect(surf, BRASS, surf.get_rect().inflate(-2 * t - 2, -2 * t - 2), width=2)
    return surf.convert() if pygame.display.get_surface() else surf


# Every plaque made, so the layout check knows one when it is drawn (``game.checks.layout_check``).
PLAQUES: weakref.WeakSet[pygame.Surface] = weakref.WeakSet()


HIGH_CONTRAST = [False]  # the player's high contrast (Settings): plain black plaques with a white edge


def panel(size: tuple[int, int], alpha: int = 200) -> pygame.Surface:
    """A dark wooden plaque with a brass edge (score sheet, messages); with high contrast, plain black
    with a white edge."""
    w, h = size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    if HIGH_CONTRAST[0]:
        from game.looks.themes import CONTRAST_OUTLINE, CONTRAST_PLAQUE

        pygame.draw.rect(surf, (*CONTRAST_PLAQUE, 255), surf.get_rect(), border_radius=10)
        pygame.draw.rect(surf, CONTRAST_OUTLINE, surf.get_rect(), width=2, border_radius=10)
    else:
        pygame.draw.rect(surf, (*WOOD_DARK, alpha), surf.get_rect(), border_radius=10)
        pygame.draw.rect(surf, (*BRASS, 230), surf.get_rect(), width=2, border_radius=10)
    PLAQUES.add(surf)
    return surf


_table_art: Any = None


def table_background(size: tuple[int, int], colour_name: str, compact: bool | None = None) -> pygame.Surface:
    """The SVG table (cloth, rail, brass corners); missing art is ``game.looks.resources.AssetError``.
    ``compact``: the form a large window's cloth is wanted in (``game.looks.art.TableArt.background``)."""
    global _table_art
    if _table_art is None:
        from game.looks.art import TableArt

        _table_art = TableArt()
    if colour_name == CONTRAST:
        return contrast_cloth(size, _table_art.rail_width(size), compact is not False)
    return _table_art.background(size, colour_name, compact=compact)


def table_background_kept(size: tuple[int, int], colour_name: str) -> bool:
    """Whether ``table_background`` has this cloth at hand (it then rasterises nothing)."""
    return colour_name == CONTRAST or (_table_art is not None and _table_art.kept(size, colour_name))


CONTRAST = "contrast"  # the cloth's name with high contrast on


def contrast_cloth(size: tuple[int, int], rail: int, compact: bool = True) -> pygame.Surface:
    """High contrast's table: a plain dark cloth inside a plain rail with a white inner edge."""
    from game.looks.themes import CONTRAST_CLOTH, CONTRAST_OUTLINE

    surf = pygame.Surface(size)
    surf.fill(CONTRAST_CLOTH)
    pygame.draw.rect(surf, (40, 40, 44), surf.get_rect(), width=rail)
    pygame.draw.rect(surf, CONTRAST_OUTLINE, surf.get_rect().inflate(-2 * rail, -2 * rail), width=2)
    surf = surf.convert() if pygame.display.get_surface() else surf
    if not compact:
        return surf
    from game.looks.art import to_compact

    return to_compact(surf, size)


Laid = list[tuple[pygame.Surface, pygame.Rect]]  # images and where they are drawn, in order


def lay_on_cloth(cloth: pygame.Surface, images: Laid) -> tuple[pygame.Surface, pygame.Rect]:
    """``images`` (such as turned cards, overlapping) laid on the piece of ``cloth`` under them, as one
    opaque surface and its place: drawn over the cloth it gives the very pixels the images drawn one by
    one give, and it holds their common box once instead of each image's own box (the menu's fan at
    3840x2160: 4.8 MB instead of five turned cards' 10.7)."""
    from game.looks.art import to_compact

    box = images[0][1].unionall([r for _, r in images[1:]]).clip(cloth.get_rect())
    window = pygame.display.get_surface()
    # the window's own pixel format, so each image blends here exactly as it would on the window
    out = pygame.Surface(box.size, 0, window) if window is not None else pygame.Surface(box.size)
    out.blit(cloth, (0, 0), box)
    out.fblits([(img, rect.move(-box.x, -box.y)) for img, rect in images])
    return to_compact(out, cloth.get_size()), box
