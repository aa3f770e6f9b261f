"""Cached text: every string is rendered once per (size, style, colour) and reused every frame."""

from __future__ import annotations

import unicodedata
from typing import Any

import pygame

from game.looks.resources import asset, unreadable
from game.looks.themes import FONT_BOLD, FONT_ITALIC, FONT_REGULAR
from game.words.safe import safe_text

MAX_LINE_CHARS = 2000
MAX_LINE_PX = 8000
_STYLES = {"regular": FONT_REGULAR, "bold": FONT_BOLD, "italic": FONT_ITALIC}
NAME_EMS = 14  # the widest a name is said: 14 "Ш" (a real 20-letter name is some 12)
MIN_TEXT_PX = 12  # no drawn text is smaller: below it Cyrillic letters lose their shapes
# Sizes at which the bundled DejaVu Serif's hinting (SDL_ttf's, which pygame-ce does not let us change)
# breaks Cyrillic: "и" comes out as "ıı" and "й" loses its breve. Drawn one pixel larger instead.
_ILLEGIBLE = {"regular": {13}, "bold": set(), "italic": set()}


def legible_size(size: int, style: str = "regular") -> int:
    """The size text of ``size`` is drawn at: at least ``MIN_TEXT_PX``, never one the font's hinting
    mangles."""
    size = max(MIN_TEXT_PX, int(size))
    while size in _ILLEGIBLE.get(style, ()):
        size += 1
    return size


class SafeFont(pygame.font.Font):
    """A font that draws and measures any str: a file name that is not UTF-8 (surrogate escapes), a
    NUL or a control character would otherwise raise in SDL_ttf (``safe_text`` first)."""

    def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        return super().render(_drawable(text), *args, **kwargs)

    def size(self, text: Any) -> tuple[int, int]:
        return super().size(_drawable(text))


def _drawable(text: Any) -> Any:
    if isinstance(text, str):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return safe_text(text)
        if "\0" in text:
            return safe_text(text)
    return text


class TextCache:
    """``text.get("Ураган", 24, colour)`` → a Surface, rendered on first use only.

    ``renders`` counts real renders, so a test can check a steady frame renders nothing.
    """

    MAX_ENTRIES = 2000
    MAX_BYTES = 12 * 2**20  # a screenful of text is well under 2 MB; a long session must not grow

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, str], pygame.font.Font] = {}
        self._surfaces: dict[tuple[Any, ...], pygame.Surface] = {}
        self.renders = 0
        self.bytes = 0  # pixels held by the cached surfaces
        self.noting: dict[int, str] | None = None  # while a plaque is composed: id(surface) -> its text
        self._measured: dict[tuple[Any, ...], tuple[int, tuple[str, ...]]] = {}  # fit and wrap, worked out
        self.scale = 1.0  # the player's text size (Settings, --text-size): every size drawn this much larger

    def forget(self) -> None:
        """Let go of every font, rendered line and measure now (a new text size; the app closing, on the
        thread that drew them)."""
        self._fonts.clear()
        self._surfaces.clear()
        self._measured.clear()
        self.bytes = 0

    def set_scale(self, scale: float) -> bool:
        """Draw every size ``scale`` times larger from now on (what was rendered or measured is
        forgotten); whether it changed."""
        if scale == self.scale:
            return False
        self.scale = scale
        self.forget()
        return True

    @property
    def min_size(self) -> int:
        """The smallest size worth asking: drawn at ``MIN_TEXT_PX`` whatever the text size (text
        shrunk to fit its room, a long name, goes down to the same pixels at every text size)."""
        return max(1, -(-MIN_TEXT_PX * 100 // round(self.scale * 100)))

    def px(self, size: float) -> int:
        """The pixels a size asked of this cache is drawn at (for a box sized before its text is
        measured)."""
        return round(size * self.scale)

    def font(self, size: int, style: str = "regular") -> pygame.font.Font:
        size = legible_size(round(size * self.scale), style)
        key = (size, style)
        f = self._fonts.get(key)
        if f is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = asset(*_STYLES[style])
            try:
                f = SafeFont(str(path), size)
            except (pygame.error, OSError) as e:
                raise unreadable(path, e) from e
            self._fonts[key] = f
        return f

    def get(
        self,
        text: str,
        size: int,
        colour: tuple[int, ...] = (243, 230, 196),
        style: str = "regular",
        shadow: bool = False,
        suits: Any = None,
    ) -> pygame.Surface:
        """``suits``: a palette from ``game.widgets.suits.suit_palette`` to colour suit symbols."""
        if suits and not any(sym in text for sym, _ in suits):
            suits = None
        key = (text, size, style, tuple(colour), shadow, suits)
        surf = self._surfaces.get(key)
        if surf is None:
            surf = self._render(text, size, colour, style, shadow, suits)
            self.bytes += _bytes(surf)
            while self._surfaces and (len(self._surfaces) >= self.MAX_ENTRIES or self.bytes > self.MAX_BYTES):
                self.bytes -= _bytes(self._surfaces.pop(next(iter(self._surfaces))))  # least recently used
        else:
            del self._surfaces[key]  # re-inserted below: dicts keep order, so this marks it recent
        self._surfaces[key] = surf
        if self.noting is not None:
            self.noting[id(surf)] = text
        return surf

    def _render(
        self, text: str, size: int, colour: tuple[int, ...], style: str, shadow: bool, suits: Any = None
    ) -> pygame.Surface:
        self.renders += 1
        font = self.font(size, style)
        if len(text) > MAX_LINE_CHARS or font.size(text[: MAX_LINE_CHARS])[0] > MAX_LINE_PX:
            # No screen shows a line this long; SDL cannot even make the surface. Shorten it.
            text = text[: _fitting_prefix(font, text[:MAX_LINE_CHARS], MAX_LINE_PX) - 1] + "…"
        main = font.render(text, True, colour) if not suits else self._coloured(font, text, colour, suits)
        if not shadow:
            return main
        off = max(1, size // 14)
        out = pygame.Surface((main.get_width() + off, main.get_height() + off), pygame.SRCALPHA)
        out.blit(font.render(text, True, (0, 0, 0)), (off, off))
        out.blit(main, (0, 0))
        return out

    @staticmethod
    def _coloured(font: pygame.font.Font, text: str, colour: tuple[int, ...], suits: Any) -> pygame.Surface:
        """One line with each suit symbol in its colour, laid out as the font lays out the whole."""
        from game.widgets.suits import runs

        pieces = [font.render(piece, True, rgb or colour) for piece, rgb in runs(text, suits)]
        width = max(font.size(text)[0], sum(p.get_width() for p in pieces))
        out = pygame.Surface((width, font.get_height()), pygame.SRCALPHA)
        x = 0
        for p in pieces:
            out.blit(p, (x, 0))
            x += p.get_width()
        return out

    def fit(
        self, text: str, size: int, width: int, style: str = "regular", lines: int = 1
    ) -> tuple[int, list[str]]:
        """The largest size, from ``size`` down to ``min_size``, at which ``text`` fits ``width``
        pixels on one line, else on at most ``lines`` lines (broken between words); and its lines.
        At the minimum it is wrapped as it must be (a name is never cut short). Measured once per
        question: the tables ask the same each frame."""
        key = ("fit", text, size, int(width), style, lines)
        got = self._measured.get(key)
        if got is None:
            fs, found = self._fit(text, size, width, style, lines)
            got = self._remember(key, (fs, tuple(found)))
        return got[0], list(got[1])

    Measured = tuple[int, tuple[str, ...]]

    def _remember(self, key: tuple[Any, ...], value: Measured) -> Measured:
        if len(self._measured) >= self.MAX_ENTRIES * 4:
            self._measured.clear()  # (a window resized many times: every size asks anew)
        self._measured[key] = value
        return value

    def _fit(self, text: str, size: int, width: int, style: str, lines: int) -> tuple[int, list[str]]:
        width = max(1, int(width))
        low = self.min_size
        sizes = sorted({x for x in range(low, max(low, size) + 1)}, reverse=True)
        for x in sizes:
            if self.font(x, style).size(text)[0] <= width:
                return x, [text]
        for x in sizes if lines > 1 else ():
            wrapped = self.wrap(text, x, width, style)
            whole_words = " ".join(wrapped) == " ".join(text.split(" "))
            if len(wrapped) <= lines and whole_words:
                return x, wrapped
        return low, self.wrap(text, low, width, style)

    def fit_name(
        self, name: str, size: int, width: int, style: str = "regular", lines: int = 1
    ) -> tuple[int, list[str]]:
        """A player's name fitted to its room: as ``fit`` (whole, smaller, on up to ``lines`` lines),
        and where even the smallest size does not hold it, its last line cut with "…". Never more than
        ``lines`` lines, none wider than ``width`` (a hand-edited name may be 20 W's)."""
        size, found = self.fit(name, size, width, style, lines)
        return size, self.name_lines(name, size, width, style, lines, found)

    def name_lines(
        self,
        name: str,
        size: int,
        width: int,
        style: str = "regular",
        lines: int = 1,
        found: list[str] | None = None,
    ) -> list[str]:
        """``name`` at ``size`` on at most ``lines`` lines of ``width`` pixels: whole, wrapped, the last
        line cut with "…" if it must (``found``: its lines as ``fit`` gave them)."""
        font = self.font(size, style)
        if found is None:
            found = [name] if font.size(name)[0] <= width else self.wrap(name, size, width, style)
        if len(found) <= lines and all(font.size(line)[0] <= width for line in found):
            return found
        keep = found[: max(1, lines) - 1]
        return [*keep, _noted(ellipsized(font, " ".join(found[len(keep) :]), width))]

    def short_name(self, name: str, size: int, style: str = "regular", ems: int = NAME_EMS) -> str:
        """``name`` as sentences and plates say it: whole unless wider than ``ems`` wide letters ("Ш")
        at ``size`` (no real name of ``MAX_NAME`` letters is; 20 W's are), else cut with "…"."""
        font = self.font(size, style)
        cut = ellipsized(font, name, font.size("Ш")[0] * ems)
        return cut if cut == name else _noted(cut)

    def wrap(self, text: str, size: int, width: int, style: str = "regular") -> list[str]:
        """Split ``text`` into lines that fit ``width`` pixels (measuring, not rendering)."""
        key = ("wrap", text, size, int(width), style)
        got = self._measured.get(key)
        if got is None:
            got = self._remember(key, (0, tuple(self._wrap(text, size, width, style))))
        return list(got[1])

    def _wrap(self, text: str, size: int, width: int, style: str) -> list[str]:
        return wrap_lines(self.font(size, style), text, width)


def wrap_lines(font: Any, text: str, width: int) -> list[str]:
    """``text`` split into lines that fit ``width`` pixels in ``font`` (anything with ``size(text)``:
    a pygame font, pygame_gui's); a word wider than a line is cut."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
            while len(line) > 1 and font.size(line[: width + 1])[0] > width:  # a word wider than a line
                cut = _fitting_prefix(font, line, width)
                lines.append(line[:cut])
                line = line[cut:]
        lines.append(line)
    return lines


_CUT_NAMES: set[str] = set()


def _noted(cut: str) -> str:
    if len(_CUT_NAMES) > 1000:
        _CUT_NAMES.clear()
    _CUT_NAMES.add(cut)
    return cut


def is_cut_name(text: str) -> bool:
    """Whether ``text`` ends with (or is the end of) a player's name (or a team's) cut with "…" by
    ``TextCache.name_lines`` (not even the smallest size held it) or ``short_name``: the layout check
    takes it as meant."""
    text = text.strip()  # (a line may hold only the cut name's tail: it was wrapped)
    return text.endswith("…") and any(text.endswith(cut) or cut.endswith(text) for cut in _CUT_NAMES)


def ellipsized(font: Any, text: str, width: int) -> str:
    """``text`` as it fits ``width`` pixels in ``font``: whole, else cut with "…" (never between a
    letter and its accents)."""
    if font.size(text)[0] <= width:
        return text
    cut = _fitting_prefix(font, text, max(1, width - font.size("…")[0])) + 1
    while True:
        cut -= 1
        while cut > 1 and unicodedata.category(text[cut]).startswith("M"):
            cut -= 1
        if cut <= 1 or font.size(text[:cut].rstrip() + "…")[0] <= width:
            return text[:cut].rstrip() + "…"


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


def _fitting_prefix(font: Any, text: str, width: int) -> int:
    """How many leading characters of ``text`` fit ``width`` pixels (at least 1). A binary search over
    at most ``width`` characters (no glyph is narrower than a pixel), so a 20,000-character word costs
    a few measurements per line, not one per character."""
    lo, hi = 1, min(len(text), width + 1)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid])[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo
