"""The score sheet over the table at the end of a deal: rows counted up one by one, then the totals.

Game-neutral: a table hands it a title, the column heads (players or teams), the rows (a category,
an optional detail line, one value per column) and what the buttons do. Clicking or a key during
the count-up shows everything at once. The table underneath keeps its place and waits.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.looks.themes import BRASS, BRASS_LIGHT, GLOW, IVORY, WARN
from game.scene import ANIMATING, Scene
from game.widgets import shapes
from game.widgets.buttons import Button, row_of_buttons
from game.widgets.felt import panel

if TYPE_CHECKING:
    from game.app import App


@dataclass
class SheetRow:
    label: str
    values: list[int | str]
    detail: str = ""
    total: bool = False  # drawn in brass under a rule
    accent: bool = False  # non-zero values stand out, in gold: an achievement, not a warning (uragans)


@dataclass
class SheetButton:
    key: str
    label: str
    action: Callable[[], None]
    hotkey: int | None = None
    accent: bool = False
    row: int = 0  # 0: the main row at the bottom; 1: the row above it (review, save the record)


@dataclass
class Sheet:
    title: str
    columns: list[str]
    rows: list[SheetRow]
    footer: list[str] = field(default_factory=list)
    banner: str = ""  # a last line in large letters ("A double win!")
    buttons: list[SheetButton] = field(default_factory=list)
    suits: Any = None  # a suit palette (game.widgets.suits) for labels that name cards


class ScoreSheetScene(Scene):
    transparent = True

    def __init__(
        self,
        app: App,
        sheet: Sheet,
        step: float = 0.45,
        auto: Callable[[], None] | None = None,
        auto_after: float = 2.0,
    ) -> None:
        """``step``: seconds per row (0 shows all at once); ``auto``: called by itself once everything
        has been shown for ``auto_after`` seconds (a demo goes on without anyone pressing a button)."""
        super().__init__(app)
        self.sheet = sheet
        self.step = step
        self.auto = auto
        self.auto_after = auto_after
        self.clock = 0.0
        self.buttons: list[Button] = []
        self._auto_done = False

    def enter(self) -> None:
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        bh = max(36, int(h * 0.055), self.app.text.font(max(12, int(h * 0.026))).get_linesize() + 12)
        # A larger text size that leaves the sheet too tall compacts it, one step at a time: rows closer,
        # each detail beside its label, the buttons on one row, the footer on one line.
        self.tight = self.inline = self.one_row = self.one_footer = False
        for step in ("tight", "inline", "one_row", "one_footer"):
            if self.needed_height(h, bh, at_most=h * 10) + self.long_names_px(h) <= h * 0.96:
                break
            setattr(self, step, self.can_compact(step, h, bh))
        self.box = pygame.Rect(0, 0, self.width(), self.needed_height(h, bh))
        self.box.height = min(int(h * 0.96), self.box.height + self.long_names_px(h))
        self.box.center = (w // 2, h // 2)
        self._bg = panel(self.box.size, 238)
        self._shade = pygame.Surface(size, pygame.SRCALPHA)
        self._shade.fill((0, 0, 0, 110))
        self.buttons = []
        for row, placed in enumerate(self.button_rows()):
            buttons = [
                Button(b.key, b.label, pygame.Rect(0, 0, 1, 1), b.action, b.hotkey, accent=b.accent)
                for b in placed
            ]
            if buttons:
                y = self.box.bottom - bh - row * (bh + 12)
                row_of_buttons(buttons, (self.box.centerx, y), bh, self.app.text, max(12, int(h * 0.026)))
                self.buttons += buttons

    def button_rows(self) -> list[list[SheetButton]]:
        """The buttons by row from the bottom up; all on one row (the upper row's first) when compact."""
        rows = [[b for b in self.sheet.buttons if b.row == row] for row in (0, 1)]
        return [rows[1] + rows[0]] if getattr(self, "one_row", False) else rows

    def footer_lines(self) -> list[str]:
        """The footer's lines; on one line, joined by a dot, when compact."""
        if getattr(self, "one_footer", False):
            return [" · ".join(line for line in self.sheet.footer if line)]
        return list(self.sheet.footer)

    def can_compact(self, step: str, h: int, bh: int) -> bool:
        """Whether a compacting step fits across the sheet (the buttons' row, the footer's line)."""
        text, room = self.app.text, self.width() - 48
        fs = max(12, int(h * 0.026))
        if step == "one_row":
            labels = [b.label for b in self.sheet.buttons]
            need = sum(text.font(fs).size(label)[0] + 52 for label in labels) + 14 * (len(labels) - 1)
            return len({b.row for b in self.sheet.buttons}) > 1 and need <= room
        if step == "one_footer":
            joined = " · ".join(line for line in self.sheet.footer if line)
            return len(self.sheet.footer) > 1 and text.font(fs).size(joined)[0] <= room
        return True

    def detail_beside(self, row: Any) -> bool:
        """Is ``row``'s detail drawn on its label's line (compact, and there is room before the values)?"""
        if not getattr(self, "inline", False) or not row.detail or row.total:
            return False
        text, fs = self.app.text, max(12, int(self.app.size[1] * 0.026))
        room = int(self.width() * 0.62) - 28 - int(text.px(fs) * 1.6)
        label = text.font(fs, "regular").size(row.label)[0]
        detail = text.font(max(10, int(fs * 0.8)), "italic").size(row.detail)[0]
        return label + text.px(fs) + detail <= room

    def width(self) -> int:
        """The sheet's width: half the window, wider with a larger text size."""
        w, h = self.app.size
        scale = self.app.text.scale
        return int(min(w * 0.5 * scale, h * 0.95 * scale, w - 80))

    def long_names_px(self, h: int) -> int:
        """How much taller long names make the sheet: its title and its columns' names on two lines."""
        text, width = self.app.text, self.width()
        fs, big = max(12, int(h * 0.026)), max(16, int(h * 0.04))
        size, lines = text.fit(self.sheet.title, big, width - 40, "bold", lines=2)
        extra = (len(lines) - 1) * text.font(size, "bold").get_height()
        heads = [text.fit(head, fs, int(width * 0.22) - 8, lines=2) for head in self.sheet.columns]
        tallest = max((len(x) * text.font(size).get_height() for size, x in heads), default=0)
        fs = text.px(fs)
        return extra + max(0, tallest + int(fs * 0.5) - int(fs * 1.8))

    def needed_height(self, h: int, bh: int, at_most: float | None = None) -> int:
        """Tall enough for everything ``draw`` puts above the buttons (the banner last), then the rows
        of buttons: a result is never hidden behind them (at least 72% of the window, at most 96%)."""
        text, sheet = self.app.text, self.sheet
        fs, big = max(12, int(h * 0.026)), max(16, int(h * 0.04))
        y = 30 + text.font(big, "bold").get_linesize() + int(text.px(fs) * 1.8)
        y += sum(self.row_height(row) for row in sheet.rows)
        y += 10 + len(self.footer_lines()) * (text.font(fs).get_linesize() + 6)
        if sheet.banner:
            y += text.font(big, "bold").get_linesize() + 4
        rows = len([r for r in self.button_rows() if r])
        y += 10 + rows * (bh + 12) + bh // 2
        return int(min(h * 0.96 if at_most is None else at_most, max(h * 0.72, y)))

    def row_height(self, row: Any) -> int:
        """A row's height: its label, and under it its detail line (in drawn pixels)."""
        nominal = max(12, int(self.app.size[1] * 0.026))
        if getattr(self, "tight", False):  # the label's line and the detail's, nothing between
            text = self.app.text
            beside = row.total or self.detail_beside(row) or (self.inline and not row.detail)
            detail = 0 if beside else text.font(int(nominal * 0.8)).get_linesize()
            return text.font(nominal).get_linesize() + detail
        fs = self.app.text.px(nominal)
        return int(fs * 1.75) + (0 if row.total else int(fs * 0.5))

    @property
    def revealed(self) -> int:
        """Rows shown so far: the first at once (never an empty sheet), then one per ``step``."""
        n = len(self.sheet.rows)
        return n if self.step <= 0 else min(n, int(self.clock / self.step) + 1)

    @property
    def complete(self) -> bool:
        return self.revealed >= len(self.sheet.rows)

    def update(self, dt: float) -> None:
        self.clock += dt
        done_at = self.step * len(self.sheet.rows) + self.auto_after
        if self.auto is not None and not self._auto_done and self.complete and self.clock > done_at:
            self._auto_done = True
            self.auto()

    def wake_in(self) -> float | None:
        """Animating while the rows count up; then the demo's own next step on time, or nothing."""
        if self.step > 0 and self.clock < self.step * (len(self.sheet.rows) + 0.5):
            return ANIMATING
        if self.auto is not None and not self._auto_done:
            return max(0.0, self.step * len(self.sheet.rows) + self.auto_after - self.clock) + 0.001
        return None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.complete and event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.clock = self.step * len(self.sheet.rows)  # skip the count-up
            return True
        for b in self.buttons:
            if b.handle_event(event):
                return True
        return True  # modal: the table waits under the sheet

    def draw(self, surface: pygame.Surface) -> None:
        text, sheet, box = self.app.text, self.sheet, self.box
        h = self.app.size[1]
        fs, big = max(12, int(h * 0.026)), max(16, int(h * 0.04))
        surface.blit(self._shade, (0, 0))
        surface.blit(self._bg, box)
        y = box.y + 18
        size, lines = text.fit(sheet.title, big, box.width - 40, "bold", lines=2)  # a long name in it
        for line in lines:
            img = text.get(line, size, BRASS_LIGHT, "bold", shadow=True)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += img.get_height()
        n = max(1, len(sheet.columns))
        cols = [
            box.x + int(box.width * (0.62 + 0.22 * i / max(1, n - 1) if n > 1 else 0.75)) for i in range(n)
        ]
        y += 12
        heads = [text.fit(head, fs, int(box.width * 0.22) - 8, lines=2) for head in sheet.columns]
        for col, (size, lines) in zip(cols, heads, strict=False):
            cy = y
            for line in lines:  # each column's name whole: smaller, then on two lines
                c = text.get(line, size, BRASS_LIGHT)
                surface.blit(c, c.get_rect(midtop=(col, cy)))
                cy += c.get_height()
        tallest = max((len(lines) * text.font(size).get_height() for size, lines in heads), default=0)
        y += max(int(text.px(fs) * 1.8), tallest + int(text.px(fs) * 0.5))
        shown = self.revealed
        for i, row in enumerate(sheet.rows[:shown]):
            colour = BRASS_LIGHT if row.total else IVORY
            if row.total:
                shapes.line(surface, BRASS, (box.x + 24, y - 4), (box.right - 24, y - 4), 1)
            style = "bold" if row.total else "regular"
            room = int(box.width * 0.62) - 28 - int(text.px(fs) * 1.6)  # clear of the first column's values
            size = text.fit(row.label, fs, room, style)[0]
            label = text.get(row.label, size, colour, style, suits=sheet.suits)
            surface.blit(label, (box.x + 28, y))
            if row.detail:
                d = text.get(row.detail, max(10, int(fs * 0.8)), (200, 190, 160), "italic", suits=sheet.suits)
                if self.detail_beside(row):  # (compact: on the label's line, their baselines level)
                    small = max(10, int(fs * 0.8))
                    ascent = text.font(size, style).get_ascent() - text.font(small, "italic").get_ascent()
                    surface.blit(d, (box.x + 28 + label.get_width() + text.px(fs), y + ascent))
                else:
                    surface.blit(d, (box.x + 40, y + label.get_height() - 2))
            counting = i == shown - 1 and self.step > 0 and self.clock - i * self.step < self.step * 0.5
            for col, v in zip(cols, row.values, strict=False):
                value = 0 if counting and not row.total and isinstance(v, int) else v
                p = text.get(str(value), fs, GLOW if row.accent and value else colour, "bold")
                surface.blit(p, p.get_rect(midtop=(col, y)))
            y += self.row_height(row)
        if not self.complete:
            return
        y += 10
        for line in self.footer_lines():
            m = text.get(line, fs, IVORY)
            surface.blit(m, m.get_rect(midtop=(box.centerx, y)))
            y += m.get_height() + 6
        if sheet.banner:
            d = text.get(sheet.banner, big, WARN, "bold", shadow=True)
            surface.blit(d, d.get_rect(midtop=(box.centerx, y)))
        for b in self.buttons:
            b.draw(surface, text, fs)
