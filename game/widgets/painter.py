"""Drawing a frame again only where it changed: the scenes draw into a ``Recorder``, which keeps their
blits, fills and shapes without touching a pixel; the ``Painter`` compares them with the last frame's
and replays them, clipped, only over the places that differ (a card in flight: where it was and where
it is). The window keeps last frame's pixels everywhere else.

Why it is exact: a pixel outside every changed place is covered by the same operations as last frame,
in the same order (an operation is known by what it draws and where: its source surface, position,
area, flags and alpha; a surface drawn over in place carries a ``stamp`` that changes with it), so it
would come out the same. Operations that were added, removed or changed their order make their rects
changed places. ``tests/game/widgets/test_painter.py`` compares painted frames with frames drawn whole.

Scenes draw as before (``surface.blit``, ``surface.fill``); their shapes go through
``game.widgets.shapes``, which hands them to the recorder (a ``pygame.draw`` call made on it directly
would be lost, and the test above would see it). The layout check draws the same scenes into its own
recording surface, so it still sees every word of every frame.
"""

from __future__ import annotations

import bisect
from typing import Any

import pygame

# Past this share of the window changed, one unclipped pass is cheaper than clipped ones.
WHOLE_SHARE = 0.55
# Changed places closer than this many pixels are painted as one.
MERGE_GAP = 8


class Recorder(pygame.Surface):
    """Stands in for the window while the scenes draw: the size they ask for is the window's, and
    every blit, fill and shape is kept as an operation ``(key, rect, replay)`` instead of drawn."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__((1, 1))
        self.window_size = size
        self.bounds = pygame.Rect((0, 0), size)
        self.ops: list[tuple[Any, pygame.Rect, tuple[Any, ...]]] = []

    # What the scenes ask of the surface they draw on.
    def get_size(self) -> tuple[int, int]:
        return self.window_size

    def get_width(self) -> int:
        return self.window_size[0]

    def get_height(self) -> int:
        return self.window_size[1]

    @property
    def size(self) -> tuple[int, int]:
        return self.window_size

    @property
    def width(self) -> int:
        return self.window_size[0]

    @property
    def height(self) -> int:
        return self.window_size[1]

    def get_rect(self, **kwargs: Any) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.window_size)
        for name, value in kwargs.items():
            setattr(rect, name, value)
        return rect

    def get_clip(self) -> pygame.Rect:
        return pygame.Rect(self.bounds)

    def blit(self, source: Any, dest: Any = (0, 0), area: Any = None, special_flags: int = 0) -> pygame.Rect:
        if isinstance(dest, pygame.Rect):
            pos = dest.topleft
        else:
            pos = (int(dest[0]), int(dest[1]))
        if area is not None:
            area = pygame.Rect(area).clip(source.get_rect())
            rect = pygame.Rect(pos, area.size)
            area_key: Any = (area.x, area.y, area.w, area.h)
        else:
            rect = pygame.Rect(pos, source.get_size())
            area_key = None
        rect = rect.clip(self.bounds)
        alpha = source.get_alpha()
        key = (1, id(source), getattr(source, "stamp", 0), pos, area_key, special_flags, alpha)
        self.ops.append((key, rect, (source, pos, area, special_flags, alpha)))
        return rect

    def blits(self, blit_sequence: Any, doreturn: Any = 1) -> Any:
        out = [self.blit(*item) for item in blit_sequence]
        return out if doreturn else None

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        r = self.bounds.clip(pygame.Rect(rect)) if rect is not None else pygame.Rect(self.bounds)
        colour = tuple(pygame.Color(color))
        key = (2, colour, (r.x, r.y, r.w, r.h), special_flags)
        self.ops.append((key, r, (colour, pygame.Rect(r), special_flags)))
        return r

    def shape(
        self, name: str, bounds: pygame.Rect, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> pygame.Rect:
        """A ``pygame.draw`` call (by name) and the rect that holds every pixel it may touch."""
        rect = bounds.clip(self.bounds)
        key = (3, name, _frozen(args), tuple(sorted(kwargs.items())))
        self.ops.append((key, rect, (name, args, kwargs)))
        return rect


def _frozen(value: Any) -> Any:
    """A hashable copy of a shape's arguments (colours, rects and point lists become tuples)."""
    kind = type(value)
    if kind is int or kind is float or kind is str:
        return value
    if kind is pygame.Rect:
        return ("rect", value.x, value.y, value.w, value.h)
    if kind is tuple or kind is list:
        return tuple([_frozen(v) for v in value])
    if isinstance(value, pygame.Color):
        return tuple(value)
    if isinstance(value, pygame.math.Vector2):
        return (value.x, value.y)
    if isinstance(value, pygame.Rect):
        return ("rect", value.x, value.y, value.w, value.h)
    return value


def replay(target: pygame.Surface, op: tuple[Any, pygame.Rect, tuple[Any, ...]]) -> None:
    """Draw one recorded operation on ``target`` (within its clip)."""
    kind = op[0][0]
    args = op[2]
    if kind == 1:
        source, pos, area, flags, alpha = args
        if source.get_alpha() != alpha:  # drawn faded (a card fading in): fade it again for this blit
            before = source.get_alpha()
            source.set_alpha(alpha)
            target.blit(source, pos, area, flags)
            source.set_alpha(before)
        else:
            target.blit(source, pos, area, flags)
    elif kind == 2:
        colour, rect, flags = args
        target.fill(colour, rect, flags)
    else:
        name, shape_args, kwargs = args
        getattr(pygame.draw, name)(target, *shape_args, **kwargs)


def changed_places(
    old: list[tuple[Any, pygame.Rect, Any]], new: list[tuple[Any, pygame.Rect, Any]]
) -> list[pygame.Rect]:
    """The rects where ``new`` may draw other pixels than ``old`` did: operations added or removed,
    and those drawn in another order (all but the longest run kept in order)."""
    # The same operations at the start and at the end (the cloth, the plaques, most cards) are kept
    # as they are: only what lies between is matched.
    n = min(len(old), len(new))
    head = 0
    while head < n and old[head][0] == new[head][0]:
        head += 1
    tail = 0
    while tail < n - head and old[-1 - tail][0] == new[-1 - tail][0]:
        tail += 1
    old = old[head : len(old) - tail]
    new = new[head : len(new) - tail]
    waiting: dict[Any, list[int]] = {}
    for i, op in enumerate(old):
        waiting.setdefault(op[0], []).append(i)
    for v in waiting.values():
        v.reverse()
    places: list[pygame.Rect] = []
    matched: list[tuple[int, int]] = []  # (index in old, index in new)
    for j, op in enumerate(new):
        ids = waiting.get(op[0])
        if ids:
            matched.append((ids.pop(), j))
        else:
            places.append(op[1])
    for ids in waiting.values():
        places.extend(old[i][1] for i in ids)
    if matched:
        places.extend(new[j][1] for j in _out_of_order(matched))
    return [p for p in places if p.w > 0 and p.h > 0]


def _out_of_order(matched: list[tuple[int, int]]) -> list[int]:
    """The new indices of the matched operations outside a longest run whose old order is kept."""
    tails: list[int] = []  # the smallest old index ending a run of each length
    tail_at: list[int] = []  # its position in ``matched``
    before = [-1] * len(matched)
    for k, (i, _j) in enumerate(matched):
        n = bisect.bisect_left(tails, i)
        if n == len(tails):
            tails.append(i)
            tail_at.append(k)
        else:
            tails[n] = i
            tail_at[n] = k
        before[k] = tail_at[n - 1] if n > 0 else -1
    kept: set[int] = set()
    k = tail_at[-1] if tail_at else -1
    while k >= 0:
        kept.add(k)
        k = before[k]
    return [j for k, (_i, j) in enumerate(matched) if k not in kept]


def merged(places: list[pygame.Rect], gap: int = MERGE_GAP) -> list[pygame.Rect]:
    """Overlapping (or nearly touching) rects joined into their union, until none overlap."""
    out: list[pygame.Rect] = []
    for p in places:
        r = pygame.Rect(p)
        again = True
        while again:
            again = False
            for k, q in enumerate(out):
                if r.inflate(gap, gap).colliderect(q):
                    r.union_ip(out.pop(k))
                    again = True
                    break
        out.append(r)
    return out


class Painter:
    """Keeps the last frame's operations and paints the next frame over only what changed."""

    def __init__(self) -> None:
        self.ops: list[tuple[Any, pygame.Rect, Any]] | None = None
        self.recorder: Recorder | None = None
        self.size: tuple[int, int] | None = None
        self.painted: list[pygame.Rect] | None = None  # what the last paint changed (None: all of it)
        self.whole = 0  # frames painted whole
        self.parts = 0  # frames painted in parts (or not at all: nothing changed)

    def forget(self) -> None:
        """The window's pixels are no longer the last painted frame's: the next is painted whole. What
        that frame drew goes too (a closed table's cloth and cards: 32 MB and more at 3840x2160)."""
        self.ops = None
        if self.recorder is not None:
            self.recorder.ops = []

    def paint(self, screen: pygame.Surface, draw: Any) -> list[pygame.Rect] | None:
        """``draw(surface)`` draws the frame; it is recorded and painted on ``screen`` where it
        differs from the last one. Returns the rects painted (None: the whole window)."""
        size = screen.get_size()
        rec = self.recorder
        if rec is None or rec.window_size != size:
            rec = self.recorder = Recorder(size)
        rec.ops = []
        draw(rec)
        new = rec.ops
        old = self.ops
        self.ops = new
        if old is None or self.size != size:
            self.size = size
            self._whole(screen, new)
            return None
        places = merged(changed_places(old, new))
        area = sum(p.w * p.h for p in places)
        if area > WHOLE_SHARE * size[0] * size[1]:
            self._whole(screen, new)
            return None
        self.parts += 1
        clip = screen.get_clip()
        try:
            for place in places:
                screen.set_clip(place)
                for op in new:
                    if op[1].colliderect(place):
                        replay(screen, op)
        finally:
            screen.set_clip(clip)
        self.painted = places
        return places

    def _whole(self, screen: pygame.Surface, ops: list[tuple[Any, pygame.Rect, Any]]) -> None:
        self.whole += 1
        for op in ops:
            replay(screen, op)
        self.painted = None
        return None
