"""A word for the player over any screen (a record saved and where, a record that could not open).

It stays for several seconds, so it goes where it covers nothing: the screen is drawn once into a
recording surface (as the layout check does) and the toast takes the free spot nearest the top
centre, wrapping narrower when a wide plaque finds no room; failing that, an empty part of a plaque
or panel (covering none of its words or buttons). Where even that has no room (a full-height sheet at
a large text size), the notice shortens to its first line, what must be said ("Record saved"), its
details (the path) left for when the screen has room again; only on a screen full to the edges does
it take the place where it covers least. A screen that has a strip of its own for notices (the review
viewer's panel: ``tells_notices``) tells it there instead. Its words are drawn at the player's text
size (the app's ``TextCache`` scales them), and its box grows with them. The spot is chosen again when
the screen on top or the window changes, and when something comes to lie under it (a card played).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.looks.themes import IVORY, WARN
from game.widgets.felt import panel

if TYPE_CHECKING:
    from game.app import App

_plaques: dict[tuple[int, int], pygame.Surface] = {}
WIDTHS = (0.8, 0.6, 0.45, 0.32, 0.22)  # shares of the window width to wrap the message in, widest first
CLEAR = 6  # pixels kept free around what the toast must not cover


def toast_rect(surface_size: tuple[int, int], text: Any, message: str,
               share: float = WIDTHS[0]) -> tuple[pygame.Rect, list[str], int]:
    """The toast's box at the top centre, its wrapped lines and font size (wrapped in ``share`` of the
    window's width; a size asked of ``text``, which draws it at the player's text size)."""
    w, h = surface_size
    fs = max(12, int(h * 0.024))
    scale = getattr(text, "scale", 1.0)
    pad_x, pad_y = round(20 * scale), round(12 * scale)
    width = min(int(w * share), round(980 * scale), w - 20)
    lines = text.wrap(message, fs, width - 2 * pad_x)
    line_h = text.font(fs).get_linesize()
    box_w = min(w - 20, max(text.font(fs).size(ln)[0] for ln in lines) + 2 * pad_x) if lines else width
    rect = pygame.Rect(0, 0, box_w, line_h * len(lines) + 2 * pad_y)
    rect.midtop = (w // 2, max(10, int(h * 0.02)))
    return rect, lines, fs


def short_form(message: str) -> str:
    """What a notice must say when the screen has no room for all of it: its first line (a trailing
    colon dropped: "Record saved:" over its path), or all of a one-line notice."""
    head = message.split("\n", 1)[0].rstrip()
    return head[:-1].rstrip() if head != message.rstrip() and head.endswith(":") else head


def cuts(lines: list[str], message: str) -> int:
    """How many words of ``message`` ``lines`` cut across two lines (a long path in a narrow box)."""
    return len(" ".join(lines).split()) - len(message.split())


def free_spot(size: tuple[int, int], box: tuple[int, int], taken: list[pygame.Rect],
              prefer: tuple[int, int]) -> pygame.Rect | None:
    """The place for a ``box`` inside the window touching none of ``taken``, its top centre nearest
    ``prefer``; None if there is none."""
    w, h = size
    bw, bh = box
    margin, step = 8, max(6, h // 100)
    if bw > w - 2 * margin or bh > h - 2 * margin:
        return None
    xs = sorted({*range(margin, w - bw - margin + 1, step), (w - bw) // 2, w - bw - margin})
    ys = sorted({*range(margin, h - bh - margin + 1, step), h - bh - margin})
    best: pygame.Rect | None = None
    best_d = 0
    rect = pygame.Rect(0, 0, bw, bh)
    for y in ys:
        dy = (y - prefer[1]) ** 2
        if best is not None and dy >= best_d:
            break  # rows further down only get further away
        for x in xs:
            d = dy + (x + bw // 2 - prefer[0]) ** 2
            if best is not None and d >= best_d:
                continue
            rect.topleft = (x, y)
            if rect.collidelist(taken) == -1:
                best, best_d = rect.copy(), d
    return best


def shown_rects(app: App) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
    """Everything the screen shows now, as rects: (all of it, its content). All: every blit of the
    scenes drawn (the window-wide felt and dimming left out), their layout boxes, the pygame_gui
    elements. Content leaves out the plaques and panels things sit on (their empty parts may take a
    notice when nothing else is free)."""
    from game.widgets.boxes import RecordingSurface, gui_boxes
    from game.widgets.felt import PLAQUES

    size = app.screen.get_size()
    rec = RecordingSurface(size)
    scenes = list(app.stack.scenes)
    start = len(scenes) - 1
    while start > 0 and scenes[start].transparent:
        start -= 1
    boxes: list[Any] = []
    for scene in scenes[max(start, 0):]:
        scene.draw(rec)
        fn = getattr(scene, "layout_boxes", None)
        if fn is not None:
            boxes += fn()
        boxes += button_boxes(scene)
    if app._ui is not None:
        boxes += gui_boxes(app._ui)
    window = size[0] * size[1]
    blits = [(src, r) for src, r, _ in rec.blitted if r.width * r.height < window * 0.5]
    every = [b.rect for b in boxes] + [r for _, r in blits]
    content = [b.rect for b in boxes if b.kind not in ("plaque", "panel", "frame")]
    declared = {tuple(b.rect) for b in boxes if b.kind in ("plaque", "panel")}  # a scene's own plaques
    content += [r for src, r in blits if src not in PLAQUES and tuple(r) not in declared]

    def grown(rects: list[pygame.Rect]) -> list[pygame.Rect]:
        return [r.inflate(2 * CLEAR, 2 * CLEAR) for r in rects if r.width > 0 and r.height > 0]

    return grown(every), grown(content)


def button_boxes(scene: Any) -> list[Any]:
    """A scene's own buttons (drawn with lines, so no blit shows them; a sheet declares no boxes)."""
    from game.widgets.boxes import Box

    buttons = getattr(scene, "buttons", None)
    found = buttons.values() if isinstance(buttons, dict) else buttons if isinstance(buttons, list) else []
    return [Box(f"button {getattr(b, 'key', '')}", "control", b.rect) for b in found
            if isinstance(getattr(b, "rect", None), pygame.Rect)]


def covered_area(rect: pygame.Rect, taken: list[pygame.Rect]) -> int:
    return sum(rect.clip(taken[i]).width * rect.clip(taken[i]).height for i in rect.collidelistall(taken))


def least_covering(size: tuple[int, int], boxes: list[pygame.Rect], taken: list[pygame.Rect]) -> int:
    """Which of ``boxes`` (same-sized candidates aside) covers the least of ``taken``: its index."""
    return min(range(len(boxes)), key=lambda i: covered_area(boxes[i], taken))


def content_now(app: App) -> tuple[tuple[int, int, int, int], ...]:
    """The cards and controls the scenes say they show now (their ``layout_boxes``: no drawing, so
    cheap enough for every frame), as plain tuples to compare."""
    out: list[tuple[int, int, int, int]] = []
    try:
        for scene in app.stack.scenes:
            fn = getattr(scene, "layout_boxes", None)
            boxes = (fn() if fn is not None else []) + button_boxes(scene)
            out += [tuple(b.rect.inflate(2 * CLEAR, 2 * CLEAR)) for b in boxes
                    if b.kind not in ("plaque", "panel", "frame")]
    except Exception:  # every scene's own layout code: a notice's place is never worth a crash
        return ()
    return tuple(out)


def covers(rect: pygame.Rect, seen: tuple[tuple[int, int, int, int], ...]) -> bool:
    return rect.collidelist([pygame.Rect(r) for r in seen]) != -1


def place_toast(app: App, message: str) -> tuple[pygame.Rect, list[str], int, bool]:
    """Where the toast goes on the screen ``app`` shows now: (box, lines, font size, clear). Clear of
    all that shows if it can be; else clear of content (over a plaque's empty part); else (not clear)
    where it covers least."""
    size = app.screen.get_size()
    if getattr(app.stack.top, "tells_notices", False):  # a screen with a strip of its own for it
        return pygame.Rect(0, 0, 0, 0), [], 0, True
    try:
        every, content = shown_rects(app)
    except Exception:  # a screen that cannot be measured: the top centre, as before
        return (*toast_rect(size, app.text, message), False)
    prefer = (size[0] // 2, max(10, int(size[1] * 0.02)))
    short = short_form(message)
    forms = [message] if short == message else [message, short]
    laid: list[tuple[pygame.Rect, list[str], int]] = []
    tries: list[list[tuple[pygame.Rect, list[str], int]]] = []
    for said in forms:  # all of it with its words whole; its first line; all of it with words cut
        laid = [toast_rect(size, app.text, said, share) for share in WIDTHS]
        least = cuts(laid[0][1], said)  # (a path wider than the widest box is cut there too)
        tries.append([x for x in laid if cuts(x[1], said) <= least + 1])  # a path on 3 lines at most
    cut = (toast_rect(size, app.text, message, share) for share in WIDTHS)
    tries.append([x for x in cut if x not in tries[0]])
    for found in tries:
        for taken in (every, content):
            for rect, lines, fs in found:
                spot = free_spot(size, rect.size, taken, prefer)
                if spot is not None:
                    return spot, lines, fs, True
    candidates: list[tuple[pygame.Rect, list[str], int]] = []
    w, h = size
    step = max(12, h // 40)
    for rect, lines, fs in laid:
        for y in range(8, max(9, h - rect.height - 7), step):
            for x in range(8, max(9, w - rect.width - 7), step):
                candidates.append((pygame.Rect(x, y, rect.width, rect.height), lines, fs))
    if not candidates:
        return (*laid[0], False)
    return (*candidates[least_covering(size, [c[0] for c in candidates], content)], False)


def draw_toast(surface: pygame.Surface, text: Any, message: str, kind: str = "info",
               placed: tuple[Any, ...] | None = None) -> pygame.Rect:
    rect, lines, fs = placed[:3] if placed else toast_rect(surface.get_size(), text, message)
    if not lines:  # told by the screen itself (``tells_notices``)
        return rect
    plaque = _plaques.get(rect.size)
    if plaque is None:
        if len(_plaques) > 40:
            _plaques.clear()
        plaque = _plaques[rect.size] = panel(rect.size, 235)
    surface.blit(plaque, rect)
    colour = WARN if kind == "warn" else IVORY
    y = rect.y + (rect.height - len(lines) * text.font(fs).get_linesize()) // 2
    for line in lines:
        img = text.get(line, fs, colour)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
        y += text.font(fs).get_linesize()
    return rect
