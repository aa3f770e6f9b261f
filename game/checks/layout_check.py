"""The layout check: does the screen on top hold together (no overlaps, nothing off the window, no
clipped text, nothing covering the cards)?

``check_app(app)`` draws one frame into a recording surface and looks at three sources of boxes:

- every text the scenes blit from the shared ``TextCache`` (found by the surface blitted; its box is
  the ink actually drawn), a text blitted as a cut piece of a cached text counts as clipped;
- every visible pygame_gui element (buttons and labels with the width their text needs, text boxes,
  panels as containers their children must stay inside);
- what each scene on the stack says it shows, from an optional ``layout_boxes()`` method returning
  ``Box`` es (the table's own buttons, its plaques, its cards; ``TableScene`` gives a default).

A scene adds its own boxes by defining (or extending) ``layout_boxes(self) -> list[Box]``; the kinds:

``control``  something to click; overlaps no control, text or label; text_width must fit.
``label``    text in a box of its own (a plaque line, a heading); same rules as a control.
``plaque``   a panel texts sit on: a text partly on it is text sticking out of its box.
``card``     a card at rest: no control may touch it, no plaque or text cover it (cards may overlap
           cards); with ``open_face`` a text or plaque may lie across its middle, never on the
           index in its top-left or bottom-right corner.
``panel``    a container: listed so ``within`` can refer to it; never overlaps anything by itself.

``Box.within`` (a rect) is where the box must stay wholly inside (its panel). Problems are plain
sentences; ``check_app`` returns them (empty: the layout is clean).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

import pygame

ELLIPSES = ("…", "...")
OVERLAP_SLACK = 1  # pixels two boxes may share (antialiased edges) before it counts as an overlap
TEXT_PAD = 4  # a button's label needs this much room at each side


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
    order: int = 0  # drawing order among the recorded blits (later is on top)


# --- recording a frame ------------------------------------------------------------------------------


class RecordingSurface(pygame.Surface):
    """A window-sized surface that remembers every blit: (source, destination rect, order)."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.blitted: list[tuple[pygame.Surface, pygame.Rect, int]] = []

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        rect = super().blit(source, dest, area, special_flags)
        if area is None and isinstance(source, pygame.Surface):
            pos = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            self.blitted.append((source, pygame.Rect(pos, source.get_size()), len(self.blitted)))
        return rect


def _text_index(app: Any) -> dict[int, str]:
    index: dict[int, str] = {}
    with contextlib.suppress(Exception):
        for key, surf in app.text._surfaces.items():
            index[id(surf)] = key[0]
    return index


def recorded_texts(app: Any, surface: RecordingSurface) -> list[Box]:
    """The texts blitted onto ``surface`` (their ink boxes, in window coordinates), and the plaques
    (``felt.panel``) they may sit on."""
    from game.widgets.felt import PLAQUES

    index = _text_index(app)
    out: list[Box] = []
    for src, rect, order in surface.blitted:
        if src in PLAQUES:
            out.append(Box(f"plaque at {tuple(rect)}", "plaque", rect, order=order))
            continue
        text = index.get(id(src))
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


def _catalog_texts() -> set[str]:
    """Every string of the interface catalog: "Reset…" as written there is a whole label."""
    from game.words import i18n

    out: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, str):
            out.add(node.strip())
        elif isinstance(node, dict):
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    with contextlib.suppress(Exception):
        walk(i18n._catalog(i18n.get_language()))
    return out


# --- the checks ------------------------------------------------------------------------------------


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    clip = a.clip(b)
    return clip.width > OVERLAP_SLACK and clip.height > OVERLAP_SLACK


def _contains(outer: pygame.Rect, inner: pygame.Rect, slack: int = 1) -> bool:
    return outer.inflate(2 * slack, 2 * slack).contains(inner)


def problems(boxes: list[Box], size: tuple[int, int]) -> list[str]:
    """Everything wrong with these boxes in a window of ``size``, as sentences."""
    window = pygame.Rect((0, 0), size)
    whole = _catalog_texts()
    out: list[str] = []
    for b in boxes:
        if b.rect.width <= 0 or b.rect.height <= 0:
            continue
        if not _contains(window, b.rect, 0):
            out.append(f"{b.name} lies partly outside the window: {tuple(b.rect)}")
        if b.within is not None and not _contains(b.within, b.rect):
            out.append(f"{b.name} sticks out of its panel {tuple(b.within)}: {tuple(b.rect)}")
        if b.text and b.text.rstrip().endswith(ELLIPSES) and b.text.strip() not in whole:
            out.append(f"{b.name} is cut off with an ellipsis")
        if b.clipped:
            out.append(f"{b.name} is drawn cut short")
        if b.text_width is not None and b.text_width > b.rect.width - 2 * TEXT_PAD:
            out.append(f"{b.name} needs {b.text_width} px, its box is {b.rect.width}")
    solid = [b for b in boxes if b.kind in ("control", "label", "plaque")]
    texts = [b for b in boxes if b.kind == "text"]
    cards = [b for b in boxes if b.kind == "card"]
    for i, a in enumerate(solid):
        for b in solid[i + 1 :]:
            if a.kind == "plaque" and b.kind == "plaque":
                continue  # plaques may stack (a message over the table's own plaques is checked by text)
            if not _overlap(a.rect, b.rect):
                continue
            if "plaque" in (a.kind, b.kind) and _contains_plaque(a, b):
                continue  # a label or a button on its plaque is where it belongs
            out.append(f"{a.name} overlaps {b.name}")
    for i, a in enumerate(texts):
        hosts = [s for s in solid if _contains(s.rect, a.rect, 2)]
        for s in solid:
            if s in hosts or not _overlap(a.rect, s.rect):
                continue
            if s.kind == "plaque" and s.order > a.order:
                continue  # a plaque drawn later covers it (a view over the dimmed table)
            if s.kind == "plaque":
                out.append(f"{a.name} sticks out of the plaque {s.name}")
            elif s.kind == "label" and s.text == a.text:
                continue
            else:
                out.append(f"{a.name} overlaps {s.name}")
        for b in texts[i + 1 :]:
            if _overlap(a.rect, b.rect) and a.text != b.text:
                out.append(f"{a.name} prints over {b.name}")
    panels = [b for b in boxes if b.kind == "panel"]
    for c in cards:
        corners = index_corners(c.rect) if c.open_face else [c.rect]
        for s in solid + texts + panels:
            spots = [c.rect] if s.kind == "control" else corners
            if any(_overlap(spot, s.rect) for spot in spots):
                out.append(f"{s.name} covers the {c.name}")
    return list(dict.fromkeys(out))


def index_corners(card: pygame.Rect) -> list[pygame.Rect]:
    """Where an upright card shows its rank and suit: its top-left and bottom-right corners."""
    w, h = max(1, int(card.width * 0.2)), max(1, int(card.height * 0.25))
    return [pygame.Rect(card.x, card.y, w, h), pygame.Rect(card.right - w, card.bottom - h, w, h)]


def _contains_plaque(a: Box, b: Box) -> bool:
    """Is the one that is not a plaque wholly on the plaque?"""
    plaque, other = (a, b) if a.kind == "plaque" else (b, a)
    return _contains(plaque.rect, other.rect)


def shown_scenes(app: Any) -> list[Any]:
    """The scenes the check looks at: the top one, and the ones below it only while it is an
    overlay that lets them be used (not ``modal``); a modal overlay may cover what is under it."""
    scenes = list(app.stack.scenes)
    if not scenes:
        return []
    out = [scenes[-1]]
    i = len(scenes) - 1
    while i > 0 and scenes[i].transparent and not getattr(scenes[i], "modal", True):
        i -= 1
        out.insert(0, scenes[i])
    return out


def collect(app: Any) -> list[Box]:
    """Draw one frame of ``app`` into a recording surface and gather every box it shows."""
    size = app.screen.get_size()
    rec = RecordingSurface(size)
    scenes = list(app.stack.scenes)
    shown = shown_scenes(app)
    start = len(scenes) - 1
    while start > 0 and scenes[start].transparent:
        start -= 1
    first_blit = 0
    for scene in scenes[max(start, 0) :]:
        if shown and scene is shown[0]:
            first_blit = len(rec.blitted)
        scene.draw(rec)
    if app._ui is not None:
        app._ui.draw_ui(rec)
    boxes: list[Box] = []
    for scene in shown:
        fn = getattr(scene, "layout_boxes", None)
        if fn is not None:
            boxes.extend(fn())
    modal = modal_window(app._ui) if app._ui is not None else None
    if modal is not None:  # a dialog covers the screen below it: the dialog alone is checked
        return gui_boxes(app._ui, only_in=modal)
    if app._ui is not None:
        boxes += gui_boxes(app._ui)
    rec.blitted = rec.blitted[first_blit:]
    boxes += recorded_texts(app, rec)
    return boxes


def toast_problems(app: Any, boxes: list[Box]) -> list[str]:
    """The notice (``app.notify``) lies for seconds over the screen: it may cover nothing shown."""
    fn = getattr(app, "toast_rect", None)
    rect = fn() if fn is not None else None
    if rect is None:
        return []
    return list(dict.fromkeys(f"the notice covers {b.name}" for b in boxes
                              if b.kind not in ("panel", "plaque") and _overlap(rect, b.rect)))


def check_app(app: Any) -> list[str]:
    """The layout problems of the screen ``app`` shows now (empty: clean)."""
    boxes = collect(app)
    return problems(boxes, app.screen.get_size()) + toast_problems(app, boxes)
