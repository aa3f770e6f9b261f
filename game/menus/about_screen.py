"""The About box: the version, the licence, where the player's data folder is, and a button that opens
that folder in the file manager (a failure is a message on the sheet, never a crash)."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import desktop
from game.looks.themes import BRASS, INK
from game.version import version
from game.widgets.backdrop import rail_width
from game.widgets.gui_scene import POLL_HELPER, GuiScene, row_rects
from game.words.i18n import t
from game.words.safe import safe_text

if TYPE_CHECKING:
    from game.app import App

SHEET = (246, 238, 218)
CLARET = (112, 28, 40)
MUTED = (92, 74, 58)
ERROR = (168, 36, 28)  # WARN is for the dark cloth; on the cream sheet it needs to be darker
Colour = tuple[int, int, int]
Line = tuple[str, int, Colour, str, int]  # text, size, colour, style, gap above


def data_folder(app: App) -> Path:
    """The folder this session keeps its files in (``--data-dir``, else the platform's)."""
    folder = getattr(app, "data_dir", None)
    if folder is None:
        from game.store.paths import DataDirError, resolve_data_dir

        try:
            folder = resolve_data_dir()
        except DataDirError:
            folder = os.environ.get("SALON_DATA_DIR", "")
    return Path(folder)


class AboutScene(GuiScene):
    """A ruled sheet on the cloth; Open the folder, Back (or Esc)."""

    button_id_prefix = "about_"
    title_key = "about.title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.folder = data_folder(app)
        self.status = ""  # under the buttons: opening…, or why it could not be opened
        self.status_is_error = False
        self._opening: threading.Thread | None = None
        self._result: list[str | None] = []
        self.sheet = pygame.Rect(0, 0, 0, 0)
        self._lines: list[Line] = []
        self._status_lines: list[Line] = []
        self._status_top = 0

    # --- building -------------------------------------------------------------------------------------

    def build(self) -> None:
        self.clear()
        w, h = self.app.size
        rail = rail_width((w, h))
        compact = h < 800
        sw = min(760 if compact else 980, w - 2 * rail - 48)
        pad = 24 if compact else 36
        self._lines, self._status_lines = self._compose(sw - 2 * pad, compact)
        text_h, status_h = self._height(self._lines), self._height(self._status_lines)
        bh = 44 if compact else 50
        # centred without the status, which then grows the sheet downwards: the buttons stay put
        sh = pad + text_h + 24 + bh + pad
        top = max(rail + 16, min((h - sh) // 2, h - rail - 16 - sh - status_h))
        self.sheet = pygame.Rect((w - sw) // 2, top, sw, sh + status_h)
        by = top + sh - pad - bh
        self._status_top = by + bh
        open_rect, back_rect = row_rects(self.sheet.x + pad, by, sw - 2 * pad, 2, bh, gap=16)
        self.button("open", t("about.open"), open_rect)
        self.button("back", t("about.back"), back_rect)
        if self._opening is not None and self._opening.is_alive():
            self.buttons["open"].disable()

    def _height(self, lines: list[Line]) -> int:
        font = self.app.text.font
        return sum(gap + font(size, style).get_linesize() for _, size, _, style, gap in lines)

    def _compose(self, width: int, compact: bool) -> tuple[list[Line], list[Line]]:
        """The sheet's lines above the buttons and the status lines under them, wrapped to ``width``."""
        text = self.app.text
        big, body = (30, 17) if compact else (38, 20)
        lines: list[Line] = []

        def para(words: str, size: int, colour: Colour, style: str = "regular", gap: int = 0) -> None:
            for i, line in enumerate(text.wrap(words, size, width, style)):
                lines.append((line, size, colour, style, gap if i == 0 else 0))

        para(t("about.title"), big, CLARET, "bold")
        para(t("app.subtitle"), body, MUTED, "italic", 2)
        para(t("about.version", version=version()), body, INK, "bold", 14)
        para(t("about.licence"), body, INK, "regular", 6)
        para(t("about.credits"), body - 2, MUTED, "regular", 6)
        para(t("about.data"), body, INK, "regular", 16)
        para(safe_text(self.folder), body, CLARET, "bold", 4)
        above = lines[:]
        lines.clear()
        if self.status:
            para(self.status, body - 2, ERROR if self.status_is_error else MUTED, "italic", 14)
        return above, lines

    # --- playing --------------------------------------------------------------------------------------

    def open_folder(self) -> None:
        """Ask the file manager to open the data folder, off the frame thread (a launcher may be slow)."""
        if self._opening is not None and self._opening.is_alive():
            return
        self._result = []
        self.status, self.status_is_error = t("about.opening"), False
        folder, result = self.folder, self._result
        self._opening = threading.Thread(target=lambda: result.append(desktop.open_folder(folder)),
                                         name="salon-open-folder", daemon=True)
        self._opening.start()
        self.build()

    def wait_opened(self, timeout: float) -> bool:
        """Wait for the file manager's answer (tests); True once it came."""
        if self._opening is not None:
            self._opening.join(timeout)
        return bool(self._result)

    def wake_in(self) -> float | None:
        """A poll while the file manager is being opened (its answer comes from a helper thread)."""
        return POLL_HELPER if self._opening is not None else super().wake_in()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self._opening is not None and self._result:
            reason = self._result[0]
            self._opening = None
            if reason is None:
                self.status, self.status_is_error = "", False
            else:
                self.status, self.status_is_error = t("about.open_failed", reason=reason), True
            self.build()

    def handle_event(self, event: pygame.event.Event) -> bool:
        key = self.pressed(event)
        if key == "open":
            self.open_folder()
            return True
        if key == "back" or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.stack.pop()
            return True
        return False

    # --- drawing --------------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._background(surface.get_size()), (0, 0))
        r = self.sheet
        shadow = pygame.Surface(r.size, pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 80))
        surface.blit(shadow, r.move(5, 7))
        pygame.draw.rect(surface, SHEET, r)
        pygame.draw.rect(surface, BRASS, r, width=2)
        pad = 24 if self.app.size[1] < 800 else 36
        self._draw_lines(surface, self._lines, r.x + pad, r.y + pad)
        self._draw_lines(surface, self._status_lines, r.x + pad, self._status_top)

    def _draw_lines(self, surface: pygame.Surface, lines: list[Line], x: int, y: int) -> None:
        for line, size, colour, style, gap in lines:
            y += gap
            surface.blit(self.app.text.get(line, size, colour, style), (x, y))
            y += self.app.text.font(size, style).get_linesize()
