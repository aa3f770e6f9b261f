"""What a frame shows, as boxes: ``Box`` (a named rect of a kind), a surface that records every blit,
and the boxes of the live pygame_gui elements.

Scenes declare their own boxes with ``layout_boxes()``; the notice finds a free spot with them; the
layout check (game.checks.layout_check) judges them. The kinds are described there.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.app import App


@dataclass
class Box:
    name: str
    kind: str  # control, label, text, plaque, card, panel
    rect: pygame.Rect
    text: str = ""
    text_width: int | None = None  # the width the text needs (None: not a text box, or it wraps)
    within: pygame.Rect | None = None  # must lie wholly inside this (its panel)
    clipped: bool = False  # the text was drawn cut short
    open_face: bool = False  # a card face up and upright: only its corner indices must stay clear
    captioned: bool = False  # a face-up card a caption may cross (a declared run and its name)
    order: int = 0  # drawing order among the recorded blits (later is on top)


# --- recording a frame ------------------------------------------------------------------------------


class RecordingSurface(pygame.Surface):
    """A window-sized surface that remembers every blit: (source, destination rect, order)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blitted: list[tuple[pygame.Surface, pygame.Rect, int]] = []
        self.texts: dict[int, str] = {}  # the words of blitted text surfaces, where known
        self.noting: dict[int, str] | None = None

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        if area is None and isinstance(source, pygame.Surface):
            pos = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            self.blitted.append((source, pygame.Rect(pos, source.get_size()), len(self.blitted)))
        return rect


class ComposedPlaque:
    """A plaque drawn once while what it says stays the same, then blitted whole (one blit instead of
    one per word). ``shown(key, felt)`` is the composed image and its rect while ``key`` (everything
    the plaque shows) and the cloth are unchanged, else None; ``compose(key, rect, felt, text, draw)``
    draws it afresh: the cloth under ``rect`` is copied in first (so the translucent plaque looks
    exactly as drawn in place) and ``draw(target, dx, dy)`` draws the plaque shifted by (dx, dy). The
    image remembers its blits and their words, so the layout check sees every word it shows."""

    def __init__(self) -> None:
        self.key: Any = None
        self.image: ComposedSurface | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.composed = 0  # how many times it was drawn afresh

    def shown(self, key: Any, felt: Any) -> tuple[pygame.Surface, pygame.Rect] | None:
        if self.image is not None and self.key == (key, id(felt)):
            return self.image, self.rect
        return None

    def compose(self, key: Any, rect: pygame.Rect, felt: Any, text: Any, draw: Any) -> pygame.Surface:
        """``felt`` None: composed translucent (``TranslucentComposedSurface``), for a plaque over cards;
        blit that one with ``special_flags=pygame.BLEND_PREMULTIPLIED``."""
        image = self.image
        kind = ComposedSurface if felt is not None else TranslucentComposedSurface
        if image is None or image.get_size() != rect.size or type(image) is not kind:
            image = kind(rect.size)
        image.blitted, image.texts = [], {}  # (the same surface drawn over: no new allocation)
        image.__dict__.pop("_kept", None)
        if felt is not None:
            pygame.Surface.blit(image, felt, (0, 0), rect)  # the cloth: not a blit to record
        else:
            image.fill((0, 0, 0, 0))
        old, text.noting = text.noting, {}
        image.noting = text.noting
        try:
            draw(image, -rect.x, -rect.y)
            image.texts = text.noting
        finally:
            text.noting = old
            image.noting = None
        self.image, self.rect, self.key = image, pygame.Rect(rect), (key, id(felt))
        self.composed += 1
        image.stamp = self.composed  # drawn over in place: the painter must not take it for the old one
        return image


class ComposedSurface(RecordingSurface):
    """A plaque composed once (``ComposedPlaque``): opaque, in the window's format."""

    stamp = 0  # how many times its plaque was composed when it was last drawn (game.widgets.painter)


class TranslucentComposedSurface(ComposedSurface):
    """A plaque composed over whatever lies under it (cards may): transparent, its pixels kept with
    premultiplied alpha, so blitting it with ``BLEND_PREMULTIPLIED`` gives what blitting its parts one
    by one would have (to the rounding of a colour step)."""

    def __init__(self, size: tuple[int, int]) -> None:
        pygame.Surface.__init__(self, size, pygame.SRCALPHA)
        self.blitted = []
        self.texts = {}
        self.noting: dict[int, str] | None = None

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        from game.widgets.felt import PLAQUES

        if special_flags or area is not None or not source.get_flags() & pygame.SRCALPHA:
            return super().blit(source, dest, area, special_flags)
        premul = source.premul_alpha()
        if source in PLAQUES:
            PLAQUES.add(premul)
        if self.noting is not None and id(source) in self.noting:
            self.noting[id(premul)] = self.noting[id(source)]
        self._keep.append(premul)  # the ids noted stay unique while the image lives
        return super().blit(premul, dest, None, pygame.BLEND_PREMULTIPLIED)

    @property
    def _keep(self) -> list[Any]:
        keep = self.__dict__.get("_kept")
        if keep is None:
            keep = self.__dict__["_kept"] = []
        return keep


Blit = tuple[Any, pygame.Rect, int, dict[int, str]]


def _flattened(blitted: list[Any], at: tuple[int, int] = (0, 0)) -> list[Blit]:
    """The blits of a frame with the blits of composed plaques in it opened out (window coordinates)."""
    out: list[Blit] = []
    for src, rect, order in blitted:
        r = rect.move(at)
        if isinstance(src, RecordingSurface):
            out.extend((s, r2, order, src.texts) for s, r2, _, _ in _flattened(src.blitted, r.topleft))
        else:
            out.append((src, r, order, {}))
    return out



def _text_index(app: App) -> dict[int, str]:
    index: dict[int, str] = {}
    for cache in (app.text, getattr(app, "table_text", app.text)):  # (the tables' own: sizes in pixels)
        with contextlib.suppress(Exception):
            for key, surf in cache._surfaces.items():
                index[id(surf)] = key[0]
    return index


def recorded_texts(app: App, surface: RecordingSurface) -> list[Box]:
    """The texts blitted onto ``surface`` (their ink boxes, in window coordinates), and the plaques
    (``felt.panel``) they may sit on."""
    from game.widgets.felt import PLAQUES

    index = _text_index(app)
    out: list[Box] = []
    for src, rect, order, known in _flattened(surface.blitted):
        if src in PLAQUES:
            out.append(Box(f"plaque at {tuple(rect)}", "plaque", rect, order=order))
            continue
        text = known.get(id(src)) or index.get(id(src))
        clipped = False
        if text is None:
            parent = src.get_parent()
            if parent is None or id(parent) not in index:
                continue
            text, clipped = index[id(parent)], True
        if not text.strip():
            continue
        ink = src.get_bounding_rect()
        box = ink.move(rect.topleft)
        out.append(Box(f"text {text!r}", "text", box, text=text, clipped=clipped, order=order))
    return out


# --- pygame_gui elements --------------------------------------------------------------------------


def _text_width(element: Any, text: str) -> int | None:
    with contextlib.suppress(Exception):
        return int(element.font.get_rect(text).width)
    with contextlib.suppress(Exception):
        return int(element.font.size(text)[0])
    return None


def frame_width(element: Any) -> int:
    """The pixels of a pygame_gui element's shadow and border at each side (inside its rect)."""
    total = 0
    for name in ("shadow_width", "border_width"):
        with contextlib.suppress(Exception):
            value = getattr(element, name)
            total += int(value if isinstance(value, (int, float)) else max(value.values()))
    return total


def _shown_text(element: Any) -> str:
    """The text as drawn: pygame_gui's own words ("pygame-gui.Cancel") in the interface language."""
    text = str(getattr(element, "text", "") or "")
    if text.startswith("pygame-gui."):
        with contextlib.suppress(Exception):
            from pygame_gui.core.utility import translate

            text = str(translate(text))
    return text


def _visible(element: Any) -> bool:
    with contextlib.suppress(Exception):
        if not element.visible:
            return False
    return bool(getattr(element, "alive", lambda: True)())


def modal_window(ui: Any) -> Any:
    """The blocking pygame_gui window on top (a confirmation dialog), if one is open."""
    with contextlib.suppress(Exception):
        for window in reversed(ui.get_window_stack().get_full_stack()):
            if getattr(window, "is_blocking", False) and _visible(window):
                return window
    return None


def _inside(e: Any, window: Any) -> bool:
    """Is ``e`` the window or one of its elements (through its containers)?"""
    c = e
    for _ in range(20):
        if c is None:
            return False
        if c is window or getattr(c, "parent_element", None) is window:
            return True
        following = getattr(c, "ui_container", None)
        if following is c:
            return False
        c = following
    return False


def gui_boxes(ui: Any, only_in: Any = None) -> list[Box]:
    """Boxes of the live pygame_gui elements (tool tips and the root container left out); with
    ``only_in`` (a window), just that window and its elements."""
    from pygame_gui.elements import (
        UIButton,
        UIHorizontalSlider,
        UILabel,
        UIPanel,
        UIScrollingContainer,
        UITextBox,
        UITextEntryLine,
        UIWindow,
    )

    root = ui.get_root_container()
    elements = [e for e in ui.get_sprite_group().sprites() if e is not root]
    scrolled: set[int] = set()
    for e in elements:
        if isinstance(e, UIScrollingContainer):
            with contextlib.suppress(Exception):
                scrolled.add(id(e.scrollable_container))
            with contextlib.suppress(Exception):
                scrolled.add(id(e._view_container))

    def in_scroll(e: Any) -> pygame.Rect | None:
        """The visible area of the scrolling view ``e`` lies in, if any."""
        c = getattr(e, "ui_container", None)
        seen = 0
        while c is not None and c is not root and seen < 20:
            if id(c) in scrolled:
                with contextlib.suppress(Exception):
                    return pygame.Rect(c.ui_container.get_rect() if id(c.ui_container) in scrolled
                                       else c.get_rect())
            c = getattr(c, "ui_container", None)
            seen += 1
        return None

    out: list[Box] = []
    for e in elements:
        if not _visible(e) or type(e).__name__ == "UIToolTip" or _part_of_composite(e):
            continue
        if only_in is not None and not _inside(e, only_in):
            continue
        rect = pygame.Rect(e.rect)
        if rect.width <= 0 or rect.height <= 0:
            continue
        view = in_scroll(e)
        if view is not None:
            if not rect.colliderect(view):
                continue  # scrolled out of sight
            rect = rect.clip(view)  # what shows of it (a scrolled view cuts by design)
        container = getattr(e, "ui_container", None)
        within = None
        if container is not None and container is not root and view is None:
            with contextlib.suppress(Exception):
                within = pygame.Rect(container.get_rect())
        oid = ""
        with contextlib.suppress(Exception):
            oid = e.get_object_ids()[-1] or ""
        name = f"{type(e).__name__} {oid}".strip()
        if isinstance(e, (UIPanel, UIWindow, UIScrollingContainer)):
            out.append(Box(name, "panel", rect, within=within))
        elif isinstance(e, UIButton):
            text = _shown_text(e)
            width = _text_width(e, text) if text and view is None else None
            if width is not None and len(text.strip()) > 1:  # a word lies inside the shadow and border
                width += 2 * frame_width(e)
            out.append(Box(f"{name} {text!r}", "control", rect, text, width, within))
        elif isinstance(e, UILabel):
            text = _shown_text(e)
            width = _text_width(e, text) if text and view is None else None
            out.append(Box(f"{name} {text!r}", "label", rect, text, width, within))
        elif isinstance(e, (UITextEntryLine, UIHorizontalSlider)):
            out.append(Box(name, "control", rect, within=within))
        elif isinstance(e, UITextBox):
            out.append(Box(name, "label", rect, within=within))
    return out


def _part_of_composite(e: Any) -> bool:
    """A slider's arrows, a scroll bar's thumb, a window's title bar: parts of one control."""
    from pygame_gui.elements import UIPanel

    parent = getattr(e, "parent_element", None)
    return parent is not None and not isinstance(parent, UIPanel)
