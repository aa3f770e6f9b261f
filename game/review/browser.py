"""The records browser: the records folder newest first (game, date, players, result, deals), opened or
reviewed from a list drawn by Salon itself; "Other file…" walks any folder for a record elsewhere.

Listing a folder only reads its entries (at most ``MAX_ROWS``, newest first). Each row's details come
from reading the record through the guarded reader on a helper thread (``summarise``), so a huge,
endless or hostile file costs the window nothing and ends as a one-line reason in its row.
"""

from __future__ import annotations

import contextlib
import os
import stat as stat_module
import threading
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.looks.themes import BRASS, BRASS_LIGHT, IVORY, WARN
from game.store.settings import name_in_language
from game.widgets.boxes import Box
from game.widgets.felt import panel as plaque
from game.widgets.gui_scene import GuiScene
from game.widgets.text import ellipsized
from game.words import i18n
from game.words.i18n import t
from game.words.safe import clean_name, safe_text

MAX_ROWS = 300  # a folder with more records lists the newest 300
GAME_NAMES = {"uragan": "game.uragan", "eralash": "game.eralash"}
Column = tuple[str, pygame.Rect]
COLUMNS = (("game", 0), ("date", 0), ("players", 0), ("result", 0), ("deals", 0))  # widths: columns()

if TYPE_CHECKING:
    from game.app import App


@dataclass
class Row:
    """One line of the list: a record file (details filled in by the reader thread) or a folder."""

    path: Path
    name: str
    when: float = 0.0
    folder: bool = False
    game: str = ""
    players: str = ""
    result: str = ""
    deals: str = ""
    error: str = ""
    read: bool = False


def list_folder(folder: Path, folders: bool = False) -> list[Row]:
    """The ``*.json`` regular files in ``folder``, newest first, at most ``MAX_ROWS``; with ``folders``
    its sub-folders first (by name). Nothing is opened: only the entries are looked at."""
    files: list[Row] = []
    subs: list[Row] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                with contextlib.suppress(OSError):
                    st = entry.stat()
                    name = safe_text(entry.name)
                    if folders and stat_module.S_ISDIR(st.st_mode) and not entry.name.startswith("."):
                        subs.append(Row(Path(entry.path), name, st.st_mtime, folder=True, read=True))
                    elif stat_module.S_ISREG(st.st_mode) and entry.name.lower().endswith(".json"):
                        files.append(Row(Path(entry.path), name, st.st_mtime))
                if len(files) > 20 * MAX_ROWS or len(subs) > 20 * MAX_ROWS:
                    break  # a folder of millions: what was seen is enough to choose from
    except OSError:
        return []
    files.sort(key=lambda r: r.when, reverse=True)
    subs.sort(key=lambda r: r.name.lower())
    return subs[:MAX_ROWS] + files[:MAX_ROWS]


def file_date(when: float) -> str:
    """A file's date as the list shows it; "" for none, or for one no calendar holds (past the year
    9999, before year 1: such dates exist on tmpfs, btrfs and xfs, and in archives)."""
    if not when:
        return ""
    try:
        return datetime.fromtimestamp(when).strftime("%Y-%m-%d %H:%M")
    except (OverflowError, OSError, ValueError):
        return ""


def summarise(row: Row) -> None:
    """Fill in ``row`` from its record: game, players, result, deals; or the one-line reason."""
    from engine.state import RecordError
    from game.store.records import one_line, read_record

    try:
        record, match = read_record(row.path)
        row.game = t(GAME_NAMES.get(record.get("game", ""), "game.uragan"))
        lang = i18n.get_language()  # the interface's: never "Вы, Светлана" in an English list
        names = [name_in_language(clean_name(p), lang) for p in getattr(match, "players", [])]
        row.players = ", ".join(names)
        deals = record.get("deals")
        row.deals = str(len(deals)) if isinstance(deals, list) else "?"
        row.result = result_of(match, names)
    except RecordError as err:
        row.error = safe_text(err)
    except Exception as err:  # noqa: BLE001  (whatever a hostile file provokes stays in its row)
        row.error = safe_text(one_line(err))
    row.read = True


def result_of(match: Any, names: list[str]) -> str:
    """"Anna wins 17 : 9", "unfinished", or "shared"."""
    with contextlib.suppress(Exception):
        score = " : ".join(str(int(p)) for p in match.score())
        if not match.is_over():
            return t("records.unfinished", score=score)
        winners = [names[s] for s in match.winners() if 0 <= s < len(names)]
        if len(winners) == 1:
            from game.store.settings import DEFAULT_NAMES

            if winners[0] == DEFAULT_NAMES.get(i18n.get_language(), DEFAULT_NAMES["en"])[0]:
                return t("records.won_you", score=score)  # never "You wins"
            return t("records.won", name=winners[0], score=score)
        return t("records.shared", score=score)
    return ""


class RecordsScene(GuiScene):
    """The records folder as a list; Open, Review, Other file…, Back. Esc closes it."""

    button_id_prefix = "records_"
    title_key = "records.title"
    keys_kept = (pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER)  # the list's own keys

    def __init__(self, app: App, folder: Path | None = None) -> None:
        super().__init__(app)
        self.error = ""
        if folder is None:
            try:
                folder = Path(app.records_folder())
            except ValueError as err:  # $SALON_RECORDS_DIR=~nosuchuser: said on the screen
                self.error = safe_text(err)
                folder = Path.home()
        self.records_home = folder
        self.folder = folder
        self.browsing = False  # "Other file…": any folder, sub-folders listed too
        self.other_home = Path.home()  # where "Other file…" starts
        self.rows: list[Row] = []
        self.selected = 0
        self.top = 0
        self.row_h = 30
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.sheet = pygame.Rect(0, 0, 0, 0)
        self._clicked: tuple[int, float] = (-1, 0.0)
        self._reader: threading.Thread | None = None
        self._generation = 0
        self._drawn: tuple[Any, ...] = ()
        self.fs = self.row_fs = 18
        self.load()

    # --- the folder -------------------------------------------------------------------------------

    def load(self) -> None:
        """List ``self.folder`` and start reading its records' details on a helper thread."""
        self._generation += 1
        rows = list_folder(self.folder, folders=self.browsing)
        if self.browsing and self.folder.parent != self.folder:
            rows.insert(0, Row(self.folder.parent, "..", folder=True, read=True))
        self.rows, self.selected, self.top = rows, 0, 0
        with contextlib.suppress(Exception):
            self.app.place_toast_again()
        generation = self._generation

        def read_all() -> None:
            for row in list(rows):
                if generation != self._generation:
                    return  # another folder is shown now
                if not row.read:
                    summarise(row)

        self._reader = threading.Thread(target=read_all, name="salon-records-list", daemon=True)
        self._reader.start()

    def wait(self, timeout: float = 60.0) -> bool:
        """Block until every row is read (tests, the smoke); True if it was."""
        if self._reader is not None:
            self._reader.join(timeout)
        return all(r.read for r in self.rows)

    @property
    def reading(self) -> bool:
        return self._reader is not None and self._reader.is_alive()

    # --- building -----------------------------------------------------------------------------------

    def build(self) -> None:
        self.clear()
        w, h = self.app.size
        margin = max(16, int(min(w, h) * 0.04))
        self.sheet = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        pad = max(14, self.sheet.height // 30)
        self.pad = pad
        self.fs = max(15, min(28, h // 38))
        bh = max(40, self.fs * 2 + 6)
        keys = [("open", t("records.open")), ("review", t("records.review")),
                ("other", t("records.records_folder") if self.browsing else t("records.other")),
                ("back", t("records.back"))]
        font = self.app.text.font(20)  # (the theme's buttons)
        widths = [font.size(label)[0] + 40 + 2 * round(bh * 0.2) for _, label in keys]  # a clear margin
        gap = 12
        scale = min(1.0, (self.sheet.width - 2 * pad - gap * (len(keys) - 1)) / sum(widths))
        x = self.sheet.x + pad
        y = self.sheet.bottom - pad - bh
        for (key, label), bw in zip(keys, widths, strict=True):
            bw = int(bw * scale)
            self.button(key, label, pygame.Rect(x, y, bw, bh))
            x += bw + gap
        if key_row := self.current():
            can = not key_row.folder and not key_row.error
            for key in ("open", "review"):
                if not can:
                    self.buttons[key].disable()
        else:
            self.buttons["open"].disable()
            self.buttons["review"].disable()
        title_h = self.app.text.font(self.fs + 8, "bold").get_linesize()
        line = self.app.text.font(self.fs).get_linesize()
        top = self.sheet.y + pad + title_h + line + line + 8  # title, folder, column heads
        self.row_h = int(line * 1.5)
        self.list_rect = pygame.Rect(self.sheet.x + pad, top, self.sheet.width - 2 * pad, y - 10 - top)
        if self.rows:  # the list is the focus's first stop: ↑/↓ move in it, and the row is said
            r = self.list_rect
            self.focus.add_pictures("rows", t("records.title"), [row.name for row in self.rows],
                                    lambda: self.selected,
                                    [pygame.Rect(r.x, r.y + (i - self.top) * self.row_h, r.width, self.row_h)
                                     for i in range(len(self.rows))], self.choose)
            self.focus.reorder(["pictures:rows"])

    def current(self) -> Row | None:
        return self.rows[self.selected] if 0 <= self.selected < len(self.rows) else None

    @property
    def visible(self) -> int:
        return max(1, self.list_rect.height // max(1, self.row_h))

    # --- acting -------------------------------------------------------------------------------------

    def choose(self, index: int) -> None:
        if not self.rows:
            return
        self.selected = max(0, min(len(self.rows) - 1, index))
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.visible:
            self.top = self.selected - self.visible + 1
        self.build()

    def activate(self, review: bool = False) -> None:
        row = self.current()
        if row is None:
            return
        if row.folder:
            self.folder = row.path
            self.load()
            self.build()
            return
        from game.review.open import open_record_async

        def then(viewer: Any) -> None:
            if viewer is not None and review:
                with contextlib.suppress(Exception):
                    viewer.start_review(self.player_seat(viewer))

        open_record_async(self.app, row.path, then)

    def player_seat(self, viewer: Any) -> int:
        """The seat whose decisions Review judges: the one with the player's name, else the first."""
        name = clean_name(self.app.settings.player_name)
        players = [clean_name(p) for p in getattr(viewer.match, "players", [])]
        return players.index(name) if name in players else 0

    def press(self, key: str) -> None:
        if key in ("open", "review"):
            self.activate(review=key == "review")
        elif key == "other":
            self.browsing = not self.browsing
            self.folder = self.other_home if self.browsing else self.records_home
            self.load()
            self.build()
        elif key == "back":
            self.app.stack.remove(self)

    def handle_event(self, event: Any) -> bool:
        key = self.pressed(event)
        if key is not None:
            self.press(key)
            return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -self.visible,
                     pygame.K_PAGEDOWN: self.visible}
            if event.key == pygame.K_ESCAPE:
                self.press("back")
            elif event.key in moves:
                self.choose(self.selected + moves[event.key])
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.activate()
            elif event.key == pygame.K_BACKSPACE and self.browsing:
                self.folder = self.folder.parent
                self.load()
                self.build()
            return True
        if event.type == pygame.MOUSEWHEEL:
            most = max(0, len(self.rows) - self.visible)
            self.top = max(0, min(most, self.top - event.y * 3))
            return True
        on_list = event.type == pygame.MOUSEBUTTONDOWN and self.list_rect.collidepoint(event.pos)
        if on_list and event.button == 1:
            index = self.top + (event.pos[1] - self.list_rect.y) // self.row_h
            if index < len(self.rows):
                now = time.monotonic()
                double = self._clicked[0] == index and now - self._clicked[1] < 0.4
                self._clicked = (index, now)
                self.choose(index)
                if double:
                    self.activate()
            return True
        return False

    # --- drawing ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        row = self.current()
        if row is not None and "open" in self.buttons:
            can = row.read and not row.error
            for key, ok in (("open", can), ("review", can and not row.folder)):  # Open enters a folder
                b = self.buttons[key]
                if ok and not b.is_enabled:
                    b.enable()
                elif not ok and b.is_enabled:
                    b.disable()

    def _look(self) -> tuple[Any, ...]:
        return (self.folder, len(self.rows), sum(r.read for r in self.rows), self.selected, self.top)

    def wake_in(self) -> float | None:
        """While the reader thread fills in rows, look ten times a second (it cannot wake the loop)."""
        return 0.1 if self.reading else None

    def is_still(self) -> bool:
        """Still once every row is read and the frame drawn shows them all (the reader may finish
        between a frame's look and its drawing)."""
        return not self.reading and self._drawn == self._look()

    def fit(self, text: str, size: int, width: int, style: str = "regular") -> str:
        """``text`` cut (with "…") to ``width`` pixels: never drawn cut by the blit."""
        return ellipsized(self.app.text.font(size, style), text, width)

    def columns(self) -> list[Column]:
        """Game, date and deals as wide as their widest; players and result as wide as the rows shown
        need, the rest shared out. When they cannot fit, the list's text gets smaller (``row_fs``)
        before anything is cut."""
        for size in range(self.fs, 12, -1):
            cols, fits = self._columns_at(size)
            if fits:
                break
        self.row_fs = size
        return cols

    def _columns_at(self, size: int) -> tuple[list[Column], bool]:
        font = self.app.text.font(size)
        bold = self.app.text.font(size, "bold")
        gap = 16
        game = max(bold.size(t("records.col.game"))[0], *(font.size(t(k))[0] for k in GAME_NAMES.values()))
        date = max(bold.size(t("records.col.date"))[0], font.size("2026-12-31 23:59")[0])
        deals = max(bold.size(t("records.col.deals"))[0], font.size("000")[0])
        shown = [r for r in self.rows[self.top:self.top + self.visible]
                 if r.read and not r.error and not r.folder]
        players = max([bold.size(t("records.col.players"))[0], *(font.size(r.players)[0] for r in shown)])
        result = max([bold.size(t("records.col.result"))[0], *(font.size(r.result)[0] for r in shown)])
        rest = self.list_rect.width - 16 - game - date - deals - 4 * gap
        fits = players + result <= rest
        spare = max(0, rest - players - result)
        widths = {"game": game, "date": date, "players": players + spare // 2,
                  "result": result + spare - spare // 2, "deals": deals}
        if not fits:  # the smallest size: shared as before, and the longest cut with "…"
            widths["players"], widths["result"] = int(rest * 0.55), rest - int(rest * 0.55)
        x = self.list_rect.x + 8
        out = []
        for key, _ in COLUMNS:
            out.append((key, pygame.Rect(x, 0, widths[key], 0)))
            x += widths[key] + gap
        return out, fits

    def draw(self, surface: pygame.Surface) -> None:
        self._drawn = self._look()
        surface.blit(self._background(surface.get_size()), (0, 0))
        surface.blit(plaque(self.sheet.size, 235), self.sheet)
        text, fs, pad = self.app.text, self.fs, self.pad
        x, width = self.sheet.x + pad, self.sheet.width - 2 * pad
        title = t("records.title_other") if self.browsing else t("records.title")
        img = text.get(self.fit(title, fs + 8, width, "bold"), fs + 8, BRASS_LIGHT, "bold")
        y = self.sheet.y + pad
        surface.blit(img, (x, y))
        y += text.font(fs + 8, "bold").get_linesize()
        where = self.error or safe_text(self.folder)
        surface.blit(text.get(self.fit(where, fs, width), fs, WARN if self.error else BRASS), (x, y))
        y += text.font(fs).get_linesize()
        cols = self.columns()
        if not self.browsing or any(not r.folder for r in self.rows):
            for key, rect in cols:
                head = self.fit(t(f"records.col.{key}"), self.row_fs, rect.width, "bold")
                surface.blit(text.get(head, self.row_fs, BRASS_LIGHT, "bold"), (rect.x, y))
        pygame.draw.line(surface, BRASS, (self.list_rect.x, self.list_rect.y - 4),
                         (self.list_rect.right, self.list_rect.y - 4), 1)
        if not self.rows:
            empty = t("records.empty_other") if self.browsing else t("records.empty")
            surface.blit(text.get(self.fit(empty, fs, width), fs, IVORY), (x, self.list_rect.y + 8))
            return
        for i in range(self.top, min(len(self.rows), self.top + self.visible)):
            self.draw_row(surface, self.rows[i], i, cols)

    def draw_row(self, surface: pygame.Surface, row: Row, index: int, cols: list[Column]) -> None:
        text, fs = self.app.text, self.row_fs
        y = self.list_rect.y + (index - self.top) * self.row_h
        band = pygame.Rect(self.list_rect.x, y, self.list_rect.width, self.row_h)
        if index == self.selected:
            pygame.draw.rect(surface, (92, 64, 32), band, border_radius=6)
            pygame.draw.rect(surface, BRASS, band, width=1, border_radius=6)
        ty = y + (self.row_h - text.font(fs).get_linesize()) // 2
        if row.folder:
            label = "⬑ .." if row.name == ".." else f"▸ {row.name}"
            surface.blit(text.get(self.fit(label, fs, band.width - 16), fs, BRASS_LIGHT), (band.x + 8, ty))
            return
        date = file_date(row.when)
        if not row.read:
            cells = {"game": row.name, "date": date, "players": t("records.reading")}
        elif row.error:
            cells = {"game": row.name, "date": date, "players": row.error}
        else:
            cells = {"game": row.game, "date": date, "players": row.players, "result": row.result,
                     "deals": row.deals}
        spans = dict(cols)
        for key, rect in cols:
            value = cells.get(key, "")
            if not value:
                continue
            cw = rect.width
            if row.error or not row.read:  # the name and the reason run over the columns left empty
                if key == "game":
                    cw = spans["players"].x - rect.x - 16
                    value = row.name
                elif key == "players":
                    cw = spans["deals"].right - rect.x
                else:
                    continue
            colour = WARN if row.error and key == "players" else IVORY
            surface.blit(text.get(self.fit(value, fs, cw), fs, colour), (rect.x, ty))

    def layout_boxes(self) -> list[Box]:
        return [Box("records list", "plaque", self.sheet.copy())]
