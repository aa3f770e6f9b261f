"""The ``pygame.draw`` shapes a painted scene draws (rect, circle, polygon, line, ellipse): drawn at once
on a real surface, handed to the painter's recorder (``game.widgets.painter``) with the rect they
may touch when the scene draws into one."""

from __future__ import annotations

from typing import Any

import pygame

PAD = 2  # antialiased edges and wide outlines may reach a pixel or two past the geometry


def _shape(
    surface: Any, name: str, bounds: pygame.Rect, args: tuple[Any, ...], kwargs: dict[str, Any]
) -> pygame.Rect:
    record = getattr(surface, "shape", None)
    if record is not None:
        return record(name, bounds.inflate(2 * PAD, 2 * PAD), args, kwargs)
    return getattr(pygame.draw, name)(surface, *args, **kwargs)


def rect(surface: Any, colour: Any, rect: Any, width: int = 0, border_radius: int = 0) -> pygame.Rect:
    r = pygame.Rect(rect)
    return _shape(surface, "rect", r, (colour, r), {"width": width, "border_radius": border_radius})


def circle(surface: Any, colour: Any, center: Any, radius: float, width: int = 0) -> pygame.Rect:
    cx, cy, r = int(center[0]), int(center[1]), int(radius) + 1
    bounds = pygame.Rect(cx - r, cy - r, 2 * r + 1, 2 * r + 1)
    return _shape(surface, "circle", bounds, (colour, (center[0], center[1]), radius), {"width": width})


def polygon(surface: Any, colour: Any, points: Any, width: int = 0) -> pygame.Rect:
    pts = [(p[0], p[1]) for p in points]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    bounds = pygame.Rect(int(min(xs)), int(min(ys)), int(max(xs) - min(xs)) + 2, int(max(ys) - min(ys)) + 2)
    return _shape(surface, "polygon", bounds.inflate(width, width), (colour, pts), {"width": width})


def line(surface: Any, colour: Any, start: Any, end: Any, width: int = 1) -> pygame.Rect:
    x0, y0, x1, y1 = start[0], start[1], end[0], end[1]
    bounds = pygame.Rect(int(min(x0, x1)), int(min(y0, y1)), int(abs(x1 - x0)) + 2, int(abs(y1 - y0)) + 2)
    args = (colour, (x0, y0), (x1, y1))
    return _shape(surface, "line", bounds.inflate(width, width), args, {"width": width})


def ellipse(surface: Any, colour: Any, rect: Any, width: int = 0) -> pygame.Rect:
    r = pygame.Rect(rect)
    return _shape(surface, "ellipse", r, (colour, r), {"width": width})
