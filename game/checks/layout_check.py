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
           cards); with ``open_face`` a plaque may lie across its middle, never on the index in its
           top-left or bottom-right corner, and with ``captioned`` (a declared run) a text too.
           Its ``order`` is when the cards were drawn: a text
           drawn before lies under them, and one a card overlaps is hidden.
``panel``    a container: listed so ``within`` can refer to it; never overlaps anything by itself.
``frame``    the cloth inside the table's wooden rail: a text on it keeps ``FRAME_CLEAR`` of the window's
           height away from the rail (never touching it; buttons and cards have their own edges); its
           ``within`` is the part of the window the rail goes round (the whole window if None).

``Box.within`` (a rect) is where the box must stay wholly inside (its panel). Problems are plain
sentences; ``check_app`` returns them (empty: the layout is clean).
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

import pygame

from game.layout import TEXT_CLEAR
from game.widgets.boxes import (  # noqa: F401  (the check's vocabulary, re-exported)
    Box,
    RecordingSurface,
    gui_boxes,
    modal_window,
    recorded_texts,
)
from game.widgets.text import is_cut_name

if TYPE_CHECKING:
    from game.app import App

ELLIPSES = ("…", "...")
OVERLAP_SLACK = 1  # pixels two boxes may share (antialiased edges) before it counts as an overlap
TEXT_PAD = 4  # a label needs this much room at each side
CONTROL_PAD = 0.2  # a button's label needs this share of the button's height at each side (a clear margin)


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
        cut = b.text and b.text.rstrip().endswith(ELLIPSES) and b.text.strip() not in whole
        if cut and not is_cut_name(b.text):  # (a hand-edited name of 20 W's is cut as meant)
            out.append(f"{b.name} is cut off with an ellipsis")
        if b.clipped:
            out.append(f"{b.name} is drawn cut short")
        worded = b.kind == "control" and len(b.text.strip()) > 1  # (an icon's glyph keeps the plain pad)
        pad = max(TEXT_PAD, round(b.rect.height * CONTROL_PAD)) if worded else TEXT_PAD
        if b.text_width is not None and b.text_width > b.rect.width - 2 * pad:
            out.append(f"{b.name} needs {b.text_width + 2 * pad} px, its box is {b.rect.width}")
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
            if s.kind == "plaque" and any(p.kind == "plaque" and p.order > s.order for p in hosts):
                continue  # it lies on a plaque drawn over this one
            if s.kind == "plaque":
                out.append(f"{a.name} sticks out of the plaque {s.name}")
            elif s.kind == "label" and s.text == a.text:
                continue
            else:
                out.append(f"{a.name} overlaps {s.name}")
        for b in texts[i + 1 :]:
            if _overlap(a.rect, b.rect) and a.text != b.text:
                out.append(f"{a.name} prints over {b.name}")
    for f in (b for b in boxes if b.kind == "frame"):
        clear = max(3, round(size[1] * TEXT_CLEAR))
        inner = f.rect.inflate(-2 * clear, -2 * clear)
        region = f.within or window  # the part of the window the rail goes round
        for b in boxes:
            if not region.collidepoint(b.rect.center):
                continue
            if b.kind == "text" and not inner.contains(b.rect):
                out.append(f"{b.name} touches {f.name}")
    panels = [b for b in boxes if b.kind == "panel"]
    for c in cards:
        for a in texts:
            if a.order < c.order and _overlap(a.rect.inflate(-2, -2), c.rect):
                out.append(f"{a.name} is hidden under the {c.name}")
        corners = index_corners(c.rect) if c.open_face else [c.rect]
        for s in solid + texts + panels:
            spots = [c.rect] if s.kind == "control" or (s.kind == "text" and not c.captioned) else corners
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


def shown_scenes(app: App) -> list[Any]:
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


def collect(app: App) -> list[Box]:
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


def toast_problems(app: App, boxes: list[Box]) -> list[str]:
    """The notice (``app.notify``) lies for seconds over the screen: it may cover nothing shown."""
    fn = getattr(app, "toast_rect", None)
    rect = fn() if fn is not None else None
    if rect is None:
        return []
    from game.widgets.toast import button_boxes

    boxes = boxes + [b for scene in shown_scenes(app) for b in button_boxes(scene)]  # a sheet's, too
    return list(dict.fromkeys(f"the notice covers {b.name}" for b in boxes
                              if b.kind not in ("panel", "plaque", "frame") and _overlap(rect, b.rect)))


def check_app(app: App) -> list[str]:
    """The layout problems of the screen ``app`` shows now (empty: clean)."""
    boxes = collect(app)
    return problems(boxes, app.screen.get_size()) + toast_problems(app, boxes) + focus_problems(app)


def focus_problems(app: App) -> list[str]:
    """Controls of the top screen that its keyboard focus never reaches (game.widgets.focus)."""
    top = app.stack.top
    if getattr(top, "focus", None) is None or getattr(top, "file_dialog", None) is not None:
        return []
    from game.widgets.focus import unreachable

    return [f"{name!r} is not reached from the keyboard" for name in unreachable(top)]
